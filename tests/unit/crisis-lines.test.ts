import { describe, expect, it } from "vitest";
import {
  CRISIS_COUNTRIES,
  HELPLINE_DIRECTORY_URL,
  INTERNATIONAL_HELP,
  helpFor,
  isCrisisCountry,
  primaryLine,
} from "@/domain/crisis/lines";
import {
  CRISIS_COUNTRY_OPTIONS,
  countryFromLanguage,
  countryFromTimeZone,
  pickCrisisCountry,
} from "@/domain/crisis/country";

const lineOf = (hints: Parameters<typeof pickCrisisCountry>[0]) =>
  primaryLine(helpFor(pickCrisisCountry(hints).country))?.display ?? null;

describe("the table of crisis lines", () => {
  it("holds at least 40 countries, each once", () => {
    expect(CRISIS_COUNTRIES.length).toBeGreaterThanOrEqual(40);
    const codes = CRISIS_COUNTRIES.map((c) => c.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of codes) expect(code).toMatch(/^[A-Z]{2}$/u);
  });

  it.each(CRISIS_COUNTRIES.map((c) => [c.code, c] as const))(
    "%s has a source, a check date and dialable numbers",
    (_code, c) => {
      expect(c.name.trim()).not.toBe("");
      expect(c.source).toMatch(/^https:\/\/[a-z0-9.-]+\.[a-z]{2,}(?:\/\S*)?$/u);
      expect(c.checked).toMatch(/^\d{4}-\d{2}-\d{2}$/u);
      expect(Number.isNaN(Date.parse(c.checked))).toBe(false);
      expect(c.emergency.tel).toMatch(/^\d{3,4}$/u);
      const numbers = c.line ? c.line.phones : [];
      if (c.line) {
        expect(c.line.name.trim()).not.toBe("");
        expect(numbers.length).toBeGreaterThan(0);
      } else {
        // Without a dedicated line, the directory is the honest answer.
        expect(c.source).toBe(HELPLINE_DIRECTORY_URL);
      }
      for (const n of numbers) {
        expect(n.tel).toMatch(/^\*?\+?\d{3,15}$/u);
        expect(n.display.replace(/[^\d*+]/gu, "")).toBe(n.tel);
      }
    },
  );

  it("carries the lines the product promises", () => {
    expect(primaryLine(helpFor("GB"))?.display).toBe("116 123");
    expect(helpFor("GB").line?.name).toBe("Samaritans");
    expect(primaryLine(helpFor("DE"))?.display).toBe("0800 111 0 111");
    expect(helpFor("DE").line?.name).toBe("TelefonSeelsorge");
    expect(primaryLine(helpFor("FR"))?.display).toBe("3114");
    expect(primaryLine(helpFor("AU"))?.display).toBe("13 11 14");
    expect(helpFor("AU").line?.name).toBe("Lifeline");
    expect(primaryLine(helpFor("US"))?.tel).toBe("988");
    expect(primaryLine(helpFor("CA"))?.tel).toBe("988");
    for (const code of [
      "IE",
      "NZ",
      "IN",
      "ES",
      "IT",
      "PT",
      "BR",
      "MX",
      "NL",
      "BE",
      "CH",
      "AT",
      "SE",
      "NO",
      "DK",
      "FI",
      "PL",
      "JP",
      "KR",
      "ZA",
    ]) {
      expect(isCrisisCountry(code), code).toBe(true);
      expect(primaryLine(helpFor(code)), code).not.toBeNull();
    }
  });

  it("an unknown country gets the international answer", () => {
    expect(helpFor("XX")).toBe(INTERNATIONAL_HELP);
    expect(helpFor(null)).toBe(INTERNATIONAL_HELP);
    expect(INTERNATIONAL_HELP.line).toBeNull();
    expect(INTERNATIONAL_HELP.source).toBe(HELPLINE_DIRECTORY_URL);
    expect(helpFor("gb").code).toBe("GB");
  });

  it("lists every country for Settings, by name", () => {
    expect(CRISIS_COUNTRY_OPTIONS).toHaveLength(CRISIS_COUNTRIES.length);
    const names = CRISIS_COUNTRY_OPTIONS.map((o) => o.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, "en")));
  });
});

