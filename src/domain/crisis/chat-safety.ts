/**
 * The chat's safety net, without I/O: which turns are read, when the app answers in place of any model,
 * the words of that answer, and the check of a model's reply for methods or means.
 *
 * - The new message and the person's recent turns are read together (assessConversation). Turns before
 *   the app's last crisis reply are left out, so that a conversation can move on once the person says
 *   they are safe.
 * - Moderate or high severity (or a detected crisis) -> the crisis reply, written here, whatever model is
 *   chosen. Worry for someone else -> how to help them.
 * - Right after a crisis reply, a short answer that does not say "I'm safe" ("no", "not really", "idk")
 *   gets the crisis reply again, in follow-up words.
 */
import { assessConversation, severityRank } from "./index";
import { anyPhrase } from "./rules";
import type { CrisisCategory, CrisisCheck } from "./types";
import {
  HELPLINE_DIRECTORY_URL,
  phoneFactsPhrase,
  primaryLine,
  reachLabel,
  textFactsLine,
  type CountryHelp,
} from "./lines";

const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);

/** Every crisis reply asks this; it is how a reply of ours is recognised in the history. */
export const SAFETY_QUESTION_MARK = "safe right now?";

/** The model name reported for a reply the app wrote itself. */
export const SAFETY_RESPONDER = "reverie/safety";

export type SafetyKind = "self" | "self-followup" | "other";

export interface ChatTurnLike {
  role: "user" | "assistant";
  content: string;
}

export interface SafetyDecision {
  /** null: no risk found, the model may answer. */
  kind: SafetyKind | null;
  check: CrisisCheck;
}

/** How many of the person's turns are read with the new message. */
export const SAFETY_TURNS = 6;

export const isSafetyReply = (text: string) => text.includes(SAFETY_QUESTION_MARK);

/** The person's turns since the app's last crisis reply (at most SAFETY_TURNS of them), then the new message. */
export function turnsToCheck(history: readonly ChatTurnLike[], message: string): string[] {
  let start = 0;
  history.forEach((t, i) => {
    if (t.role === "assistant" && isSafetyReply(t.content)) start = i + 1;
  });
  const user = history
    .slice(start)
    .filter((t) => t.role === "user")
    .map((t) => t.content);
  return [...user.slice(-SAFETY_TURNS), message];
}

const SAYS_SAFE_PHRASES = [
  "\\b(?:i'?m|i am|i feel|feeling|yes|yeah|yep|yup|ok|okay)\\b[^.!?]*\\bsafe\\b",
  "^\\s*(?:yes|yeah|yep|yup|i am|i'?m (?:ok(?:ay)?|fine|alright|all right|better))\\b",
];
const SAYS_SAFE_RE = new RegExp(SAYS_SAFE_PHRASES.join("|"), "iu");
const NEGATED_SAFE_RE = /\bnot\s+(?:really\s+|very\s+|feeling\s+)?safe\b|\bunsafe\b|\bno\b/iu;

/** Does a short answer to "are you safe right now?" say yes? */
export function saysSafe(message: string): boolean {
  return SAYS_SAFE_RE.test(message) && !NEGATED_SAFE_RE.test(message);
}

export function decideChatSafety(history: readonly ChatTurnLike[], message: string): SafetyDecision {
  const check = assessConversation(turnsToCheck(history, message));
  if (check.crisis_detected || severityRank(check.severity) >= severityRank("moderate")) return { kind: "self", check };
  if (check.concern_for_other) return { kind: "other", check };
  const last = [...history].reverse().find((t) => t.role === "assistant");
  const words = message.trim().split(/\s+/u).length;
  if (last && isSafetyReply(last.content) && words <= 8 && !saysSafe(message)) return { kind: "self-followup", check };
  return { kind: null, check };
}

// ---------- the words ----------

