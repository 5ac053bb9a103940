import { expect, test, type Page } from "@playwright/test";
import { createEntries, resetJournal, SCREEN_FORMS } from "../support/e2e";
import { editor, LONG_TEXT, watchJourney } from "../support/journal-e2e";

/**
 * Reflection questions answered in place (in the editor and on the entry page), and one date format per
 * locale on the Timeline, the entry page and Settings. Screenshots go to test-results/answers-and-dates.
 */
const SHOTS = "test-results/answers-and-dates";

test.beforeEach(() => resetJournal());
// Four pages and a model call per journey.
test.setTimeout(120_000);

/** One known entry's dates, as each locale writes them (its zone's wall clock). */
const LOCALES = [
  {
    locale: "en-GB",
    // The calendar's first weekday, and the row and column of Wednesday 4 March 2026 (1 March is a Sunday).
    firstWeekday: "Monday",
    march4: [1, 2],
    timezoneId: "Europe/London",
    card: "4 Mar 2026",
    month: "March 2026",
    full: "Wednesday, 4 March 2026 at 13:05",
    deleted: "10 February 2026",
    others: ["Mar 4, 2026", "March 4, 2026", "4. März", "2026-03-04", "3/4/2026", "AM", "PM"],
    line: "116 123",
    checked: "checked 27 November 2026",
  },
  {
    locale: "en-US",
    // The calendar's first weekday, and the row and column of Wednesday 4 March 2026 (1 March is a Sunday).
    firstWeekday: "Sunday",
    march4: [0, 3],
    timezoneId: "America/New_York",
    card: "Mar 4, 2026",
    month: "March 2026",
    full: "Wednesday, March 4, 2026 at 8:05 AM",
    deleted: "February 10, 2026",
    others: ["4 Mar 2026", "4 March 2026", "4. März", "2026-03-04", "08:05"],
    line: "988",
    checked: "checked November 27, 2026",
  },
  {
    locale: "de-DE",
    // The calendar's first weekday, and the row and column of Wednesday 4 March 2026 (1 March is a Sunday).
    firstWeekday: "Montag",
    march4: [1, 2],
    timezoneId: "Europe/Berlin",
    card: "4. März 2026",
    month: "März 2026",
    full: "Mittwoch, 4. März 2026 um 14:05",
    deleted: "10. Februar 2026",
    others: ["Mar 4, 2026", "March 4", "4 Mar 2026", "2026-03-04", "AM", "PM"],
    line: "0800 111 0 111",
    checked: "checked 27. November 2026",
  },
] as const;

const plain = (s: string) => s.replace(/[\u202f\u00a0]/gu, " ");

async function mainText(page: Page): Promise<string> {
  return plain(await page.locator("main").innerText());
}

for (const l of LOCALES) {
  // Every locale on a desktop window; en-GB on a phone too.
  const forms = l.locale === "en-GB" ? SCREEN_FORMS : SCREEN_FORMS.filter((f) => f.name === "desktop");
  for (const form of forms) {
    test.describe(`dates in ${l.locale} (${form.name})`, () => {
      test.use({ viewport: form.viewport, locale: l.locale, timezoneId: l.timezoneId });

      test("the Timeline, the entry page and Settings write dates one way", async ({ page, request }) => {
        const errors = watchJourney(page);
        const [entry, gone] = await createEntries(request, [
          { title: "Harbour morning", content: "Fog over the water.", created_at: "2026-03-04T13:05:00.000Z" },
          { title: "Old worry", content: "Let it go.", created_at: "2026-02-10T09:00:00.000Z" },
        ]);
        expect((await request.delete(`/api/entries/${gone!.id}`)).ok()).toBe(true);

        // Timeline (list): the card's short date under its month.
        await page.goto("/timeline?view=list");
        const when = page.locator("main time");
        // Each page's data comes after its first paint; a busy machine can take a while.
        await expect(when).toHaveText([l.card], { timeout: 30_000 });
        expect(plain((await when.getAttribute("title")) ?? "")).toBe(l.full);
        await expect(page.getByRole("heading", { level: 2, name: l.month, exact: true })).toBeVisible();
        const timeline = await mainText(page);
        for (const other of l.others) expect(timeline, other).not.toContain(other);
        await page.screenshot({ path: `${SHOTS}/timeline-${l.locale}-${form.name}.png` });

        // Timeline (calendar): weeks start on the locale's first day, the header row and the grid agreeing.
        await page.goto("/timeline?view=calendar&month=2026-03");
        await expect(page.getByRole("heading", { level: 2, name: l.month, exact: true })).toBeVisible();
        const march4 = page.locator('[data-day="2026-03-04"]');
        await expect(march4).toBeVisible({ timeout: 30_000 });
        await expect(page.locator("thead th").first()).toHaveAttribute("abbr", l.firstWeekday);
        const [row, column] = l.march4;
        await expect(page.locator("tbody tr").nth(row).locator("td").nth(column).locator(march4)).toBeVisible();
        await page.screenshot({ path: `${SHOTS}/calendar-${l.locale}-${form.name}.png` });

        // The entry page: the full date and time.
        await page.goto(`/entry/${entry!.id}`);
        await expect(page.getByRole("heading", { name: "Harbour morning" })).toBeVisible({ timeout: 30_000 });
        const written = page.locator("article header time");
        await expect.poll(async () => plain(await written.innerText())).toBe(l.full);
        const article = await mainText(page);
        for (const other of l.others) expect(article, other).not.toContain(other);
        await page.screenshot({ path: `${SHOTS}/entry-${l.locale}-${form.name}.png` });

        // Settings: Recently deleted names the deleted entry by its long date.
        await page.goto("/settings#recently-deleted");
        const item = page.getByTestId("recently-deleted").getByTestId("trash-item");
        // Settings is a long page: on a busy machine its sections take a moment to load.
        await expect(item).toContainText("Old worry", { timeout: 30_000 });
        await expect(item).toContainText(l.deleted);
        await item.scrollIntoViewIfNeeded();
        await page.screenshot({ path: `${SHOTS}/settings-${l.locale}-${form.name}.png` });

        // The User Guide: the person's own crisis line, with its source and the day it was checked.
        await page.goto("/help#guide");
        const line = page.getByTestId("help-crisis-line");
        await expect(line.getByTestId("local-line")).toContainText(`Call ${l.line}`);
        await expect(line.getByTestId("line-source")).toContainText(l.checked);
        if (l.locale !== "en-US") await expect(page.locator("#guide")).not.toContainText("988");
        await line.scrollIntoViewIfNeeded();
        await page.screenshot({ path: `${SHOTS}/help-${l.locale}-${form.name}.png` });
        expect(errors).toEqual([]);
      });
    });
  }
}

