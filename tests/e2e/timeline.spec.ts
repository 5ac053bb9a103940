import Database from "better-sqlite3";
import { expect, test, type Page } from "@playwright/test";
import { createEntries, e2eDbFile, resetJournal, type SeedEntry } from "../support/e2e";
import { seedJournal } from "../support/seed-journal";

/**
 * The browser's clock is fixed at Wednesday 17 June 2026, noon in New York (the browser's zone), so
 * "today", "this week" and the calendar's month are known. Timers still run (the search debounce).
 */
const NOW = new Date("2026-06-17T16:00:00.000Z");

test.beforeEach(async ({ page }) => {
  resetJournal();
  await page.clock.setFixedTime(NOW);
});

/** Adds media rows to an entry straight in the database (uploads are another screen's concern). */
function addMedia(entryId: string, kinds: ("image" | "video" | "audio")[]): void {
  const db = new Database(e2eDbFile(), { timeout: 10_000 });
  try {
    const insert = db.prepare(
      `INSERT INTO "media_files" ("id","entry_id","file_type","filename","stored_name","mime_type","size","thumbnail_name","created_at") VALUES (?,?,?,?,?,?,?,?,?)`,
    );
    kinds.forEach((kind, i) => {
      const id = `${entryId.slice(0, 24)}${String(i).padStart(12, "0")}`;
      insert.run(
        id,
        entryId,
        kind,
        `${kind}-${i + 1}`,
        `${id}.bin`,
        `${kind}/x`,
        1000,
        kind === "image" ? `${id}.thumb.webp` : null,
        "2026-06-17T16:00:00.000+00:00",
      );
    });
  } finally {
    db.close();
  }
}

/** A 1x1 PNG served for thumbnails in the card test. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGOoX/kfAATRAmYfBOPGAAAAAElFTkSuQmCC",
  "base64",
);

const titles = (page: Page) => page.getByTestId("entry-card").locator("h3");
const countLine = (page: Page) => page.getByTestId("result-count");

/** Six entries around "now" whose filter results are worked out by hand below. */
const JOURNAL: (SeedEntry & { title: string })[] = [
  {
    title: "Morning pages",
    content: "Wrote three pages before work. The kettle sang.",
    created_at: "2026-06-17T16:00:00.000Z", // today
    ai_mood_score: 8.5,
    ai_summary: "A grateful start with fresh coffee.",
    tags: ["morning", "gratitude"],
  },
  {
    title: "Middle of the road",
    content: "An ordinary Tuesday, nothing more.",
    created_at: "2026-06-16T16:00:00.000Z", // yesterday
    ai_mood_score: 4,
  },
  {
    title: "Rainy commute",
    content: "Forgot my umbrella and got soaked on the way to the office.",
    created_at: "2026-06-14T16:00:00.000Z", // 3 days ago; gets an image
    ai_mood_score: 3.2,
    tags: ["work", "weather"],
  },
  {
    title: "Family dinner",
    content: "Aunt Mary made her famous pie.",
    created_at: "2026-05-28T16:00:00.000Z", // 20 days ago
    ai_mood_score: 6.5,
    ai_summary: "Laughter around the table with cousins.",
    tags: ["family", "food"],
  },
  {
    title: "Quiet Sunday",
    content: "Slow morning, long walk, early night.",
    created_at: "2025-11-29T17:00:00.000Z", // 200 days ago; no mood score; gets media
    ai_mood_score: null,
    tags: ["reflection"],
  },
  {
    title: "Old notebook",
    content: "Found my old notes from the field trip.",
    created_at: "2024-04-08T16:00:00.000Z", // 800 days ago
    ai_mood_score: 7,
    ai_summary: "Nostalgia about school days.",
    tags: ["learning", "birdwatching"],
  },
];
const ALL = JOURNAL.map((e) => e.title);

async function seedKnownJournal(request: Parameters<typeof createEntries>[0]) {
  const created = await createEntries(request, JOURNAL);
  const id = (title: string) => created.find((c) => c.title === title)!.id;
  addMedia(id("Rainy commute"), ["image"]);
  addMedia(id("Quiet Sunday"), ["image", "video", "audio", "image", "image", "image"]);
  return id;
}

