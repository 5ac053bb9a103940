import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { wav } from "../support/data-fixtures";
import { attach, createEntry, getPdf, pdfFonts, pdfPages, pdfText, photo, renderPage } from "../support/book-fixtures";
import { expectError } from "../support/http";

/**
 * The printable book, GET /api/data/export/pdf: bad queries answered 4xx, the pages checked through
 * poppler (pdfinfo, pdftotext, pdffonts, pdftoppm): title page, contents with the right page numbers,
 * dates as headings, small print, formatting, photos, page numbers at the foot, filters and layouts.
 * BOOK_PNG_DIR=<folder> keeps the rendered pages to be looked at.
 */

const LONG = Array.from(
  { length: 60 },
  (_, i) => `Paragraph ${i + 1} of a long day at work, with enough words in it to wrap over a line or two of the page.`,
).join("\n\n");
const keep = (name: string) => (process.env.BOOK_PNG_DIR ? `${process.env.BOOK_PNG_DIR}/${name}` : undefined);

beforeAll(async () => {
  const harbour = await createEntry({
    title: "Harbour walk ☀️",
    content: [
      "Walked along the **harbour** with *everyone*, and it was ***very*** calm.",
      "",
      "# What I saw",
      "• boats at dusk",
      "• a cat on a **rope**",
      "1. first the fish market",
      "2. then the old fort",
      "",
      "> The sea does not hurry.",
      "",
      "Привет from Zoë, naïve café, łódź 🙂 日記.",
    ].join("\n"),
    tags: ["travel", "family"],
    created_at: "2025-03-14T09:26:53.589Z",
    ai_mood_score: 7.5,
    location_name: "Marseille",
  });
  await attach(harbour, "Boats.jpg", await photo(1600, 1000, { r: 240, g: 120, b: 40 }), "image/jpeg");
  await attach(harbour, "Fort.jpg", await photo(600, 900, { r: 30, g: 200, b: 160 }), "image/jpeg");
  await createEntry({ title: "A long day", content: LONG, tags: ["work"], created_at: "2025-03-20T17:00:00.000Z" });
  const april = await createEntry({
    title: "Voice",
    content: "Recorded the rain.",
    tags: ["travel"],
    created_at: "2025-04-02T08:00:00.000Z",
  });
  await attach(april, "rain.wav", wav(44 + 2000), "audio/wav");
  await createEntry({ title: "", content: "Nothing much.", created_at: "2025-05-01T12:00:00.000Z" });
});

describe("the printable book's query", () => {
  it.each([
    ["?from=2025-13-01", /from/u],
    ["?from=2025-03-01&to=2025-02-01", /after/u],
    ["?to=yesterday", /to/u],
    ["?period=decade", /period/u],
    ["?period=month&from=2025-03-01", /either a period/u],
    ["?on=2025-03-01", /on goes with period/u],
    ["?layout=grid", /layout/u],
    ["?paper=a3", /paper/u],
    [`?tags=${"x".repeat(500)}`, /tag/u],
    ["?tags=", /tag/u],
    ["?tz=Mars/Olympus", /time zone/u],
    ["?mood=ecstatic", /mood/u],
    ["?from=2025-03-01&from=2025-04-01", /more than once/u],
  ])("refuses %s with a clear 400", async (query, why) => {
    const r = await getPdf(query);
    const err = expectError(r, 400);
    expect(JSON.stringify(err)).toMatch(why);
  });

  it("answers 404 when nothing matches", async () => {
    const err = expectError(await getPdf("?from=2030-01-01&to=2030-12-31"), 404, "NOT_FOUND");
    expect(err.message).toMatch(/No entries match/u);
    expectError(await getPdf("?tags=nosuchtag"), 404);
  });
});

