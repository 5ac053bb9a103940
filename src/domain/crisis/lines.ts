/**
 * Crisis lines and emergency numbers, offline, one row per country. Pure data: the Get help page, the
 * support modal, the lock screen and the chat's crisis reply all read this one table.
 *
 * Every row names the organisation's own page as its source and the day the row was last checked.
 * Where no dedicated line could be confirmed, the row carries only the emergency number and points to
 * the international directory (findahelpline.com) rather than guessing a number.
 *
 * On the check date the numbers of DE, PT, IT, JP, CL, UA, CZ, IS, KR, TH and LT were also compared with
 * published copies of the organisations' and health ministries' announcements; the other rows follow
 * the numbers each organisation publishes on the page named as its source. Lines change: a row whose
 * number is in doubt must be removed (falling back to the directory) rather than kept.
 */

export interface PhoneNumber {
  /** As people write it in that country, e.g. "116 123". */
  display: string;
  /** The dialable form for a tel: link, e.g. "116123" or "+4980011101110". */
  tel: string;
}

export interface CrisisLine {
  /** The line's own name, e.g. "Samaritans". */
  name: string;
  phones: PhoneNumber[];
  /** A text or chat service, in words ("Text SHOUT to 85258"). */
  text?: string;
  /** When the line answers, when it is not around the clock. */
  hours?: string;
}

export interface CountryHelp {
  /** ISO 3166-1 alpha-2. */
  code: string;
  name: string;
  /** The dedicated crisis line, or null where the directory is the honest answer. */
  line: CrisisLine | null;
  emergency: PhoneNumber;
  /** The organisation's official page. */
  source: string;
  /** ISO date the row was checked. */
  checked: string;
}

/** The international directory of helplines, for every country without a row or a dedicated line. */
export const HELPLINE_DIRECTORY_URL = "https://findahelpline.com";

const CHECKED = "2026-11-24";