async function expectTitles(page: Page, expected: string[]) {
  await expect(countLine(page)).toContainText(
    expected.length === 1 ? "1 entry found" : `${expected.length} entries found`,
  );
  await expect(titles(page)).toHaveText(expected);
}

type FilterStep =
  | { range: "All time" | "Today" | "Past week" | "Past month" | "Past year" }
  | { custom: [string, string] }
  | { mood: "Positive" | "Neutral" | "Negative" }
  | { tags: string[] }
  | { media: "With media" | "Without media" };

async function applyFilters(page: Page, steps: FilterStep[]) {
  const panel = page.getByRole("region", { name: "Filters" });
  if (!(await panel.isVisible())) await page.getByRole("button", { name: /^Filters/ }).click();
  for (const s of steps) {
    if ("range" in s) await panel.getByRole("radio", { name: s.range, exact: true }).click();
    if ("custom" in s) {
      await panel.getByRole("radio", { name: "Custom", exact: true }).click();
      await panel.getByLabel("Start date").fill(s.custom[0]);
      await panel.getByLabel("End date").fill(s.custom[1]);
    }
    if ("mood" in s) await panel.getByRole("radio", { name: new RegExp(`^${s.mood} `, "u") }).click();
    if ("tags" in s)
      for (const t of s.tags) await panel.getByRole("button", { name: new RegExp(`^#${t} \\d+ entr`, "u") }).click();
    if ("media" in s) await panel.getByRole("radio", { name: s.media, exact: true }).click();
  }
}

const FILTER_CASES: { name: string; steps: FilterStep[]; expected: string[] }[] = [
  { name: "back to all time", steps: [{ range: "Past week" }, { range: "All time" }], expected: ALL },
  { name: "today", steps: [{ range: "Today" }], expected: ["Morning pages"] },
  {
    name: "past week",
    steps: [{ range: "Past week" }],
    expected: ["Morning pages", "Middle of the road", "Rainy commute"],
  },
  {
    name: "past month",
    steps: [{ range: "Past month" }],
    expected: ["Morning pages", "Middle of the road", "Rainy commute", "Family dinner"],
  },
  { name: "past year", steps: [{ range: "Past year" }], expected: ALL.slice(0, 5) },
  {
    name: "custom range",
    steps: [{ custom: ["2025-11-01", "2026-05-31"] }],
    expected: ["Family dinner", "Quiet Sunday"],
  },
  { name: "custom range of one day", steps: [{ custom: ["2026-06-14", "2026-06-14"] }], expected: ["Rainy commute"] },
  { name: "positive", steps: [{ mood: "Positive" }], expected: ["Morning pages", "Old notebook"] },
  {
    name: "neutral (4 counts, no score never)",
    steps: [{ mood: "Neutral" }],
    expected: ["Middle of the road", "Family dinner"],
  },
  { name: "negative", steps: [{ mood: "Negative" }], expected: ["Rainy commute"] },
  { name: "one tag", steps: [{ tags: ["family"] }], expected: ["Family dinner"] },
  { name: "any of two tags", steps: [{ tags: ["work", "reflection"] }], expected: ["Rainy commute", "Quiet Sunday"] },
  { name: "with media", steps: [{ media: "With media" }], expected: ["Rainy commute", "Quiet Sunday"] },
  {
    name: "without media",
    steps: [{ media: "Without media" }],
    expected: ["Morning pages", "Middle of the road", "Family dinner", "Old notebook"],
  },
  { name: "week + negative", steps: [{ range: "Past week" }, { mood: "Negative" }], expected: ["Rainy commute"] },
  {
    name: "year + with media",
    steps: [{ range: "Past year" }, { media: "With media" }],
    expected: ["Rainy commute", "Quiet Sunday"],
  },
  {
    name: "month + neutral + without media",
    steps: [{ range: "Past month" }, { mood: "Neutral" }, { media: "Without media" }],
    expected: ["Middle of the road", "Family dinner"],
  },
  { name: "positive + tag", steps: [{ mood: "Positive" }, { tags: ["learning"] }], expected: ["Old notebook"] },
  {
    name: "year + positive + tag: nothing",
    steps: [{ range: "Past year" }, { mood: "Positive" }, { tags: ["learning"] }],
    expected: [],
  },
];

