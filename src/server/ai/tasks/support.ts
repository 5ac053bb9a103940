import "server-only";
import { z } from "zod";
import type { MotivationalSupportResponse, SupportDto } from "@/contracts/ai";
import { asString, asStringList, normalizeKeys, type Normalized } from "../coerce";
import { currentModel } from "../current";
import { runOffline } from "../offline-run";
import { personalContext, structuredSystem } from "../prompts";
import { generateStructured } from "../structured";

export const SupportWireSchema = z.object({
  affirmation: z.string(),
  motivational_phrases: z.array(z.string()),
  evening_suggestions: z.array(z.string()),
  tomorrow_suggestions: z.array(z.string()),
  gentle_reminder: z.string(),
});

const KEYS = ["affirmation", "motivational_phrases", "evening_suggestions", "tomorrow_suggestions", "gentle_reminder"] as const;

export function normalizeSupport(raw: unknown): Normalized<SupportDto> {
  const o = normalizeKeys(raw, KEYS);
  if (!o) return { ok: false, issues: ["the answer is not a JSON object"] };
  const affirmation = asString(o.affirmation, 1000);
  const motivational_phrases = asStringList(o.motivational_phrases ?? o.phrases, 6, 300) ?? [];
  const evening_suggestions = asStringList(o.evening_suggestions ?? o.tonight, 6, 300) ?? [];
  const tomorrow_suggestions = asStringList(o.tomorrow_suggestions ?? o.tomorrow, 6, 300) ?? [];
  const gentle_reminder = asString(o.gentle_reminder ?? o.reminder, 1000);
  const issues: string[] = [];
  if (!affirmation) issues.push("affirmation is missing");
  if (!gentle_reminder) issues.push("gentle_reminder is missing");
  if (!motivational_phrases.length) issues.push("motivational_phrases is empty");
  if (!evening_suggestions.length) issues.push("evening_suggestions is empty");
  if (!tomorrow_suggestions.length) issues.push("tomorrow_suggestions is empty");
  if (issues.length) return { ok: false, issues };
  return { ok: true, value: { affirmation: affirmation!, motivational_phrases, evening_suggestions, tomorrow_suggestions, gentle_reminder: gentle_reminder! } };
}

export async function motivationalSupport(content: string, signal?: AbortSignal): Promise<MotivationalSupportResponse> {
  const model = await currentModel();
  if (model.kind === "offline") return { success: true, support: await runOffline("supportOffline", content), model: model.name };
  const support = await generateStructured({
    model,
    task: "motivational-support",
    system: structuredSystem("motivational-support", await personalContext()),
    messages: [{ role: "user", content: `What the person wrote:\n"""\n${content}\n"""` }],
    wireSchema: SupportWireSchema,
    normalize: normalizeSupport,
    signal,
  });
  return { success: true, support, model: model.name };
}