for (const form of SCREEN_FORMS) {
  test.describe(`reflection questions (${form.name})`, () => {
    test.use({ viewport: form.viewport });

    test("answered in the editor and on the entry page, kept in the entry under the question", async ({
      page,
      request,
    }) => {
      const errors = watchJourney(page);
      await page.goto("/journal");
      await editor(page).fill(LONG_TEXT);
      const panel = page.getByRole("region", { name: "AI Insights" });
      const first = panel.getByTestId("reflection-question").filter({ hasText: "What made today feel calm?" });
      // The questions come with the analysis, after a pause in typing.
      await expect(first).toBeVisible({ timeout: 30_000 });
      await first.getByRole("button", { name: "Answer: What made today feel calm?" }).click();
      const box = first.getByRole("textbox", { name: "Your answer to: What made today feel calm?" });
      await expect(box).toBeFocused();
      await box.fill("The slow walk by the river.");
      await page.screenshot({ path: `${SHOTS}/editor-answering-${form.name}.png` });
      await first.getByRole("button", { name: "Add to entry" }).click();
      await expect(editor(page)).toHaveValue(
        `${LONG_TEXT}\n\n> What made today feel calm?\n\nThe slow walk by the river.`,
      );
      await expect(first).toHaveAttribute("data-answered", "true");
      await expect(first).toContainText("Answered in your entry");
      await expect(first.getByRole("button", { name: /^Answer/u })).toHaveCount(0);
      await page.screenshot({ path: `${SHOTS}/editor-answered-${form.name}.png` });

      await page.getByRole("button", { name: "Save Entry" }).click();
      await expect(page).toHaveURL(/\/timeline/u, { timeout: 30_000 });
      const list = (await (await request.get("/api/entries")).json()) as {
        id: string;
        content: string;
        ai_questions: string | null;
      }[];
      expect(list).toHaveLength(1);
      const saved = list[0]!;
      expect(saved.content).toBe(`${LONG_TEXT}\n\n> What made today feel calm?\n\nThe slow walk by the river.`);
      // The questions are kept with the entry, to be answered on its page.
      expect(JSON.parse(saved.ai_questions ?? "[]")).toContain("Who did you enjoy seeing?");

      // The entry page: the answer under its question, quoted; another question answered there.
      await page.goto(`/entry/${saved.id}`);
      const article = page.locator("article");
      await expect(article.locator("blockquote")).toHaveText(["What made today feel calm?"]);
      const section = page.getByTestId("entry-reflection");
      await expect(section).toBeVisible({ timeout: 30_000 });
      await expect(section.getByTestId("reflection-question")).toHaveCount(3);
      await expect(
        section.getByTestId("reflection-question").filter({ hasText: "What made today feel calm?" }),
      ).toHaveAttribute("data-answered", "true");
      const other = section.getByTestId("reflection-question").filter({ hasText: "Who did you enjoy seeing?" });
      await other.getByRole("button", { name: "Answer: Who did you enjoy seeing?" }).click();
      await other.getByRole("textbox", { name: "Your answer to: Who did you enjoy seeing?" }).fill("My sister.");
      await other.getByRole("button", { name: "Add to entry" }).click();
      await expect(other).toHaveAttribute("data-answered", "true");
      await expect(article.locator("blockquote")).toHaveText([
        "What made today feel calm?",
        "Who did you enjoy seeing?",
      ]);

      // Reloaded: the answers are in the entry, each under its question.
      await page.reload();
      await expect(article.locator("blockquote")).toHaveText([
        "What made today feel calm?",
        "Who did you enjoy seeing?",
      ]);
      await expect(article.getByText("My sister.", { exact: true })).toBeVisible();
      await expect(
        section.getByTestId("reflection-question").filter({ hasText: "Who did you enjoy seeing?" }),
      ).toHaveAttribute("data-answered", "true");
      await section.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/entry-answered-${form.name}.png`, fullPage: true });
      const stored = (await (await request.get(`/api/entries/${saved.id}`)).json()) as { content: string };
      expect(stored.content).toBe(
        `${LONG_TEXT}\n\n> What made today feel calm?\n\nThe slow walk by the river.\n\n> Who did you enjoy seeing?\n\nMy sister.`,
      );
      expect(errors).toEqual([]);
    });
  });
}