for (const c of FILTER_CASES) {
  test(`filter ${c.name}: exactly the expected entries`, async ({ page, request }) => {
    await seedKnownJournal(request);
    await page.goto("/timeline?view=list");
    await expectTitles(page, ALL);
    await applyFilters(page, c.steps);
    if (c.expected.length === 0) {
      await expect(page.getByRole("heading", { name: "No matching entries" })).toBeVisible();
      await expect(countLine(page)).toContainText("0 entries found");
    } else {
      await expectTitles(page, c.expected);
    }
  });
}

test("a custom range applies only when both dates are set", async ({ page, request }) => {
  await seedKnownJournal(request);
  await page.goto("/timeline?view=list");
  await applyFilters(page, [{ range: "Today" }]);
  await expectTitles(page, ["Morning pages"]);
  const panel = page.getByRole("region", { name: "Filters" });
  await panel.getByRole("radio", { name: "Custom", exact: true }).click();
  await panel.getByLabel("Start date").fill("2026-05-01");
  await expect(panel.getByText("Choose both a start and an end date to apply the range.")).toBeVisible();
  await expectTitles(page, ALL);
  await panel.getByLabel("End date").fill("2026-06-15");
  await expectTitles(page, ["Rainy commute", "Family dinner"]);
});

test("filters live in the address bar: bookmarkable, and the back button walks back", async ({ page, request }) => {
  await seedKnownJournal(request);
  await page.goto("/timeline?view=list");
  await applyFilters(page, [{ range: "Past year" }]);
  await expectTitles(page, ALL.slice(0, 5));
  await applyFilters(page, [{ mood: "Negative" }]);
  await expectTitles(page, ["Rainy commute"]);
  await expect(page).toHaveURL(/\/timeline\?view=list&range=year&mood=negative$/u);

  // A bookmark of the view opens it as it was, with the filters named.
  await page.goto("/timeline?view=list&range=year&mood=negative&tag=work&media=with");
  await expectTitles(page, ["Rainy commute"]);
  const chips = page.getByRole("list", { name: "Active filters" });
  await expect(chips.getByRole("button")).toHaveText([
    "Past year",
    "Negative mood",
    "#work",
    "With media",
    "Clear all",
  ]);
  await chips.getByRole("button", { name: "Remove filter: Negative mood" }).click();
  await expect(page).toHaveURL(/\/timeline\?view=list&range=year&tag=work&media=with$/u);
  await expectTitles(page, ["Rainy commute"]);
  await chips.getByRole("button", { name: "Remove filter: #work" }).click();
  await expectTitles(page, ["Rainy commute", "Quiet Sunday"]);

  await page.goBack();
  await expect(page).toHaveURL(/tag=work/u);
  await expectTitles(page, ["Rainy commute"]);
  await page.goBack();
  await expect(page).toHaveURL(/mood=negative/u);
  await expect(chips.getByRole("button", { name: "Remove filter: Negative mood" })).toBeVisible();
});

test("search finds a word inside a tag and inside an AI summary, ignoring case", async ({ page, request }) => {
  await seedKnownJournal(request);
  await page.goto("/timeline");
  const box = page.getByRole("searchbox", { name: "Search entries" });
  // Searching from the calendar shows the results as a list.
  await box.fill("watching");
  await expectTitles(page, ["Old notebook"]);
  await expect(countLine(page)).toHaveText("1 entry found for “watching”");
  await expect(page).toHaveURL(/view=list&q=watching/u);

  await box.fill("COUSINS");
  await expectTitles(page, ["Family dinner"]);
  await expect(countLine(page)).toContainText("COUSINS");

  await box.fill("umbrella");
  await expectTitles(page, ["Rainy commute"]);

  // Search and filters combine.
  await box.fill("pages");
  await expectTitles(page, ["Morning pages"]);
  await applyFilters(page, [{ mood: "Negative" }]);
  await expect(page.getByRole("heading", { name: "No matching entries" })).toBeVisible();
  await page.getByRole("button", { name: "Clear search and filters" }).click();
  await expectTitles(page, ALL);
  await expect(box).toHaveValue("");

  // The back button brings the earlier search back into the box.
  await page.goBack();
  await expect(box).toHaveValue("pages");
  await expect(page.getByRole("heading", { name: "No matching entries" })).toBeVisible();
});

