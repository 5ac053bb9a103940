/**
 * Rules of the chat (spec sections 3, 4 and 5), without I/O: blank messages, the history the model
 * sees, the greeting, the entry generated from a conversation, citations of journal entries, and the
 * words a message is searched by.
 */
import { CHAT_CONTEXT_MESSAGES, GREETING_PROMPTS, SUMMARY_DEFAULTS } from "./constants";
import { isGuidedFlow, type GuideState } from "./guided-flows";
import { moodBand, type MoodBand } from "./mood";

export type ChatRole = "user" | "assistant";

/** A journal entry the companion was given for a reply (the API's ChatContextRef). */
export interface ChatEntryRef {
  id: string;
  title: string | null;
  created_at: string | null;
}

/** A message of the conversation as it is shown and stored (spec section 3: id, role, content, timestamp). */
export interface ChatMessage {
  id: string;
  role: ChatRole;
  content: string;
  /** ISO instant */
  timestamp: string;
  /** An assistant message that reports a failure ("Sorry, I encountered an error: ..."). */
  error?: boolean;
  /** Journal entries the reply was grounded in. */
  context?: ChatEntryRef[];
  /** The app's own safety reply: the conversation shows the support card under it. */
  support?: { kind: string; country: string };
  /** A guided reflection under way after this reply: sent with the next message. */
  guide?: GuideState;
  /** A guided reflection that ended with this reply: the entry it offers to save. */
  guideSummary?: ConversationSummary;
}

export const CHAT_ERROR_PREFIX = "Sorry, I encountered an error: ";
export const CHAT_UNEXPECTED_ERROR = "An unexpected error occurred";
export const GENERATED_ENTRY_TOAST = "Journal entry created successfully from your conversation!";
export const PLACEHOLDER_EMPTY = "Today I feel good!";
export const PLACEHOLDER_ACTIVE = "Type your message...";

/** A blank or whitespace-only message is not sent. */
export function isBlankMessage(text: string | null | undefined): boolean {
  return !text || text.trim().length === 0;
}

/** The assistant message appended when a reply fails. */
export function chatErrorText(message: string | null | undefined): string {
  const m = (message ?? "").trim();
  return `${CHAT_ERROR_PREFIX}${m || CHAT_UNEXPECTED_ERROR}`;
}

/**
 * The conversation history sent with a message: role and content of the last 10 messages. Failure
 * notices are the app's words, not the companion's, and blank messages say nothing: both are left out.
 */
export function historyForModel(messages: readonly ChatMessage[]): { role: ChatRole; content: string }[] {
  return messages
    .filter((m) => !m.error && !isBlankMessage(m.content))
    .slice(-CHAT_CONTEXT_MESSAGES)
    .map((m) => ({ role: m.role, content: m.content }));
}

/** One of the five greeting prompts, at random. */
export function pickGreeting(random: () => number = Math.random): string {
  const i = Math.min(GREETING_PROMPTS.length - 1, Math.max(0, Math.floor(random() * GREETING_PROMPTS.length)));
  return GREETING_PROMPTS[i];
}

/** The placeholder of the input: "Today I feel good!" for an empty conversation, else "Type your message...". */
export function inputPlaceholder(messageCount: number): string {
  return messageCount === 0 ? PLACEHOLDER_EMPTY : PLACEHOLDER_ACTIVE;
}

// ---------------------------------------------------------------- stored history

function isRef(v: unknown): v is ChatEntryRef {
  if (!v || typeof v !== "object") return false;
  const r = v as Record<string, unknown>;
  return (
    typeof r.id === "string" &&
    r.id.length > 0 &&
    (r.title == null || typeof r.title === "string") &&
    (r.created_at == null || typeof r.created_at === "string")
  );
}

/**
 * Reads stored history defensively: anything that is not a message is dropped, never the whole
 * conversation. Messages stored without an id or timestamp get stable ones.
 */
export function parseStoredHistory(raw: unknown): ChatMessage[] {
  if (!Array.isArray(raw)) return [];
  const out: ChatMessage[] = [];
  raw.forEach((v, i) => {
    if (!v || typeof v !== "object") return;
    const m = v as Record<string, unknown>;
    if ((m.role !== "user" && m.role !== "assistant") || typeof m.content !== "string") return;
    const msg: ChatMessage = {
      id: typeof m.id === "string" && m.id ? m.id : `stored-${i}`,
      role: m.role,
      content: m.content,
      timestamp: typeof m.timestamp === "string" ? m.timestamp : new Date(0).toISOString(),
    };
    if (m.error === true) msg.error = true;
    const s = m.support as Record<string, unknown> | null | undefined;
    if (s && typeof s === "object" && typeof s.kind === "string" && typeof s.country === "string")
      msg.support = { kind: s.kind, country: s.country };
    const g = m.guide as Record<string, unknown> | null | undefined;
    if (
      g &&
      typeof g === "object" &&
      isGuidedFlow(g.flow) &&
      Array.isArray(g.answers) &&
      g.answers.every((a) => typeof a === "string")
    )
      msg.guide = { flow: g.flow, answers: g.answers as string[] };
    const gs = m.guideSummary as Record<string, unknown> | null | undefined;
    if (
      gs &&
      typeof gs === "object" &&
      typeof gs.title === "string" &&
      typeof gs.content === "string" &&
      typeof gs.mood_score === "number" &&
      Array.isArray(gs.tags)
    )
      msg.guideSummary = {
        title: gs.title,
        content: gs.content,
        mood_score: gs.mood_score,
        tags: gs.tags.filter((t): t is string => typeof t === "string"),
      };
    if (Array.isArray(m.context)) {
      const refs = m.context
        .filter(isRef)
        .map((r) => ({ id: r.id, title: r.title ?? null, created_at: r.created_at ?? null }));
      if (refs.length) msg.context = refs;
    }
    out.push(msg);
  });
  return out;
}

