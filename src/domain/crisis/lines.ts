/**
 * Crisis lines and emergency numbers, offline, one row per country. Pure data: the Get help page, the
 * support modal, the lock screen and the chat's crisis reply all read this one table.
 *
 * Every row names its source (the organisation's or health ministry's own page; for a line added or changed
 * by the audit of 2026-11-27, the public page that confirmed it) and the day the row was last checked. The
 * audit worked from stored copies of public pages (nothing was dialled); it confirmed 46 of the 49 rows it
 * found, corrected Italy, and could not confirm Malaysia's number.
 *
 * Every number carries when it answers ("24/7" or the hours, in the country's local time), what a call costs
 * and where it can be reached from. What the sources do not confirm is said as such (`unconfirmed`), and
 * shown beside the number, rather than guessed. Where no dedicated line could be confirmed, the row carries
 * only the emergency number and points to the international directory (findahelpline.com).
 * Lines change: a row whose number is in doubt must be removed or marked, never silently kept.
 */

/** What a call costs: free for the caller, the caller's normal call rate, or not confirmed by the sources. */
export const LINE_COSTS = ["free", "caller's rate", "not confirmed"] as const;
export type LineCost = (typeof LINE_COSTS)[number];

/** Where the number can be dialled from. */
export const LINE_REACHES = ["nationwide", "mobile only", "part of the country"] as const;
export type LineReach = (typeof LINE_REACHES)[number];

/** The hours of a line that never closes. */
export const ALWAYS_OPEN = "24/7";

export interface PhoneNumber {
  /** As people write it in that country, e.g. "116 123". */
  display: string;
  /** The dialable form for a tel: link, e.g. "116123" or "+4980011101110". */
  tel: string;
  /** Whose number it is, when the row's line has more than one service ("SOS Voz Amiga", "ambulance"). */
  label?: string;
  /** "24/7", or when it answers in words, in the country's local time ("18:00–21:00 every day"). */
  hours: string;
  cost: LineCost;
  reach: LineReach;
  /** A short plain fact about who can call or from where ("from Buenos Aires and its area"). */
  note?: string;
  /** What the sources do not confirm, said plainly; shown beside the number. */
  unconfirmed?: string;
}

export interface TextService {
  /** In words: "Text SHOUT to 85258 (Shout)". */
  says: string;
  /** "24/7", or when it answers. */
  hours: string;
  unconfirmed?: string;
}

export interface CrisisLine {
  /** The line's own name, e.g. "Samaritans". */
  name: string;
  phones: PhoneNumber[];
  /** A text, WhatsApp or chat service. */
  text?: TextService;
}

export interface CountryHelp {
  /** ISO 3166-1 alpha-2. */
  code: string;
  name: string;
  /** The dedicated crisis line, or null where the directory is the honest answer. */
  line: CrisisLine | null;
  emergency: PhoneNumber;
  /** Other emergency numbers, where the main one does not reach everyone (from a landline, in every region). */
  moreEmergency?: PhoneNumber[];
  /** A plain note on the country's help (what else exists, and its limits). */
  note?: string;
  /** The source of the row: the organisation's own page, or the public page that confirmed the line. */
  source: string;
  /** Further public pages that confirmed what the row says (hours, cost, a changed number). */
  evidence?: string[];
  /** ISO date the row was checked. */
  checked: string;
}

/** The international directory of helplines, for every country without a row or a dedicated line. */
export const HELPLINE_DIRECTORY_URL = "https://findahelpline.com";

/** The day of the audit every row was checked against. */
export const LINES_CHECKED = "2026-11-27";
const CHECKED = LINES_CHECKED;

type Facts = Partial<Omit<PhoneNumber, "display" | "tel">> & { tel?: string };

