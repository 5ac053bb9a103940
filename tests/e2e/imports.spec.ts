import Database from "better-sqlite3";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { e2eDbFile, resetJournal, SCREEN_FORMS, watchPage } from "../support/e2e";
import { fixtureZip, IMPORT_FIXTURES } from "../support/import-fixtures";

const desktop = SCREEN_FORMS[0];
test.use({ viewport: desktop.viewport });

function checkInsStored(): { mood: number; activities: string; entry_id: string | null }[] {
  const db = new Database(e2eDbFile(), { readonly: true });
  try {
    return db.prepare(`SELECT "mood", "activities", "entry_id" FROM "checkins" ORDER BY "at"`).all() as {
      mood: number;
      activities: string;
      entry_id: string | null;
    }[];
  } finally {
    db.close();
  }
}

test.beforeEach(() => resetJournal());

test(`${desktop.name}: import a Daylio CSV and a zip of Markdown notes from Settings, then read them in the Timeline`, async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const errors = watchPage(page);
  await page.goto("/settings");

  // Daylio: every row a check-in, every note an entry; the report names what it left out and why.
  await page
    .getByTestId("import-file-input")
    .setInputFiles(path.join(IMPORT_FIXTURES, "daylio/daylio_export_2026_03_16.csv"));
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText("From a Daylio export.");
  await expect(page.getByTestId("report-imported").locator("dd")).toHaveText("3");
  await expect(page.getByTestId("report-checkins").locator("dd")).toHaveText("4");
  await expect(page.getByTestId("report-failed").locator("dd")).toHaveText("2");
  await expect(page.getByTestId("import-issues")).toContainText(
    `Its mood "stellar" is not one of Daylio's five default moods`,
  );
  await dialog.getByRole("button", { name: "Close" }).first().click();
  await expect(dialog).toBeHidden();
  expect(checkInsStored().map((c) => c.mood)).toEqual([2, 8, 6, 10]);

  // A zip of Markdown notes (Reverie's export layout, an Obsidian daily note, a Logseq journal, an undated page).
  const zip = testInfo.outputPath("notes.zip");
  writeFileSync(zip, fixtureZip("markdown"));
  await page.getByTestId("import-file-input").setInputFiles(zip);
  await expect(dialog).toContainText("From a folder of Markdown notes.");
  await expect(page.getByTestId("report-imported").locator("dd")).toHaveText("3");
  await expect(page.getByTestId("report-skipped").locator("dd")).toHaveText("1");
  await expect(page.getByTestId("import-issues")).toContainText("It has no date in its front matter or its file name");
  await dialog.getByRole("button", { name: "Close" }).first().click();

  // The Timeline shows both: the Daylio notes with the mood the person stated, the notes with their photos.
  await page.goto("/timeline?view=list");
  const cards = page.getByTestId("entry-card");
  await expect(cards).toHaveCount(6);
  const birthday = cards.filter({ hasText: "Birthday dinner" });
  await expect(birthday).toContainText("Ana cooked for everyone.");
  await expect(birthday.getByTestId("card-mood")).toHaveAttribute("data-reading", "stated");
  await expect(birthday.getByTestId("card-mood")).toHaveText("😄");
  const walk = cards.filter({ hasText: "Walk by the river" });
  await expect(walk).toContainText("The herons were back on the island.");
  await expect(walk.getByTestId("card-mood")).toHaveAttribute("data-reading", "stated");
  await expect(walk.locator("img")).toHaveCount(1);
  await expect(cards.filter({ hasText: "Monday" })).toContainText("good sunset");
  await expect(cards.filter({ hasText: "Planted the tomatoes" })).toHaveCount(1);
  await page.screenshot({ path: testInfo.outputPath("timeline-after-imports.png") });
  expect(errors).toEqual([]);
});
