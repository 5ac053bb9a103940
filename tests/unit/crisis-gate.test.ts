import { readFileSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { detect, GATE, RULES } from "@/domain/crisis/detect";
import { parseJsonl } from "@/domain/crisis/eval";
import { requiredLiterals, RuleGate } from "@/domain/crisis/gate";
import { normalize } from "@/domain/crisis/text";

const EVAL = path.resolve(import.meta.dirname, "../fixtures/eval");
const texts: string[] = [
  ...(JSON.parse(readFileSync(path.join(EVAL, "crisis.json"), "utf8")) as { items: { text: string }[] }).items.map(
    (i) => i.text,
  ),
  ...["dev", "heldout", "everyday"].flatMap((split) =>
    parseJsonl<{ text: string }>(readFileSync(path.join(EVAL, "crisis-real", `${split}.jsonl`), "utf8")).map(
      (i) => i.text,
    ),
  ),
];

/** Rules that match a normalized text, found the slow way: every rule scanned. */
const SCANNERS = RULES.map((rule) => new RegExp(rule.re.source, "g"));

function matching(norm: string): number[] {
  const out: number[] = [];
  SCANNERS.forEach((re, k) => {
    re.lastIndex = 0;
    for (let m = re.exec(norm); m; m = re.exec(norm)) {
      if (m[0].length > 0) {
        out.push(k);
        return;
      }
      re.lastIndex++;
    }
  });
  return out;
}

describe("required literals of a pattern", () => {
  it("names what every match must contain, and nothing for optional or zero-width parts", () => {
    expect(requiredLiterals("\\b(?:kill myself|end it all)\\b")?.sort()).toEqual(["end it all", "kill myself"]);
    // A group in a sequence: its own literals are required; the sequence picks the rarer choice.
    expect(requiredLiterals("\\bi (?:want|need) to (?:die|disappear)\\b")?.sort()).toEqual(["die", "disappear"]);
    expect(requiredLiterals("(?:pills?|tablets)")?.sort()).toEqual(["pill", "tablets"]);
    expect(requiredLiterals("overdos\\w*")).toEqual(["overdos"]);
    // One alternative with no literal of its own leaves the whole pattern ungated.
    expect(requiredLiterals("(?:rope|[a-z]+)")).toBeNull();
    expect(requiredLiterals("(?:rope|[a-z]+ing)")?.sort()).toEqual(["ing", "rope"]);
    expect(requiredLiterals("(?:bridge)?[a-z]{2,}")).toBeNull();
    expect(requiredLiterals("(?=noose)[a-z]+")).toBeNull();
    expect(requiredLiterals("x", "gi")).toBeNull();
  });
});

describe("the rule gate", () => {
  it("reads literals for nearly every rule, and skips most rules on ordinary text", () => {
    expect(GATE.size).toBe(RULES.length);
    expect(GATE.ungated).toBeLessThanOrEqual(3);
    const diary = normalize(
      "Woke up early and made coffee. Work was fine, a long meeting, then lunch with Priya by the river. " +
        "The kids played until it got dark and then we had pizza.",
    );
    const open = GATE.open(diary).reduce((a, b) => a + b, 0);
    expect(open).toBeLessThan(RULES.length / 4);
  });

  it(`never shuts out a rule that matches, on every evaluation text (${texts.length})`, () => {
    let matched = 0;
    for (const text of texts) {
      const norm = normalize(text);
      const open = GATE.open(norm);
      for (const k of matching(norm)) {
        matched++;
        expect(open[k], `${RULES[k].kind} on "${text}"`).toBe(1);
      }
    }
    expect(matched).toBeGreaterThan(2000);
  }, 120_000);

  it("gives the same reading as scanning every rule, on every evaluation text", () => {
    for (const text of texts) expect(detect(text), text).toEqual(detect(text, undefined, null));
  }, 120_000);

  it("never shuts out a matching rule on random text made of the rules' own words (property)", () => {
    const vocabulary = [
      ...new Set(
        RULES.flatMap((r) => r.re.source.match(/[a-z\u00c0-\u024f]{2,}/g) ?? []).concat(
          "i im my me you the a to and tonight pills rope gun 357 9mm".split(" "),
        ),
      ),
    ];
    const separators = [" ", " ", " ", ", ", ". ", "\n", " and ", " i "];
    let hits = 0;
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom(...vocabulary), fc.constantFrom(...separators)), {
          minLength: 1,
          maxLength: 24,
        }),
        (parts) => {
          const norm = normalize(parts.map(([w, s]) => w + s).join(""));
          const open = GATE.open(norm);
          for (const k of matching(norm)) {
            hits++;
            expect(open[k]).toBe(1);
          }
        },
      ),
      { numRuns: 2000 },
    );
    expect(hits).toBeGreaterThan(500);
  }, 120_000);

  it("handles characters outside the basic plane and patterns in other scripts", () => {
    const gate = new RuleGate([/\bпомогите\b/, /💔 alone/, /plain/]);
    expect([...gate.open("мне нужно помогите")]).toEqual([1, 0, 0]);
    expect([...gate.open("so 💔 alone tonight")]).toEqual([0, 1, 0]);
    expect([...gate.open("𝒳 plain")]).toEqual([0, 0, 1]);
  });
});
