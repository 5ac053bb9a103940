/**
 * Which country's crisis line to show, without I/O.
 *
 * Order, first match wins:
 * 1. the person's own choice in Settings (config key `crisis_country`), when it names a row of the table;
 * 2. the IANA time zone of the browser (Europe/Berlin -> DE): it says where the device is, which is where
 *    a call has to go through, and is right even when the browser speaks another language (en-US is the
 *    default language of many devices everywhere);
 * 3. the first of the browser's languages whose region names a row (en-GB -> GB, de-AT -> AT);
 * 4. a language spoken mainly in one country of the table (ja -> JP, de -> DE; not en, es, fr, pt);
 * 5. nothing: the international answer (emergency number and the directory of helplines).
 */
import { CRISIS_COUNTRY_NAMES, isCrisisCountry } from "./line-countries";

/** Setting that overrides the guess. Not secret: it names a country, nothing about the journal. */
export const CRISIS_COUNTRY_CONFIG_KEY = "crisis_country";

/** Exact zones that name a country, for zones whose first part does not. */
const ZONE_COUNTRY: Readonly<Record<string, string>> = {
  "Europe/London": "GB",
  "Europe/Belfast": "GB",
  "Europe/Dublin": "IE",
  "Europe/Berlin": "DE",
  "Europe/Busingen": "DE",
  "Europe/Vienna": "AT",
  "Europe/Zurich": "CH",
  "Europe/Paris": "FR",
  "Europe/Brussels": "BE",
  "Europe/Amsterdam": "NL",
  "Europe/Madrid": "ES",
  "Africa/Ceuta": "ES",
  "Atlantic/Canary": "ES",
  "Europe/Rome": "IT",
  "Europe/Lisbon": "PT",
  "Atlantic/Madeira": "PT",
  "Atlantic/Azores": "PT",
  "Europe/Stockholm": "SE",
  "Europe/Oslo": "NO",
  "Europe/Copenhagen": "DK",
  "Europe/Helsinki": "FI",
  "Atlantic/Reykjavik": "IS",
  "Europe/Warsaw": "PL",
  "Europe/Prague": "CZ",
  "Europe/Budapest": "HU",
  "Europe/Ljubljana": "SI",
  "Europe/Vilnius": "LT",
  "Europe/Athens": "GR",
  "Europe/Bucharest": "RO",
  "Europe/Istanbul": "TR",
  "Asia/Istanbul": "TR",
  "Europe/Kyiv": "UA",
  "Europe/Kiev": "UA",
  "Europe/Uzhgorod": "UA",
  "Europe/Zaporozhye": "UA",
  "Asia/Jerusalem": "IL",
  "Asia/Tel_Aviv": "IL",
  "Asia/Kolkata": "IN",
  "Asia/Calcutta": "IN",
  "Asia/Tokyo": "JP",
  "Asia/Seoul": "KR",
  "Asia/Shanghai": "CN",
  "Asia/Chongqing": "CN",
  "Asia/Harbin": "CN",
  "Asia/Urumqi": "CN",
  "Asia/Hong_Kong": "HK",
  "Asia/Taipei": "TW",
  "Asia/Singapore": "SG",
  "Asia/Kuala_Lumpur": "MY",
  "Asia/Kuching": "MY",
  "Asia/Manila": "PH",
  "Asia/Bangkok": "TH",
  "Asia/Jakarta": "ID",
  "Asia/Pontianak": "ID",
  "Asia/Makassar": "ID",
  "Asia/Jayapura": "ID",
  "Africa/Johannesburg": "ZA",
  "Africa/Nairobi": "KE",
  "Africa/Lagos": "NG",
  "Pacific/Auckland": "NZ",
  "Pacific/Chatham": "NZ",
  "Pacific/Honolulu": "US",
  "America/Sao_Paulo": "BR",
  "America/Mexico_City": "MX",
  "America/Santiago": "CL",
  "Pacific/Easter": "CL",
  "America/Bogota": "CO",
  GB: "GB",
  Eire: "IE",
  Japan: "JP",
  ROK: "KR",
  NZ: "NZ",
  Israel: "IL",
  Singapore: "SG",
  Turkey: "TR",
  PRC: "CN",
  ROC: "TW",
  Hongkong: "HK",
  Poland: "PL",
  Portugal: "PT",
  Iceland: "IS",
};

