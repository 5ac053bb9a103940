/**
 * Templates: a named body (in the product's markers: **bold**, *italic*, "• " bullets, "1. " lists) and
 * a list of prompts. Applying one to an empty entry writes the body, then each prompt as a guide line
 * of its own with an empty line under it for the answer. A prompt nobody answered is not saved
 * (`stripUnansweredPrompts`); an answered one stays, as the heading of its answer.
 *
 * The built-in templates are data: they are written to the journal on first use (one row each, known
 * by its `key`), can be hidden, reordered and edited like the person's own. Editing a built-in changes
 * its row and nothing else: the row keeps its key, so it is never written again over the person's
 * version (to get the original back, put this text back in). A built-in cannot be deleted, only hidden,
 * so that a journal always knows which built-ins it has already been given.
 */
import { MAX_CONTENT_CHARS } from "./constants";

export const MAX_TEMPLATE_NAME = 60;
export const MAX_TEMPLATE_BODY = MAX_CONTENT_CHARS;
export const MAX_TEMPLATE_PROMPTS = 20;
export const MAX_TEMPLATE_PROMPT = 300;
/** The most templates a journal keeps (built-ins included). */
export const MAX_TEMPLATES = 200;

/** A template's name as stored: trimmed, inner spaces collapsed. Names are compared without case. */
export function normalizeTemplateName(name: string): string {
  return name.normalize("NFC").trim().replace(/\s+/gu, " ");
}

/** The key two names that must not both exist share ("Weekly Review" and "weekly  review" clash). */
export const templateNameKey = (name: string): string => normalizeTemplateName(name).toLowerCase();

/** Prompts as stored: each trimmed to one line, empty ones and repeats left out, in the order given. */
export function normalizePrompts(prompts: readonly string[]): string[] {
  const out: string[] = [];
  for (const p of prompts) {
    const line = p.replace(/\s+/gu, " ").trim();
    if (line && !out.includes(line)) out.push(line);
  }
  return out;
}

/** What the editor needs to know about the template it applied (kept with the draft). */
export interface TemplateGuide {
  body: string;
  prompts: readonly string[];
}

/**
 * The text a template puts in an empty entry: the body (if any), then each prompt on a line of its
 * own followed by an empty line for the answer, paragraphs apart. Ends with a line break, so the cursor
 * can go straight under the last prompt.
 */
export function applyTemplate(t: TemplateGuide): string {
  const parts = [t.body.replace(/\s+$/u, ""), ...t.prompts].filter((p) => p.trim().length > 0);
  return parts.length ? `${parts.join("\n\n")}\n` : "";
}

/**
 * The entry text as it is saved: every guide line left unanswered is taken out.
 *
 * - A prompt line is a line whose text, trimmed, is exactly one of `prompts` (trimmed). A prompt the
 *   person changed is their words and is kept.
 * - A prompt's answer is every line after it up to the next prompt line (or the end).
 * - A prompt whose answer holds no text (only spaces and empty lines) goes, with those empty lines.
 * - Where something went, the empty lines meeting there shrink to one, and empty lines left at the
 *   start or the end go. The rest of the text is kept as it was (lines joined by "\n"); when nothing
 *   went, the text is returned exactly as it was.
 */
export function stripUnansweredPrompts(content: string, prompts: readonly string[]): string {
  const wanted = new Set(prompts.map((p) => p.trim()).filter(Boolean));
  if (!wanted.size || !content) return content;
  const lines = content.split(/\r?\n/u);
  const isPrompt = lines.map((l) => wanted.has(l.trim()));
  const keep = lines.map(() => true);
  let removed = false;
  for (let i = 0; i < lines.length; i++) {
    if (!isPrompt[i]) continue;
    let end = i + 1;
    while (end < lines.length && !isPrompt[end]) end++;
    const answered = lines.slice(i + 1, end).some((l) => l.trim().length > 0);
    if (answered) continue;
    removed = true;
    for (let j = i; j < end; j++) keep[j] = false;
  }
  if (!removed) return content;
  const out: string[] = [];
  let seam = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (!keep[i]) {
      seam = true;
      continue;
    }
    const blank = line.trim() === "";
    if (seam && blank && (out.length === 0 || out[out.length - 1]!.trim() === "")) continue;
    if (!blank) seam = false;
    out.push(line);
  }
  if (seam) while (out.length && out[out.length - 1]!.trim() === "") out.pop();
  return out.join("\n");
}

/** Whether the text is still the template as applied, with no word of the person's in it. */
export function isUntouchedTemplate(content: string, guide: TemplateGuide | null): boolean {
  if (!guide) return false;
  return stripUnansweredPrompts(content, guide.prompts).trim() === guide.body.trim();
}

/** Reads a guide kept with a draft defensively (anything malformed is none). */
export function parseTemplateGuide(raw: unknown): TemplateGuide | null {
  if (!raw || typeof raw !== "object") return null;
  const o = raw as { body?: unknown; prompts?: unknown };
  if (typeof o.body !== "string" || !Array.isArray(o.prompts)) return null;
  return { body: o.body, prompts: o.prompts.filter((p): p is string => typeof p === "string") };
}

/** Templates in the order the person set: by position, then by name. */
export function sortTemplates<T extends { position: number; name: string }>(list: readonly T[]): T[] {
  return [...list].sort((a, b) => a.position - b.position || a.name.localeCompare(b.name));
}

/**
 * The ids in their new order after moving one up (-1) or down (+1); the list as it was when the move
 * would leave it. Positions are then the indexes.
 */
export function moveTemplate(ids: readonly string[], id: string, by: -1 | 1): string[] {
  const i = ids.indexOf(id);
  const j = i + by;
  if (i < 0 || j < 0 || j >= ids.length) return [...ids];
  const out = [...ids];
  [out[i], out[j]] = [out[j]!, out[i]!];
  return out;
}
