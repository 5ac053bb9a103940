/**
 * The daily prompt: one question a day from a built-in set, shown on Home, in the empty editor and in
 * the reminder calendar feed. Warm and plain; none asks for more than a few lines.
 *
 * Rotation: the prompts are taken in order, one per calendar day, counting days from 1970-01-01. With
 * more prompts than a month has days, any 31 days in a row get 31 different prompts, so a prompt never
 * comes back within a month; the order is fixed, so every screen and the feed agree on the day's prompt.
 */
import { daysBetweenKeys, isDayKey, type DayKey } from "./dates";
import { askedPromptDay } from "./prompt-link";
import type { TemplateGuide } from "./templates";

export const DAILY_PROMPTS: readonly string[] = [
  "What is one small thing that went well today?",
  "Who made your day a little lighter, and how?",
  "What are you looking forward to this week?",
  "What did your body need today, and did it get it?",
  "Describe a moment today you would like to remember.",
  "What is on your mind right now? Start anywhere.",
  "What would you tell a friend who had the day you had?",
  "What gave you energy today? What took it away?",
  "Name three things you noticed around you today.",
  "What is something you are quietly proud of?",
  "What did you learn today, about anything at all?",
  "What would make tomorrow a good day?",
  "Which feeling visited most often today?",
  "What are you grateful for in this season of your life?",
  "What is one thing you can let go of tonight?",
  "Where did you feel most like yourself today?",
  "What made you laugh or smile recently?",
  "What is a worry you can put down on paper for now?",
  "Who would you like to thank, and for what?",
  "What did you do today just for you?",
  "What surprised you today?",
  "How did you rest today, even for a minute?",
  "What is a choice you made today that you feel good about?",
  "What does a kind evening look like for you tonight?",
  "What song, smell or taste stayed with you today?",
  "What is something you are curious about lately?",
  "What felt hard today, and what helped a little?",
  "What is one thing you would like to remember about this week?",
  "Who did you think of today?",
  "What are you waiting for, and how does the waiting feel?",
  "What place made you feel at ease recently?",
  "What is a small habit you would like to keep?",
  "What did you say yes to today? What did you say no to?",
  "What is a question you keep coming back to?",
  "How did you take care of someone today, or let someone care for you?",
  "What would you like more of in your days?",
  "What is enough, today?",
  "Describe the light, the weather or the sky today.",
  "What is one thing you have been putting off, and what is the first step?",
  "What are you carrying from today that you would like to write down?",
  "What made today different from yesterday?",
  "What do you want to remember about who you are right now?",
];

/** Days from 1970-01-01 to `day` (negative before it). */
function dayNumber(day: DayKey): number {
  return daysBetweenKeys("1970-01-01", day);
}

/** The prompt of a calendar day (a "YYYY-MM-DD" key, the person's local day). */
export function promptFor(day: DayKey): string {
  if (!isDayKey(day)) throw new RangeError(`Invalid day key: ${day}`);
  const n = DAILY_PROMPTS.length;
  return DAILY_PROMPTS[((dayNumber(day) % n) + n) % n]!;
}

/**
 * What a new entry starts from when its address asks for a day's prompt (`?prompt=YYYY-MM-DD`, "Write
 * about this" on Home): the prompt of that day, for a valid day key not after `today`, as a guide line
 * like a template's prompt (the answer goes under it; saved only when answered, and an entry left as it
 * started is not unsaved work). Only a day is read from the address, never text. Null otherwise.
 */
export function promptStart(params: { get(name: string): string | null }, today: DayKey): TemplateGuide | null {
  const day = askedPromptDay(params, today);
  return day ? promptGuide(day) : null;
}

/** A day's prompt as a guide line, like a template's prompt. */
export const promptGuide = (day: DayKey): TemplateGuide => ({ body: "", prompts: [promptFor(day)] });

export { PROMPT_PARAM, writeAboutPromptHref } from "./prompt-link";
