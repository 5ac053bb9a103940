import "server-only";
import type { ChatTurn } from "@/contracts/ai";
import { moodBand, type MoodBand } from "@/domain/mood";
import { moodFromSentiment } from "./mood";
import { analyze, type TextFeatures } from "./nlp";
import { emotionDetail, themesOf } from "./themes";
import { GUIDED_OFFER, isDirectQuestion, NO_MODEL_ANSWER } from "@/domain/guided";
import { reportedSpeech, secondPerson } from "@/domain/quote";
import { reflectable, reflectionOf } from "./reflect";
import { capitalize } from "./text";

/**
 * The offline companion: a reply built from what the person said, without a language model. It reflects
 * their own words back in the second person, names the feeling when there is one, may bring back
 * something they said a few messages ago or a journal entry with its date, and asks at most one open
 * question. Openings rotate so no two replies in a row use the same frame, and no question or reply is
 * repeated in a conversation. Pure and synchronous: everything it knows comes in as arguments.
 */

/** A journal entry the companion may refer to (plain data: id, date, text). */
export interface JournalNote {
  id?: string;
  title?: string | null;
  content: string;
  /** ISO timestamp. */
  created_at?: string | null;
}

export interface CompanionOptions {
  /** Entries of the journal to draw on ("Use my journal in chat"); none when it is off. */
  journal?: readonly JournalNote[];
  /** Now, as an ISO timestamp, for dates such as "last Tuesday". */
  now?: string;
  /** IANA time zone of the person. */
  timeZone?: string;
}

// ---------------------------------------------------------------- feelings, frames and questions

const FEELING_LINES: Record<string, readonly string[]> = {
  sad: ["That sounds really sad.", "I'm sorry. That is a lot of sadness to carry.", "That sounds painful."],
  heavy: [
    "I'm so sorry. That is a heavy thing to go through.",
    "That sounds really hard.",
    "That is a lot to take in.",
  ],
  hard: ["That sounds hard.", "That sounds difficult.", "That can wear you down."],
  anxious: ["No wonder you feel on edge.", "That sounds worrying.", "That kind of uncertainty is hard to sit with."],
  tired: ["That sounds exhausting.", "No wonder you feel worn out.", "That sounds draining."],
  angry: ["It makes sense that you feel angry.", "That sounds really frustrating.", "Anyone would be annoyed by that."],
  lonely: ["That sounds lonely.", "Feeling alone like that is hard.", "That sounds isolating."],
  happy: ["That sounds lovely.", "What a good thing to have.", "That sounds like a happy moment."],
  excited: ["How exciting!", "That is big news.", "No wonder you are excited."],
  proud: ["You have every reason to be proud.", "That is a real achievement.", "Well done; that took effort."],
  grateful: [
    "It is good to have people like that around you.",
    "That kind of kindness stays with you.",
    "That sounds like something to be grateful for.",
  ],
  calm: ["That sounds peaceful.", "It sounds like that gave you some room to breathe.", "That sounds restful."],
  hopeful: ["That sounds hopeful.", "It sounds like something is starting to shift.", "That is an encouraging step."],
  content: ["That sounds good.", "It sounds like a good day.", "That sounds nice."],
};

/** Reflection frames; each starts differently so the openings can rotate. */
const FRAMES: readonly { id: string; make: (r: string) => string }[] = [
  { id: "said", make: (r) => `You said ${r}.` },
  { id: "so", make: (r) => `So ${r}.` },
  { id: "hear", make: (r) => `I hear that ${r}.` },
  { id: "thanks", make: (r) => `Thank you for telling me that ${r}.` },
  { id: "sounds", make: (r) => `From what you describe, ${r}.` },
  { id: "bare", make: (r) => `${capitalize(r)}.` },
];
const FRAME_START: Record<string, RegExp> = {
  said: /^You said /,
  so: /^So /,
  hear: /^I hear that /,
  thanks: /^Thank you for telling me that /,
  sounds: /^From what you describe, /,
};

