import "server-only";
import type { ModelMessage } from "ai";
import type { ChatTurn, ContextEntryInput } from "@/contracts/ai";
import { CHAT_CONTEXT_MESSAGES } from "@/domain/constants";
import { MINOR_SAFETY_INSTRUCTIONS } from "@/domain/companion";
import { MODEL_SAFETY_INSTRUCTIONS } from "@/domain/crisis/chat-safety";
import { localDayKey } from "@/domain/dates";
import { memoryBlock } from "@/domain/memory";
import { getEntry } from "@/server/entries/service";
import { HttpError } from "@/server/http/errors";
import { chatSystem, type PersonalContext } from "../prompts";

/** A journal entry given to the chat as context. */
export interface ChatContextEntry {
  id?: string;
  title?: string | null;
  content: string;
  created_at?: string | null;
}

/** Longest excerpt of one context entry in the prompt. */
export const CONTEXT_ENTRY_CHARS = 2000;

/** Context entries sent as ids are loaded from the journal; unknown ids are skipped. */
export async function resolveContextEntries(items: readonly ContextEntryInput[]): Promise<ChatContextEntry[]> {
  const out: ChatContextEntry[] = [];
  for (const item of items) {
    if (typeof item !== "string") {
      if (item.content.trim()) out.push(item);
      continue;
    }
    try {
      const e = await getEntry(item);
      out.push({ id: e.id, title: e.title, content: e.content, created_at: e.created_at });
    } catch (err) {
      if (!(err instanceof HttpError && err.status === 404)) throw err;
    }
  }
  return out;
}

/** The day of an instant: the person's local day when their zone is known, else the UTC day. */
function dayOf(instant: string, timeZone: string | undefined): string {
  if (timeZone) {
    try {
      return localDayKey(instant, timeZone);
    } catch {
      /* an unreadable date falls through */
    }
  }
  return instant.slice(0, 10);
}

const CITE_RULE =
  "When your reply draws on one of these entries, cite it right after that sentence as [entry:<id>], with the id exactly as written above the entry. " +
  "Cite only these ids, and never show the ids in any other way.";

function contextBlock(entries: readonly ChatContextEntry[], timeZone?: string, now?: Date): string {
  if (!entries.length) return "";
  const parts = entries.map((e) => {
    const date = e.created_at ? dayOf(e.created_at, timeZone) : "undated";
    const title = e.title?.trim() ? ` "${e.title.trim()}"` : "";
    const text = e.content.length > CONTEXT_ENTRY_CHARS ? `${e.content.slice(0, CONTEXT_ENTRY_CHARS)}...` : e.content;
    return `${e.id ? `[entry:${e.id}]\n` : ""}Journal entry from ${date}${title}:\n${text}`;
  });
  const today = now ? ` Today is ${dayOf(now.toISOString(), timeZone)}.` : "";
  const cite = entries.some((e) => e.id) ? ` ${CITE_RULE}` : "";
  return `\n\nEntries from the person's journal that may be relevant (refer to them only when it helps).${today}${cite}\n\n${parts.join("\n\n")}`;
}

export interface ChatPromptInput {
  message: string;
  history: readonly ChatTurn[];
  contextEntries: readonly ChatContextEntry[];
  personal: PersonalContext;
  /** The person's IANA zone, for the days of entries and of today. */
  timeZone?: string;
  /** Now, to tell the model today's date when entries are given. */
  now?: Date;
  /** The person said they are under 18: stricter safety instructions. */
  minor?: boolean;
  /** What the person asked Reverie to remember (empty while memory is off). */
  memory?: readonly string[];
}

/**
 * The chat prompt: the companion's instructions with the person's settings and any context entries as
 * the system text, then the last 10 turns of the conversation, then the new message.
 */
export function buildChatPrompt(input: ChatPromptInput): { system: string; messages: ModelMessage[] } {
  const history = input.history.filter((t) => t.content.trim()).slice(-CHAT_CONTEXT_MESSAGES);
  return {
    system: `${chatSystem(input.personal)}${memoryBlock(input.memory ?? [])}\n\n${MODEL_SAFETY_INSTRUCTIONS}${input.minor ? `\n\n${MINOR_SAFETY_INSTRUCTIONS}` : ""}${contextBlock(input.contextEntries, input.timeZone, input.now)}`,
    messages: [
      ...history.map((t): ModelMessage => ({ role: t.role, content: t.content })),
      { role: "user", content: input.message },
    ],
  };
}