describe("picking the country", () => {
  it.each([
    [["en-GB"], "Europe/London", "116 123"],
    [["de-DE", "de"], "Europe/Berlin", "0800 111 0 111"],
    [["fr-FR", "fr"], "Europe/Paris", "3114"],
    [["en-AU"], "Australia/Sydney", "13 11 14"],
    [["en-US", "en"], "America/New_York", "988"],
  ])("%j in %s -> %s", (languages, timeZone, expected) => {
    expect(lineOf({ languages, timeZone })).toBe(expected);
  });

  it.each([
    [["en-GB"], "116 123"],
    [["de-DE"], "0800 111 0 111"],
    [["fr-FR"], "3114"],
    [["en-AU"], "13 11 14"],
    [["en-US"], "988"],
  ])("from the language alone when the zone says nothing (%j)", (languages, expected) => {
    expect(lineOf({ languages, timeZone: "UTC" })).toBe(expected);
    expect(lineOf({ languages })).toBe(expected);
  });

  it.each([
    ["Europe/Berlin", "DE"],
    ["Europe/Zurich", "CH"],
    ["Australia/Perth", "AU"],
    ["America/Los_Angeles", "US"],
    ["America/Indiana/Indianapolis", "US"],
    ["America/Toronto", "CA"],
    ["America/Argentina/Cordoba", "AR"],
    ["Asia/Kolkata", "IN"],
    ["Pacific/Auckland", "NZ"],
    ["Africa/Johannesburg", "ZA"],
    ["America/Sao_Paulo", "BR"],
    ["Asia/Tokyo", "JP"],
  ])("the time zone alone: %s -> %s", (timeZone, code) => {
    expect(countryFromTimeZone(timeZone)).toBe(code);
    expect(pickCrisisCountry({ languages: [], timeZone })).toEqual({ country: code, source: "time zone" });
  });

  it("the time zone says where the device is, over the language it speaks", () => {
    expect(pickCrisisCountry({ languages: ["en-US", "en"], timeZone: "Europe/Berlin" })).toEqual({
      country: "DE",
      source: "time zone",
    });
  });

  it("the setting wins over every guess; an unknown setting is ignored", () => {
    expect(pickCrisisCountry({ override: "ie", languages: ["en-GB"], timeZone: "Europe/London" })).toEqual({
      country: "IE",
      source: "setting",
    });
    expect(lineOf({ override: "AU", languages: ["de-DE"], timeZone: "Europe/Berlin" })).toBe("13 11 14");
    expect(pickCrisisCountry({ override: "ZZ", languages: ["en-GB"], timeZone: "UTC" })).toEqual({
      country: "GB",
      source: "language",
    });
  });

  it("a language spoken mainly in one country helps when nothing else does", () => {
    expect(pickCrisisCountry({ languages: ["ja"], timeZone: "UTC" }).country).toBe("JP");
    expect(pickCrisisCountry({ languages: ["en"], timeZone: "UTC" })).toEqual({ country: null, source: "none" });
    expect(pickCrisisCountry({ languages: ["es"], timeZone: "Etc/GMT+3" }).country).toBeNull();
  });

  it("reads the region from any position of the tag, ignoring unknown regions", () => {
    expect(countryFromLanguage("zh-Hant-TW")).toBe("TW");
    expect(countryFromLanguage("es_MX")).toBe("MX");
    expect(countryFromLanguage("es-419")).toBeNull();
    expect(countryFromLanguage("en-XX")).toBeNull();
    expect(pickCrisisCountry({ languages: ["en-XX", "pt-BR"] }).country).toBe("BR");
  });

  it("every zone the table maps lands on a row of the table", () => {
    for (const tz of Intl.supportedValuesOf("timeZone")) {
      const c = countryFromTimeZone(tz);
      if (c) expect(isCrisisCountry(c), tz).toBe(true);
    }
  });
});
