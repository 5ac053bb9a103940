import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { createEntries, resetJournal, SCREEN_FORMS, watchPage, type SeedEntry } from "../support/e2e";
import {
  assistantMessages,
  fakeRequests,
  resetFake,
  scriptFake,
  sendMessage,
  seriousAxeViolations,
} from "../support/chat-e2e";

/**
 * Ask your journal in the browser: the Timeline's "Search by meaning" and a question in Just Chatting,
 * answered from the entries with their dates in the browser's locale (en-US here) and links to them.
 */

const TZ = "America/New_York";
const DAY_MS = 86_400_000;

/** 17:00 UTC, n days ago: inside the same local day in New York. */
function daysAgo(n: number): string {
  const d = new Date(Date.now() - n * DAY_MS);
  return `${d.toISOString().slice(0, 10)}T17:00:00.000Z`;
}

const year = (iso: string | Date) =>
  new Intl.DateTimeFormat("en-US", { year: "numeric", timeZone: TZ }).format(new Date(iso));
/** The answer's date as an en-US browser writes it: "April 18", with the year when it is not this year. */
const answerDay = (iso: string) =>
  new Intl.DateTimeFormat("en-US", {
    month: "long",
    day: "numeric",
    ...(year(iso) === year(new Date()) ? {} : { year: "numeric" }),
    timeZone: TZ,
  }).format(new Date(iso));
/** The same day as the en-GB default would write it ("18 April"), which an en-US browser must not see. */
const gbDay = (iso: string) =>
  new Intl.DateTimeFormat("en-GB", { month: "long", day: "numeric", timeZone: TZ }).format(new Date(iso));
const longUs = (iso: string) =>
  new Intl.DateTimeFormat("en-US", { month: "long", day: "numeric", year: "numeric", timeZone: TZ }).format(
    new Date(iso),
  );
const shortUs = (iso: string) =>
  new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: TZ }).format(
    new Date(iso),
  );

const JOURNAL: (SeedEntry & { title: string; created_at: string })[] = [
  {
    title: "Swimming with the cousins",
    content: "We swam across the lake with my cousins and ate cherries on the wooden pier until sunset.",
    created_at: daysAgo(500),
    ai_mood_score: 8,
  },
  {
    title: "A happy day at the lake",
    content:
      "Spring at last. We rented a rowing boat on the lake; the water was still cold and the light was soft. I felt happy all day.",
    created_at: daysAgo(200),
    ai_mood_score: 8.5,
    tags: ["spring"],
  },
  {
    title: "A hard week at work",
    content: "The deadline moved again and the whole team stayed late every night. I am exhausted and a bit angry.",
    created_at: daysAgo(70),
    ai_mood_score: 3,
    tags: ["work"],
  },
  {
    title: "A walk with Sam",
    content:
      "Sam and I walked along the river to the old mill and talked about her new job. She laughed at my map reading.",
    created_at: daysAgo(30),
    ai_mood_score: 7,
  },
];

async function seed(request: APIRequestContext) {
  const created = await createEntries(request, JOURNAL);
  return (title: string) => {
    const c = created.find((e) => e.title === title)!;
    return { ...JOURNAL.find((e) => e.title === title)!, id: c.id };
  };
}

async function useModel(request: APIRequestContext, model: string) {
  expect((await request.put("/api/config", { data: { key: "ai_model", value: model } })).ok()).toBe(true);
}

const answerPanel = (page: Page) => page.getByRole("region", { name: "Search by meaning" });
const answerSources = (page: Page) =>
  answerPanel(page).getByRole("list", { name: "Entries the answer is drawn from" }).getByRole("link");

/** Types the question in the Timeline's search and asks it by meaning. */
async function askFromTimeline(page: Page, question: string) {
  await page.goto("/timeline?view=list");
  await page.getByRole("searchbox", { name: "Search entries" }).fill(question);
  const button = page.getByRole("button", { name: "Search by meaning" });
  await expect(button).toBeEnabled();
  await button.click();
}

/** Nothing on the page is wider than the screen. */
async function expectNoSideScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(
    0,
  );
}

test.beforeEach(async ({ request }) => {
  resetJournal();
  await resetFake(request);
});