/**
 * The guided reflection under way: the one the last reply (not a failure notice) left open. A message
 * answered by anything else (the safety reply, a free reply) ends it.
 */
export function activeGuide(messages: readonly ChatMessage[]): GuideState | null {
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i]!;
    if (m.role !== "assistant" || m.error) continue;
    return m.guide ?? null;
  }
  return null;
}

// ---------------------------------------------------------------- generated entry

export interface ConversationSummary {
  title: string;
  content: string;
  mood_score: number;
  tags: string[];
}

export interface GeneratedEntryInput {
  title: string;
  content: string;
  mood: MoodBand;
  tags: string[];
  created_at: string;
  ai_mood_score: number;
  /** The model that summarised the conversation (what produced the mood score); null when not known. */
  ai_model: string | null;
}

/** Mood of a generated entry: 7 or more positive, 4 to 6 neutral, below 4 negative. */
export function generatedEntryMood(moodScore: number): MoodBand {
  return moodBand(Number.isFinite(moodScore) ? moodScore : SUMMARY_DEFAULTS.mood_score);
}

/**
 * The entry created from a conversation summary: title, content, mood (from mood_score), tags and
 * created_at; the score itself is kept as the entry's mood score so filters and the calendar see it.
 */
export function entryFromSummary(
  summary: ConversationSummary,
  now: Date = new Date(),
  model: string | null = null,
): GeneratedEntryInput {
  const score = Number.isFinite(summary.mood_score) ? summary.mood_score : SUMMARY_DEFAULTS.mood_score;
  return {
    title: summary.title.trim() || SUMMARY_DEFAULTS.title,
    content: summary.content,
    mood: generatedEntryMood(score),
    tags: summary.tags.length ? [...summary.tags] : [...SUMMARY_DEFAULTS.tags],
    created_at: now.toISOString(),
    ai_mood_score: Math.min(10, Math.max(1, score)),
    ai_model: model,
  };
}

// ---------------------------------------------------------------- citations

/** How the companion cites an entry: [entry:<id>], several as [entry:a, entry:b]. */
const CITATION_RE = /\[\s*entry\s*:\s*([\w-]+(?:\s*[,;]\s*(?:entry\s*:\s*)?[\w-]+)*)\s*\]/giu;

export interface CitedReply {
  /** The reply with each citation replaced by its number (e.g. "[1]") and unknown citations removed. */
  text: string;
  /** The cited entries in order of first citation; its index + 1 is the number shown in the text. */
  cited: ChatEntryRef[];
}

/**
 * Turns the companion's citations into numbered references to the entries it was given. A citation of
 * an id that was not given (made up, or mistyped) is removed, as is the space before it.
 */
export function parseCitations(text: string, known: readonly ChatEntryRef[] | undefined): CitedReply {
  const byId = new Map((known ?? []).map((r) => [r.id, r]));
  const cited: ChatEntryRef[] = [];
  const numberOf = (id: string): number | null => {
    const ref = byId.get(id);
    if (!ref) return null;
    let i = cited.findIndex((c) => c.id === id);
    if (i < 0) {
      cited.push(ref);
      i = cited.length - 1;
    }
    return i + 1;
  };
  const replaced = text.replace(CITATION_RE, (_m, list: string) => {
    const ids = list.split(/\s*[,;]\s*/u).map((s) => s.replace(/^entry\s*:\s*/iu, "").trim());
    const nums = [...new Set(ids.map(numberOf).filter((n): n is number => n !== null))];
    return nums.length ? nums.map((n) => `[${n}]`).join("") : "\u0000";
  });
  // Removed citations take the space before them along ("I remember \0." -> "I remember.").
  const cleaned = replaced.replace(/[ \t]*\u0000/gu, "");
  return { text: cleaned, cited };
}

// ---------------------------------------------------------------- retrieval terms