const US_ZONES = new Set([
  "America/New_York",
  "America/Chicago",
  "America/Denver",
  "America/Los_Angeles",
  "America/Phoenix",
  "America/Anchorage",
  "America/Juneau",
  "America/Sitka",
  "America/Nome",
  "America/Adak",
  "America/Yakutat",
  "America/Metlakatla",
  "America/Detroit",
  "America/Boise",
  "America/Menominee",
  "America/Indianapolis",
  "America/Louisville",
]);
const CA_ZONES = new Set([
  "America/Toronto",
  "America/Montreal",
  "America/Vancouver",
  "America/Edmonton",
  "America/Winnipeg",
  "America/Halifax",
  "America/St_Johns",
  "America/Regina",
  "America/Moncton",
  "America/Glace_Bay",
  "America/Goose_Bay",
  "America/Whitehorse",
  "America/Dawson",
  "America/Dawson_Creek",
  "America/Fort_Nelson",
  "America/Creston",
  "America/Yellowknife",
  "America/Inuvik",
  "America/Iqaluit",
  "America/Rankin_Inlet",
  "America/Resolute",
  "America/Cambridge_Bay",
  "America/Swift_Current",
  "America/Nipigon",
  "America/Thunder_Bay",
  "America/Rainy_River",
  "America/Atikokan",
  "America/Blanc-Sablon",
  "America/Pangnirtung",
]);

const BRAZIL_ZONES_RE =
  /^America\/(?:Fortaleza|Recife|Bahia|Belem|Manaus|Cuiaba|Campo_Grande|Porto_Velho|Boa_Vista|Rio_Branco|Maceio|Araguaina|Santarem|Noronha|Eirunepe)$/u;
const MEXICO_ZONES_RE =
  /^America\/(?:Cancun|Merida|Monterrey|Matamoros|Chihuahua|Ciudad_Juarez|Ojinaga|Mazatlan|Bahia_Banderas|Hermosillo|Tijuana)$/u;

/** The country a time zone lies in, when it is a country of the table; null for UTC and the like. */
export function countryFromTimeZone(timeZone: string | null | undefined): string | null {
  if (!timeZone) return null;
  const direct = ZONE_COUNTRY[timeZone];
  if (direct) return direct;
  if (
    timeZone.startsWith("US/") ||
    US_ZONES.has(timeZone) ||
    /^America\/(?:Indiana|Kentucky|North_Dakota)\//u.test(timeZone)
  )
    return "US";
  if (timeZone.startsWith("Canada/") || CA_ZONES.has(timeZone)) return "CA";
  if (timeZone.startsWith("Australia/") || timeZone === "Antarctica/Macquarie") return "AU";
  if (timeZone.startsWith("Brazil/") || BRAZIL_ZONES_RE.test(timeZone)) return "BR";
  if (timeZone.startsWith("Mexico/") || MEXICO_ZONES_RE.test(timeZone)) return "MX";
  if (timeZone.startsWith("America/Argentina/") || timeZone === "America/Buenos_Aires") return "AR";
  return null;
}

/** Languages spoken mainly in one country of the table. English, Spanish, French, Portuguese and the like are not. */
const LANGUAGE_COUNTRY: Readonly<Record<string, string>> = {
  de: "DE",
  it: "IT",
  nl: "NL",
  sv: "SE",
  nb: "NO",
  nn: "NO",
  no: "NO",
  da: "DK",
  fi: "FI",
  is: "IS",
  pl: "PL",
  cs: "CZ",
  hu: "HU",
  sl: "SI",
  lt: "LT",
  el: "GR",
  ro: "RO",
  tr: "TR",
  uk: "UA",
  he: "IL",
  iw: "IL",
  hi: "IN",
  ja: "JP",
  ko: "KR",
  th: "TH",
  id: "ID",
};

/** The region of a BCP 47 tag in the table ("en-GB" -> "GB", "zh-Hant-TW" -> "TW"), else null. */
export function countryFromLanguage(tag: string): string | null {
  const parts = tag.replace(/_/gu, "-").split("-").slice(1);
  for (const part of parts) {
    if (/^[A-Za-z]{2}$/u.test(part) && isCrisisCountry(part)) return part.toUpperCase();
  }
  return null;
}

export interface CountryHints {
  /** The person's choice in Settings. */
  override?: string | null;
  /** navigator.languages, in order of preference. */
  languages?: readonly string[];
  /** The browser's IANA time zone. */
  timeZone?: string | null;
}

export type CountrySource = "setting" | "time zone" | "language" | "none";

/** The country to show help for, and why; null country means the international answer. */
export function pickCrisisCountry(hints: CountryHints): { country: string | null; source: CountrySource } {
  const override = hints.override?.trim().toUpperCase();
  if (override && isCrisisCountry(override)) return { country: override, source: "setting" };
  const byZone = countryFromTimeZone(hints.timeZone);
  if (byZone) return { country: byZone, source: "time zone" };
  const languages = hints.languages ?? [];
  for (const tag of languages) {
    const c = countryFromLanguage(tag);
    if (c) return { country: c, source: "language" };
  }
  for (const tag of languages) {
    const c = LANGUAGE_COUNTRY[tag.toLowerCase().split(/[-_]/u)[0] ?? ""];
    if (c) return { country: c, source: "language" };
  }
  return { country: null, source: "none" };
}

/** Countries for the Settings list, by name. */
export const CRISIS_COUNTRY_OPTIONS: readonly { code: string; name: string }[] = Object.entries(CRISIS_COUNTRY_NAMES)
  .map(([code, name]) => ({ code, name }))
  .sort((a, b) => a.name.localeCompare(b.name, "en"));
