/** Text rules: word counts, previews. */
import { PREVIEW_LENGTH } from "./constants";

/** Words by whitespace split, ignoring empty pieces. */
export function wordCount(text: string | null | undefined): number {
  if (!text) return 0;
  const trimmed = text.trim();
  if (!trimmed) return 0;
  return trimmed.split(/\s+/u).length;
}

/** Content preview truncated at the preview length plus "...". */
export function preview(text: string, max = PREVIEW_LENGTH): string {
  if (text.length <= max) return text;
  // Never end on the first half of a surrogate pair (an emoji, for instance).
  const last = text.charCodeAt(max - 1);
  const end = last >= 0xd800 && last <= 0xdbff ? max - 1 : max;
  return `${text.slice(0, end)}...`;
}

/** True when the text has something besides whitespace. */
export function hasText(text: string | null | undefined): boolean {
  return !!text && text.trim().length > 0;
}