test("recent searches keep queries longer than 2 characters, once, in local storage", async ({ page, request }) => {
  await seedKnownJournal(request);
  await page.goto("/timeline?view=list");
  const box = page.getByRole("searchbox", { name: "Search entries" });
  await box.fill("umbrella");
  await box.press("Enter");
  await expectTitles(page, ["Rainy commute"]);
  await box.fill("ab");
  await box.press("Enter");
  await box.fill("Umbrella");
  await box.press("Enter");
  await box.fill("kettle");
  await box.press("Enter");
  await expectTitles(page, ["Morning pages"]);
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem("reverie:recent-searches") ?? "null"))).toEqual([
    "kettle",
    "umbrella",
  ]);

  // With the box empty and focused: the tips and the recent searches.
  await page.getByRole("button", { name: "Clear search", exact: true }).click();
  await expect(box).toBeFocused();
  await expect(page.getByText("Search tips:")).toBeVisible();
  await expect(page.getByText(/Quotes, #tag and mood:positive/u)).toBeVisible();
  const recent = page.getByRole("button", { name: "umbrella", exact: true });
  await expect(recent).toBeVisible();
  await recent.click();
  await expect(box).toHaveValue("umbrella");
  await expectTitles(page, ["Rainy commute"]);

  await page.reload();
  await box.focus();
  await page.getByRole("button", { name: "Clear search", exact: true }).click();
  await expect(page.getByRole("button", { name: "kettle", exact: true })).toBeVisible();
});

test("entry cards show the spec's parts and link to the entry and its editor", async ({ page, request }) => {
  const long = `${"Today I walked through the old town and kept stopping to look at the doors. ".repeat(4)}The end.`;
  const [entry] = await createEntries(request, [
    {
      title: "Doors of the old town",
      content: long,
      created_at: "2026-06-14T14:00:00.000Z",
      ai_mood_score: 8.2,
      ai_summary: "Curiosity and calm on a slow walk.",
      tags: ["travel", "walking", "photography", "lisbon", "weekend"],
      location_name: "Lisbon, Portugal",
    },
  ]);
  addMedia(entry.id, ["image", "image", "video", "audio", "image", "image"]);
  const mediaRequests: string[] = [];
  await page.route("**/api/media/**", (route) => {
    mediaRequests.push(route.request().url());
    return route.fulfill({ status: 200, contentType: "image/png", body: PNG });
  });
  await page.goto("/timeline?view=list");
  const card = page.getByTestId("entry-card");
  await expect(card).toHaveCount(1);
  await expect(card.getByRole("heading")).toHaveText("Doors of the old town");
  await expect(card.locator("time")).toHaveText("3 days ago");
  await expect(card.getByRole("img", { name: "Mood: Great (8.2 out of 10)" })).toHaveText("😄");
  await expect(card).toContainText(`${long.trim().split(/\s+/u).length} words`);
  await expect(card).toContainText("Lisbon, Portugal");
  await expect(card).toContainText("Curiosity and calm on a slow walk.");
  const preview = await card.locator("p", { hasText: "old town" }).first().textContent();
  expect(preview).toBe(`${long.slice(0, 200)}...`);

  const media = card.getByRole("list", { name: "Media" }).getByRole("listitem");
  await expect(media).toHaveCount(5);
  await expect(media.last()).toHaveText("+2");
  // Images are shown from their thumbnails, never from the originals; video and audio as icons.
  const thumbs = card.getByRole("list", { name: "Media" }).locator("img");
  await expect(thumbs).toHaveCount(2);
  await expect(thumbs.first()).toHaveJSProperty("complete", true);
  expect(await thumbs.evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).naturalWidth))).toEqual([1, 1]);
  expect(mediaRequests.length).toBeGreaterThanOrEqual(2);
  expect(mediaRequests.every((u) => u.endsWith("?thumb=1"))).toBe(true);
  await expect(card.getByRole("img", { name: "video: video-3" })).toBeVisible();
  await expect(card.getByRole("img", { name: "audio: audio-4" })).toBeVisible();
  await expect(card.getByRole("list", { name: "Tags" }).getByRole("listitem")).toHaveText([
    "#lisbon",
    "#photography",
    "#travel",
    "+2",
  ]);

  await card.getByRole("link", { name: "Doors of the old town" }).click();
  await expect(page).toHaveURL(`/entry/${entry.id}`);
  await page.goBack();
  await page.getByRole("button", { name: "Actions for Doors of the old town" }).click();
  await page.getByRole("menuitem", { name: "Edit" }).click();
  await expect(page).toHaveURL(`/journal/edit/${entry.id}`);
});

