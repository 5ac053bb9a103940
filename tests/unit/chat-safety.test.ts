import { beforeAll, describe, expect, it } from "vitest";
import type { CrisisCheck } from "@/domain/crisis";
import {
  SAFETY_QUESTION_MARK,
  decideChatSafety,
  isSafetyReply,
  replyGivesMethod,
  safetyReply,
  saysSafe,
  turnsToCheck,
  wordingSeed,
} from "@/domain/crisis/chat-safety";
import { helpFor } from "@/domain/crisis/lines";

const check = (over: Partial<CrisisCheck> = {}): CrisisCheck => ({
  crisis_detected: true,
  severity: "high",
  categories: ["explicit_ideation"],
  concern_for_other: false,
  ...over,
});

describe("the crisis reply", () => {
  it("acknowledges, asks about safety, gives the line and the emergency number, offers the plan", () => {
    const text = safetyReply({ kind: "self", check: check(), help: helpFor("DE"), hasPlan: false, seed: 1 });
    expect(text).toContain("ending your life");
    expect(text).toContain(`Are you ${SAFETY_QUESTION_MARK}`);
    expect(text).toContain("TelefonSeelsorge");
    expect(text).toContain("0800 111 0 111");
    expect(text).toContain("**112**");
    expect(text).toMatch(/safety plan/iu);
    expect(isSafetyReply(text)).toBe(true);
  });

  it("speaks of self-harm as self-harm, and of the person's own plan when they have one", () => {
    const text = safetyReply({
      kind: "self",
      check: check({ categories: ["self_harm"] }),
      help: helpFor("GB"),
      hasPlan: true,
      seed: 3,
    });
    expect(text).toMatch(/hurting yourself/iu);
    expect(text).toMatch(/your safety plan|you made a safety plan/iu);
    expect(text).toContain("116 123");
  });

  it("varies its wording a little, never its substance", () => {
    const texts = new Set(
      Array.from({ length: 12 }, (_, seed) =>
        safetyReply({ kind: "self", check: check(), help: helpFor("AU"), hasPlan: false, seed }),
      ),
    );
    expect(texts.size).toBeGreaterThan(2);
    for (const t of texts) {
      expect(t).toContain("13 11 14");
      expect(t).toContain("000");
      expect(t).toContain(SAFETY_QUESTION_MARK);
    }
  });

  it("without a line for the country, points to the directory and the emergency number", () => {
    const text = safetyReply({ kind: "self", check: check(), help: helpFor(null), hasPlan: false, seed: 0 });
    expect(text).toContain("findahelpline.com");
    expect(text).toContain("112");
  });

  it("for someone else: stay with them, the line, the emergency number", () => {
    const text = safetyReply({
      kind: "other",
      check: check({ severity: "none", crisis_detected: false, categories: [], concern_for_other: true }),
      help: helpFor("US"),
      hasPlan: false,
      seed: 0,
    });
    expect(text).toMatch(/someone you care about/iu);
    expect(text).toMatch(/stay with them/iu);
    expect(text).toContain("988");
    expect(text).toContain("911");
  });

  it("never names a method, whatever the category", () => {
    const cats = [
      "command_hallucinations",
      "self_harm",
      "intent_timing",
      "plan_means",
      "preparatory_acts",
      "explicit_ideation",
      "unbearable_pain",
      "passive_ideation",
      "burdensomeness",
      "hopelessness_entrapment",
    ] as const;
    for (const c of cats) {
      for (let seed = 0; seed < 6; seed++) {
        const text = safetyReply({
          kind: "self",
          check: check({ categories: [c] }),
          help: helpFor("GB"),
          hasPlan: seed % 2 === 0,
          seed,
        });
        expect(text, c).not.toMatch(/pills?|tablets?|rope|bridge|knife|blade|gun|overdose|jump/iu);
        expect(replyGivesMethod(text)).toBe(false);
      }
    }
  });

  it("the seed is stable for a text", () => {
    expect(wordingSeed("abc")).toBe(wordingSeed("abc"));
    expect(wordingSeed("abc")).not.toBe(wordingSeed("abd"));
  });
});

describe("which turns are read", () => {
  // The first check builds the rules once; on a busy machine that alone can take seconds.
  beforeAll(() => {
    decideChatSafety([], "warm-up");
  }, 60_000);

  it("the person's turns since the last crisis reply, then the new message", () => {
    const history = [
      { role: "user" as const, content: "one" },
      { role: "assistant" as const, content: `Are you ${SAFETY_QUESTION_MARK}` },
      { role: "user" as const, content: "two" },
      { role: "assistant" as const, content: "ok" },
    ];
    expect(turnsToCheck(history, "three")).toEqual(["two", "three"]);
    expect(turnsToCheck([], "only")).toEqual(["only"]);
  });

  it("'I'm safe' is told apart from 'not safe' and from a no", () => {
    expect(saysSafe("Yes, I'm safe")).toBe(true);
    expect(saysSafe("yes")).toBe(true);
    expect(saysSafe("I am safe for now")).toBe(true);
    expect(saysSafe("I'm okay now")).toBe(true);
    expect(saysSafe("I'm fine, my brother is here")).toBe(true);
    expect(saysSafe("I'm not safe")).toBe(false);
    expect(saysSafe("no")).toBe(false);
    expect(saysSafe("idk")).toBe(false);
  });

  it("an ordinary conversation needs no safety reply", () => {
    expect(decideChatSafety([], "We went to the beach and ate ice cream.").kind).toBeNull();
  });

  it("explicit risk in the new message gets one", () => {
    expect(decideChatSafety([], "I want to kill myself.").kind).toBe("self");
  });
});

describe("a model reply that gives methods or means", () => {
  it.each([
    "The lethal dose of paracetamol is around 10 grams.",
    "Here is the most painless way to die that people mention.",
    "You could learn how to tie a noose from a video.",
    "Taking 40 tablets of your medication would do it.",
    "Some suicide methods are more common than others.",
    "You would need enough pills to stop your heart.",
    "Carbon monoxide from a car in a closed garage is one option.",
  ])("is caught: %s", (text) => {
    expect(replyGivesMethod(text)).toBe(true);
  });

  it.each([
    "That sounds like a really hard day. What helped you get through it?",
    "I'm glad you took your 20 mg this morning, keeping a routine helps.",
    "Please call 116 123 to talk to Samaritans, any time.",
    "The bridge over the river sounds beautiful at sunset.",
    "It is okay to rest. Would you like to write about it?",
  ])("passes: %s", (text) => {
    expect(replyGivesMethod(text)).toBe(false);
  });
});
