import Database from "better-sqlite3";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import sharp from "sharp";
import { REPORT_ISSUE_PATH } from "@/domain/constants";
import { createEntries, e2eDbFile, resetJournal, watchPage } from "../support/e2e";
import { readZip } from "../support/data-fixtures";

const CLEAR_CONFIRMATION = "Are you sure you want to clear all data? This action cannot be undone.";

function dbCounts() {
  const db = new Database(e2eDbFile(), { readonly: true });
  try {
    const n = (table: string) => (db.prepare(`SELECT count(*) AS n FROM "${table}"`).get() as { n: number }).n;
    return {
      entries: n("entries"),
      tags: n("tags"),
      entry_tags: n("entry_tags"),
      media_files: n("media_files"),
      // The reminder feed's link is made anew when Settings reads it: not a word of the journal.
      config: (
        db.prepare(`SELECT count(*) AS n FROM "config" WHERE "key" <> 'reminders.feed_token'`).get() as { n: number }
      ).n,
      search_keys: n("entry_search_keys"),
    };
  } finally {
    db.close();
  }
}

function storedMediaNames(): string[] {
  const db = new Database(e2eDbFile(), { readonly: true });
  try {
    return (
      db.prepare(`SELECT stored_name AS s, thumbnail_name AS t FROM "media_files"`).all() as {
        s: string;
        t: string | null;
      }[]
    ).flatMap((r) => [r.s, ...(r.t ? [r.t] : [])]);
  } finally {
    db.close();
  }
}

const uploadsDir = () => path.join(path.dirname(e2eDbFile()), "uploads");
const exists = (name: string) => existsSync(path.join(uploadsDir(), name));

async function usage(page: import("@playwright/test").Page, testId: string) {
  return page.getByTestId(testId).locator("dd");
}

test.beforeEach(() => resetJournal());

