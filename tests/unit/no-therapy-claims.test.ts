import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * No therapy language: nothing in the app's text, its prompts or the README claims that Reverie offers
 * therapy, diagnosis or treatment. Every sentence of src/ and README.md that uses such a word must say
 * that Reverie is NOT that, or be one of the few allowed uses below (a field name of the spec, the
 * person's own words that the app reads, the person's own contacts).
 */

const ROOT = path.resolve(import.meta.dirname, "../..");
const TERMS = /therap|diagnos|treatment/iu;

/** Folders and files whose words are what people write (patterns to read their text), not the app's claims. */
const READS_THE_PERSON: readonly string[] = [
  "src/generated/",
  "src/domain/crisis/", // the crisis check's lexicons: "before therapy", "a terminal diagnosis"
  "src/server/ai/offline/themes.ts", // theme words found in entries
  "src/server/ai/offline/mood.ts", // life events read in entries ("diagnosed with")
  "src/domain/memory.ts", // the people a memory fact may name ("my therapist Jo")
];

/** Uses that are not claims: the spec's field name, and the person's own therapist in their safety plan. */
const ALLOWED_PHRASES: readonly RegExp[] = [
  /therapeutic_insights/giu,
  /my doctor, therapist/giu,
  /\|therapist\|/giu, // the offline companion reads "are you a therapist?"
  /a diagnosis, a breakup/giu, // life events the offline analyzer reads in entries
];

/** A sentence that says Reverie is not such a thing. */
const DENIAL =
  /\b(?:not|never|no|nor|isn'?t|is not|does not|doesn'?t|do not|don'?t|without)\b[^.;]{0,60}\b(?:therap|diagnos|treatment)/iu;

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = path.join(dir, name);
    return statSync(p).isDirectory() ? files(p) : /\.(?:tsx?|mdx?|css|json)$/u.test(name) ? [p] : [];
  });
}

/** The sentences of a text that use one of the words and neither deny it nor are allowed. */
export function claims(text: string): string[] {
  let t = text.replace(/\s+/gu, " ");
  for (const re of ALLOWED_PHRASES) t = t.replace(re, " ");
  return t
    .split(/(?<=[.!?])\s+|[`"'{}]/u)
    .filter((s) => TERMS.test(s) && !DENIAL.test(s))
    .map((s) => s.trim().slice(0, 200));
}

describe("no therapy language", () => {
  it("the scan finds a claim, and lets a denial through", () => {
    expect(claims("Reverie offers therapy for anxiety.")).toHaveLength(1);
    expect(claims("Your AI therapist, always there.")).toHaveLength(1);
    expect(claims("Get a diagnosis in seconds.")).toHaveLength(1);
    expect(claims("A treatment plan for your moods.")).toHaveLength(1);
    expect(claims("It is not a medical or therapeutic tool.")).toEqual([]);
    expect(claims("You are not a therapist and do not diagnose.")).toEqual([]);
  });

  it("src/ and the README make no claim of therapy, diagnosis or treatment", () => {
    const found: string[] = [];
    for (const file of [...files(path.join(ROOT, "src")), path.join(ROOT, "README.md")]) {
      const rel = path.relative(ROOT, file).split(path.sep).join("/");
      if (READS_THE_PERSON.some((p) => rel.startsWith(p))) continue;
      for (const c of claims(readFileSync(file, "utf8"))) found.push(`${rel}: ${c}`);
    }
    expect(found).toEqual([]);
  });
});