test("delete from the card menu asks first, then removes the entry; a failure says so", async ({ page, request }) => {
  const id = await seedKnownJournal(request);
  await page.goto("/timeline?view=list");
  await expectTitles(page, ALL);

  // Cancel keeps it.
  await page.getByRole("button", { name: "Actions for Family dinner" }).click();
  await page.getByRole("menuitem", { name: "Delete" }).click();
  const dialog = page.getByRole("dialog", { name: "Delete this entry?" });
  await expect(dialog).toContainText("“Family dinner” and its media will move to Recently deleted");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expectTitles(page, ALL);
  // The focus returns to the menu's button (the menu item that opened the dialog is gone).
  await expect(page.getByRole("button", { name: "Actions for Family dinner" })).toBeFocused();

  // A failed delete keeps the entry and says so.
  await page.route(`**/api/entries/${id("Family dinner")}`, (route) =>
    route.request().method() === "DELETE"
      ? route.fulfill({
          status: 400,
          contentType: "application/json",
          body: JSON.stringify({ error: { message: "The entry cannot be deleted now", code: "BAD_REQUEST" } }),
        })
      : route.continue(),
  );
  await page.getByRole("button", { name: "Actions for Family dinner" }).click();
  await page.getByRole("menuitem", { name: "Delete" }).click();
  await dialog.getByRole("button", { name: "Delete" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Failed to delete entry. Please try again.");
  await page.unroute(`**/api/entries/${id("Family dinner")}`);

  // Trying again succeeds.
  await dialog.getByRole("button", { name: "Delete" }).click();
  await expect(dialog).toBeHidden();
  await expectTitles(
    page,
    ALL.filter((t) => t !== "Family dinner"),
  );
  expect((await request.get(`/api/entries/${id("Family dinner")}`)).status()).toBe(404);
  await expect(page.getByRole("button", { name: "Actions for Old notebook" })).toBeVisible();
});

/** Page errors, console errors and failed requests (the browser's own /favicon.ico probe aside). */
function watchTimeline(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(`pageerror: ${e.message}`));
  page.on("console", (m) => {
    if (m.type() === "error" && !m.text().startsWith("Failed to load resource")) errors.push(`console: ${m.text()}`);
  });
  page.on("response", (r) => {
    if (r.status() >= 400 && new URL(r.url()).pathname !== "/favicon.ico") errors.push(`${r.status()} ${r.url()}`);
  });
  return errors;
}

test("empty states: no entries yet, and no matching entries", async ({ page, request }) => {
  const errors = watchTimeline(page);
  await page.goto("/timeline");
  await expect(page.getByRole("heading", { name: "No entries yet" })).toBeVisible();
  await page.getByRole("radio", { name: "List" }).click();
  await expect(page.getByRole("heading", { name: "No entries yet" })).toBeVisible();
  await expect(countLine(page)).toHaveText("0 entries found");
  await expect(page.getByRole("link", { name: "Write your first entry" })).toHaveAttribute("href", "/journal");

  await createEntries(request, [{ title: "Only one", content: "Just this.", created_at: NOW.toISOString() }]);
  await page.reload();
  await expectTitles(page, ["Only one"]);
  await page.getByRole("searchbox", { name: "Search entries" }).fill("nothing like this");
  await expect(page.getByRole("heading", { name: "No matching entries" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "No entries yet" })).toBeHidden();
  expect(errors).toEqual([]);
});

test("a failed load says so with the message, and Retry loads the list", async ({ page, request }) => {
  await createEntries(request, [{ title: "Still here", content: "Safe and sound.", created_at: NOW.toISOString() }]);
  await page.route("**/api/entries?*", (route) =>
    route.fulfill({
      status: 400,
      contentType: "application/json",
      body: JSON.stringify({ error: { message: "The journal could not be read.", code: "BAD" } }),
    }),
  );
  await page.goto("/timeline?view=list");
  const alert = page.getByRole("alert").filter({ hasText: "Failed to load entries" });
  await expect(alert).toContainText("Failed to load entries");
  await expect(alert).toContainText("The journal could not be read.");
  await page.unroute("**/api/entries?*");
  await alert.getByRole("button", { name: "Retry" }).click();
  await expectTitles(page, ["Still here"]);
});

test("calendar: months, counts, colours and media dots; a day opens its entries, Show in list its range", async ({
  page,
  request,
}) => {
  const calendarMonths: string[] = [];
  const listQueries: URLSearchParams[] = [];
  page.on("request", (r) => {
    const url = new URL(r.url());
    if (url.pathname === "/api/entries/calendar") calendarMonths.push(url.searchParams.get("month") ?? "");
    if (url.pathname === "/api/entries") listQueries.push(url.searchParams);
  });
  const created = await createEntries(request, [
    { title: "First of June", content: "Summer starts.", created_at: "2026-06-01T16:00:00.000Z", ai_mood_score: 7 },
    {
      title: "Bright morning",
      content: "Sun on the balcony.",
      created_at: "2026-05-04T13:00:00.000Z",
      ai_mood_score: 9,
    },
    {
      title: "Good evening",
      content: "Dinner with friends.",
      created_at: "2026-05-04T23:00:00.000Z",
      ai_mood_score: 7,
    },
    { title: "So-so day", content: "Meetings.", created_at: "2026-05-12T16:00:00.000Z", ai_mood_score: 5.5 },
    { title: "Hard day", content: "Bad news at work.", created_at: "2026-05-20T16:00:00.000Z", ai_mood_score: 2 },
    {
      title: "Unscored",
      content: "No analysis for this one.",
      created_at: "2026-05-25T16:00:00.000Z",
      ai_mood_score: null,
    },
    // 23:30 on 30 April in New York is already 1 May in UTC: it belongs to 30 April here.
    {
      title: "Late April night",
      content: "Could not sleep.",
      created_at: "2026-05-01T03:30:00.000Z",
      ai_mood_score: 6,
    },
  ]);
  addMedia(created.find((c) => c.title === "Good evening")!.id, ["image"]);

  await page.goto("/timeline");
  const heading = page.getByRole("heading", { level: 2, name: "June 2026" });
  await expect(heading).toBeVisible();
  await expect(page.getByRole("radio", { name: "Calendar" })).toBeChecked();
  await expect(page.getByRole("button", { name: "Today" })).toBeDisabled();
  const june1 = page.getByRole("button", { name: /^1 entry on Monday, June 1, 2026,/u });
  await expect(june1).toHaveAttribute("data-mood-color", "green");
  await expect(page.getByTestId("calendar-month-total")).toHaveText("1 entry this month");
  // en-US weeks start on Sunday: the first header is Sunday and 1 June 2026 (a Monday) sits in the second column.
  await expect(page.locator("thead th").first()).toContainText("Sunday");
  await expect(page.locator("tbody tr").first().locator("td").nth(1)).toContainText("1");
  await expect(page.getByRole("cell", { name: "17" }).first()).toHaveAttribute("aria-current", "date");

  await page.getByRole("button", { name: "Previous month" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "May 2026" })).toBeVisible();
  await expect(page.getByTestId("calendar-month-total")).toHaveText("5 entries this month");
  const may4 = page.getByRole("button", { name: "2 entries on Monday, May 4, 2026, average mood 8, with media" });
  await expect(may4).toHaveAttribute("data-mood-color", "green");
  await expect(may4.getByTestId("day-count")).toHaveText("2");
  await expect(may4.getByTestId("media-dot")).toBeVisible();
  const may12 = page.getByRole("button", { name: "1 entry on Tuesday, May 12, 2026, average mood 5.5" });
  await expect(may12).toHaveAttribute("data-mood-color", "yellow");
  await expect(may12.getByTestId("media-dot")).toHaveCount(0);
  await expect(
    page.getByRole("button", { name: /^1 entry on Wednesday, May 20, 2026, average mood 2$/u }),
  ).toHaveAttribute("data-mood-color", "red");
  await expect(page.getByRole("button", { name: /^1 entry on Monday, May 25, 2026, no mood score$/u })).toHaveAttribute(
    "data-mood-color",
    "yellow",
  );
  await expect(page.getByRole("button", { name: "No entries on Friday, May 1, 2026" })).toBeVisible();
  await expect(page.getByRole("button", { name: /^\d+ entr(y|ies) on \w+, May \d+, 2026/u })).toHaveCount(4);

  await page.getByRole("button", { name: "Previous month" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "April 2026" })).toBeVisible();
  await expect(
    page.getByRole("button", { name: /^1 entry on Thursday, April 30, 2026, average mood 6$/u }),
  ).toBeVisible();
  await page.getByRole("button", { name: "Next month" }).click();
  await page.getByRole("button", { name: "Next month" }).click();
  await page.getByRole("button", { name: "Next month" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "July 2026" })).toBeVisible();
  await page.getByRole("button", { name: "Today" }).click();
  await expect(heading).toBeVisible();
  await page.getByRole("button", { name: "Previous month" }).click();
  await expect(page).toHaveURL(/month=2026-05/u);

  // The calendar asked for the months shown, one at a time, and never for the whole journal.
  expect([...new Set(calendarMonths)].sort()).toEqual(["2026-04", "2026-05", "2026-06", "2026-07"]);
  expect(listQueries.every((q) => q.get("limit") !== null)).toBe(true);

  await may4.click();
  await expect(page).toHaveURL(/month=2026-05&day=2026-05-04/u);
  const day = page.getByTestId("day-panel");
  await expect(day.getByTestId("day-entry")).toHaveText([/Good evening/u, /Bright morning/u]);
  await expect(page.getByRole("region", { name: "Filters" })).toHaveCount(0);
  await day.getByRole("button", { name: "Show in list" }).click();
  await expect(page).toHaveURL(/view=list&range=custom&from=2026-05-04&to=2026-05-04/u);
  await expectTitles(page, ["Good evening", "Bright morning"]);
  await expect(page.getByRole("list", { name: "Active filters" })).toContainText("May 4, 2026");

  await page.goBack();
  await expect(page.getByRole("heading", { level: 2, name: "May 2026" })).toBeVisible();
  await expect(page.getByTestId("day-panel")).toBeVisible();
});

