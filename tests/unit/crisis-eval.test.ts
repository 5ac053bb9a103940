import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CRISIS_CATEGORIES, detectRiskLanguage } from "@/domain/crisis";
import { evaluateCrisisSet, type CrisisEvalItem } from "@/domain/crisis/eval";

const file = path.resolve(import.meta.dirname, "../fixtures/eval/crisis.json");
const items = (JSON.parse(readFileSync(file, "utf8")) as { items: CrisisEvalItem[] }).items;
const report = evaluateCrisisSet(items, detectRiskLanguage);
const LANGS = ["en", "es", "fr", "de", "pt", "it"];

describe("crisis evaluation set: shape", () => {
  it("holds at least 250 risk and 250 benign items, each well formed", () => {
    expect(report.total.risk).toBeGreaterThanOrEqual(250);
    expect(report.total.benign).toBeGreaterThanOrEqual(250);
    for (const item of items) {
      expect(item.text.trim().length).toBeGreaterThan(3);
      expect(["risk", "benign"]).toContain(item.label);
      expect(LANGS).toContain(item.lang);
      if (item.label === "risk") expect(CRISIS_CATEGORIES).toContain(item.category);
    }
    expect(new Set(items.map((i) => i.text)).size).toBe(items.length);
  });

  it("covers every category and every language with risk items, and each kind of benign context", () => {
    for (const c of CRISIS_CATEGORIES) expect(report.byCategory[c]?.risk ?? 0, c).toBeGreaterThanOrEqual(15);
    for (const l of LANGS) expect(report.byLang[l]?.risk ?? 0, l).toBeGreaterThanOrEqual(12);
    for (const b of [
      "figurative",
      "third_party",
      "history_recovery",
      "friend_at_risk",
      "hard_day",
      "everyday",
      "negated",
    ]) {
      expect(report.byCategory[b]?.benign ?? 0, b).toBeGreaterThanOrEqual(10);
    }
  });

  it("includes the issue's own examples, both ways", () => {
    const label = (t: string) => items.find((i) => i.text === t)?.label;
    expect(label("I've got the tablets lined up on the shelf.")).toBe("risk");
    expect(label("I said my goodbyes to everyone at work today, quietly.")).toBe("risk");
    expect(label("Sat in the car in the garage with the engine on for a while.")).toBe("risk");
    expect(label("Cut my wrist again tonight.")).toBe("risk");
    expect(label("A podcast about suicide prevention made me call my brother.")).toBe("benign");
    expect(label("I read a novel about a girl who wanted to die, beautiful book.")).toBe("benign");
    expect(label("Five years ago I was suicidal; today I'm grateful I stayed.")).toBe("benign");
    expect(label("This commute is killing me.")).toBe("benign");
  });
});

describe("crisis evaluation set: the built-in check", () => {
  const rate = (n: number, d: number) => (d ? n / d : 1);

  it("recall is at least 95% and false alarms at most 3%", () => {
    expect(
      rate(report.total.detected, report.total.risk),
      JSON.stringify(report.misses, null, 1),
    ).toBeGreaterThanOrEqual(0.95);
    expect(
      rate(report.total.alarms, report.total.benign),
      JSON.stringify(report.falseAlarms, null, 1),
    ).toBeLessThanOrEqual(0.03);
  });

  it("the later batches (written after the rules) hold the same bar", () => {
    expect(report.holdout.risk).toBeGreaterThanOrEqual(100);
    expect(rate(report.holdout.detected, report.holdout.risk)).toBeGreaterThanOrEqual(0.95);
    expect(rate(report.holdout.alarms, report.holdout.benign)).toBeLessThanOrEqual(0.03);
  });

  it("no category and no language is left behind", () => {
    for (const c of CRISIS_CATEGORIES)
      expect(rate(report.byCategory[c].detected, report.byCategory[c].risk), c).toBeGreaterThanOrEqual(0.9);
    for (const l of LANGS)
      expect(rate(report.byLang[l].detected, report.byLang[l].risk), l).toBeGreaterThanOrEqual(0.9);
    for (const [name, g] of Object.entries(report.byCategory))
      if (g.benign) expect(rate(g.alarms, g.benign), name).toBeLessThanOrEqual(0.1);
  });

  it("a friend at risk sets concern_for_other and is never a first-person high", () => {
    for (const item of items.filter((i) => i.category === "friend_at_risk" && i.lang === "en")) {
      const r = detectRiskLanguage(item.text);
      expect(r.severity, item.text).not.toBe("high");
      expect(r.concern_for_other, item.text).toBe(true);
    }
  });

  it("risk items name a category", () => {
    for (const item of items.filter((i) => i.label === "risk")) {
      const r = detectRiskLanguage(item.text);
      if (r.severity === "moderate" || r.severity === "high") expect(r.categories.length, item.text).toBeGreaterThan(0);
    }
  });
});
