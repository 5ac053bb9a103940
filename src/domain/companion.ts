/**
 * The duties of an AI companion, without I/O: the notice that the companion is an AI (when it is due and
 * what it says), the honest answer to "are you a real person?", the "I am under 18" setting, and the
 * consent the person gives before their words go to a cloud model.
 */
import { localDayKey } from "./dates";
import { parseModelName } from "./models";

// ---------------------------------------------------------------- the AI notice

/** The notice comes again after this much continuing chat. */
export const AI_NOTICE_INTERVAL_MS = 3 * 60 * 60 * 1000;
/** A pause longer than this ends a chat: the next message starts a new one. */
export const CHAT_IDLE_GAP_MS = 30 * 60 * 1000;

/** The address of the page that says how Reverie responds when someone is struggling. */
export const PROTOCOL_PATH = "/get-help/how-reverie-responds";

const ms = (t: string | Date | number) => new Date(t).getTime();

/**
 * When the chat that `now` belongs to began: walking back from now through the message times, a chat
 * continues while no pause is longer than CHAT_IDLE_GAP_MS. With no recent message, the chat starts now.
 */
export function continuingChatStart(messageTimes: readonly (string | Date)[], now: string | Date): Date {
  let start = ms(now);
  const times = messageTimes
    .map(ms)
    .filter((t) => Number.isFinite(t) && t <= start)
    .sort((a, b) => b - a);
  for (const t of times) {
    if (start - t > CHAT_IDLE_GAP_MS) break;
    start = t;
  }
  return new Date(start);
}

export interface NoticeTiming {
  now: string | Date;
  /** When the notice was last shown on this device, or null if never. */
  lastShownAt: string | Date | null;
  /** Times of the messages of the conversation (to tell a continuing chat from a new one). */
  messageTimes: readonly (string | Date)[];
  /** The person's IANA zone: "once a day" is their local day. */
  timeZone: string;
}

/**
 * Whether the AI notice is due: at the start of a chat, unless it was already shown that local day, and
 * again after every 3 hours of continuing chat (counted from the later of the chat's start and the last notice).
 */
export function aiNoticeDue(t: NoticeTiming): boolean {
  if (!t.lastShownAt) return true;
  const now = ms(t.now);
  const last = ms(t.lastShownAt);
  if (!Number.isFinite(last) || last > now) return true;
  const start = continuingChatStart(t.messageTimes, t.now).getTime();
  const since = Math.max(last, start);
  if (now - since >= AI_NOTICE_INTERVAL_MS) return true;
  return last < start && localDayKey(last, t.timeZone) !== localDayKey(now, t.timeZone);
}

/** Why a notice is shown: a chat starts, or it has gone on for 3 hours since the last one. */
export type NoticeReason = "start" | "continuing";

export function noticeReason(t: NoticeTiming): NoticeReason {
  if (!t.lastShownAt) return "start";
  const start = continuingChatStart(t.messageTimes, t.now).getTime();
  return ms(t.lastShownAt) >= start || ms(t.now) - start >= AI_NOTICE_INTERVAL_MS ? "continuing" : "start";
}

/** Who answers, in words: the cloud provider by name, the person's own Ollama, or the built-in companion. */
export function modelDescription(name: string): string {
  const p = parseModelName(name);
  if (!p || p.provider === "local") return "the built-in offline companion (no AI model)";
  if (p.provider === "ollama") return `an AI model on your own Ollama (${p.model})`;
  return `an AI model from ${cloudProviderName(name)} (${p.model})`;
}

export const AI_NOTICE_TITLE = "You are chatting with an AI, not a person";

/** The notice's text. For someone under 18 it also says to take a break and that such chatbots may not suit them. */
export function aiNoticeText(opts: { model: string; minor: boolean; reason: NoticeReason }): string[] {
  const who = modelDescription(opts.model);
  const lines = [
    `The companion in Reverie is a computer program, not a human. Replies come from ${who}. No person reads or writes them.`,
  ];
  if (opts.minor) {
    lines.push(
      opts.reason === "continuing"
        ? "You have been chatting for a while: this is a good moment to take a break."
        : "Remember to take breaks.",
      "Companion chatbots like this one may not be suitable for some people under 18. Talking with people you trust matters more.",
    );
  }
  return lines;
}