/** A number; by default open 24/7, free and reachable nationwide, which is what the sources say for most rows. */
const p = (display: string, facts: Facts = {}): PhoneNumber => ({
  display,
  tel: facts.tel ?? display.replace(/[^\d+*#]/gu, ""),
  hours: ALWAYS_OPEN,
  cost: "free",
  reach: "nationwide",
  ...facts,
});
/** A number whose cost the sources do not state. */
const costUnknown = (display: string, facts: Facts = {}) => p(display, { cost: "not confirmed", ...facts });
const text = (says: string, hours = ALWAYS_OPEN, unconfirmed?: string): TextService =>
  unconfirmed ? { says, hours, unconfirmed } : { says, hours };

export const CRISIS_COUNTRIES: readonly CountryHelp[] = [
  {
    code: "US",
    name: "United States",
    line: {
      name: "988 Suicide & Crisis Lifeline",
      phones: [p("988")],
      text: text("Call or text 988, or chat at 988lifeline.org"),
    },
    emergency: p("911"),
    source: "https://988lifeline.org/",
    checked: CHECKED,
  },
  {
    code: "CA",
    name: "Canada",
    line: { name: "9-8-8 Suicide Crisis Helpline", phones: [p("988")], text: text("Call or text 988") },
    emergency: p("911"),
    source: "https://988.ca/",
    checked: CHECKED,
  },
  {
    code: "GB",
    name: "United Kingdom",
    line: { name: "Samaritans", phones: [p("116 123")], text: text("Text SHOUT to 85258 (Shout)") },
    emergency: p("999"),
    source: "https://www.samaritans.org/how-we-can-help/contact-samaritan/",
    checked: CHECKED,
  },
  {
    code: "IE",
    name: "Ireland",
    line: { name: "Samaritans Ireland", phones: [p("116 123")], text: text("Text HELLO to 50808") },
    emergency: p("112"),
    source: "https://www.samaritans.org/ireland/how-we-can-help/contact-samaritan/",
    checked: CHECKED,
  },
  {
    code: "AU",
    name: "Australia",
    line: {
      name: "Lifeline",
      phones: [costUnknown("13 11 14")],
      text: text("Text 0477 13 11 14, or chat at lifeline.org.au"),
    },
    emergency: p("000"),
    source: "https://www.lifeline.org.au/",
    checked: CHECKED,
  },
  {
    code: "NZ",
    name: "New Zealand",
    line: {
      name: "Need to talk? 1737",
      phones: [p("1737"), costUnknown("0800 543 354", { label: "Lifeline Aotearoa" })],
      text: text("Text 1737"),
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
      phones: [p("0800 111 0 111"), p("0800 111 0 222"), costUnknown("116 123")],
      text: text("Chat and mail at telefonseelsorge.de", "Hours not confirmed"),
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
    line: {
      name: "Centre de Prévention du Suicide / Zelfmoordlijn",
      phones: [p("0800 32 123"), costUnknown("1813", { label: "Zelfmoordlijn" })],
    },
    emergency: p("112"),
    source: "https://www.preventionsuicide.be/",
    checked: CHECKED,
  },
  {
    code: "NL",
    name: "Netherlands",
    line: { name: "113 Zelfmoordpreventie", phones: [p("113"), p("0800 0113")], text: text("Chat at 113.nl") },
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
      phones: [p("02 2327 2327", { hours: "9:00–24:00 every day", cost: "caller's rate" })],
      text: text("WhatsApp Amico: 324 011 7252", "18:00–21:00 only"),
    },
    emergency: p("112"),
    source: "https://www.telefonoamico.it/",
    evidence: [
      "https://alleyoop.ilsole24ore.com/2025/10/10/salute-mentale-300-richieste-di-aiuto-al-giorno-per-telefono-amico-italia/",
      "https://www.agensir.it/quotidiano/2025/12/10/solidarieta-telefono-amico-italia-con-lingresso-di-torino-e-reggio-calabria-i-centri-locali-passano-da-20-a-22",
      "https://www.ansa.it/sito/notizie/cronaca/2023/12/14/a-natale-torna-la-maratona-dascolto-di-telefono-amico_77b7a0ec-4a5f-4490-a985-1ede8237f6c8.html",
      "https://www.iodonna.it/benessere/salute-e-psicologia/2020/09/23/come-diventare-volontario-telefono-amico-corsi-formazione/",
    ],
    checked: CHECKED,
  },
  {
    code: "PT",
    name: "Portugal",
    line: {
      name: "Linha Nacional de Prevenção do Suicídio",
      phones: [p("1411"), costUnknown("213 544 545", { label: "SOS Voz Amiga", hours: "15:30–00:30 every day" })],
    },
    emergency: p("112"),
    source: "https://www.sns24.gov.pt/",
    evidence: [
      "https://www.deco.proteste.pt/saude/saude-mental/noticias/linha-prevencao-suicidio-funciona-24-horas-por-dia",
      "https://www.dn.pt/sociedade/linha-de-apoio-%C3%A0-preven%C3%A7%C3%A3o-do-suic%C3%ADdio-entrou-em-funcionamento-e-tem-o-n%C3%BAmero-1411",
    ],
    checked: CHECKED,
  },
  {
    code: "BR",
    name: "Brazil",
    line: {
      name: "CVV, Centro de Valorização da Vida",
      phones: [p("188")],
      text: text("Chat at cvv.org.br", "Hours not confirmed"),
    },
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
      phones: [
        costUnknown("135", {
          hours: "Not around the clock",
          reach: "part of the country",
          note: "from Buenos Aires and its area",
          unconfirmed: "Run by volunteers; sources disagree on its hours (one gives 8:00–24:00).",
        }),
        p("011 5275 1135", {
          hours: "Not around the clock",
          cost: "caller's rate",
          note: "from anywhere in Argentina",
          unconfirmed: "Run by volunteers; sources disagree on its hours (one gives 8:00–24:00).",
        }),
        p("0800 999 0091", { label: "Ministerio de Salud (mental health line)" }),
      ],
    },
    emergency: p("911", { reach: "part of the country", note: "in Buenos Aires city and many provinces" }),
    moreEmergency: [p("107", { label: "ambulance, where 911 does not answer" })],
    source: "https://www.asistenciaalsuicida.org.ar/",
    evidence: [
      "https://lapostacomodorense.com.ar/2025/09/03/septiembre-mes-de-la-prevencion-del-suicidio-la-importancia-de-escuchar-acompanar-y-abrazar/",
      "https://www.clarin.com/sociedad/trabajo-voluntarios-centro-asistencia-suicida_0_4kRXygcXW.html",
      "https://www.ospia.org.ar/?p=1635",
    ],
    checked: CHECKED,
  },
  {
    code: "CL",
    name: "Chile",
    line: { name: "Línea de prevención del suicidio", phones: [p("*4141", { reach: "mobile only" })] },
    emergency: p("131"),
    source: "https://www.minsal.cl/",
    checked: CHECKED,
  },
  {
    code: "CO",
    name: "Colombia",
    line: {
      name: "Línea 106",
      phones: [
        p("106", {
          reach: "part of the country",
          note: "in Bogotá",
          unconfirmed: "Confirmed for Bogotá; whether 106 answers in the rest of the country is not confirmed.",
        }),
      ],
      text: text("WhatsApp 300 754 8933 (Bogotá)"),
    },
    emergency: p("123"),
    source:
      "https://www.semana.com/nacion/articulo/se-siente-solo-llame-a-estas-lineas-para-recibir-atencion-sobre-salud-mental/202644/",
    evidence: [
      "https://www.semana.com/salud/articulo/ahora-se-podra-agendar-videollamadas-para-atencion-en-salud-mental-la-cita-es-gratis-y-es-respaldada-por-minsalud/202228/",
      "https://www.radiosantafe.com/2025/09/11/bogota-refuerza-su-apoyo-en-el-dia-mundial-para-la-prevencion-del-suicidio/",
    ],
    checked: CHECKED,
  },
  {
    code: "SE",
    name: "Sweden",
    line: { name: "Självmordslinjen (Mind)", phones: [costUnknown("90101")], text: text("Chat at mind.se") },
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
    line: {
      name: "Livslinien",
      phones: [
        costUnknown("70 201 201", {
          hours: "Not open around the clock",
          unconfirmed: "Its current hours are not confirmed; livslinien.dk shows when it is open.",
        }),
      ],
    },
    emergency: p("112"),
    source: "https://www.livslinien.dk/",
    evidence: ["https://cphpost.dk/2015-10-26/news/suicide-prevention-lifeline-gets-funding-to-stay-open-at-night/"],
    checked: CHECKED,
  },
  {
    code: "FI",
    name: "Finland",
    line: { name: "MIELI Kriisipuhelin", phones: [p("09 2525 0111", { cost: "caller's rate" })] },
    emergency: p("112"),
    source: "https://mieli.fi/",
    evidence: ["http://mieli.fi/helpline", "https://mentalhealth.fi/where-to-go-in-an-emergency"],
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
    line: {
      name: "Centrum Wsparcia / Telefon Zaufania",
      phones: [p("800 70 2222"), costUnknown("116 123")],
    },
    emergency: p("112"),
    source: "https://800702222.pl/",
    checked: CHECKED,
  },
  {
    code: "CZ",
    name: "Czechia",
    line: {
      name: "Linka první psychické pomoci",
      phones: [
        p("116 123", {
          hours: "Around the clock on weekdays; weekends and holidays not confirmed",
          unconfirmed:
            "For lack of funding it closed on weekends and holidays in December 2024; whether that has happened again is not confirmed.",
        }),
      ],
    },
    emergency: p("112"),
    source: "https://www.linkapsychickepomoci.cz/",
    evidence: [
      "https://www.irozhlas.cz/zpravy-domov/bezplatna-linka-psychicke-pomoci-omezuje-provoz-prosinec-je-pritom_2412080600_job",
    ],
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
    line: { name: "Klimaka suicide prevention line", phones: [costUnknown("1018")] },
    emergency: p("112"),
    source: "https://www.klimaka.org.gr/",
    checked: CHECKED,
  },
  { code: "RO", name: "Romania", line: null, emergency: p("112"), source: HELPLINE_DIRECTORY_URL, checked: CHECKED },
  { code: "TR", name: "Türkiye", line: null, emergency: p("112"), source: HELPLINE_DIRECTORY_URL, checked: CHECKED },
  {
    code: "UA",
    name: "Ukraine",
    line: {
      name: "Lifeline Ukraine",
      phones: [p("7333", { reach: "mobile only", note: "not from a landline or from abroad" })],
    },
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
    line: {
      name: "Yorisoi Hotline / Inochi no Denwa",
      phones: [
        p("0120-279-338", { label: "Yorisoi Hotline" }),
        p("0120-279-226", {
          label: "Yorisoi Hotline",
          reach: "part of the country",
          note: "from Iwate, Miyagi and Fukushima",
        }),
        p("0120-783-556", {
          label: "Inochi no Denwa",
          hours: "16:00–21:00 every day, and around the clock from 8:00 on the 10th of each month",
        }),
      ],
    },
    emergency: p("119"),
    source: "https://www.since2011.net/yorisoi/",
    evidence: [
      "https://kotobank.jp/word/%E3%82%88%E3%82%8A%E3%81%9D%E3%81%84%E3%81%BB%E3%81%A4%E3%81%A8%E3%82%89%E3%81%84%E3%82%93-3193813",
      "https://www.city.akiruno.tokyo.jp/0000015267.html",
    ],
    checked: CHECKED,
  },
  {
    code: "KR",
    name: "South Korea",
    line: { name: "Suicide prevention counselling line", phones: [costUnknown("109")] },
    emergency: p("119"),
    source: "https://www.mohw.go.kr/",
    checked: CHECKED,
  },
  {
    code: "CN",
    name: "China",
    line: {
      name: "12356 psychological assistance hotline",
      phones: [costUnknown("12356", { hours: "At least 18 hours a day; around the clock in many cities" })],
    },
    emergency: p("120"),
    source: "https://c.m.163.com/news/a/JKBD9CKU0514CC6P.html",
    evidence: [
      "https://staging.reportify.cn/tags/product?tagValue=12356%E5%BF%83%E7%90%86%E6%8F%B4%E5%8A%A9%E7%83%AD%E7%BA%BF",
    ],
    checked: CHECKED,
  },
  {
    code: "HK",
    name: "Hong Kong",
    line: { name: "The Samaritan Befrienders Hong Kong", phones: [costUnknown("2389 2222")] },
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
    line: {
      name: "Samaritans of Singapore",
      phones: [costUnknown("1767")],
      text: text("CareText on WhatsApp: 9151 1767"),
    },
    emergency: p("995"),
    source: "https://www.sos.org.sg/",
    checked: CHECKED,
  },
  {
    code: "MY",
    name: "Malaysia",
    line: {
      name: "Befrienders Kuala Lumpur",
      phones: [
        p("03-7627 2929", {
          unconfirmed:
            "This number could not be confirmed on an official page. If it does not answer, findahelpline.com lists the current one.",
        }),
      ],
    },
    emergency: p("999"),
    source: "https://www.befrienders.org.my/",
    evidence: [
      "https://www.malaymail.com/news/malaysia/2019/08/26/now-that-calls-to-befrienders-are-free-more-reaching-out-for-help/1784193",
    ],
    checked: CHECKED,
  },
  {
    code: "PH",
    name: "Philippines",
    line: {
      name: "NCMH Crisis Hotline",
      phones: [
        p("1553"),
        costUnknown("0919 057 1553", { note: "if 1553 does not connect from your network" }),
        costUnknown("0917 899 8727", { note: "if 1553 does not connect from your network" }),
      ],
    },
    emergency: p("911"),
    source: "https://ncmh.gov.ph/",
    evidence: ["https://doh.gov.ph/press-release/launch-of-the-ncmh-crisis-hotline/"],
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
  {
    code: "ID",
    name: "Indonesia",
    line: null,
    emergency: p("112", {
      reach: "part of the country",
      note: "answered in about a third of regencies and cities",
    }),
    moreEmergency: [p("119", { label: "ambulance" }), p("110", { label: "police" })],
    note: "The health ministry's mental health line (119, extension 8) answers in office hours only; healing119.id is its online service.",
    source: HELPLINE_DIRECTORY_URL,
    evidence: [
      "https://ekonomiaktual.id/amp/528793/kemendagri-dorong-layanan-darurat-112-butuh-dukungan-lengkap",
      "https://idrtimes.com/viral-hotline-pencegahan-bunuh-diri-tak-bisa-diakses-kemenkes-angkat-bicara",
      "https://kesprimkom.kemkes.go.id/konten/158/151/0/cegah-bunuh-diri-dukung-kesehatan-jiwa-kenali-layanan-healing119-id",
    ],
    checked: CHECKED,
  },
  {
    code: "ZA",
    name: "South Africa",
    line: { name: "SADAG Suicide Crisis Helpline", phones: [costUnknown("0800 567 567")] },
    emergency: p("112", { reach: "mobile only" }),
    moreEmergency: [
      p("10111", { label: "police, from a landline" }),
      p("10177", { label: "ambulance, from a landline" }),
    ],
    source: "https://www.sadag.org/",
    evidence: ["https://trekmedics.org/database/south_africa/"],
    checked: CHECKED,
  },
  {
    code: "KE",
    name: "Kenya",
    line: {
      name: "Befrienders Kenya / Kenya Red Cross",
      phones: [
        costUnknown("+254 722 178 177", {
          label: "Befrienders Kenya",
          hours: "Hours not confirmed",
          unconfirmed: "Not confirmed on an official page.",
        }),
        costUnknown("1199", {
          label: "Kenya Red Cross",
          hours: "Hours not confirmed",
          unconfirmed: "Not confirmed on an official page.",
        }),
      ],
    },
    emergency: p("112"),
    source:
      "https://doctorsexplain.net/courses/caring-for-your-mental-health-online-course-on-mental-health-awareness/lesson/emergency-contacts-and-crisis-hotlines/",
    evidence: [
      "https://www.the-star.co.ke/news/2022-08-07-police-announce-toll-free-emergency-contacts-ahead-of-polls",
    ],
    checked: CHECKED,
  },
  {
    code: "NG",
    name: "Nigeria",
    line: {
      name: "SURPIN suicide prevention line",
      phones: [p("0800 078 7746", { hours: "Hours not confirmed" })],
    },
    emergency: p("112"),
    source: "https://healthwise.punchng.com/ngo-launches-toll-free-hotline-for-assistance-on-mental-health",
    evidence: ["https://technologytimes.ng/dial-122-how-nigerias-three-digit-emergency-number-works/"],
    checked: CHECKED,
  },
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

export { isCrisisCountry } from "./line-countries";

/** The row of a country code (any case), or the international answer. */
export function helpFor(code: string | null | undefined): CountryHelp {
  return (code && BY_CODE.get(code.toUpperCase())) || INTERNATIONAL_HELP;
}

/** Does the number answer around the clock (as far as the sources say)? */
export const isAlwaysOpen = (n: { hours: string; unconfirmed?: string }) => n.hours === ALWAYS_OPEN;

/**
 * The number to put first: the first one that is open 24/7, reaches the whole country and is confirmed,
 * else the first open 24/7, else the line's first number; null without a line.
 */
export function primaryLine(help: CountryHelp): PhoneNumber | null {
  const phones = help.line?.phones ?? [];
  return (
    phones.find((n) => isAlwaysOpen(n) && n.reach === "nationwide" && !n.unconfirmed) ??
    phones.find((n) => isAlwaysOpen(n)) ??
    phones[0] ??
    null
  );
}

// ---------- in words: hours, cost and reach ----------

/** When it answers: "Open 24/7", or the hours as written ("18:00–21:00 only"). */
export function hoursLabel(hours: string): string {
  return hours === ALWAYS_OPEN ? "Open 24/7" : hours;
}

const COST_LABEL: Readonly<Record<LineCost, string>> = {
  free: "Free to call",
  "caller's rate": "Charged at your normal call rate",
  "not confirmed": "Cost not confirmed",
};
export const costLabel = (cost: LineCost) => COST_LABEL[cost];

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);

/** Where it can be called from, when that is not simply the whole country; null when it is. */
export function reachLabel(n: Pick<PhoneNumber, "reach" | "note">): string | null {
  if (n.reach === "mobile only") return `From a mobile phone only${n.note ? `, ${n.note}` : ""}`;
  if (n.reach === "part of the country") return n.note ? capitalise(n.note) : "In part of the country only";
  return n.note ? capitalise(n.note) : null;
}

/** The facts of a number, in reading order: hours, cost, where from. */
export function phoneFacts(n: PhoneNumber): string[] {
  const reach = reachLabel(n);
  return [hoursLabel(n.hours), costLabel(n.cost), ...(reach ? [reach] : [])];
}

/** The facts as one short line: "Open 24/7 · Free to call". */
export const phoneFactsLine = (n: PhoneNumber) => phoneFacts(n).join(" · ");

/** The facts inside a sentence: "open 24/7, free to call". */
export const phoneFactsPhrase = (n: PhoneNumber) => phoneFacts(n).map(lowerFirst).join(", ");

/** The facts of a text or chat service: "Open 24/7", or its hours. */
export const textFactsLine = (t: TextService) => hoursLabel(t.hours);

/** Is every number of the line open 24/7, free and confirmed? Only then may words call the line "free, any time". */
export function lineAlwaysOpenAndFree(help: CountryHelp): boolean {
  const phones = help.line?.phones ?? [];
  return phones.length > 0 && phones.every((n) => isAlwaysOpen(n) && n.cost === "free" && !n.unconfirmed);
}
