import "server-only";
import { TextAnalysisSchema, type AnalyzeTextResponse } from "@/contracts/ai";
import { currentModel } from "../current";
import { runOffline } from "../offline-run";
import { structuredSystem } from "../prompts";
import { generateStructured } from "../structured";

export async function analyzeText(content: string, signal?: AbortSignal): Promise<AnalyzeTextResponse> {
  const model = await currentModel();
  if (model.kind === "offline")
    return { success: true, analysis: await runOffline("analyzeTextOffline", content), model: model.name };
  const analysis = await generateStructured({
    model,
    task: "analyze-text",
    system: structuredSystem("analyze-text"),
    messages: [{ role: "user", content: `Journal entry:\n"""\n${content}\n"""` }],
    schema: TextAnalysisSchema,
    signal,
  });
  return { success: true, analysis, model: model.name };
}
