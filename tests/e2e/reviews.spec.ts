import { expect, test } from "@playwright/test";
import { MONTH_NAMES as MONTHS } from "@/domain/dates";
import { createEntries, resetJournal, watchPage, SCREEN_FORMS } from "../support/e2e";

const TZ = "America/New_York";

/** Today in the browser's zone, as a UTC date at midnight (for calendar arithmetic). */
function today(): Date {
  const f = new Intl.DateTimeFormat("en-CA", { timeZone: TZ, year: "numeric", month: "2-digit", day: "2-digit" });
  const [y, m, d] = f.format(new Date()).split("-").map(Number);
  return new Date(Date.UTC(y!, m! - 1, d!));
}
const addDays = (d: Date, n: number) => new Date(d.getTime() + n * 86_400_000);
const key = (d: Date) => d.toISOString().slice(0, 10);
/** 17:00 UTC is 12:00 or 13:00 in New York: always inside that local day. */
const noon = (d: Date) => `${key(d)}T17:00:00.000Z`;

/** Monday of last week, in the browser's zone. */
function lastMonday(): Date {
  const t = today();
  return addDays(t, -((t.getUTCDay() + 6) % 7) - 7);
}

test.beforeEach(() => resetJournal());

for (const form of SCREEN_FORMS) {
  test.describe(form.name, () => {
    test.use({ viewport: form.viewport });

    test("make last week's review from Home offline, read it as an entry and follow its best day", async ({
      page,
      request,
    }) => {
      const errors = watchPage(page);
      expect((await request.put("/api/config", { data: { key: "ai_model", value: "local/offline" } })).ok()).toBe(true);
      const monday = lastMonday();
      const [, , dinner] = await createEntries(request, [
        {
          title: "Long walk",
          content: "I walked by the river with Sam and felt calm again. The light was lovely.",
          ai_mood_score: 7,
          ai_themes: ["nature", "friends"],
          created_at: noon(monday),
        },
        {
          title: "Deadline",
          content: "Work ran late and I felt tired and tense all evening.",
          ai_mood_score: 3,
          ai_themes: ["work"],
          created_at: noon(addDays(monday, 2)),
        },
        {
          title: "Dinner",
          content: "Sam cooked dinner and we laughed for hours. I'm grateful for friends like that.",
          ai_mood_score: 9,
          ai_themes: ["friends"],
          created_at: noon(addDays(monday, 4)),
        },
      ]);

      await page.goto("/");
      await page.getByRole("button", { name: "Reviews" }).click();
      const menu = page.getByRole("group", { name: "Make a review" });
      await expect(menu.getByRole("button", { name: "Last week" })).toBeEnabled();
      await page.screenshot({ path: `test-results/reviews-menu-${form.name}.png` });
      await menu.getByRole("button", { name: "Last week" }).click();

      const title = `Week of ${monday.getUTCDate()} ${MONTHS[monday.getUTCMonth()]} ${monday.getUTCFullYear()}`;
      await expect(page).toHaveURL(/\/entry\/[0-9a-f-]+$/u);
      await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
      const article = page.getByRole("article");
      await expect(article).toContainText("A basic reading, counted from your entries and check-ins");
      await expect(article).toContainText("You wrote 3 entries on 3 days this week");
      await expect(article).toContainText("I'm grateful for friends like that.");
      const panel = page.getByTestId("review-panel");
      await expect(panel.getByTestId("reading-source")).toContainText("Basic reading, no AI model");
      const best = panel.getByRole("link", { name: /“Dinner”/u });
      await expect(best).toHaveAttribute("href", `/entry/${dinner!.id}`);
      await expect(panel.getByRole("link", { name: /“Deadline”/u })).toBeVisible();
      await page.screenshot({ path: `test-results/reviews-entry-${form.name}.png`, fullPage: true });

      // Saved as an entry tagged review.
      const saved = await (await request.get(`/api/entries?tags=review`)).json();
      const list = Array.isArray(saved) ? saved : saved.entries;
      expect(list.map((e: { title: string }) => e.title)).toEqual([title]);

      await best.click();
      await expect(page.getByRole("heading", { level: 1, name: "Dinner" })).toBeVisible();
      expect(errors).toEqual([]);
    });
  });
}