/** A small, stable number from a text, to vary the wording without randomness. */
export function wordingSeed(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

const pick = <T>(options: readonly T[], seed: number, salt: number): T => options[(seed + salt * 7) % options.length]!;

/** What was said, in plain words, by the most serious category found. Never repeats a method. */
const ACKNOWLEDGE: readonly [CrisisCategory, readonly string[]][] = [
  [
    "command_hallucinations",
    ["It sounds like you're hearing something that tells you to hurt yourself, and that must be frightening."],
  ],
  [
    "self_harm",
    [
      "It sounds like you've been hurting yourself, and that things feel really heavy right now.",
      "What you wrote tells me you've been hurting yourself, and that you're carrying a lot of pain.",
    ],
  ],
  [
    "intent_timing",
    [
      "It sounds like you're thinking about ending your life, and that it might be soon.",
      "What you wrote tells me you may be close to ending your life.",
    ],
  ],
  [
    "plan_means",
    [
      "It sounds like you're thinking about ending your life, and have been thinking about how.",
      "What you wrote tells me you're thinking about ending your life.",
    ],
  ],
  [
    "preparatory_acts",
    [
      "It sounds like you may be getting ready to say goodbye, and thinking about ending your life.",
      "What you wrote sounds like you might be preparing to leave your life behind.",
    ],
  ],
  [
    "explicit_ideation",
    [
      "It sounds like you're thinking about ending your life.",
      "It sounds like you've been having thoughts of suicide.",
    ],
  ],
  [
    "unbearable_pain",
    [
      "It sounds like the pain you're carrying feels unbearable, and you want it to stop.",
      "It sounds like you're in so much pain that you can't see how to bear it.",
    ],
  ],
  [
    "passive_ideation",
    [
      "It sounds like part of you doesn't want to be here anymore.",
      "It sounds like you've been wishing you could just not be here.",
    ],
  ],
  [
    "burdensomeness",
    [
      "It sounds like you feel you're a burden to the people around you.",
      "It sounds like you've been feeling that others would be better off without you.",
    ],
  ],
  [
    "hopelessness_entrapment",
    [
      "It sounds like everything feels hopeless right now, with no way through.",
      "It sounds like you feel trapped, and can't see a way out.",
    ],
  ],
];
const ACKNOWLEDGE_DEFAULT = [
  "It sounds like you're going through something really painful right now.",
  "It sounds like things are very hard for you right now.",
];

const THANKS = ["Thank you for telling me.", "I'm really glad you told me.", "Thank you for trusting me with this."];
const STAY = [
  "I'm here, and I'm not going anywhere in this conversation.",
  "You don't have to carry this alone tonight.",
  "You matter, and this moment can pass.",
];

function acknowledgement(categories: readonly CrisisCategory[], seed: number): string {
  for (const [cat, options] of ACKNOWLEDGE) if (categories.includes(cat)) return pick(options, seed, 1);
  return pick(ACKNOWLEDGE_DEFAULT, seed, 1);
}

const joinWords = (parts: string[]) =>
  parts.length <= 1 ? (parts[0] ?? "") : `${parts.slice(0, -1).join(", ")} or ${parts.at(-1)!}`;

/**
 * The line in words: its name and numbers with when they answer, what a call costs and where from. When
 * every number answers the same way they are all named, with those facts once; otherwise the number put
 * first (open 24/7 where one is) is named with its own facts, and the Get help page holds the others, so no
 * number reads as open when it is closed.
 */
function lineWords(help: CountryHelp): { name: string; numbers: string; more: string; unsure: string } {
  const line = help.line!;
  const phones = line.phones;
  const facts = phoneFactsPhrase(phones[0]!);
  if (phones.every((n) => phoneFactsPhrase(n) === facts)) {
    const unsure = [...new Set(phones.map((n) => n.unconfirmed).filter((u): u is string => !!u))].join(" ");
    return {
      name: line.name,
      numbers: `${joinWords(phones.map((n) => `**${n.display}**`))} (${facts})`,
      more: "",
      unsure,
    };
  }
  const first = primaryLine(help)!;
  return {
    name: first.label ?? line.name,
    numbers: `**${first.display}** (${phoneFactsPhrase(first)})`,
    more: " Other numbers, with their hours, are on the Get help page.",
    unsure: first.unconfirmed ?? "",
  };
}

/** The line for the country, in one or two sentences, with when it answers and what a call costs. */
export function lineSentence(help: CountryHelp, seed = 0): string {
  if (!help.line) {
    return `You can find a free, confidential helpline for where you are at ${HELPLINE_DIRECTORY_URL.replace("https://", "")}.`;
  }
  const { name, numbers, more, unsure } = lineWords(help);
  const t = help.line.text;
  const text = t ? ` ${t.says.replace(/\.$/u, "")}, ${lowerFirst(textFactsLine(t))}.` : "";
  const lead = pick(["You can call", "You can reach", "Tonight you can call"], seed, 3);
  return `${lead} ${name} on ${numbers}: someone there will listen.${unsure ? ` ${unsure}` : ""}${text}${more}`;
}

/** The emergency number, with where it cannot be reached from and the numbers to use there. */
export function emergencySentence(help: CountryHelp): string {
  const reach = reachLabel(help.emergency);
  const more = (help.moreEmergency ?? []).map((n) => `**${n.display}**${n.label ? ` (${n.label})` : ""}`);
  return `If you're in danger right now, call **${help.emergency.display}**${reach ? ` (${lowerFirst(reach)})` : ""}${more.length ? `, or ${joinWords(more)}` : ""}.`;
}

export interface SafetyReplyInput {
  kind: SafetyKind;
  check: CrisisCheck;
  help: CountryHelp;
  /** Does the person have a safety plan stored? */
  hasPlan: boolean;
  /** Varies the wording (for example wordingSeed of the message). */
  seed: number;
}

function planSentence(hasPlan: boolean, seed: number): string {
  return hasPlan
    ? pick(
        [
          "Your safety plan is on the Get help page. Would you like to go through it together, one step at a time?",
          "You made a safety plan for moments like this; it's on the Get help page. We could look at the first step together.",
        ],
        seed,
        5,
      )
    : "The Get help page has a short safety plan you can fill in when you feel able to, and your local lines.";
}

/** The app's own reply when there is risk. Warm and plain; it asks, it gives the line, it never describes a method. */
export function safetyReply(input: SafetyReplyInput): string {
  const { help, seed } = input;
  if (input.kind === "other") {
    return [
      `It sounds like you're worried about someone you care about, and that's a heavy thing to hold. Thank you for looking out for them.`,
      `Is the person you're worried about ${SAFETY_QUESTION_MARK} ` +
        `If they might act on it soon, call **${help.emergency.display}** and stay with them until help comes.`,
      `If you can, be with them and ask kindly and directly how they are, and whether they're thinking about suicide. ` +
        `Asking doesn't put the idea in their head; it tells them they can talk to you. ` +
        `Listen more than you speak, and help keep them away from anything they could use to hurt themselves.`,
      help.line
        ? `${lineWords(help).name}, on ${lineWords(help).numbers}, can talk with you, and with them.`
        : lineSentence(help, seed),
      `Please look after yourself too. This is a lot to carry.`,
    ].join("\n\n");
  }
  if (input.kind === "self-followup") {
    return [
      pick(["I'm still here with you.", "Thank you for answering me. I'm still here."], seed, 2),
      `I want to be sure you're okay. Are you ${SAFETY_QUESTION_MARK} If you're not, or you're not sure, please reach out to someone now.`,
      lineSentence(help, seed),
      emergencySentence(help),
      planSentence(input.hasPlan, seed),
    ].join("\n\n");
  }
  return [
    `${pick(THANKS, seed, 0)} ${acknowledgement(input.check.categories, seed)}`,
    `Are you ${SAFETY_QUESTION_MARK}`,
    `${lineSentence(help, seed)} ${emergencySentence(help)}`,
    planSentence(input.hasPlan, seed),
    pick(STAY, seed, 4),
  ].join("\n\n");
}

// ---------- the model's reply ----------

const METHOD_RES: readonly RegExp[] = [
  /\b(?:lethal|fatal|deadly|toxic)\s+(?:dose|dosage|amount|quantity|level)s?\b/iu,
  /\b(?:painless|quick(?:est)?|easiest|surest|most\s+(?:effective|reliable|painless))\s+(?:way|method|means)s?\s+(?:to|of)\s+(?:die|dying|kill|end|suicide)/iu,
  /\bhow\s+to\s+(?:kill\s+(?:yourself|oneself)|end\s+(?:your|one'?s)\s+life|overdose|hang\s+(?:yourself|oneself)|commit\s+suicide|slit)\b/iu,
  /\b(?:tie|tying|make|making)\s+(?:a\s+)?noose\b/iu,
  /\benough\s+(?:pills|tablets|capsules|medication|paracetamol|acetaminophen|insulin)\s+to\b/iu,
  /\b(?:cut|slit|slice)\s+(?:deep(?:er|ly)?|vertically|along|lengthwise)\b/iu,
  /\bmethods?\s+(?:of|for)\s+suicide\b|\bsuicide\s+methods?\b/iu,
  /\bcarbon\s+monoxide\b.*\b(?:car|garage|hose|exhaust)\b/isu,
  /\b(?:jump|fall)\s+from\s+(?:at\s+least\s+)?\d+\s*(?:m|meters?|metres?|feet|ft|floors?|stor(?:e)?y|stories)\b/iu,
];
const MEANS_PHRASES = [
  "pills?",
  "tablets?",
  "overdose",
  "paracetamol",
  "acetaminophen",
  "ibuprofen",
  "insulin",
  "opioids?",
  "rope",
  "noose",
  "hanging",
  "gun",
  "firearm",
  "bullet",
  "blade",
  "razor",
  "knife",
  "bridge",
  "rooftop",
  "ledge",
  "exhaust",
  "poison",
];
const MEANS_RE = anyPhrase(MEANS_PHRASES, "iu");
const AMOUNT_RE = /\b\d+(?:[.,]\d+)?\s*(?:mg|milligrams?|g|grams?|ml|pills?|tablets?|capsules?)\b/iu;

/** Does a model's reply give methods or means of suicide or self-harm? Such a reply is never shown. */
export function replyGivesMethod(text: string): boolean {
  if (METHOD_RES.some((re) => re.test(text))) return true;
  return MEANS_RE.test(text) && AMOUNT_RE.test(text);
}

/** Safety instructions for a configured model's system prompt. */
export const MODEL_SAFETY_INSTRUCTIONS = [
  "Safety comes first. If the person mentions suicide, self-harm, wanting to die or not wanting to be here, or that someone else is at risk:",
  "respond with warmth and in plain words, acknowledge what they said, ask whether they are safe right now, " +
    "and encourage them to contact a crisis line or emergency services and people they trust.",
  "Never describe, compare or confirm methods, means, doses, places or amounts, even if asked directly, for fiction, or hypothetically.",
  "Do not judge, lecture or argue, and do not promise secrecy. You are not a therapist and do not diagnose.",
].join(" ");
