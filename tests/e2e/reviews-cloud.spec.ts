import { expect, test } from "@playwright/test";
import { MONTH_NAMES } from "@/domain/dates";
import { createEntries, resetJournal, watchPage, SCREEN_FORMS } from "../support/e2e";

const TZ = "America/New_York";

/** Today in the browser's zone, as "YYYY-MM-DD". */
function todayKey(): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: TZ, year: "numeric", month: "2-digit", day: "2-digit" }).format(
    new Date(),
  );
}
/** 17:00 UTC is 12:00 or 13:00 in New York: always inside that local day. */
const noon = (key: string) => `${key}T17:00:00.000Z`;
/** The same day a year earlier: outside this month and this year. */
const yearBefore = (key: string) => `${Number(key.slice(0, 4)) - 1}${key.slice(4)}`;

test.beforeEach(() => resetJournal());

for (const form of SCREEN_FORMS) {
  test.describe(form.name, () => {
    test.use({ viewport: form.viewport });

    test("this month's review from the Timeline, written by a (fake) cloud model, cites only this month", async ({
      page,
      request,
    }) => {
      const errors = watchPage(page);
      const model = "gemini/gemini-2.5-flash";
      expect((await request.put("/api/config", { data: { key: "ai_model", value: model } })).ok()).toBe(true);
      expect((await request.post("/api/ai/consent", { data: { model } })).ok()).toBe(true);
      const today = todayKey();
      const [, here] = await createEntries(request, [
        { title: "Last year", content: "A quiet winter day, long ago now.", created_at: noon(yearBefore(today)) },
        {
          title: "Market",
          content: "Bought bread and flowers and talked to Sam for an hour.",
          created_at: noon(today),
        },
      ]);

      await page.goto("/timeline");
      await page.getByRole("button", { name: "Reviews" }).click();
      await page.getByRole("group", { name: "Make a review" }).getByRole("button", { name: "This month" }).click();

      const [y, m] = today.split("-").map(Number) as [number, number];
      await expect(page).toHaveURL(/\/entry\/[0-9a-f-]+$/u);
      await expect(page.getByRole("heading", { level: 1, name: `${MONTH_NAMES[m - 1]} ${y}` })).toBeVisible();
      await expect(page.getByRole("article")).toContainText("A steady stretch, with a few bright days.");
      const panel = page.getByTestId("review-panel");
      await expect(panel.getByTestId("reading-source")).toContainText("Read by Gemini (cloud model)");
      await expect(panel).toContainText("drawn from 1 entry of that time only");
      await page.screenshot({ path: `test-results/reviews-cloud-${form.name}.png`, fullPage: true });

      const reviews = (await (await request.get("/api/reviews")).json()) as {
        reviews: { period: string; cited: string[] }[];
      };
      expect(reviews.reviews.map((r) => [r.period, r.cited])).toEqual([["month", [here!.id]]]);
      expect(errors).toEqual([]);
    });

    test("this year's review offline, from the Timeline, with the year's numbers and its Year in Pixels", async ({
      page,
      request,
    }) => {
      const errors = watchPage(page);
      expect((await request.put("/api/config", { data: { key: "ai_model", value: "local/offline" } })).ok()).toBe(true);
      const today = todayKey();
      await createEntries(request, [
        { title: "Old", content: "A year ago I wrote this.", ai_mood_score: 5, created_at: noon(yearBefore(today)) },
        { title: "Today", content: "A good long walk and an early night.", ai_mood_score: 8, created_at: noon(today) },
      ]);

      await page.goto("/timeline");
      await page.getByRole("button", { name: "Reviews" }).click();
      await page.getByRole("group", { name: "Make a review" }).getByRole("button", { name: "This year" }).click();

      await expect(
        page.getByRole("heading", { level: 1, name: `Your year in Reverie ${today.slice(0, 4)}` }),
      ).toBeVisible();
      const panel = page.getByTestId("review-panel");
      await expect(panel.getByTestId("reading-source")).toContainText("Basic reading, no AI model");
      const numbers = panel.getByRole("definition");
      await expect(numbers.first()).toHaveText("1");
      await expect(panel.locator(`[data-date="${today}"]`)).toHaveAttribute("data-level", /[1-5]/u);
      await page.screenshot({ path: `test-results/reviews-year-${form.name}.png`, fullPage: true });
      expect(errors).toEqual([]);
    });
  });
}
