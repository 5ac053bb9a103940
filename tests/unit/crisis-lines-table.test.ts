import { describe, expect, it } from "vitest";
import { lineSentence, emergencySentence } from "@/domain/crisis/chat-safety";
import {
  ALWAYS_OPEN,
  CRISIS_COUNTRIES,
  HELPLINE_DIRECTORY_URL,
  LINE_COSTS,
  LINE_REACHES,
  LINES_CHECKED,
  costLabel,
  helpFor,
  hoursLabel,
  lineAlwaysOpenAndFree,
  phoneFacts,
  phoneFactsLine,
  phoneFactsPhrase,
  primaryLine,
  reachLabel,
  type PhoneNumber,
} from "@/domain/crisis/lines";
import { readCrisisTally, tallyWords } from "@/domain/crisis/tally";

const URL_RE = /^https?:\/\/[a-z0-9.-]+\.[a-z]{2,}(?:\/\S*)?$/u;

/** Every number of a row: the line's, the emergency number and the other emergency numbers. */
const numbersOf = (c: (typeof CRISIS_COUNTRIES)[number]): PhoneNumber[] => [
  ...(c.line?.phones ?? []),
  c.emergency,
  ...(c.moreEmergency ?? []),
];

describe("the shape of every row of the crisis-line table", () => {
  it.each(CRISIS_COUNTRIES.map((c) => [c.code, c] as const))("%s", (_code, c) => {
    // A source and the date it was checked.
    expect(c.source).toMatch(/^https:\/\//u);
    expect(c.source).toMatch(URL_RE);
    expect(c.checked).toMatch(/^\d{4}-\d{2}-\d{2}$/u);
    expect(Number.isNaN(Date.parse(c.checked))).toBe(false);
    for (const e of c.evidence ?? []) expect(e).toMatch(URL_RE);
    if (!c.line) expect(c.source).toBe(HELPLINE_DIRECTORY_URL);
    for (const n of numbersOf(c)) {
      // Well formed: the dialled digits are the shown digits.
      expect(n.tel, n.display).toMatch(/^\*?\+?\d{3,15}$/u);
      expect(n.display.replace(/[^\d*+]/gu, "")).toBe(n.tel);
      // Hours: "24/7" or when it answers, in words.
      expect(n.hours.trim(), n.display).not.toBe("");
      if (n.hours !== ALWAYS_OPEN) expect(n.hours, n.display).not.toMatch(/24\s*\/\s*7/u);
      // Cost and reach from the allowed sets.
      expect(LINE_COSTS).toContain(n.cost);
      expect(LINE_REACHES).toContain(n.reach);
      if (n.unconfirmed !== undefined) expect(n.unconfirmed.trim()).toMatch(/\.$/u);
    }
    if (c.line?.text) expect(c.line.text.hours.trim()).not.toBe("");
  });

  it("every row was checked against the audit", () => {
    for (const c of CRISIS_COUNTRIES) expect(c.checked, c.code).toBe(LINES_CHECKED);
  });
});

describe("what the audit of 2026-11-27 found", () => {
  it("Italy: WhatsApp Amico is 324 011 7252, 18:00–21:00 only; the voice line 9–24 at the caller's rate", () => {
    const it_ = helpFor("IT");
    expect(it_.line?.text?.says).toContain("324 011 7252");
    expect(it_.line?.text?.says).not.toContain("345 036 1628");
    expect(it_.line?.text?.hours).toBe("18:00–21:00 only");
    const voice = it_.line!.phones[0]!;
    expect(voice.display).toBe("02 2327 2327");
    expect(voice.hours).toBe("9:00–24:00 every day");
    expect(voice.cost).toBe("caller's rate");
  });

  it("lines that are not open around the clock say so", () => {
    expect(helpFor("DK").line!.phones[0]!.hours).not.toBe(ALWAYS_OPEN);
    expect(helpFor("DK").line!.phones[0]!.unconfirmed).toMatch(/not confirmed/u);
    const inochi = helpFor("JP").line!.phones.find((n) => n.tel === "0120783556")!;
    expect(inochi.hours).toMatch(/^16:00–21:00 every day/u);
    expect(helpFor("JP").line!.phones[0]!.hours).toBe(ALWAYS_OPEN);
    for (const n of helpFor("AR").line!.phones.filter((n) => n.tel !== "08009990091"))
      expect(n.hours).not.toBe(ALWAYS_OPEN);
    expect(helpFor("CZ").line!.phones[0]!.hours).toMatch(/weekends and holidays not confirmed/u);
    expect(helpFor("PT").line!.phones[1]!.hours).toBe("15:30–00:30 every day");
  });

  it("lines charged at the caller's rate say so", () => {
    expect(helpFor("FI").line!.phones[0]!.cost).toBe("caller's rate");
    expect(helpFor("AR").line!.phones.find((n) => n.tel === "01152751135")!.cost).toBe("caller's rate");
    expect(helpFor("IT").line!.phones[0]!.cost).toBe("caller's rate");
  });

  it("numbers that reach only mobiles or part of the country say so", () => {
    expect(helpFor("UA").line!.phones[0]!.reach).toBe("mobile only");
    expect(helpFor("CL").line!.phones[0]!.reach).toBe("mobile only");
    expect(helpFor("ZA").emergency.reach).toBe("mobile only");
    expect(helpFor("ZA").moreEmergency!.map((n) => n.tel)).toEqual(["10111", "10177"]);
    expect(helpFor("ID").emergency.reach).toBe("part of the country");
    expect(helpFor("AR").emergency.reach).toBe("part of the country");
  });

  it("Indonesia shows 119 and 110 beside 112; Malaysia's number is marked as not confirmed", () => {
    expect(helpFor("ID").moreEmergency!.map((n) => [n.tel, n.label])).toEqual([
      ["119", "ambulance"],
      ["110", "police"],
    ]);
    expect(helpFor("ID").line).toBeNull();
    expect(helpFor("MY").line!.phones[0]!.unconfirmed).toMatch(/could not be confirmed/u);
  });

  it("adds China's 12356, Colombia's 106, and lines for Kenya and Nigeria, each with a source", () => {
    expect(primaryLine(helpFor("CN"))?.tel).toBe("12356");
    expect(primaryLine(helpFor("CN"))?.hours).toMatch(/18 hours/u);
    expect(primaryLine(helpFor("CO"))?.tel).toBe("106");
    expect(primaryLine(helpFor("CO"))?.unconfirmed).toMatch(/not confirmed/u);
    expect(helpFor("KE").line!.phones.map((n) => n.tel)).toEqual(["+254722178177", "1199"]);
    for (const n of helpFor("KE").line!.phones) expect(n.unconfirmed).toBeTruthy();
    expect(primaryLine(helpFor("NG"))?.tel).toBe("08000787746");
    expect(primaryLine(helpFor("NG"))?.hours).toBe("Hours not confirmed");
    for (const code of ["CN", "CO", "KE", "NG"]) expect(helpFor(code).source).not.toBe(HELPLINE_DIRECTORY_URL);
  });
});

describe("hours, cost and reach in words", () => {
  it("labels each value", () => {
    expect(hoursLabel(ALWAYS_OPEN)).toBe("Open 24/7");
    expect(hoursLabel("18:00–21:00 only")).toBe("18:00–21:00 only");
    expect(costLabel("free")).toBe("Free to call");
    expect(costLabel("caller's rate")).toBe("Charged at your normal call rate");
    expect(costLabel("not confirmed")).toBe("Cost not confirmed");
    expect(reachLabel({ reach: "nationwide" })).toBeNull();
    expect(reachLabel({ reach: "mobile only" })).toBe("From a mobile phone only");
    expect(reachLabel({ reach: "mobile only", note: "not from abroad" })).toBe(
      "From a mobile phone only, not from abroad",
    );
    expect(reachLabel({ reach: "part of the country" })).toBe("In part of the country only");
    expect(reachLabel({ reach: "part of the country", note: "in Bogotá" })).toBe("In Bogotá");
  });

  it("gives every number its hours and cost, and its reach where limited", () => {
    expect(phoneFactsLine(helpFor("GB").line!.phones[0]!)).toBe("Open 24/7 · Free to call");
    expect(phoneFacts(helpFor("UA").line!.phones[0]!)).toEqual([
      "Open 24/7",
      "Free to call",
      "From a mobile phone only, not from a landline or from abroad",
    ]);
    expect(phoneFactsPhrase(helpFor("FI").line!.phones[0]!)).toBe("open 24/7, charged at your normal call rate");
    for (const c of CRISIS_COUNTRIES)
      for (const n of c.line?.phones ?? []) expect(phoneFacts(n).length, n.display).toBeGreaterThanOrEqual(2);
  });

  it("puts first a number that is open 24/7 where the line has one", () => {
    expect(primaryLine(helpFor("AR"))?.tel).toBe("08009990091");
    expect(primaryLine(helpFor("JP"))?.tel).toBe("0120279338");
    expect(primaryLine(helpFor("IT"))?.tel).toBe("0223272327");
    expect(primaryLine(helpFor("GB"))?.tel).toBe("116123");
    expect(primaryLine(helpFor("RO"))).toBeNull();
  });

  it("only a line open 24/7, free and confirmed counts as such", () => {
    expect(lineAlwaysOpenAndFree(helpFor("GB"))).toBe(true);
    for (const code of ["IT", "FI", "DK", "JP", "AR", "CZ", "MY", "KE", "RO"])
      expect(lineAlwaysOpenAndFree(helpFor(code)), code).toBe(false);
  });
});

describe("the chat's words about a line never make it look open when it is closed", () => {
  it.each(CRISIS_COUNTRIES.filter((c) => c.line).map((c) => [c.code, c] as const))("%s", (_code, c) => {
    const sentence = lineSentence(c);
    expect(sentence).not.toMatch(/free and confidential/u);
    const first = primaryLine(c)!;
    expect(sentence).toContain(`**${first.display}**`);
    expect(sentence).toContain(phoneFactsPhrase(first));
    if (first.unconfirmed) expect(sentence).toContain(first.unconfirmed);
  });

  it("Italy's reply gives the hours and the rate", () => {
    const s = lineSentence(helpFor("IT"));
    expect(s).toContain("9:00–24:00 every day, charged at your normal call rate");
    expect(s).toContain("WhatsApp Amico: 324 011 7252, 18:00–21:00 only");
  });

  it("the emergency sentence says where 112 does not reach and what to call instead", () => {
    expect(emergencySentence(helpFor("ZA"))).toBe(
      "If you're in danger right now, call **112** (from a mobile phone only), or **10111** (police, from a landline) or **10177** (ambulance, from a landline).",
    );
    expect(emergencySentence(helpFor("GB"))).toBe("If you're in danger right now, call **999**.");
  });
});

describe("the tally in words", () => {
  it("reads only year keys with whole counts, newest first", () => {
    expect(
      readCrisisTally({
        "crisis_referrals.2025": "2",
        "crisis_referrals.2026": "3",
        "crisis_referrals.x": "4",
        "crisis_referrals.2024": "I want to die",
        ai_model: "local/offline",
      }),
    ).toEqual([
      { year: 2026, count: 3 },
      { year: 2025, count: 2 },
    ]);
    expect(tallyWords({ year: 2026, count: 3 })).toBe("2026: 3 times");
    expect(tallyWords({ year: 2026, count: 1 })).toBe("2026: once");
  });
});

describe("the light list of the table's countries", () => {
  it("names exactly the table's countries, with the table's names", async () => {
    const { CRISIS_COUNTRIES } = await import("@/domain/crisis/lines");
    const { CRISIS_COUNTRY_NAMES, isCrisisCountry } = await import("@/domain/crisis/line-countries");
    expect(CRISIS_COUNTRY_NAMES).toEqual(Object.fromEntries(CRISIS_COUNTRIES.map((c) => [c.code, c.name])));
    expect(isCrisisCountry("it")).toBe(true);
    expect(isCrisisCountry("XX")).toBe(false);
    expect(isCrisisCountry("constructor")).toBe(false);
  });
});
