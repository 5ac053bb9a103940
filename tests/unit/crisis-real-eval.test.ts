import { readFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { detectRiskLanguage } from "@/domain/crisis";
import {
  evaluateCrisisSet,
  evaluateRealSet,
  keywordBaseline,
  parseJsonl,
  type CrisisEvalItem,
  type RealEvalItem,
} from "@/domain/crisis/eval";

/*
 * The real-writing sets (GoEmotions training split, Demszky et al. 2020, Apache-2.0; labelled by hand before the
 * check ran, README beside them). The figures measured when they were built are held here: recall on the held-out
 * half may not drop, and false alarms on real everyday comments may not rise, beyond a small margin.
 */
const dir = path.resolve(import.meta.dirname, "../fixtures/eval/crisis-real");
const read = (f: string) => readFileSync(path.join(dir, f), "utf8");
const dev = parseJsonl<RealEvalItem>(read("dev.jsonl"));
const held = parseJsonl<RealEvalItem>(read("heldout.jsonl"));
const everyday = parseJsonl<RealEvalItem>(read("everyday.jsonl")).map((i): RealEvalItem => ({
  ...i,
  label: "benign",
  category: "everyday",
}));
const own = (JSON.parse(read("../crisis.json")) as { items: CrisisEvalItem[] }).items;

const count = (items: readonly RealEvalItem[]) => {
  const out: Record<string, number> = {};
  for (const i of items) out[`${i.label}/${i.category}`] = (out[`${i.label}/${i.category}`] ?? 0) + 1;
  return out;
};

beforeAll(() => {
  detectRiskLanguage("warm up");
}, 60_000);

describe("real-writing sets: shape", () => {
  it("holds the labelled comments split in two halves that never overlap, and 5,000 everyday comments", () => {
    expect(dev).toHaveLength(544);
    expect(held).toHaveLength(545);
    expect(everyday).toHaveLength(5000);
    expect(everyday.filter((i) => i.split === "dev")).toHaveLength(2500);
    const ids = [...dev, ...held, ...everyday].map((i) => i.id);
    expect(new Set(ids).size).toBe(ids.length);
    const labels = read("labels.tsv").trim().split("\n").slice(1);
    expect(labels).toHaveLength(dev.length + held.length);
    for (const i of [...dev, ...held]) {
      expect(["risk", "benign", "unclear"]).toContain(i.label);
      expect(i.text.length).toBeGreaterThan(0);
    }
  });

  it("the held-out labels are the ones the figures were measured on (relabelling is a new measurement)", () => {
    expect(count(held)).toEqual({
      "risk/explicit_ideation": 3,
      "risk/passive_ideation": 2,
      "risk/hopelessness_entrapment": 1,
      "risk/self_harm": 1,
      "benign/other": 492,
      "benign/figurative": 28,
      "benign/second_person": 12,
      "benign/recovery": 2,
      "unclear/unclear": 4,
    });
  });
});

describe("real-writing sets: the check holds its measured figures", () => {
  const heldOut = evaluateRealSet(held, detectRiskLanguage);
  const everydayAll = evaluateRealSet(everyday, detectRiskLanguage);
  const everydayHeld = evaluateRealSet(
    everyday.filter((i) => i.split === "heldout"),
    detectRiskLanguage,
  );

  it("recall on the held-out half stays at its measured 3 of 7, above the keyword list's 2", () => {
    // Measured: 3/7 (42.9%); the keyword list 2/7.
    expect(heldOut.total.risk).toBe(7);
    expect(heldOut.total.detected).toBeGreaterThanOrEqual(3);
    expect(heldOut.total.detected).toBeGreaterThan(evaluateRealSet(held, keywordBaseline).total.detected);
  });

  it("false alarms on the held-out half's labelled benign comments stay at most 10 of 534 (measured 8)", () => {
    expect(heldOut.total.benign).toBe(534);
    expect(heldOut.total.alarms, JSON.stringify(heldOut.falseAlarms.length)).toBeLessThanOrEqual(10);
  });

  it("false alarms on real everyday comments stay at most 0.2% (measured 6 of 5,000; 5 of the held-out 2,500)", () => {
    expect(everydayAll.total.alarms).toBeLessThanOrEqual(10);
    expect(everydayHeld.total.alarms).toBeLessThanOrEqual(7);
  });

  it("the own set's benign lines, every group of them, raise no false alarm", () => {
    const report = evaluateCrisisSet(own, detectRiskLanguage);
    for (const [group, g] of Object.entries(report.byCategory)) if (g.benign) expect(g.alarms, group).toBe(0);
    expect(report.total.alarms).toBe(0);
  });
});