describe("the printable book", () => {
  let pdf: Buffer;
  let pages: string[];
  beforeAll(async () => {
    const r = await getPdf("?from=2025-03-01&to=2025-05-31&tz=UTC&title=My%20spring");
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.res.headers.get("content-type")).toBe("application/pdf");
    expect(r.res.headers.get("content-disposition")).toBe(
      'attachment; filename="reverie-book-2025-03-14-to-2025-05-01.pdf"',
    );
    pdf = r.bytes;
    pages = pdfText(pdf);
  }, 60_000);

  it("is a PDF with a title page, the contents, and one entry per page (the long one on several)", () => {
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    const n = pdfPages(pdf);
    expect(n).toBeGreaterThanOrEqual(1 + 1 + 4 + 1);
    expect(n).toBeLessThanOrEqual(1 + 1 + 4 + 8);
    expect(pages[0]).toContain("My spring");
    expect(pages[0]).toContain("14 March 2025 – 1 May 2025");
    expect(pages[0]).toContain("4 entries");
    expect(pages[1]).toContain("Contents");
  });

  it("numbers every page after the title at its foot, and the contents point at the right pages", () => {
    const lastLine = (p: string) => p.trim().split("\n").at(-1)!.trim();
    for (let k = 2; k <= pdfPages(pdf); k++) expect(lastLine(pages[k - 1]!)).toBe(String(k));
    const pageOf = (heading: string) => pages.findIndex((p) => p.includes(heading)) + 1;
    const toc = pages[1]!;
    const tocPage = (month: string) =>
      Number(new RegExp(`${month}\\s+\\d+ entr(?:y|ies)\\s+(\\d+)`, "u").exec(toc)?.[1]);
    expect(toc).toMatch(/2025/u);
    expect(tocPage("March")).toBe(pageOf("Friday 14 March 2025"));
    expect(tocPage("April")).toBe(pageOf("Wednesday 2 April 2025"));
    expect(tocPage("May")).toBe(pageOf("Thursday 1 May 2025"));
    expect(toc).toMatch(/March\s+2 entries/u);
  });

  it("prints the day as a heading, the small print, the text with its formatting, and media", () => {
    const entry = pages.find((p) => p.includes("Friday 14 March 2025"))!;
    expect(entry).toContain("Harbour walk ?");
    expect(entry).toMatch(/9:26\s+·\s+Mood: Good \(7\.5\/10\)\s+·\s+Marseille/u);
    expect(entry).toContain("Tags: family, travel");
    expect(entry).toContain("Walked along the harbour with everyone, and it was very calm.");
    expect(entry).not.toContain("**");
    expect(entry).toContain("What I saw");
    expect(entry).not.toContain("# What");
    expect(entry).toMatch(/•\s+boats at dusk/u);
    expect(entry).toMatch(/2\.\s+then the old fort/u);
    expect(entry).toContain("The sea does not hurry.");
    // Cyrillic and Polish letters through the bundled font, what no font has as "?".
    expect(entry).toContain("Привет from Zoë, naïve café, łódź ? ??.");
    const voice = pages.find((p) => p.includes("Wednesday 2 April 2025"))!;
    expect(voice).toContain("Sound recording: rain.wav");
    const fonts = pdfFonts(pdf);
    for (const f of ["Times-Roman", "Times-Bold", "Times-Italic", "Times-BoldItalic", "Helvetica", "Geist"])
      expect(fonts).toContain(f);
  });

  it("renders pages to PNG: the title page, the contents and an entry with its photos", async () => {
    const title = await sharp(renderPage(pdf, 1, 60, keep("book-title.png"))).stats();
    const entryPage = pages.findIndex((p) => p.includes("Friday 14 March 2025")) + 1;
    renderPage(pdf, 2, 60, keep("book-contents.png"));
    const png = renderPage(pdf, entryPage, 60, keep("book-entry.png"));
    if (process.env.BOOK_PNG_DIR) renderPage(pdf, entryPage + 1, 60, keep("book-entry-next.png"));
    const meta = await sharp(png).metadata();
    // A4 at 60 dpi.
    expect(Math.abs(meta.width! - 496)).toBeLessThanOrEqual(1);
    expect(Math.abs(meta.height! - 702)).toBeLessThanOrEqual(1);
    const { channels } = await sharp(png).stats();
    // Not blank: dark text and the photos' colours on white.
    expect(channels[0]!.min).toBeLessThan(80);
    expect(channels.some((c) => c.stdev > 20)).toBe(true);
    // The orange photo: many pixels far more red than blue.
    const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
    let orange = 0;
    for (let i = 0; i < data.length; i += info.channels) if (data[i]! > 150 && data[i + 2]! < 90) orange++;
    expect(orange).toBeGreaterThan(2000);
    // The title page is mostly white, with some ink.
    expect(title.channels[0]!.mean).toBeGreaterThan(230);
    expect(title.channels[0]!.min).toBeLessThan(120);
  });

  it("prints only the entries with the tags asked for, and flows entries when asked", async () => {
    const travel = await getPdf("?tags=travel&tz=UTC");
    expect(travel.status).toBe(200);
    const text = pdfText(travel.bytes).join("\n");
    expect(text).toContain("Harbour walk");
    expect(text).toContain("Recorded the rain.");
    expect(text).not.toContain("A long day");
    expect(text).not.toContain("Nothing much.");

    const paged = await getPdf("?tags=travel&tags=family&tz=UTC&layout=page");
    const flowing = await getPdf("?tags=travel&tags=family&tz=UTC&layout=flow&paper=letter");
    expect(flowing.status).toBe(200);
    expect(pdfPages(flowing.bytes)).toBeLessThanOrEqual(pdfPages(paged.bytes));
    const png = await sharp(renderPage(flowing.bytes, 1, 72)).metadata();
    expect([png.width, png.height]).toEqual([612, 792]);
  }, 60_000);

  it("prints a review period, titled as the review", async () => {
    const r = await getPdf("?period=month&on=2025-03-10&tz=UTC");
    expect(r.status).toBe(200);
    const text = pdfText(r.bytes);
    expect(text[0]).toContain("March 2025");
    expect(text[0]).toContain("2 entries");
    expect(text.join("\n")).not.toContain("Recorded the rain.");
  }, 60_000);
});