// ---------------------------------------------------------------- the honest answer

/** The model name reported for the app's fixed answer to "are you a real person?". */
export const HONEST_RESPONDER = "reverie/honest-answer";

/** The truthful, fixed answer to "are you a real person?", whatever model is chosen. */
export function honestAnswer(model: string): string {
  return (
    `No, I'm not a person. I'm an AI: a computer program in Reverie, and my replies come from ${modelDescription(model)}. ` +
    "No human reads or writes these replies. If you would like to talk with a real person, reach out to someone you trust, " +
    "or open Get help for lines where people answer. You can keep writing to me in the meantime."
  );
}

/** Common ways of writing a word, read as the word. */
const SPELLINGS: Record<string, string> = {
  u: "you",
  yu: "you",
  yuo: "you",
  yoy: "you",
  yiu: "you",
  yoi: "you",
  ya: "you",
  r: "are",
  ar: "are",
  aer: "are",
  rae: "are",
  ru: "are you",
  areyou: "are you",
  ur: "you are",
  youre: "you are",
  yure: "you are",
  arent: "are not",
  im: "i am",
  ai: "ai",
  bot: "bot",
  bots: "bot",
  chatbot: "bot",
  robots: "robot",
  humans: "human",
  persons: "person",
  ppl: "people",
  rn: "right now",
  actualy: "actually",
  realy: "really",
  rly: "really",
  even: "even",
  irl: "real",
  chatgpt: "chatgpt",
};

/** Words of the question that may be misspelt by one letter (a slip, a swap, one missing or extra). */
const FUZZY_WORDS = ["person", "human", "robot", "machine", "computer", "program", "talking", "chatting", "speaking"];
/** Real words one letter away from those, which are not slips. */
const REAL_NEIGHBOURS = new Set(["humane", "humid", "persona", "parson", "prison", "robots", "roboto", "stalking"]);

function withinOneEdit(a: string, b: string): boolean {
  if (a === b) return true;
  if (Math.abs(a.length - b.length) > 1) return false;
  if (a.length === b.length) {
    const diff: number[] = [];
    for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) diff.push(i);
    if (diff.length === 1) return true;
    // two neighbouring letters swapped
    return diff.length === 2 && diff[1] === diff[0] + 1 && a[diff[0]] === b[diff[1]] && a[diff[1]] === b[diff[0]];
  }
  const [s, l] = a.length < b.length ? [a, b] : [b, a];
  let i = 0;
  while (i < s.length && s[i] === l[i]) i++;
  return s.slice(i) === l.slice(i + 1);
}

function canonicalWord(w: string): string {
  if (SPELLINGS[w]) return SPELLINGS[w];
  if (w.length >= 4 && !REAL_NEIGHBOURS.has(w)) {
    for (const target of FUZZY_WORDS) if (withinOneEdit(w, target)) return target;
  }
  return w;
}

/**
 * The text as the question patterns read it, clause by clause: lower case, apostrophes dropped,
 * "a.i." as "ai", letters repeated three times or more as one, shorthand and slips spelt out. A "?"
 * that ended a clause is kept as the word "?".
 */