test("a journal of 10,000 entries loads its first page and keeps loading while scrolling", async ({ page }) => {
  test.setTimeout(120_000);
  expect(seedJournal({ entries: 10_000, now: NOW })).toMatch(/: 10000 entries on /u);
  const pages: string[] = [];
  page.on("request", (r) => {
    const url = new URL(r.url());
    if (url.pathname === "/api/entries")
      pages.push(`${url.searchParams.get("limit")}@${url.searchParams.get("offset")}`);
  });
  await page.goto("/timeline?view=list");
  await expect(page.getByTestId("entry-card").first()).toBeVisible();
  await expect(countLine(page)).toHaveText("10,000 entries found");
  await expect(page.getByTestId("entry-card")).toHaveCount(20);

  // Scroll to the end of what is loaded, three times over: each time another page arrives.
  for (const expected of [40, 60, 80]) {
    await page.getByTestId("entry-card").last().scrollIntoViewIfNeeded();
    await expect(page.getByTestId("entry-card")).toHaveCount(expected);
  }
  expect(pages.filter((p) => p.startsWith("20@"))).toEqual(["20@0", "20@20", "20@40", "20@60"]);
  // Newest first, no entry twice.
  const ids = await page
    .getByTestId("entry-card")
    .evaluateAll((cards) => cards.map((c) => c.getAttribute("data-entry-id")));
  expect(new Set(ids).size).toBe(80);
  const times = await page
    .getByTestId("entry-card")
    .locator("time")
    .evaluateAll((ts) => ts.map((t) => t.getAttribute("datetime") ?? ""));
  expect([...times].sort().reverse()).toEqual(times);

  // The calendar's month total matches the database for the local month.
  await page.getByRole("radio", { name: "Calendar" }).click();
  const db = new Database(e2eDbFile(), { readonly: true });
  const { n } = db
    .prepare(`SELECT count(*) AS n FROM "entries" WHERE "created_at" >= ? AND "created_at" < ?`)
    .get("2026-06-01T04:00:00.000+00:00", "2026-07-01T04:00:00.000+00:00") as { n: number };
  db.close();
  expect(n).toBeGreaterThan(0);
  await expect(page.getByTestId("calendar-month-total")).toHaveText(`${n} entries this month`);
});
