import { isDayKey, type DayKey } from "./dates";

/**
 * The link from Home's prompt to a new entry, apart from the prompts themselves (src/domain/prompts.ts), so
 * the editor reads the address without carrying every prompt on first load.
 */

/** The query parameter that opens a new entry on a day's prompt: `/journal?prompt=YYYY-MM-DD`. */
export const PROMPT_PARAM = "prompt";

/** Where "Write about this" leads: a new entry that starts on the prompt of `day`. */
export function writeAboutPromptHref(day: DayKey): string {
  return `/journal?${PROMPT_PARAM}=${encodeURIComponent(day)}`;
}

/** The day whose prompt the address asks for: a valid day key not after `today`, else null. Never text. */
export function askedPromptDay(params: { get(name: string): string | null }, today: DayKey): DayKey | null {
  const day = params.get(PROMPT_PARAM);
  return day && isDayKey(day) && day <= today ? day : null;
}
