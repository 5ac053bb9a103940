import "server-only";
import { z } from "zod";
import type { AnalyzeTextResponse, TextAnalysisDto } from "@/contracts/ai";
import { normalizeTags } from "@/domain/tags";
import { asMood, asString, asStringList, normalizeKeys, type Normalized } from "../coerce";
import { currentModel } from "../current";
import { runOffline } from "../offline-run";
import { structuredSystem } from "../prompts";
import { generateStructured } from "../structured";

export const TextAnalysisWireSchema = z.object({
  mood_score: z.number().int().min(1).max(10),
  primary_emotion: z.string(),
  themes: z.array(z.string()),
  summary: z.string(),
  suggested_tags: z.array(z.string()),
  follow_up_questions: z.array(z.string()),
});

const KEYS = ["mood_score", "primary_emotion", "themes", "summary", "suggested_tags", "follow_up_questions"] as const;

/** Model output to the spec's analysis: mood clamped to 1..10, lists cleaned; mood, emotion and summary required. */
export function normalizeTextAnalysis(raw: unknown): Normalized<TextAnalysisDto> {
  const o = normalizeKeys(raw, KEYS);
  if (!o) return { ok: false, issues: ["the answer is not a JSON object"] };
  const mood_score = asMood(o.mood_score ?? o.mood);
  const primary_emotion = asString(o.primary_emotion ?? o.emotion, 60)?.toLowerCase();
  const summary = asString(o.summary, 2000);
  const issues: string[] = [];
  if (mood_score === undefined) issues.push("mood_score must be a number from 1 to 10");
  if (!primary_emotion) issues.push("primary_emotion is missing");
  if (!summary) issues.push("summary is missing");
  if (issues.length) return { ok: false, issues };
  return {
    ok: true,
    value: {
      mood_score: mood_score!,
      primary_emotion: primary_emotion!,
      themes: (asStringList(o.themes, 5, 60) ?? []).map((t) => t.toLowerCase()),
      summary: summary!,
      suggested_tags: normalizeTags(asStringList(o.suggested_tags ?? o.tags, 10, 50) ?? []).slice(0, 5),
      follow_up_questions: asStringList(o.follow_up_questions ?? o.questions, 5, 300) ?? [],
    },
  };
}

export async function analyzeText(content: string, signal?: AbortSignal): Promise<AnalyzeTextResponse> {
  const model = await currentModel();
  if (model.kind === "offline") return { success: true, analysis: await runOffline("analyzeTextOffline", content), model: model.name };
  const analysis = await generateStructured({
    model,
    task: "analyze-text",
    system: structuredSystem("analyze-text"),
    messages: [{ role: "user", content: `Journal entry:\n"""\n${content}\n"""` }],
    wireSchema: TextAnalysisWireSchema,
    normalize: normalizeTextAnalysis,
    signal,
  });
  return { success: true, analysis, model: model.name };
}
