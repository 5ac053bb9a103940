/**
 * Guided reflections: what the offline companion offers instead of pretending to converse. Each is a short
 * sequence of questions that adapt to what the person said (mood, the people they name), and ends in a
 * summary in their own words that they can save as an entry. A pure state machine: the state travels with
 * the conversation the browser keeps, and `read` (the offline analyzer on the server; tests give their own reader)
 * says what an answer is about.
 */
import type { GuidedFlowId, GuideState } from "./guided-flows";
import { quotedSentence } from "./quote";

export { GUIDED_FLOWS, GUIDED_FLOW_LABELS, isGuidedFlow, type GuidedFlowId, type GuideState } from "./guided-flows";

/** What an answer is about, as the analyzer reads it. */
export interface Reading {
  band: "positive" | "neutral" | "negative";
  /** The feeling in a word ("anxious", "sad"), when the words say it. */
  feeling?: string;
  /** Names of people mentioned ("Sam"). */
  people: string[];
}

/** The entry a finished reflection offers to save (the shape Generate Entry saves). */
export interface GuideSummary {
  title: string;
  content: string;
  tags: string[];
}

export interface GuideTurn {
  reply: string;
  /** The state to send with the next message; null when the reflection ended. */
  state: GuideState | null;
  summary?: GuideSummary;
}

type Ask = (answers: readonly string[], last: Reading | undefined) => string;

interface FlowDef {
  /** The heading of each answer in the summary, one per question. */
  headings: string[];
  questions: Ask[];
  /** The title's first words; the rest comes from the first answer. */
  title: string;
  tag: string;
  closing: string;
}

const person = (r: Reading | undefined) => r?.people[0];

/** A short acknowledgement of the last answer that fits its mood; none for the first question. */
export function acknowledge(r: Reading | undefined, answer: string): string {
  if (!r) return "";
  if (answer.trim().split(/\s+/u).length < 3) return "Okay.";
  if (r.band === "negative") {
    if (r.feeling === "anxious" || r.feeling === "afraid") return "That sounds worrying.";
    if (r.feeling === "sad" || r.feeling === "grieving" || r.feeling === "lonely") return "That sounds painful.";
    if (r.feeling === "angry" || r.feeling === "frustrated") return "That sounds really frustrating.";
    if (r.feeling === "tired") return "That sounds draining.";
    return "That sounds hard.";
  }
  if (r.band === "positive") return "That's good to hear.";
  return "Thank you for putting that into words.";
}

const FLOWS: Record<GuidedFlowId, FlowDef> = {
  vent: {
    title: "Letting it out",
    tag: "venting",
    headings: ["What's been going on", "What weighs most", "What I need"],
    questions: [
      () => "Go ahead and let it out; there's no need to tidy it up. What's been going on?",
      (_a, r) =>
        person(r)
          ? `How do you feel about ${person(r)} in all of this?`
          : r?.band === "negative"
            ? "What part of it weighs on you most?"
            : "What's the part you most want to get off your chest?",
      () =>
        "Is there anything you need right now, even something small: rest, someone to talk to, or just to have said it?",
    ],
    closing: "Thank you for letting it out. I can't fix it, but it's written down now, in your own words.",
  },
  worry: {
    title: "Untangling a worry",
    tag: "worry",
    headings: ["The situation", "The feeling", "The thought", "The evidence", "A kinder view"],
    questions: [
      () => "Let's untangle it one step at a time. First, the situation: what happened, or what are you worried about?",
      (_a, r) =>
        r?.feeling
          ? `It sounds like it leaves you ${r.feeling}. How strong is that feeling, from 0 to 10?`
          : "How does it make you feel? If you can, say how strong the feeling is, from 0 to 10.",
      () => "What's the thought that goes through your mind about it, the one that keeps coming back?",
      (a) =>
        `You've been telling yourself: ${quotedSentence(a[2] ?? "")} What supports that thought, and what doesn't quite fit with it?`,
      () =>
        "Looking at all of that, what would you say to a friend in your place: what is a kinder, more balanced way to see it?",
    ],
    closing: "Well done for working through it. A worry looks different once it's written down step by step.",
  },
  gratitude: {
    title: "Grateful for",
    tag: "gratitude",
    headings: ["Something I'm grateful for", "Something else that helped", "Something about myself"],
    questions: [
      () => "Let's look for the good in today. What's one thing, however small, that you're grateful for?",
      (_a, r) =>
        person(r)
          ? `What did ${person(r)} do that meant something to you?`
          : "What's another thing that made today a little better?",
      () => "And one thing about yourself that you're glad of today?",
    ],
    closing: "Thank you. Those are worth keeping.",
  },
  plan: {
    title: "Plan for tomorrow",
    tag: "planning",
    headings: ["What matters most", "If something gets in the way", "Something for myself"],
    questions: [
      () => "Let's plan tomorrow. What's the one thing that matters most to do?",
      () => "What might get in the way, and what could you do if it does?",
      () => "What's one small thing you'll do tomorrow just for yourself?",
    ],
    closing: "That's a plan. Keep it small and kind to yourself.",
  },
  "wind-down": {
    title: "Winding down",
    tag: "wind-down",
    headings: ["Still on my mind", "What went okay", "What will help me rest"],
    questions: [
      () => "Let's wind down. What's still on your mind from today? Put it here, so you can set it down for the night.",
      (_a, r) =>
        r?.band === "negative"
          ? "It's written down now; it can wait until tomorrow. What went okay today, however small?"
          : "What went well today, however small?",
      () => "What would help you rest tonight?",
    ],
    closing: "Sleep well. Whatever is left can wait until tomorrow.",
  },
};