test("export, clear everything, import the export back: the journal returns whole", async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const errors = watchPage(page);
  const [first, second] = await createEntries(request, [
    {
      title: "Lighthouse",
      content: "Climbed the lighthouse at dawn with Sam.",
      tags: ["travel", "sea"],
      ai_mood_score: 8,
      created_at: "2025-05-01T06:00:00.000Z",
    },
    {
      title: "Rainy Sunday",
      content: "Read all afternoon.",
      tags: ["reading"],
      created_at: "2025-05-04T15:00:00.000Z",
    },
  ]);
  const png = await sharp({ create: { width: 48, height: 32, channels: 3, background: { r: 30, g: 140, b: 200 } } })
    .png()
    .toBuffer();
  const up = await request.post(`/api/entries/${first!.id}/media`, {
    multipart: { file: { name: "Lighthouse.png", mimeType: "image/png", buffer: png } },
  });
  expect(up.status()).toBe(201);
  await request.put("/api/config", { data: { key: "personal_info", value: "I live by the sea." } });

  await page.goto("/settings");
  await page.evaluate(() => {
    localStorage.setItem(
      "reverie:chat-history",
      JSON.stringify([{ id: "1", role: "user", content: "hello", timestamp: "2025-01-01T00:00:00Z" }]),
    );
    localStorage.setItem("reverie:journal-draft", JSON.stringify({ content: "unsaved words" }));
    localStorage.setItem("reverie:recent-searches", JSON.stringify(["lighthouse"]));
    localStorage.setItem("reverie:preferences", JSON.stringify({ minimalNavigation: true }));
    localStorage.setItem("another-app:key", "untouched");
  });
  await page.reload();
  await expect(await usage(page, "usage-entries")).toHaveText("2");

  // Export: a zip download with the journal, the Markdown copies and the photo.
  const downloadPromise = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export All Data" }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toMatch(/^reverie-export-\d{4}-\d{2}-\d{2}\.zip$/u);
  const zipPath = testInfo.outputPath("export.zip");
  await download.saveAs(zipPath);
  const files = await readZip(readFileSync(zipPath));
  const journal = JSON.parse(files.get("journal.json")!.toString("utf8"));
  expect(journal.entries.map((e: { id: string }) => e.id)).toEqual([first!.id, second!.id]);
  expect(journal.config).toEqual({ personal_info: "I live by the sea." });
  const photoPath = journal.entries[0].media_files[0].path as string;
  expect(files.get(photoPath)!.equals(png)).toBe(true);
  expect([...files.keys()].filter((n) => n.endsWith(".md"))).toHaveLength(2);
  await expect(page.getByTestId("toast").getByText("Your journal was exported.")).toBeVisible();

  // Clear: the spec's question, then nothing is left, here or in the browser.
  const mediaFiles = storedMediaNames();
  expect(mediaFiles.length).toBe(2);
  await page.getByRole("button", { name: "Clear All Data" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText(CLEAR_CONFIRMATION);
  await dialog.getByRole("textbox", { name: "Type delete to confirm" }).fill("delete");
  await dialog.getByRole("button", { name: "Clear All Data" }).click();
  await expect(page.getByTestId("toast").getByText("All data has been cleared.")).toBeVisible();
  await expect(await usage(page, "usage-entries")).toHaveText("0");
  await expect(await usage(page, "usage-words")).toHaveText("0");
  expect(dbCounts()).toEqual({ entries: 0, tags: 0, entry_tags: 0, media_files: 0, config: 0, search_keys: 0 });
  for (const name of mediaFiles) expect(exists(name), name).toBe(false);
  expect(readdirSync(uploadsDir()).filter((n) => n.startsWith(".tmp-"))).toEqual([]);
  const kept = await page.evaluate(() =>
    Object.fromEntries(
      Object.keys(localStorage)
        .sort()
        .map((k) => [k, localStorage.getItem(k)]),
    ),
  );
  expect(kept).toEqual({
    "another-app:key": "untouched",
    "reverie:preferences": JSON.stringify({ minimalNavigation: true }),
  });

  // Import the export through the file picker: the report, then the figures.
  await page.getByTestId("import-file-input").setInputFiles(zipPath);
  const report = page.getByTestId("import-report");
  await expect(report).toBeVisible();
  await expect(page.getByTestId("report-imported").locator("dd")).toHaveText("2");
  await expect(page.getByTestId("report-skipped").locator("dd")).toHaveText("0");
  await expect(page.getByTestId("report-failed").locator("dd")).toHaveText("0");
  await page.getByRole("dialog").getByRole("button", { name: "Close" }).first().click();
  await expect(await usage(page, "usage-entries")).toHaveText("2");
  expect(dbCounts()).toMatchObject({ entries: 2, media_files: 1, config: 1 });

  // The same file again: everything skipped, nothing doubled.
  await page.getByTestId("import-file-input").setInputFiles(zipPath);
  await expect(page.getByTestId("report-skipped").locator("dd")).toHaveText("2");
  await expect(page.getByTestId("import-issues")).toContainText("already in your journal");
  expect(dbCounts()).toMatchObject({ entries: 2, media_files: 1 });

  // The imported entry is served whole, its photo byte for byte under its old id.
  const back = await (await request.get(`/api/entries/${first!.id}`)).json();
  expect(back).toMatchObject({
    title: "Lighthouse",
    content: "Climbed the lighthouse at dawn with Sam.",
    ai_mood_score: 8,
    tags: [{ name: "sea" }, { name: "travel" }],
  });
  const photo = await request.get(back.media_files[0].url);
  expect(Buffer.from(await photo.body()).equals(png)).toBe(true);
  // The shared dialog's scroll lock injects a <style> element without the CSP nonce (reported separately);
  // anything else logged as an error fails the journey.
  expect(errors).toEqual([]);
});

test("an unreadable file is refused with a clear message and nothing changes", async ({ page }, testInfo) => {
  await page.goto("/settings");
  const bogus = testInfo.outputPath("notes.json");
  writeFileSync(bogus, JSON.stringify({ hello: "world" }));
  await page.getByTestId("import-file-input").setInputFiles(bogus);
  await expect(page.getByText("Could not import your data")).toBeVisible();
  await expect(page.getByText(/not an export this app can read/u)).toBeVisible();
  expect(dbCounts().entries).toBe(0);
});

test("support links lead to the user guide, the privacy policy and the issue tracker", async ({ page }) => {
  await page.goto("/settings");
  const support = page.getByTestId("support-links");
  await expect(support.getByRole("link", { name: /Report an Issue/u })).toHaveAttribute("href", REPORT_ISSUE_PATH);
  await support.getByRole("link", { name: "User Guide" }).click();
  await expect(page).toHaveURL(/\/help#guide$/u);
  await expect(page).toHaveTitle("Reverie - Help");
  await expect(page.getByRole("heading", { name: "User Guide" })).toBeVisible();
  await page.goto("/settings");
  await page.getByTestId("support-links").getByRole("link", { name: "Privacy Policy" }).click();
  await expect(page).toHaveURL(/\/help#privacy$/u);
  const privacy = page.locator("#privacy");
  await expect(privacy.getByRole("heading", { name: "What is stored, and where" })).toBeVisible();
  await expect(privacy).toContainText("Google");
  await expect(privacy).toContainText("OpenAI");
  await expect(privacy).toContainText("ollama/");
});