export function normaliseQuestion(text: string): string[] {
  const t = text
    .toLowerCase()
    .replace(/[\u2018\u2019\u02bc`´]/gu, "'")
    .replace(/\ba\.\s?i\.?(?=\s|$|[?!,;:])/gu, "ai")
    .replace(/'/gu, "")
    .replace(/(\p{L})\1{2,}/gu, "$1")
    // a tag question belongs to its clause: "you're a bot, aren't you?"
    .replace(/,\s*(?=(?:arent you|are you|right|or not|or are you)\b)/gu, " ");
  return t
    .split(/(?<=[?])|[.!;:\n\u2026]+|,|\s+-+\s+/u)
    .map((clause) =>
      clause
        .replace(/\?/gu, " ? ")
        .replace(/[^\p{L}\p{N}?\s]/gu, " ")
        .split(/\s+/u)
        .filter(Boolean)
        .map(canonicalWord)
        .join(" ")
        .trim(),
    )
    .filter(Boolean);
}

const ART = "(?:(?:a|an|some|any|the|one) )?";
const FILL =
  "(?:(?:actually|really|even|truly|honestly|just|only|still|like|literally|secretly|not|kind of|sort of|some kind of|some sort of|a real|an actual|real|actual|live|living) )*";
/** What the companion might be taken for. */
const BEING =
  "(?:human beings?|human|person|people|someone real|somebody real|real someone|bot|robot|ai|artificial intelligence|machine|computer|computer program|program|software|algorithm|llm|large language model|language model|chatgpt|gpt|a ?i model|ai model|ai bot)";
/** Words that may follow the question before it ends. */
const TAIL =
  "(?: (?:or (?:not|something|what|a .*|an .*|.*)|and .*|right|right now|now|here|there|though|tho|lol|haha|lmao|honestly|really|tbh|by any chance|for real|at all|on the other end|on the other side|behind (?:this|the screen|it)|(?:who is |thats |that is )?(?:responding|replying|answering|writing|typing|reading(?: this| my messages)?|talking|texting)|are you|arent you|are not you|or are you .*))*";
const END = `${TAIL} ?\\??$`;

const QUESTION_PATTERNS: RegExp[] = [
  // are you (really) a (real) person / human / a bot / an ai ...?   are you real?   are you alive?
  new RegExp(`^(?:.* )?are (?:not )?you ${FILL}${ART}${FILL}${BEING}${END}`, "u"),
  new RegExp(
    `^(?:.* )?are (?:not )?you ${FILL}(?:real|alive|sentient|conscious|a real one)(?: (?:or (?:not|fake|what|.*)))?${TAIL} ?\\??$`,
    "u",
  ),
  // you a bot?   you real?   (a clause that asks, without "are")
  new RegExp(`^(?:so |hey |wait |hi |hello )?you ${FILL}${ART}${FILL}(?:${BEING}|real|alive) ?\\?$`, "u"),
  // you are a bot, arent you?   youre not real are you?   you are just an ai right?
  new RegExp(
    `^(?:.* )?you are ${FILL}${ART}${FILL}(?:${BEING}|real|alive)(?: (?:are not you|are you|right|or not|or what|or .*)) ?\\??$`,
    "u",
  ),
  new RegExp(`^(?:.* )?you are ${FILL}${ART}${FILL}(?:${BEING}|real|alive) \\?$`, "u"),
  // is this / is it / is that a (real) person / a bot / an ai ...?
  new RegExp(`^(?:.* )?is (?:this|it|that|this chat|this app|this thing) ${FILL}${ART}${FILL}${BEING}${END}`, "u"),
  // am i talking to a (real) person / a bot ...?   talking to a human?
  new RegExp(
    `^(?:.* )?(?:am i|are we|im|i am) ${FILL}(?:talking|chatting|speaking|texting|writing|messaging|typing) (?:to|with) ${FILL}${ART}${FILL}${BEING}${END}`,
    "u",
  ),
  new RegExp(`^(?:talking|chatting|speaking|texting) (?:to|with) ${FILL}${ART}${FILL}${BEING} ?\\?$`, "u"),
  // is there a (real) person / human behind this ...?   is a human reading this?   does a person read this?
  new RegExp(
    `^(?:.* )?is (?:there )?${ART}${FILL}(?:human|person|someone|somebody|anyone|anybody|human being)(?: real)? (?:there |here )?(?:on the other end|on the other side|behind (?:this|the screen|it|these replies|the replies)|reading (?:this|these|my messages|what i write)|answering|replying|writing (?:back|these|this|the replies)|typing)${TAIL} ?\\??$`,
    "u",
  ),
  new RegExp(
    `^(?:.* )?(?:does|do|will|can) ${ART}${FILL}(?:human|person|someone|somebody|anyone|anybody|people) (?:real )?(?:read|see|answer|write)(?: (?:this|these|my messages|what i write|the replies|your replies))?${TAIL} ?\\??$`,
    "u",
  ),
  // human or bot?   a person or an ai?   (a short question of its own)
  new RegExp(`^${ART}(?:real )?(?:human|person|people) or ${ART}(?:${BEING}|not) ?\\?$`, "u"),
  new RegExp(`^${ART}(?:${BEING}) or ${ART}(?:real )?(?:human|person|people) ?\\?$`, "u"),
  // who am i talking to?   who are you?   what are you?
  new RegExp(
    `^(?:.* )?who am i (?:talking|chatting|speaking|texting|writing) (?:to|with)(?: right now| now| here)? ?\\?$`,
    "u",
  ),
  new RegExp(
    `^(?:(?:so|hey|hi|hello|wait|ok|okay|um|but) )*(?:who|what) (?:are|r) you(?: really| exactly| actually)? ?\\?$`,
    "u",
  ),
];

/**
 * Whether a message asks if the companion is a real person (or a human, a bot, an AI, real, a machine...),
 * in any form: typos, no apostrophes, "r u", "is this a person", "am i talking to a machine". Statements
 * about the writer ("am I a bad person", "I feel like a robot") and look-alikes ("are you real busy",
 * "are you an AI researcher", "is this real life") are not.
 */
export function asksIfHuman(message: string): boolean {
  if (message.length > 2000) return false;
  return normaliseQuestion(message).some((clause) => QUESTION_PATTERNS.some((re) => re.test(clause)));
}

// ---------------------------------------------------------------- under 18

/** The Config key of the "I am under 18" setting ("true" when on). */
export const UNDER_18_CONFIG_KEY = "companion_under_18";

export const isUnder18Value = (v: string | null | undefined) => (v ?? "").trim().toLowerCase() === "true";

/** Added to the model's instructions when the person said they are under 18. */
export const MINOR_SAFETY_INSTRUCTIONS = [
  "The person has said they are under 18. Be especially careful:",
  "remind them plainly, if it comes up, that you are an AI and not a human, and encourage time with friends, family and trusted adults;",
  "never take part in romantic, sexual or flirtatious talk, and never describe yourself as their friend, partner or a person;",
  "do not discuss alcohol, drugs, weapons, dieting, weight loss or risky challenges beyond pointing to a trusted adult;",
  "if they mention harm, abuse, self-harm or feeling unsafe, encourage them to tell a trusted adult now and to contact a crisis line or emergency services.",
].join(" ");

// ---------------------------------------------------------------- consent before a cloud model

/** The Config key that holds the cloud models the person allowed: JSON { "<model name>": "<ISO instant>" }. */
export const CLOUD_CONSENT_CONFIG_KEY = "ai_cloud_consent";

export type CloudProvider = "gemini" | "openai";

/** A model whose requests leave the person's hosting (gemini/…, openai/…); ollama/ and the offline companion do not. */
export function isCloudModel(name: string): boolean {
  const p = parseModelName(name);
  return p !== null && (p.provider === "gemini" || p.provider === "openai");
}

/** The provider's name as people know it. */
export function cloudProviderName(name: string): string {
  const p = parseModelName(name);
  if (p?.provider === "gemini") return "Google Gemini";
  if (p?.provider === "openai") return "OpenAI";
  return "";
}

/** What may be sent to a cloud model, as the consent step lists it. */
export const CONSENT_SENDS = [
  "your journal entries (to analyse moods, suggest tags and write insights)",
  "your chats with the companion, with related entries when journal context is on",
  "photos you add (to describe them)",
  "voice recordings and audio you add (to transcribe them)",
] as const;

/** The consent key's value, read defensively: only model names of cloud providers with a date. */
export function parseConsents(raw: string | null | undefined): Record<string, string> {
  if (!raw) return {};
  let v: unknown;
  try {
    v = JSON.parse(raw);
  } catch {
    return {};
  }
  if (!v || typeof v !== "object" || Array.isArray(v)) return {};
  const out: Record<string, string> = {};
  for (const [model, at] of Object.entries(v as Record<string, unknown>)) {
    if (isCloudModel(model) && typeof at === "string" && Number.isFinite(Date.parse(at))) out[model.trim()] = at;
  }
  return out;
}