const p = (display: string, tel?: string): PhoneNumber => ({ display, tel: tel ?? display.replace(/[^\d+*#]/gu, "") });

export const CRISIS_COUNTRIES: readonly CountryHelp[] = [
  {
    code: "US",
    name: "United States",
    line: {
      name: "988 Suicide & Crisis Lifeline",
      phones: [p("988")],
      text: "Call or text 988, or chat at 988lifeline.org",
    },
    emergency: p("911"),
    source: "https://988lifeline.org/",
    checked: CHECKED,
  },
  {
    code: "CA",
    name: "Canada",
    line: { name: "9-8-8 Suicide Crisis Helpline", phones: [p("988")], text: "Call or text 988" },
    emergency: p("911"),
    source: "https://988.ca/",
    checked: CHECKED,
  },
  {
    code: "GB",
    name: "United Kingdom",
    line: { name: "Samaritans", phones: [p("116 123")], text: "Text SHOUT to 85258 (Shout)" },
    emergency: p("999"),
    source: "https://www.samaritans.org/how-we-can-help/contact-samaritan/",
    checked: CHECKED,
  },
  {
    code: "IE",
    name: "Ireland",
    line: { name: "Samaritans Ireland", phones: [p("116 123")], text: "Text HELLO to 50808" },
    emergency: p("112"),
    source: "https://www.samaritans.org/ireland/how-we-can-help/contact-samaritan/",
    checked: CHECKED,
  },
  {
    code: "AU",
    name: "Australia",
    line: { name: "Lifeline", phones: [p("13 11 14")], text: "Text 0477 13 11 14, or chat at lifeline.org.au" },
    emergency: p("000"),
    source: "https://www.lifeline.org.au/",
    checked: CHECKED,
  },
  {
    code: "NZ",
    name: "New Zealand",
    line: {
      name: "Need to talk? 1737",
      phones: [p("1737"), p("0800 543 354")],
      text: "Text 1737 (second number: Lifeline Aotearoa)",
    },
    emergency: p("111"),
    source: "https://1737.org.nz/",
    checked: CHECKED,
  },
  {
    code: "DE",
    name: "Germany",
    line: {
      name: "TelefonSeelsorge",
      phones: [p("0800 111 0 111"), p("0800 111 0 222"), p("116 123")],
      text: "Chat and mail at telefonseelsorge.de",
    },
    emergency: p("112"),
    source: "https://www.telefonseelsorge.de/",
    checked: CHECKED,
  },
  {
    code: "AT",
    name: "Austria",
    line: { name: "TelefonSeelsorge", phones: [p("142")] },
    emergency: p("112"),
    source: "https://www.telefonseelsorge.at/",
    checked: CHECKED,
  },
  {
    code: "CH",
    name: "Switzerland",
    line: { name: "Die Dargebotene Hand / La Main Tendue", phones: [p("143")] },
    emergency: p("112"),
    source: "https://www.143.ch/",
    checked: CHECKED,
  },
  {
    code: "FR",
    name: "France",
    line: { name: "3114, numéro national de prévention du suicide", phones: [p("3114")] },
    emergency: p("112"),
    source: "https://3114.fr/",
    checked: CHECKED,
  },
  {
    code: "BE",
    name: "Belgium",
    line: { name: "Centre de Prévention du Suicide / Zelfmoordlijn", phones: [p("0800 32 123"), p("1813")] },
    emergency: p("112"),
    source: "https://www.preventionsuicide.be/",
    checked: CHECKED,
  },
  {
    code: "NL",
    name: "Netherlands",
    line: { name: "113 Zelfmoordpreventie", phones: [p("113"), p("0800 0113")], text: "Chat at 113.nl" },
    emergency: p("112"),
    source: "https://www.113.nl/",
    checked: CHECKED,
  },
  {
    code: "ES",
    name: "Spain",
    line: { name: "Línea 024, atención a la conducta suicida", phones: [p("024")] },
    emergency: p("112"),
    source: "https://www.sanidad.gob.es/linea024/",
    checked: CHECKED,
  },
  {
    code: "IT",
    name: "Italy",
    line: {
      name: "Telefono Amico Italia",
      phones: [p("02 2327 2327")],
      text: "WhatsApp 345 036 1628",
      hours: "10:00 to 24:00",
    },
    emergency: p("112"),
    source: "https://www.telefonoamico.it/",
    checked: CHECKED,
  },
  {
    code: "PT",
    name: "Portugal",
    line: {
      name: "Linha Nacional de Prevenção do Suicídio",
      phones: [p("1411"), p("213 544 545")],
      hours: "1411 around the clock; the second number (SOS Voz Amiga) 15:30 to 00:30",
    },
    emergency: p("112"),
    source: "https://www.sns24.gov.pt/",
    checked: CHECKED,
  },
  {
    code: "BR",
    name: "Brazil",
    line: { name: "CVV, Centro de Valorização da Vida", phones: [p("188")], text: "Chat at cvv.org.br" },
    emergency: p("192"),
    source: "https://cvv.org.br/",
    checked: CHECKED,
  },
  {
    code: "MX",
    name: "Mexico",
    line: { name: "Línea de la Vida", phones: [p("800 911 2000")] },
    emergency: p("911"),
    source: "https://www.gob.mx/salud/conadic",
    checked: CHECKED,
  },
  {
    code: "AR",
    name: "Argentina",
    line: {
      name: "Centro de Asistencia al Suicida",
      phones: [p("135"), p("011 5275 1135")],
      hours: "135 from Buenos Aires and its area; the second number from anywhere",
    },
    emergency: p("911"),
    source: "https://www.asistenciaalsuicida.org.ar/",
    checked: CHECKED,
  },
  {
    code: "CL",
    name: "Chile",
    line: {
      name: "Línea de prevención del suicidio",
      phones: [p("*4141")],
      hours: "around the clock, from a mobile phone",
    },
    emergency: p("131"),
    source: "https://www.minsal.cl/",
    checked: CHECKED,
  },
  { code: "CO", name: "Colombia", line: null, emergency: p("123"), source: HELPLINE_DIRECTORY_URL, checked: CHECKED },
  {
    code: "SE",
    name: "Sweden",
    line: { name: "Självmordslinjen (Mind)", phones: [p("90101")], text: "Chat at mind.se" },
    emergency: p("112"),
    source: "https://mind.se/hitta-hjalp/sjalvmordslinjen/",
    checked: CHECKED,
  },
  {
    code: "NO",
    name: "Norway",
    line: { name: "Mental Helse Hjelpetelefonen", phones: [p("116 123")] },
    emergency: p("113"),
    source: "https://mentalhelse.no/",
    checked: CHECKED,
  },
  {
    code: "DK",
    name: "Denmark",
    line: { name: "Livslinien", phones: [p("70 201 201")] },
    emergency: p("112"),
    source: "https://www.livslinien.dk/",
    checked: CHECKED,
  },
  {
    code: "FI",
    name: "Finland",
    line: { name: "MIELI Kriisipuhelin", phones: [p("09 2525 0111")] },
    emergency: p("112"),
    source: "https://mieli.fi/",
    checked: CHECKED,
  },
  {
    code: "IS",
    name: "Iceland",
    line: { name: "Hjálparsími Rauða krossins", phones: [p("1717")] },
    emergency: p("112"),
    source: "https://www.raudikrossinn.is/",
    checked: CHECKED,
  },
  {
    code: "PL",
    name: "Poland",
    line: { name: "Centrum Wsparcia / Telefon Zaufania", phones: [p("800 70 2222"), p("116 123")] },
    emergency: p("112"),
    source: "https://800702222.pl/",
    checked: CHECKED,
  },
  {
    code: "CZ",
    name: "Czechia",
    line: { name: "Linka první psychické pomoci", phones: [p("116 123")] },
    emergency: p("112"),
    source: "https://www.linkapsychickepomoci.cz/",
    checked: CHECKED,
  },
  {
    code: "HU",
    name: "Hungary",
    line: { name: "Lelki Elsősegély Telefonszolgálat", phones: [p("116 123")] },
    emergency: p("112"),
    source: "https://sos116-123.hu/",
    checked: CHECKED,
  },
  {
    code: "SI",
    name: "Slovenia",
    line: { name: "Zaupni telefon Samarijan", phones: [p("116 123")] },
    emergency: p("112"),
    source: "https://www.samarijan.si/",
    checked: CHECKED,
  },
  {
    code: "LT",
    name: "Lithuania",
    line: { name: "Vilties linija", phones: [p("116 123")] },
    emergency: p("112"),
    source: "https://www.viltieslinija.lt/",
    checked: CHECKED,
  },
  {
    code: "GR",
    name: "Greece",
    line: { name: "Klimaka suicide prevention line", phones: [p("1018")] },
    emergency: p("112"),
    source: "https://www.klimaka.org.gr/",
    checked: CHECKED,
  },
  { code: "RO", name: "Romania", line: null, emergency: p("112"), source: HELPLINE_DIRECTORY_URL, checked: CHECKED },
  { code: "TR", name: "Türkiye", line: null, emergency: p("112"), source: HELPLINE_DIRECTORY_URL, checked: CHECKED },
  {
    code: "UA",
    name: "Ukraine",
    line: { name: "Lifeline Ukraine", phones: [p("7333")] },
    emergency: p("112"),
    source: "https://lifelineukraine.com/",
    checked: CHECKED,
  },
  {
    code: "IL",
    name: "Israel",
    line: { name: "ERAN emotional first aid", phones: [p("1201")] },
    emergency: p("101"),
    source: "https://www.eran.org.il/",
    checked: CHECKED,
  },
  {
    code: "IN",
    name: "India",
    line: { name: "Tele MANAS", phones: [p("14416"), p("1-800-891-4416")] },
    emergency: p("112"),
    source: "https://telemanas.mohfw.gov.in/",
    checked: CHECKED,
  },
  {
    code: "JP",
    name: "Japan",
    line: { name: "Yorisoi Hotline / Inochi no Denwa", phones: [p("0120-279-338"), p("0120-783-556")] },
    emergency: p("119"),
    source: "https://www.since2011.net/yorisoi/",
    checked: CHECKED,
  },
  {
    code: "KR",
    name: "South Korea",
    line: { name: "Suicide prevention counselling line", phones: [p("109")] },
    emergency: p("119"),
    source: "https://www.mohw.go.kr/",
    checked: CHECKED,
  },
  { code: "CN", name: "China", line: null, emergency: p("120"), source: HELPLINE_DIRECTORY_URL, checked: CHECKED },
  {
    code: "HK",
    name: "Hong Kong",
    line: { name: "The Samaritan Befrienders Hong Kong", phones: [p("2389 2222")] },
    emergency: p("999"),
    source: "https://sbhk.org.hk/",
    checked: CHECKED,
  },
  {
    code: "TW",
    name: "Taiwan",
    line: { name: "1925 Mental health line", phones: [p("1925")] },
    emergency: p("119"),
    source: "https://www.mohw.gov.tw/",
    checked: CHECKED,
  },
  {
    code: "SG",
    name: "Singapore",
    line: { name: "Samaritans of Singapore", phones: [p("1767")], text: "CareText on WhatsApp: 9151 1767" },
    emergency: p("995"),
    source: "https://www.sos.org.sg/",
    checked: CHECKED,
  },
  {
    code: "MY",
    name: "Malaysia",
    line: { name: "Befrienders Kuala Lumpur", phones: [p("03-7627 2929")] },
    emergency: p("999"),
    source: "https://www.befrienders.org.my/",
    checked: CHECKED,
  },
  {
    code: "PH",
    name: "Philippines",
    line: { name: "NCMH Crisis Hotline", phones: [p("1553")] },
    emergency: p("911"),
    source: "https://ncmh.gov.ph/",
    checked: CHECKED,
  },
  {
    code: "TH",
    name: "Thailand",
    line: { name: "Department of Mental Health hotline", phones: [p("1323")] },
    emergency: p("1669"),
    source: "https://www.dmh.go.th/",
    checked: CHECKED,
  },
  { code: "ID", name: "Indonesia", line: null, emergency: p("112"), source: HELPLINE_DIRECTORY_URL, checked: CHECKED },
  {
    code: "ZA",
    name: "South Africa",
    line: { name: "SADAG Suicide Crisis Helpline", phones: [p("0800 567 567")] },
    emergency: p("112"),
    source: "https://www.sadag.org/",
    checked: CHECKED,
  },
  { code: "KE", name: "Kenya", line: null, emergency: p("112"), source: HELPLINE_DIRECTORY_URL, checked: CHECKED },
  { code: "NG", name: "Nigeria", line: null, emergency: p("112"), source: HELPLINE_DIRECTORY_URL, checked: CHECKED },
];

/** The answer where the country is unknown: the emergency number most phones route, and the directory. */
export const INTERNATIONAL_HELP: CountryHelp = {
  code: "INTL",
  name: "Anywhere else",
  line: null,
  emergency: p("112"),
  source: HELPLINE_DIRECTORY_URL,
  checked: CHECKED,
};

const BY_CODE = new Map(CRISIS_COUNTRIES.map((c) => [c.code, c]));

export function isCrisisCountry(code: string | null | undefined): boolean {
  return typeof code === "string" && BY_CODE.has(code.toUpperCase());
}

/** The row of a country code (any case), or the international answer. */
export function helpFor(code: string | null | undefined): CountryHelp {
  return (code && BY_CODE.get(code.toUpperCase())) || INTERNATIONAL_HELP;
}

/** The first number of a country's line, or null without one. */
export function primaryLine(help: CountryHelp): PhoneNumber | null {
  return help.line?.phones[0] ?? null;
}
