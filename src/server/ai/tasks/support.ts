import "server-only";
import { SupportSchema, type MotivationalSupportResponse } from "@/contracts/ai";
import { currentModel } from "../current";
import { runOffline } from "../offline-run";
import { personalContext, structuredSystem } from "../prompts";
import { generateStructured } from "../structured";

export async function motivationalSupport(content: string, signal?: AbortSignal): Promise<MotivationalSupportResponse> {
  const model = await currentModel();
  if (model.kind === "offline")
    return { success: true, support: await runOffline("supportOffline", content), model: model.name };
  const support = await generateStructured({
    model,
    task: "motivational-support",
    system: structuredSystem("motivational-support", await personalContext()),
    messages: [{ role: "user", content: `What the person wrote:\n"""\n${content}\n"""` }],
    schema: SupportSchema,
    signal,
  });
  return { success: true, support, model: model.name };
}