const QUESTIONS: Record<string, readonly string[]> = {
  sad: [
    "What would help you feel a little less alone with this?",
    "How are you looking after yourself at the moment?",
    "What would you want someone to say to you right now?",
  ],
  grief: [
    "What would you like to remember about them?",
    "How are you looking after yourself at the moment?",
    "Who else is missing them with you?",
  ],
  hard: [
    "What is the hardest part of it?",
    "What would help, even a little?",
    "How are you looking after yourself at the moment?",
  ],
  anxious: [
    "What part of it worries you most?",
    "What would help you feel a bit steadier?",
    "What is the worst case you keep picturing?",
  ],
  tired: [
    "What is taking the most out of you right now?",
    "Where could you find even a short rest this week?",
    "What could you put down for a while?",
  ],
  angry: [
    "What would feel fair to you here?",
    "What do you wish you had said?",
    "What bothers you most about how it was handled?",
  ],
  lonely: [
    "Who would you like to hear from?",
    "When did you last feel really connected to someone?",
    "What kind of company would feel good right now?",
  ],
  positive: [
    "What made it feel so good?",
    "What would you like to remember about it?",
    "How could you make room for more of this?",
    "Who would you like to share it with?",
  ],
  neutral: [
    "How did that leave you feeling?",
    "What else is on your mind today?",
    "What would make tomorrow a good day?",
    "What stood out to you most?",
  ],
  journal: [
    "What has changed since then?",
    "How does that compare with how it feels now?",
    "Does that still ring true?",
  ],
};

const IDENTITY =
  /\b(?:are you (?:a |an )?(?:real|human|person|bot|robot|ai|machine|computer|program|chatgpt|therapist|alive)|what are you|who are you|who am i (?:talking|speaking|writing) to|am i talking to (?:a )?(?:bot|person|human|machine|real)|is this (?:a )?(?:bot|real person|human|ai)|are you an? language model)\b/i;
const GREETING =
  /^(?:hi|hiya|hello|hey|hey there|good (?:morning|afternoon|evening)|yo|howdy)\b[\s!,.]*(?:there|again)?[\s!,.]*$/i;
const THANKS = /^(?:thanks?|thank you|cheers|ta)\b[\w\s,]{0,30}[!.]*$/i;

