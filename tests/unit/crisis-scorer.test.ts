import { readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { detectRiskLanguage } from "@/domain/crisis";
import { detect } from "@/domain/crisis/detect";
import {
  crisisTrainingItems,
  crossValidate,
  cvBatchOf,
  isDetected,
  CV_BATCHES,
  type CrisisEvalItem,
} from "@/domain/crisis/eval";
import { CRISIS_SCORER_WEIGHTS } from "@/domain/crisis/scorer-weights";
import { compileScorer, scorerRaisesText, trainScorer } from "@/domain/crisis/scorer";

const file = path.resolve(import.meta.dirname, "../fixtures/eval/crisis.json");
const items = (JSON.parse(readFileSync(file, "utf8")) as { items: CrisisEvalItem[] }).items;
const train = (set: readonly CrisisEvalItem[]) => compileScorer(trainScorer(set));

describe("learned scorer: weights", () => {
  it("the committed weights are what training on the set gives (deterministic, up to date) and stay small", () => {
    const real = path.resolve(import.meta.dirname, "../fixtures/eval/crisis-real");
    const training = crisisTrainingItems(
      items,
      readFileSync(path.join(real, "dev.jsonl"), "utf8"),
      readFileSync(path.join(real, "everyday.jsonl"), "utf8"),
    );
    // Never the held-out half of the real comments.
    const heldOut = new Set(
      readFileSync(path.join(real, "heldout.jsonl"), "utf8")
        .split("\n")
        .filter(Boolean)
        .map((l) => (JSON.parse(l) as { text: string }).text),
    );
    expect(training.some((t) => heldOut.has(t.text))).toBe(false);
    expect(training.length).toBeGreaterThan(items.length + 2500);
    expect(trainScorer(training, { vocabulary: items })).toEqual(CRISIS_SCORER_WEIGHTS);
    expect(statSync(path.resolve(import.meta.dirname, "../../models/crisis-scorer.json")).size).toBeLessThan(
      300 * 1024,
    );
  });
});

describe("learned scorer: leave-one-batch-out cross-validation over batches fifteen to twenty-four", () => {
  const perBatch = CV_BATCHES.map((batch) => ({ batch, scorer: train(items.filter((i) => cvBatchOf(i) !== batch)) }));

  it("on its own, finds about a third of each unseen batch's risk lines with few false alarms", () => {
    let risk = 0,
      found = 0,
      benign = 0,
      alarms = 0;
    for (const { batch, scorer } of perBatch) {
      for (const it of items.filter((i) => cvBatchOf(i) === batch)) {
        const hit = scorerRaisesText(it.text, scorer);
        if (it.label === "risk") {
          risk++;
          if (hit) found++;
        } else {
          benign++;
          if (hit) alarms++;
        }
      }
    }
    // Measured: 155/443 (35.0%) recall, 1/294 (0.3%) false alarms.
    expect(risk).toBe(443);
    expect(found / risk).toBeGreaterThanOrEqual(0.32);
    expect(alarms / benign).toBeLessThanOrEqual(0.03);
  });

  it("with the rules, never lowers recall and keeps pooled false alarms at or below 3%", () => {
    const cv = crossValidate(items, train, (t, s) => detect(t, s));
    expect(cv.pooled.combined.detected).toBeGreaterThanOrEqual(cv.pooled.rules.detected);
    expect(cv.pooled.combined.alarms / cv.pooled.combined.benign).toBeLessThanOrEqual(0.03);
    for (const row of cv.rows) expect(row.combined.detected, row.batch).toBeGreaterThanOrEqual(row.rules.detected);
  }, 120_000);
});

describe("learned scorer: what it may raise", () => {
  // A scorer that says yes to every sentence: only the gate and the rules' own verdicts stand in its way.
  const yes = compileScorer({ bias: 100, threshold: 0.5, weights: {} });

  it.each([
    "I read a novel where the hero just wants to disappear forever.",
    "The documentary about people who feel like a burden was hard to watch.",
    "My friend says she can't see a way out anymore.",
    "She told me she feels like nobody would notice if she was gone.",
    "Five years ago I felt like nobody would notice if I was gone.",
    "Back then I used to think everyone would be better off without me.",
    "I would never hurt myself, I have too much to live for.",
    "No thoughts of ending things, just tired.",
    "This commute is killing me.",
    "If I have to sit through one more meeting I'll lose it, lol.",
    "The character in the film wanted it all to stop.",
  ])("never raises: %s", (text) => {
    const r = detect(text, yes);
    expect(r.severity === "moderate" || r.severity === "high").toBe(false);
  });

  it("raises a first-person present line the rules miss, and only to moderate", () => {
    const text = "Honestly I keep thinking it would be easier to not wake up.";
    expect(detect(text, yes).severity).toBe("moderate");
    expect(detect(text, yes).crisis_detected).toBe(false);
  });

  it("never lowers or caps what the rules found", () => {
    for (const text of [
      "I want to kill myself.",
      "I've got the tablets lined up on the shelf.",
      "Cut my wrist again tonight.",
    ]) {
      expect(detect(text, yes)).toEqual(detect(text, null));
      expect(detectRiskLanguage(text).severity).toBe("high");
    }
  });

  it("figurative, reporting, third-party, history and negated benign lines of the unseen batches are not raised", () => {
    for (const { batch, scorer } of CV_BATCHES.map((b) => ({
      batch: b,
      scorer: train(items.filter((i) => cvBatchOf(i) !== b)),
    }))) {
      for (const it of items) {
        if (cvBatchOf(it) !== batch || it.label !== "benign") continue;
        if (!["figurative", "third_party", "history_recovery", "negated", "friend_at_risk"].includes(it.category))
          continue;
        expect(
          isDetected(detect(it.text, scorer).severity) && !isDetected(detect(it.text, null).severity),
          it.text,
        ).toBe(false);
      }
    }
  }, 120_000);
});

describe("the learned scorer leaves everyday lines alone", () => {
  it.each([
    "Something I really want to keep",
    "I want it to stop raining",
    "I really want to keep this one",
    "I want to go away for a while",
    "I just want to rest this weekend",
  ])("%s", (text) => {
    expect(detectRiskLanguage(text).severity).toBe("none");
  });
});
