import { expect, test } from "@playwright/test";
import { createEntries, resetJournal, watchPage } from "../support/e2e";
import { editor } from "../support/journal-e2e";

/**
 * Say what the reading is: an entry read by the built-in offline analyzer carries a quiet "Basic reading, no AI
 * model" label with a link to choosing a model (entry page, Timeline), a cloud model is named as such, a stated
 * mood is the person's own. On a touch screen Home shows no keyboard tips.
 */

const TEXT =
  "Snorkelling on the reef with Dad this morning. He was nervous in the water at first, then we saw a turtle. One of the best days of the year.";

test.beforeEach(() => resetJournal());

for (const form of [
  { name: "desktop", use: { viewport: { width: 1280, height: 900 } } },
  { name: "phone", use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } },
]) {
  test.describe(form.name, () => {
    test.use(form.use);

    test("an offline reading is labelled as basic on the Timeline and the entry page, with a link to choosing a model", async ({
      page,
      request,
    }) => {
      const errors = watchPage(page);
      expect((await request.put("/api/config", { data: { key: "ai_model", value: "local/offline" } })).ok()).toBe(true);
      // The offline analyzer loads its model on first use: once here, so the editor's reading comes quickly.
      const warm = await request.post("/api/ai/analyze-text", { data: { content: TEXT, content_type: "text" } });
      expect(warm.status(), await warm.text()).toBe(200);
      expect((await warm.json()).model).toBe("local/offline");
      await page.goto("/journal");
      await editor(page).fill(TEXT);
      await expect(page.getByTestId("insights").getByTestId("reading-source")).toHaveText(
        "Basic reading, no AI model · Choose a model",
        { timeout: 30_000 },
      );
      await page.getByRole("button", { name: "Save Entry" }).click();
      await expect(page).toHaveURL(/\/timeline/u);

      await page.goto("/timeline?view=list");
      const card = page.getByTestId("entry-card").first();
      await expect(card.getByTestId("card-mood")).toHaveAttribute("title", /\(basic reading, no AI model\)$/u);
      await expect(card.getByTestId("card-mood")).toHaveAttribute("aria-label", /, basic reading, no AI model\)$/u);
      // One quiet line above the list, not a banner on each card.
      const note = page.getByTestId("reading-source");
      await expect(note).toHaveCount(1);
      await expect(note).toHaveText("Moods and summaries here are a basic reading, no AI model · Choose a model");
      await expect(note.getByRole("link", { name: "Choose a model" })).toHaveAttribute("href", "/settings#model");
      await page.screenshot({ path: `test-results/reading-label-timeline-${form.name}.png` });

      await card.getByRole("link").first().click();
      await expect(page).toHaveURL(/\/entry\//u);
      const label = page.getByTestId("reading-source");
      await expect(label).toHaveText("Basic reading, no AI model · Choose a model");
      await expect(label).toHaveAttribute("data-kind", "offline");
      await expect(page.getByTestId("entry-mood")).toHaveAttribute("title", /basic reading, no AI model/u);
      await page.screenshot({ path: `test-results/reading-label-entry-${form.name}.png`, fullPage: true });
      await label.getByRole("link", { name: "Choose a model" }).click();
      await expect(page).toHaveURL(/\/settings#model$/u);
      expect(errors).toEqual([]);
    });

    test("a cloud reading is named as such, and a stated mood is the person's own", async ({ page, request }) => {
      const [entry] = await createEntries(request, [
        {
          title: "Reef day",
          content: TEXT,
          mood: "joyful",
          ai_mood_score: 6,
          ai_summary: "A morning on the reef with Dad.",
          created_at: new Date(Date.now() - 3_600_000).toISOString(),
        },
      ]);
      const put = await request.put(`/api/entries/${entry.id}`, {
        data: { content: TEXT, ai_mood_score: 6, ai_model: "gemini/gemini-2.5-flash" },
      });
      expect(put.status(), await put.text()).toBe(200);
      const checkin = await request.post("/api/checkins", { data: { mood: 9, activities: [], entry_id: entry.id } });
      expect(checkin.status(), await checkin.text()).toBe(201);

      await page.goto(`/entry/${entry.id}`);
      await expect(page.getByTestId("entry-mood")).toContainText("(you said 9/10)");
      await expect(page.getByTestId("entry-mood-suggestion")).toHaveText("Suggested from your writing: 6/10");
      const label = page.getByTestId("reading-source");
      await expect(label).toHaveText("Read by Gemini (cloud model): the text was sent to Google");
      await expect(label.getByRole("link")).toHaveCount(0);

      await page.goto("/timeline?view=list");
      const card = page.getByTestId("entry-card").first();
      await expect(card.getByRole("img", { name: "Mood: Great (9 out of 10, you said)" })).toBeVisible();
      await expect(page.getByTestId("reading-source")).toHaveCount(0);
    });

    test(`keyboard tips show only where there is a keyboard-like pointer (${form.name})`, async ({ page, request }) => {
      await createEntries(request, [{ title: "Yesterday", content: TEXT, ai_mood_score: 7 }]);
      await page.goto("/");
      const actions = page.getByRole("region", { name: "Quick Actions" });
      await expect(actions.getByRole("link", { name: "New Entry" })).toBeVisible();
      const tip = actions.getByTestId("keyboard-tip");
      if (form.name === "phone") {
        expect(await page.evaluate(() => matchMedia("(pointer: coarse)").matches)).toBe(true);
        await expect(tip).toBeHidden();
      } else {
        await expect(tip).toBeVisible();
        await expect(tip).toHaveText("Tip: press N for a new entry or C for chat.");
      }
    });
  });
}