function hash(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** The analyzer's richer emotion words in the companion's own feeling words (FEELING_LINES, QUESTIONS). */
const COMPANION_FEELING: Record<string, string> = {
  grieving: "sad",
  disappointed: "sad",
  afraid: "anxious",
  frustrated: "angry",
  embarrassed: "hard",
  guilty: "hard",
  relieved: "calm",
  loving: "happy",
  amused: "happy",
  inspired: "happy",
};

/** The band and feeling of a message; a feeling is named only when its words are there or the mood is clear. */
function emotionOf(f: TextFeatures): { band: MoodBand; emotion: string | undefined } {
  const band = moodBand(moodFromSentiment(f.sentiment));
  const d = emotionDetail(f, band);
  if (band === "neutral") return { band, emotion: undefined };
  if (d.cued) return { band, emotion: COMPANION_FEELING[d.emotion] ?? d.emotion };
  if (band === "positive") return { band, emotion: f.sentiment >= 0.45 ? "content" : undefined };
  return { band, emotion: f.events.length || f.sentiment <= -0.45 ? "heavy" : "hard" };
}

function said(history: readonly ChatTurn[]): string {
  return history
    .filter((t) => t.role === "assistant")
    .map((t) => t.content)
    .join("\n");
}

/** The first item of `pool` (from a start that depends on `seed`) not already in the conversation. */
function fresh(pool: readonly string[], used: string, seed: number): string | undefined {
  for (let k = 0; k < pool.length; k++) {
    const item = pool[(seed + k) % pool.length];
    if (!used.includes(item)) return item;
  }
  return undefined;
}

// ---------------------------------------------------------------- journal

const LONG_DATE = (tz?: string) =>
  new Intl.DateTimeFormat("en-GB", { weekday: "long", day: "numeric", month: "long", timeZone: tz });
const DAY_KEY = (tz?: string) =>
  new Intl.DateTimeFormat("en-CA", { year: "numeric", month: "2-digit", day: "2-digit", timeZone: tz });

/** "yesterday", "last Tuesday" (within a week) or "on Tuesday 3 November". */
export function whenWritten(createdAt: string, now: string | undefined, tz?: string): string {
  const d = new Date(createdAt);
  const long = LONG_DATE(tz).format(d).replace(",", "");
  if (!now) return `on ${long}`;
  const dayMs = 86_400_000;
  const a = Date.parse(`${DAY_KEY(tz).format(d)}T00:00:00Z`);
  const b = Date.parse(`${DAY_KEY(tz).format(new Date(now))}T00:00:00Z`);
  const days = Math.round((b - a) / dayMs);
  if (days === 0) return "earlier today";
  if (days === 1) return "yesterday";
  if (days > 1 && days < 7) return `last ${long.split(" ")[0]}`;
  return `on ${long}`;
}

interface JournalRef {
  note: JournalNote;
  sentence: string;
  score: number;
}

/** The journal sentence closest to the message: shared themes and words, never one already cited. */
function journalRef(f: TextFeatures, journal: readonly JournalNote[], used: string): JournalRef | null {
  const themes = new Set(themesOf(f));
  const words = new Set(f.lemmas.filter((l) => l.length >= 3));
  let best: JournalRef | null = null;
  for (const note of journal) {
    if (!note.content?.trim() || !note.created_at) continue;
    const nf = analyze(note.content);
    const shared = themesOf(nf).filter((t) => themes.has(t)).length;
    nf.sentences.forEach((s, i) => {
      const lemmas = nf.tokens.filter((t) => t.sentence === i).map((t) => t.lemma);
      const overlap = new Set(lemmas.filter((l) => words.has(l))).size;
      const score = overlap * 1.5 + shared + Math.abs(s.score) * 0.5;
      if (overlap < 2) return;
      const r = reflectable(s.text);
      if (!r || used.includes(secondPerson(r))) return;
      if (!best || score > best.score) best = { note, sentence: s.text, score };
    });
  }
  return best;
}

// ---------------------------------------------------------------- the reply

/**
 * A reply to `message` given the conversation so far. Optional data: the journal entries to draw on,
 * now and the time zone. Pure: the same input gives the same reply.
 */
export function chatReplyOffline(
  message: string,
  history: readonly ChatTurn[],
  journal: readonly JournalNote[] = [],
  now?: string,
  timeZone?: string,
): string {
  return companionReply(message, history, journal, now, timeZone).text;
}

/** The reply and the journal entry it cites, if any. */
export function companionReply(
  message: string,
  history: readonly ChatTurn[],
  journal: readonly JournalNote[] = [],
  now?: string,
  timeZone?: string,
): { text: string; cited?: JournalNote } {
  let cited: JournalNote | undefined;
  const text = reply(message, history, journal, now, timeZone, (n) => (cited = n));
  return cited ? { text, cited } : { text };
}

function reply(
  message: string,
  history: readonly ChatTurn[],
  journal: readonly JournalNote[],
  now: string | undefined,
  timeZone: string | undefined,
  cite: (n: JournalNote) => void,
): string {
  const used = said(history);
  const turn = history.filter((t) => t.role === "assistant").length;
  const seed = hash(message) + turn;
  const text = message.trim();

  if (IDENTITY.test(text)) {
    const lines = [
      "I'm Reverie's built-in companion. I run on this device from a set of rules, without a language model, so I can reflect back what you tell me and point to your journal, but I don't understand things the way a person does.",
      "To be honest with you: I'm not a person and not a language model, just the built-in companion that works offline. I listen for what you say and mirror it back.",
    ];
    const line = fresh(lines, used, 0) ?? lines[1];
    return `${line} ${fresh(["What would you like to talk about?", "What is on your mind?"], used, seed) ?? ""}`.trim();
  }
  if (GREETING.test(text)) {
    const hellos = history.length
      ? ["Hi again. What is on your mind?", "Hello again. How are you feeling now?"]
      : ["Hello. How are you feeling today?", "Hi. What is on your mind?", "Hello. What would you like to talk about?"];
    return fresh(hellos, used, seed) ?? "Hello. I'm here when you want to talk.";
  }
  if (THANKS.test(text)) {
    return (
      fresh(
        ["You're welcome. I'm glad it helped to put it into words.", "You're welcome. Take care of yourself."],
        used,
        seed,
      ) ?? "You're welcome."
    );
  }

  if (/^how are you(?: doing| today)?\b[\s?!.]*$/iu.test(text))
    return "Thank you for asking. I'm a program, so I don't have good or bad days; I'm here whenever you want to write.";
  // A direct question gets an honest answer, never a question back.
  if (isDirectQuestion(text)) return `${NO_MODEL_ANSWER} ${GUIDED_OFFER}`;

  const f = analyze(text);
  const { band, emotion: felt } = emotionOf(f);
  // Right after something heavy, a mild "positive" reading is not cheerfulness ("the vet said it was kind").
  const recent = history.filter((t) => t.role === "user").slice(-2);
  const heavyBefore = recent.some((t) => analyze(t.content).events.some((e) => e.valence < 0));
  const emotion = heavyBefore && band === "positive" && f.sentiment < 0.6 ? undefined : felt;
  const parts: string[] = [];

  // 1. Reflect their words (never an echo of the whole message), with an opening unlike the last reply's.
  const reflection = reflectionOf(text, f);
  const last = [...history].reverse().find((t) => t.role === "assistant")?.content ?? "";
  const lastFrame = Object.entries(FRAME_START).find(([, re]) => re.test(last))?.[0] ?? (last ? "bare" : "");
  const feelingPool = emotion ? FEELING_LINES[emotion] : undefined;
  const feeling = feelingPool ? fresh(feelingPool, used, seed) : undefined;
  const feelingFirst =
    feeling &&
    seed % 3 === 0 &&
    !/^(?:That sounds|No wonder|It makes sense)/.test(last) &&
    !last.startsWith(feeling.slice(0, 8));
  if (feelingFirst) parts.push(feeling);
  if (reflection) {
    const frames = FRAMES.filter((fr) => fr.id !== lastFrame && !(fr.id === "bare" && feelingFirst));
    const frame = frames[seed % frames.length];
    const line = frame.make(reflection);
    if (!used.includes(line)) parts.push(line);
  }
  if (feeling && !feelingFirst) parts.push(feeling);

  // 2. Something said earlier, or the journal.
  let question: string | undefined;
  const ref = journal.length ? journalRef(f, journal, used) : null;
  if (ref) {
    const when = whenWritten(ref.note.created_at!, now, timeZone);
    // Their own words: in the second person when the sentence has its own "I", else quoted as written.
    const line = reportedSpeech("wrote", ref.sentence, 120, `${capitalize(when)} you`);
    if (!used.includes(line)) {
      parts.push(line);
      cite(ref.note);
      question = fresh(QUESTIONS.journal, used, seed);
    }
  }
  // Earlier messages are never paired with this one: without a model, a link between them would be a guess.

  // 3. At most one open question.
  if (!question) {
    const grief = f.events.some((e) => e.theme === "grief" || e.theme === "pets");
    const key =
      band === "negative"
        ? grief
          ? "grief"
          : emotion && QUESTIONS[emotion]
            ? emotion
            : "hard"
        : band === "positive" && emotion
          ? "positive"
          : "neutral";
    question = fresh(QUESTIONS[key], used, seed) ?? fresh(QUESTIONS.neutral, used, seed);
  }
  if (!parts.length)
    parts.push(fresh(["I'm listening.", "Go on, I'm listening.", "I'm here."], used, seed) ?? "Tell me more.");
  if (question) parts.push(question);
  return parts.join(" ");
}