/** Words that say nothing about what a message is about. */
const STOP_WORDS = new Set(
  (
    "the and for are but not you your yours all any can had has have her hers him his how its our ours out own she they them their theirs " +
    "this that these those then than there here what when where which while who whom whose why with without would could should will shall " +
    "was were been being be into onto from about above below after before again against also just very really quite much many more most " +
    "some such only same other each few both too off over under once upon until till via yet nor per lot lots " +
    "i'm i've i'd i'll you're you've you'd you'll he's she's it's we're we've we'd we'll they're they've they'd they'll that's there's " +
    "what's let's isn't aren't wasn't weren't don't doesn't didn't won't wouldn't can't couldn't shouldn't haven't hasn't hadn't " +
    "don doesn didn isn aren wasn weren won wouldn couldn shouldn haven hasn hadn " +
    "myself yourself himself herself itself ourselves themselves mine does did doing done get gets got getting make makes made " +
    "say says said tell told know knew think thought want wanted like just maybe perhaps please thanks thank okay yeah yes hey hello " +
    "something anything everything nothing someone anyone everyone thing things stuff kind sort way ways bit little " +
    "today yesterday tomorrow now day days time times week weeks month months year years ago lately recently still even ever never " +
    "feel feeling feelings felt good bad well fine great"
  ).split(/\s+/u),
);

/** At most this many words make up a search. */
export const MAX_SEARCH_TERMS = 12;
/** The trigram index needs three characters to match anything. */
export const MIN_TERM_LENGTH = 3;

/**
 * The meaningful words of a message for finding related entries: lower-cased, 3+ characters, stop-words
 * dropped, each once, in order of appearance. When there are too many, the longest (most specific) stay.
 */
export function searchTerms(text: string, max = MAX_SEARCH_TERMS): string[] {
  const words =
    text
      .toLowerCase()
      .replace(/’/gu, "'")
      .match(/[\p{L}\p{N}]+(?:['-][\p{L}\p{N}]+)*/gu) ?? [];
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of words) {
    const w = raw.replace(/'s$/u, "");
    if (
      [...w].length < MIN_TERM_LENGTH ||
      STOP_WORDS.has(w) ||
      STOP_WORDS.has(raw) ||
      (/^\d+$/u.test(w) && w.length < 4)
    )
      continue;
    if (seen.has(w)) continue;
    seen.add(w);
    out.push(w);
  }
  if (out.length <= max) return out;
  const keep = new Set([...out].sort((a, b) => [...b].length - [...a].length).slice(0, max));
  return out.filter((w) => keep.has(w));
}

/**
 * A part of an entry of at most `max` characters for the prompt: the whole text when it fits, else a
 * window that starts a little before the first place a term appears, cut at word boundaries, with "..."
 * where text was left out.
 */
export function excerpt(content: string, terms: readonly string[], max: number): string {
  const text = content.trim();
  if (text.length <= max) return text;
  const lower = text.toLowerCase();
  let first = -1;
  for (const t of terms) {
    const i = lower.indexOf(t.toLowerCase());
    if (i >= 0 && (first < 0 || i < first)) first = i;
  }
  let start = first < 0 ? 0 : Math.max(0, first - Math.floor(max / 4));
  if (start + max > text.length) start = Math.max(0, text.length - max);
  if (start > 0) {
    const space = text.indexOf(" ", start);
    if (space >= 0 && space - start < 40) start = space + 1;
  }
  let end = Math.min(text.length, start + max);
  if (end < text.length) {
    const space = text.lastIndexOf(" ", end);
    if (space > start + max / 2) end = space;
  }
  return `${start > 0 ? "..." : ""}${text.slice(start, end).trim()}${end < text.length ? "..." : ""}`;
}

// ---------------------------------------------------------------- Generate Entry, again

/** What was made from a conversation last: the entry, and the conversation's last message then. */
export interface GeneratedFrom {
  entry_id: string;
  /** Id of the last message (not a failure notice) the entry was made from. */
  last_message_id: string;
}

/** The last message that counts for Generate Entry (failure notices and blank ones do not). */
export function lastCountedMessage(messages: readonly ChatMessage[]): ChatMessage | null {
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i]!;
    if (!m.error && !isBlankMessage(m.content)) return m;
  }
  return null;
}

/**
 * Whether generating now should first ask "update that entry or make another": an entry was made from
 * this conversation and no message has been added since.
 */
export function shouldAskBeforeGenerating(
  last: GeneratedFrom | null | undefined,
  messages: readonly ChatMessage[],
): boolean {
  if (!last) return false;
  const m = lastCountedMessage(messages);
  return !!m && m.id === last.last_message_id;
}

/** Reads a stored GeneratedFrom defensively. */
export function parseGeneratedFrom(raw: unknown): GeneratedFrom | null {
  if (!raw || typeof raw !== "object") return null;
  const o = raw as Record<string, unknown>;
  return typeof o.entry_id === "string" && typeof o.last_message_id === "string"
    ? { entry_id: o.entry_id, last_message_id: o.last_message_id }
    : null;
}