for (const form of SCREEN_FORMS) {
  test.describe(form.name, () => {
    test.use({ viewport: form.viewport });

    test("with the offline analyzer: the Timeline answers by meaning, and the chat answers from the journal", async ({
      page,
      request,
    }) => {
      // Two screens and two entry pages: more than one screen's time on a busy machine.
      test.setTimeout(120_000);
      const errors = watchPage(page);
      await useModel(request, "local/offline");
      const entry = await seed(request);
      const lake = entry("A happy day at the lake");
      const older = entry("Swimming with the cousins");
      const sam = entry("A walk with Sam");

      await askFromTimeline(page, "when did I last go to the lake?");
      const panel = answerPanel(page);
      await expect(panel.getByRole("heading")).toHaveText("From your journal: “when did I last go to the lake?”");
      // The first answer of a fresh server also loads the recall code: patience, not a measure of speed.
      const text = panel.getByTestId("meaning-answer-text");
      await expect(text).toContainText(`You last wrote about this on ${answerDay(lake.created_at)} (“${lake.title}”)`, {
        timeout: 30_000,
      });
      await expect(text).toContainText("rowing boat on the lake");
      await expect(text).toContainText(`You also wrote about it on ${answerDay(older.created_at)} [2].`);
      await expect(text).not.toContainText(gbDay(lake.created_at));
      await expect(text).not.toContainText("[entry:");
      // The sources: the two lake days, the latest first, each with its date and a link to its page.
      await expect(answerSources(page)).toHaveCount(2);
      const first = answerSources(page).nth(0);
      await expect(first).toHaveAttribute("href", `/entry/${lake.id}`);
      await expect(first).toContainText(`[1]${longUs(lake.created_at)}· ${lake.title}`);
      await expect(first).toContainText("rowing boat");
      await expect(answerSources(page).nth(1)).toHaveAttribute("href", `/entry/${older.id}`);
      await expect(answerSources(page).nth(1)).toContainText(`[2]${longUs(older.created_at)}· ${older.title}`);
      await expect(panel).not.toContainText("A hard week at work");
      await expect(panel).not.toContainText(sam.title);

      // Each source's number, date and title stay on one line, also on the phone (a long title gives way).
      for (const link of await answerSources(page).all()) {
        const row = link.locator(":scope > span").first();
        const lineHeight = await row.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight));
        expect((await row.boundingBox())!.height).toBeLessThan(lineHeight * 1.5);
      }
      await expectNoSideScroll(page);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await panel.screenshot({ path: `test-results/ask-timeline-${form.name}.png` });

      await first.click();
      await expect(page).toHaveURL(new RegExp(`/entry/${lake.id}$`, "u"));
      await expect(page.getByRole("heading", { level: 1, name: lake.title })).toBeVisible();
      await expect(page.getByRole("article")).toContainText("rented a rowing boat");

      // Just Chatting: a question about the journal is answered from it, with the entry cited and linked.
      await page.goto("/chat");
      await sendMessage(page, "What did I write about Sam?");
      const reply = assistantMessages(page).last();
      await expect(reply).toContainText(`On ${answerDay(sam.created_at)} you wrote (“${sam.title}”)`, {
        timeout: 30_000,
      });
      await expect(reply).toContainText("walked along the river to the old mill");
      await expect(reply).not.toContainText("[entry:");
      const cited = reply.getByRole("list", { name: "Cited entries" }).getByRole("link");
      await expect(cited).toHaveCount(1);
      await expect(cited).toHaveText(`[1]${sam.title}· ${shortUs(sam.created_at)}`);
      await expect(cited).toHaveAttribute("href", `/entry/${sam.id}`);
      await expectNoSideScroll(page);
      await reply.screenshot({ path: `test-results/ask-chat-${form.name}.png` });
      await cited.click();
      await expect(page).toHaveURL(new RegExp(`/entry/${sam.id}$`, "u"));
      await expect(page.getByRole("heading", { level: 1, name: sam.title })).toBeVisible();
      // Nothing went to a model.
      expect(await fakeRequests(request)).toEqual([]);
      expect(errors).toEqual([]);
    });

    test("with a (fake) cloud model: the answer shows, and an entry the model invents is not cited", async ({
      page,
      request,
    }) => {
      const errors = watchPage(page);
      const model = "gemini/gemini-2.5-flash";
      await useModel(request, model);
      expect((await request.post("/api/ai/consent", { data: { model } })).ok()).toBe(true);
      const entry = await seed(request);
      const lake = entry("A happy day at the lake");
      const invented = "0f0f0f0f-1111-4222-8333-444455556666";
      await scriptFake(request, {
        task: "ask",
        reply: {
          text: `You were out on the lake in a rowing boat in the spring [entry:${lake.id}]. You also went sailing with Alex [entry:${invented}].`,
        },
      });

      await askFromTimeline(page, "when did I last go to the lake?");
      const text = answerPanel(page).getByTestId("meaning-answer-text");
      // The claim made for the invented entry goes with its citation.
      await expect(text).toHaveText("You were out on the lake in a rowing boat in the spring [1].", {
        timeout: 30_000,
      });
      await expect(answerPanel(page)).not.toContainText("sailing");
      // The sources are entries found in the journal: the cited one first, never the invented id.
      const hrefs = await answerSources(page).evaluateAll((links) => links.map((a) => a.getAttribute("href")));
      expect(hrefs[0]).toBe(`/entry/${lake.id}`);
      const known = new Set(JOURNAL.map((e) => `/entry/${entry(e.title).id}`));
      for (const h of hrefs) expect(known.has(h!)).toBe(true);
      expect(hrefs.join(" ")).not.toContain(invented);
      await expect(answerPanel(page)).not.toContainText(invented);
      await expectNoSideScroll(page);
      await answerPanel(page).screenshot({ path: `test-results/ask-timeline-cloud-${form.name}.png` });

      const [sent] = await fakeRequests(request, "ask");
      expect(sent!.prompt).toContain(`[entry:${lake.id}]`);
      expect(sent!.prompt).toContain("when did I last go to the lake?");

      await answerSources(page).first().click();
      await expect(page.getByRole("heading", { level: 1, name: lake.title })).toBeVisible();
      expect(errors).toEqual([]);
    });
  });
}
