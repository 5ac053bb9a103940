import "server-only";
import { z } from "zod";
import type { ChatTurn, ConversationSummaryDto, SummarizeConversationResponse } from "@/contracts/ai";
import { SUMMARY_DEFAULTS } from "@/domain/constants";
import { normalizeTags } from "@/domain/tags";
import { MAX_TAGS } from "@/domain/constants";
import { asMood, asString, asStringList, normalizeKeys, type Normalized } from "../coerce";
import { currentModel } from "../current";
import { runOffline } from "../offline-run";
import { structuredSystem } from "../prompts";
import { generateStructured } from "../structured";

export const ConversationSummaryWireSchema = z.object({
  title: z.string(),
  content: z.string(),
  mood_score: z.number().int().min(1).max(10),
  tags: z.array(z.string()),
});

/** The spec's defaults fill what the model left out: title "Chat Reflection", mood 5, tags chat and reflection. */
export function normalizeConversationSummary(raw: unknown): Normalized<ConversationSummaryDto> {
  const o = normalizeKeys(raw, ["title", "content", "mood_score", "tags"]);
  if (!o) return { ok: false, issues: ["the answer is not a JSON object"] };
  const content = asString(o.content ?? o.entry ?? o.text, 100_000);
  if (!content) return { ok: false, issues: ["content is missing"] };
  const tags = normalizeTags(asStringList(o.tags, MAX_TAGS * 2, 50) ?? []).slice(0, MAX_TAGS);
  return {
    ok: true,
    value: {
      title: asString(o.title, 200) ?? SUMMARY_DEFAULTS.title,
      content,
      mood_score: asMood(o.mood_score ?? o.mood) ?? SUMMARY_DEFAULTS.mood_score,
      tags: tags.length ? tags : [...SUMMARY_DEFAULTS.tags],
    },
  };
}

export async function summarizeConversation(conversation: ChatTurn[], signal?: AbortSignal): Promise<SummarizeConversationResponse> {
  const model = await currentModel();
  if (model.kind === "offline") return { success: true, summary: await runOffline("summarizeConversationOffline", conversation), model: model.name };
  const transcript = conversation
    .filter((t) => t.content.trim())
    .map((t) => `${t.role === "user" ? "Person" : "Companion"}: ${t.content.trim()}`)
    .join("\n");
  const summary = await generateStructured({
    model,
    task: "summarize-conversation",
    system: structuredSystem("summarize-conversation"),
    messages: [{ role: "user", content: `Conversation:\n"""\n${transcript}\n"""` }],
    wireSchema: ConversationSummaryWireSchema,
    normalize: normalizeConversationSummary,
    signal,
  });
  return { success: true, summary, model: model.name };
}
