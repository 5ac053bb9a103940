import Database from "better-sqlite3";
import { expect, test, type Page } from "@playwright/test";
import path from "node:path";
import { createEntries, e2eDbFile, resetJournal } from "../support/e2e";

/**
 * The calendar you can read: a cell names its day's first entry (and shows its photo) where there is
 * room, a day's entries open under the calendar with the filters closed, and "Show in list" is the
 * switch to the list of that day. The browser's clock is fixed at Wednesday 17 June 2026, noon in New York.
 */
const NOW = new Date("2026-06-17T16:00:00.000Z");
const SHOTS = path.join(import.meta.dirname, "../../test-results/calendar-day");
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGOoX/kfAATRAmYfBOPGAAAAAElFTkSuQmCC",
  "base64",
);

/** One photo with a thumbnail, straight in the database (uploads are another screen's concern). */
function addPhoto(entryId: string): void {
  const db = new Database(e2eDbFile(), { timeout: 10_000 });
  try {
    const id = `${entryId.slice(0, 24)}000000000001`;
    db.prepare(
      `INSERT INTO "media_files" ("id","entry_id","file_type","filename","stored_name","mime_type","size","thumbnail_name","created_at") VALUES (?,?,?,?,?,?,?,?,?)`,
    ).run(
      id,
      entryId,
      "image",
      "PXL_20260610.jpeg",
      `${id}.jpg`,
      "image/jpeg",
      1000,
      `${id}.thumb.webp`,
      NOW.toISOString(),
    );
  } finally {
    db.close();
  }
}

const VIEWPORTS = [
  { name: "desktop", width: 1280, height: 800, touch: false },
  { name: "phone", width: 390, height: 844, touch: true },
] as const;

test.beforeEach(async ({ page }) => {
  resetJournal();
  await page.clock.setFixedTime(NOW);
  await page.route("**/api/media/**", (route) => route.fulfill({ contentType: "image/png", body: PNG }));
});

const june = (page: Page, d: number) => page.locator(`button[data-day="2026-06-${String(d).padStart(2, "0")}"]`);

for (const vp of VIEWPORTS) {
  test.describe(vp.name, () => {
    test.use({ viewport: { width: vp.width, height: vp.height }, hasTouch: vp.touch, isMobile: vp.touch });

    test("a day's entries open under the calendar; Show in list switches to that day", async ({ page, request }) => {
      const [parade] = await createEntries(request, [
        {
          title: "Parade in the rain with everyone from the street",
          content: "**Drums** and umbrellas all the way down the hill.",
          created_at: "2026-06-10T14:00:00.000Z",
          ai_mood_score: 8,
        },
        { title: "Evening swim", content: "Cold lake, warm towel.", created_at: "2026-06-10T23:30:00.000Z" },
        { title: "Quiet Sunday", content: "Read all afternoon.", created_at: "2026-06-14T18:00:00.000Z" },
      ]);
      addPhoto(parade.id);

      await page.goto("/timeline");
      // The calendar's code loads after the page: a busy machine can take a while.
      await expect(page.getByRole("heading", { level: 2, name: "June 2026" })).toBeVisible({ timeout: 30_000 });
      const cell = june(page, 10);
      await expect(cell).toHaveAccessibleName("2 entries on Wednesday, June 10, 2026, average mood 8, with media");
      // The title sits over the button (it describes the day, outside the button's name).
      const cellTitle = page.locator("td", { has: cell }).getByTestId("day-title");
      if (vp.name === "desktop") {
        // Where there is room the cell names its first entry (one line, cut short) and shows its photo.
        await expect(cellTitle).toBeVisible();
        await expect(cellTitle).toHaveText("Parade in the rain with everyone from the street");
        await expect(cell).toHaveAccessibleDescription("Parade in the rain with everyone from the street");
        const box = await cellTitle.boundingBox();
        expect(box!.height).toBeLessThan(24);
        await expect(cell.getByTestId("day-photo")).toBeVisible();
      } else {
        // On a phone the cell stays compact: the count and the media dot on the mood colour.
        await expect(cellTitle).toBeHidden();
        await expect(cell.getByTestId("day-photo")).toBeHidden();
        await expect(cell.getByTestId("day-count")).toHaveText("2");
        await expect(cell).toHaveAttribute("data-mood-color", "green");
      }
      await page.screenshot({ path: path.join(SHOTS, `${vp.name}-calendar.png`) });

      if (vp.touch) await cell.tap();
      else await cell.click();
      await expect(page).toHaveURL(/\/timeline\?day=2026-06-10$/u);
      await expect(cell).toHaveAttribute("aria-pressed", "true");
      const panel = page.getByTestId("day-panel");
      await expect(panel.getByRole("heading", { name: "Wednesday, June 10, 2026" })).toBeVisible();
      const entries = panel.getByTestId("day-entry");
      await expect(entries).toHaveCount(2);
      await expect(entries.nth(0)).toContainText("Evening swim");
      await expect(entries.nth(0)).toContainText("7:30 PM");
      await expect(entries.nth(1)).toContainText("Parade in the rain");
      await expect(entries.nth(1)).toContainText("10:00 AM");
      await expect(entries.nth(1)).toContainText("Drums and umbrellas all the way down the hill.");
      await expect(entries.nth(1).getByRole("img", { name: "Mood: Great" })).toBeVisible();
      await expect(entries.nth(1)).toHaveAttribute("href", `/entry/${parade.id}`);
      await expect(entries.nth(0)).toBeInViewport();
      // The calendar stays, the filters stay closed.
      await expect(page.locator("table")).toBeVisible();
      await expect(page.getByRole("button", { name: /^Filters/u })).toHaveAttribute("aria-expanded", "false");
      await expect(page.getByRole("region", { name: "Filters" })).toHaveCount(0);
      await page.screenshot({ path: path.join(SHOTS, `${vp.name}-day.png`), fullPage: true });

      // The keyboard opens a day too; an empty past day says so and offers to write about it, a future one does not.
      await june(page, 3).focus();
      await page.keyboard.press("Enter");
      await expect(panel.getByRole("heading", { name: "Wednesday, June 3, 2026" })).toBeVisible();
      await expect(panel).toContainText("Nothing written on this day.");
      await expect(panel.getByRole("link", { name: "Write about this day" })).toHaveAttribute(
        "href",
        "/journal?date=2026-06-03",
      );
      await june(page, 20).focus();
      await page.keyboard.press("Space");
      await expect(panel.getByRole("heading", { name: "Saturday, June 20, 2026" })).toBeVisible();
      await expect(panel).toContainText("Nothing written on this day.");
      await expect(panel.getByRole("link", { name: "Write about this day" })).toHaveCount(0);

      // Back walks back to the day opened before.
      await page.goBack();
      await page.goBack();
      await expect(panel.getByRole("heading", { name: "Wednesday, June 10, 2026" })).toBeVisible();

      await panel.getByRole("button", { name: "Show in list" }).click();
      await expect(page).toHaveURL(/view=list&range=custom&from=2026-06-10&to=2026-06-10/u);
      await expect(page.getByTestId("entry-card").locator("h3")).toHaveText([
        "Evening swim",
        "Parade in the rain with everyone from the street",
      ]);
      await expect(page.getByRole("region", { name: "Filters" })).toHaveCount(0);

      if (vp.name === "desktop") {
        // Writing about a past day opens the editor on that day.
        await page.goto("/timeline?day=2026-06-03");
        await page.getByTestId("day-panel").getByRole("link", { name: "Write about this day" }).click();
        await expect(page.getByLabel("Date", { exact: true })).toHaveValue("2026-06-03");
      }
    });
  });
}