/** How many questions a reflection asks. */
export const flowLength = (flow: GuidedFlowId) => FLOWS[flow].questions.length;

/** The first question of a reflection. */
export function startGuide(flow: GuidedFlowId): GuideTurn {
  return { reply: FLOWS[flow].questions[0]([], undefined), state: { flow, answers: [] } };
}

/** A message that ends the reflection early. */
const STOP = /^\s*(?:stop|cancel|quit|exit|end|enough|that's enough|that is enough|never ?mind|let's stop)\b[\s.!]*$/iu;

/** Is the message a question to the companion (rather than an answer that happens to ask)? */
export function asksCompanion(message: string): boolean {
  const t = message.trim();
  if (!/\?\s*$/u.test(t)) return false;
  return (
    /\b(?:you|your)\b/iu.test(t) ||
    /^(?:what|how|which|where|when|who)\s+(?:should|can|could|do|would|might)\s+I\b/iu.test(t) ||
    /^(?:should|can|could|would|shall)\s+I\b/iu.test(t) ||
    /^(?:is it|is that|is this)\s+(?:normal|ok|okay|bad|wrong|fine)\b/iu.test(t)
  );
}

/** A direct question (it ends with a question mark, or starts as one). */
export function isDirectQuestion(message: string): boolean {
  const t = message.trim();
  return (
    /\?\s*$/u.test(t) ||
    /^(?:what|how|why|when|where|who|which|should|could|can|would|will|do|does|did|is|are|am)\b[^.!]*$/iu.test(t)
  );
}

/** Said when a question to the companion interrupts a guided reflection, which waits where it was. */
export const REFLECTION_CARRIES_ON = "When you're ready, the reflection carries on where we were.";

/** The honest answer to a direct question when no model is configured. */
export const NO_MODEL_ANSWER =
  "I can't answer that without an AI model. I'm the built-in companion: I follow simple rules, so I can't think a question through with you.";
/** What the offline companion can do instead, offered after the honest answer. */
export const GUIDED_OFFER =
  "What I can do is guide a short reflection: vent and be heard, untangle a worry, gratitude, plan tomorrow or wind down. Pick one below the conversation whenever you like.";

/** The summary of a finished reflection: the person's answers under their headings, a title from the first. */
export function summarizeGuide(state: GuideState, extraTags: readonly string[] = []): GuideSummary {
  const def = FLOWS[state.flow];
  const parts = state.answers.map((a, i) => `**${def.headings[i] ?? "More"}:** ${a.trim()}`);
  const first = state.answers.find((a) => a.trim().split(/\s+/u).length >= 2) ?? state.answers[0] ?? "";
  const headline = titleWords(first);
  const tags = [...new Set([def.tag, "reflection", ...extraTags])].slice(0, 5);
  return {
    title: headline ? `${def.title}: ${headline}` : def.title,
    content: parts.join("\n\n"),
    tags,
  };
}

/** The first words of an answer fit for a title: its first clause, at most 50 characters, cut at a word. */
export function titleWords(text: string): string {
  let s = text
    .replace(/\s+/gu, " ")
    .trim()
    .split(/[.!?;\n]/u)[0]
    .trim()
    .replace(/[,:\s]+$/u, "");
  if (s.length > 50) {
    const cut = s.lastIndexOf(" ", 50);
    s = s.slice(0, cut > 20 ? cut : 50).replace(/[,:\s]+$/u, "");
  }
  return s;
}

/**
 * The next turn of a reflection: the answer is kept and the next question asked (adapted to the answer),
 * or, after the last question, the summary. A question to the companion gets an honest answer and the
 * reflection waits where it was; "stop" ends it.
 */
export function advanceGuide(
  state: GuideState,
  message: string,
  read: (text: string) => Reading,
  summaryTags: (answers: readonly string[]) => string[] = () => [],
): GuideTurn {
  const def = FLOWS[state.flow];
  if (STOP.test(message)) {
    return { reply: "All right, we can stop here. I'm here if you want to pick it up again.", state: null };
  }
  if (asksCompanion(message)) {
    return {
      reply: `${NO_MODEL_ANSWER} ${REFLECTION_CARRIES_ON}`,
      state: { flow: state.flow, answers: [...state.answers] },
    };
  }
  const answers = [...state.answers, message.trim()];
  const reading = read(message);
  if (answers.length >= def.questions.length) {
    const summary = summarizeGuide({ flow: state.flow, answers }, summaryTags(answers));
    return {
      reply:
        `${acknowledge(reading, message)} ${def.closing}\n\nHere is a summary in your own words. You can save it as an entry.`.trim(),
      state: null,
      summary,
    };
  }
  const ack = acknowledge(reading, message);
  const next = def.questions[answers.length](answers, reading);
  return { reply: `${ack} ${next}`.trim(), state: { flow: state.flow, answers } };
}
