import { describe, expect, it } from "vitest";
import { combineCrisis, detectRiskLanguage, maxSeverity, shouldOfferSupport } from "@/domain/crisis";

describe("detectRiskLanguage: explicit risk is high", () => {
  it.each([
    "I want to kill myself.",
    "Sometimes I think about ending my life.",
    "I've been having suicidal thoughts again",
    "I don't want to live anymore.",
    "i dont want to be alive",
    "I just want to die.",
    "I've been self-harming again",
    "I hurt myself last night.",
    "I keep thinking about cutting myself",
    "I wish I were dead",
    "Everyone would be better off dead... no, I would be better off dead.",
    "I can't stop thinking about killing myself.",
    "I don't know why, but I want to end it all.",
    "I WANT TO KILL MYSELF",
    "I’m thinking about suicide",
  ])("%s", (text) => {
    expect(detectRiskLanguage(text)).toMatchObject({ crisis_detected: true, severity: "high" });
  });
});

describe("detectRiskLanguage: negated mentions are low, never none", () => {
  it.each([
    "I would never kill myself, but today was hard.",
    "I'm not suicidal, just tired.",
    "I don't want to hurt myself.",
    "I am not going to kill myself.",
    "I won't hurt myself, I promise.",
  ])("%s", (text) => {
    expect(detectRiskLanguage(text)).toMatchObject({ crisis_detected: false, severity: "low" });
  });

  it("a negated mention does not hide an explicit one in another sentence", () => {
    expect(detectRiskLanguage("I'm not suicidal. Actually I want to die.").severity).toBe("high");
  });
});

describe("detectRiskLanguage: hopelessness is moderate, distress is low", () => {
  it.each([
    "I feel hopeless about everything.",
    "There is no way out of this.",
    "I can't go on like this.",
    "Nobody would miss me.",
    "I'm a burden to everyone.",
    "I feel worthless.",
  ])("moderate: %s", (text) => {
    expect(detectRiskLanguage(text)).toMatchObject({ crisis_detected: false, severity: "moderate" });
  });
  it.each(["I'm so overwhelmed with work.", "I feel like I'm falling apart.", "I can't cope with this week."])(
    "low: %s",
    (text) => {
      expect(detectRiskLanguage(text)).toMatchObject({ crisis_detected: false, severity: "low" });
    },
  );
  it.each([
    "What a lovely day at the beach.",
    "This project is killing me, haha.",
    "The battery died on my phone.",
    "I killed it at the presentation today!",
  ])("none: %s", (text) => {
    expect(detectRiskLanguage(text)).toMatchObject({ crisis_detected: false, severity: "none" });
  });
});

describe("combineCrisis: the model can only raise", () => {
  it("keeps the rule's high when the model says none", () => {
    expect(
      combineCrisis({ crisis_detected: true, severity: "high" }, { crisis_detected: false, severity: "none" }),
    ).toEqual({ crisis_detected: true, severity: "high" });
  });
  it("raises to the model's moderate", () => {
    expect(
      combineCrisis({ crisis_detected: false, severity: "low" }, { crisis_detected: false, severity: "moderate" }),
    ).toEqual({ crisis_detected: false, severity: "moderate" });
  });
  it("a model's high or detected makes it detected", () => {
    expect(
      combineCrisis({ crisis_detected: false, severity: "none" }, { crisis_detected: false, severity: "high" }),
    ).toEqual({ crisis_detected: true, severity: "high" });
    expect(
      combineCrisis({ crisis_detected: false, severity: "none" }, { crisis_detected: true, severity: "low" }),
    ).toEqual({ crisis_detected: true, severity: "low" });
  });
  it("ignores a missing or unknown model answer", () => {
    expect(combineCrisis({ crisis_detected: false, severity: "low" }, null)).toEqual({
      crisis_detected: false,
      severity: "low",
    });
    expect(combineCrisis({ crisis_detected: false, severity: "low" }, { severity: "extreme" as never })).toEqual({
      crisis_detected: false,
      severity: "low",
    });
  });
  it("orders severities", () => {
    expect(maxSeverity("low", "moderate")).toBe("moderate");
    expect(maxSeverity("high", "none")).toBe("high");
  });
});

describe("shouldOfferSupport (spec: any detected crisis, or moderate with mood <= 4)", () => {
  it.each([
    [{ crisis_detected: true, severity: "low" }, 9, true],
    [{ crisis_detected: true, severity: "high" }, null, true],
    [{ crisis_detected: false, severity: "high" }, 8, true],
    [{ crisis_detected: false, severity: "moderate" }, 4, true],
    [{ crisis_detected: false, severity: "moderate" }, 3.5, true],
    [{ crisis_detected: false, severity: "moderate" }, 4.1, false],
    [{ crisis_detected: false, severity: "moderate" }, 5, false],
    [{ crisis_detected: false, severity: "moderate" }, null, false],
    [{ crisis_detected: false, severity: "low" }, 1, false],
    [{ crisis_detected: false, severity: "none" }, 1, false],
    [null, 1, false],
  ] as const)("%o with mood %s -> %s", (crisis, mood, expected) => {
    expect(shouldOfferSupport(crisis as never, mood)).toBe(expected);
  });
});
