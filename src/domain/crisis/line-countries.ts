/**
 * The countries of the crisis-line table (./lines.ts), by code, with their names in English. Small on
 * purpose: code that only checks or lists a country (the contracts, the country setting) reads this and
 * does not load the whole table with its numbers, hours and sources. A unit test holds it equal to the
 * table.
 */
export const CRISIS_COUNTRY_NAMES: Readonly<Record<string, string>> = {
  US: "United States",
  CA: "Canada",
  GB: "United Kingdom",
  IE: "Ireland",
  AU: "Australia",
  NZ: "New Zealand",
  DE: "Germany",
  AT: "Austria",
  CH: "Switzerland",
  FR: "France",
  BE: "Belgium",
  NL: "Netherlands",
  ES: "Spain",
  IT: "Italy",
  PT: "Portugal",
  BR: "Brazil",
  MX: "Mexico",
  AR: "Argentina",
  CL: "Chile",
  CO: "Colombia",
  SE: "Sweden",
  NO: "Norway",
  DK: "Denmark",
  FI: "Finland",
  IS: "Iceland",
  PL: "Poland",
  CZ: "Czechia",
  HU: "Hungary",
  SI: "Slovenia",
  LT: "Lithuania",
  GR: "Greece",
  RO: "Romania",
  TR: "Türkiye",
  UA: "Ukraine",
  IL: "Israel",
  IN: "India",
  JP: "Japan",
  KR: "South Korea",
  CN: "China",
  HK: "Hong Kong",
  TW: "Taiwan",
  SG: "Singapore",
  MY: "Malaysia",
  PH: "Philippines",
  TH: "Thailand",
  ID: "Indonesia",
  ZA: "South Africa",
  KE: "Kenya",
  NG: "Nigeria",
};

/** Is this a country code (any case) of the crisis-line table? */
export function isCrisisCountry(code: string | null | undefined): boolean {
  return typeof code === "string" && Object.hasOwn(CRISIS_COUNTRY_NAMES, code.toUpperCase());
}
