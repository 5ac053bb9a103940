import AxeBuilder from "@axe-core/playwright";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { createEntries, resetJournal, watchPage, type SeedEntry } from "../support/e2e";

const TZ = "America/New_York";
const FAKE = `http://127.0.0.1:${process.env.FAKE_MODEL_PORT ?? 4010}`;

/** The local day (in the browser's zone) `offset` days from today, as YYYY-MM-DD. */
function dayKey(offset = 0, from = new Date()): string {
  const f = new Intl.DateTimeFormat("en-CA", { timeZone: TZ, year: "numeric", month: "2-digit", day: "2-digit" });
  const [y, m, d] = f.format(from).split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d + offset)).toISOString().slice(0, 10);
}
/** 17:00 UTC is 12:00 or 13:00 in New York: always inside that local day. */
const noon = (key: string) => `${key}T17:00:00.000Z`;
const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(" ");

/** The same local day one year back (four on 29 February, to land on a leap day). */
function anniversary(): string {
  const today = dayKey(0);
  const back = today.slice(5) === "02-29" ? 4 : 1;
  return `${Number(today.slice(0, 4)) - back}${today.slice(4)}`;
}

const WINDOW_SEED: (SeedEntry & { words: number })[] = [
  {
    title: "Morning pages",
    words: 1200,
    mood: "joyful",
    ai_mood_score: 8,
    ai_themes: ["work", "family"],
    created_at: noon(dayKey(0)),
    content: "",
  },
  {
    title: "Quiet evening",
    words: 30,
    mood: "joyful",
    ai_mood_score: 7,
    ai_themes: ["work"],
    created_at: noon(dayKey(-1)),
    content: "",
  },
  {
    title: "Before the deadline",
    words: 25,
    mood: "anxious",
    ai_mood_score: 4,
    ai_themes: ["work", "sleep"],
    created_at: noon(dayKey(-2)),
    content: "",
  },
  {
    title: "Lake walk",
    words: 10,
    mood: "calm",
    ai_mood_score: 6,
    ai_themes: ["family"],
    created_at: noon(dayKey(-4)),
    content: "",
  },
  {
    title: "Small wins",
    words: 5,
    mood: "joyful",
    ai_mood_score: 9,
    ai_themes: ["work"],
    created_at: noon(dayKey(-6)),
    content: "",
  },
  {
    title: "Long week",
    words: 5,
    mood: "tired",
    ai_mood_score: 3,
    ai_themes: ["music"],
    created_at: noon(dayKey(-10)),
    content: "",
  },
];
const ANNIVERSARY: SeedEntry = {
  title: "First snow in the city",
  content: "We walked to the **river** at dawn.",
  ai_mood_score: 8,
  created_at: noon(anniversary()),
};

async function seedJournal(page: Page) {
  const seed = WINDOW_SEED.map(({ words: n, ...e }) => ({ ...e, content: words(n) }));
  return createEntries(page.request, [...seed, ANNIVERSARY]);
}

/**
 * Empties the journal. Entries are deleted through the API first, so that the server's cached figures
 * (statistics, insights) see the change; then the rest (config) is cleared directly.
 */
async function clearJournal(request: APIRequestContext) {
  const res = await request.get("/api/entries");
  expect(res.ok()).toBe(true);
  for (const e of (await res.json()) as { id: string }[])
    expect((await request.delete(`/api/entries/${e.id}`)).ok()).toBe(true);
  resetJournal();
}

const progress = (page: Page) => page.getByRole("region", { name: "Your Progress" });
const stat = (page: Page, key: string) => progress(page).locator(`[data-stat="${key}"] dd`);

test.beforeEach(async ({ request }) => {
  await clearJournal(request);
  await request.post(`${FAKE}/__reset`);
});

test("an empty journal shows the landing content and an empty state, not the dashboard", async ({ page }) => {
  const errors = watchPage(page);
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1, name: "Welcome to Reverie" })).toBeVisible();
  await expect(page.getByText("Your private journal with a kind AI companion.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Start Writing" })).toHaveAttribute("href", "/journal");
  await expect(page.getByRole("link", { name: "View Timeline" }).first()).toHaveAttribute("href", "/timeline");
  for (const title of ["Privacy First", "AI Insights", "Multimodal"])
    await expect(page.getByRole("heading", { name: title, exact: true })).toBeVisible();
  for (const title of ["Your Data Stays Local", "Multimodal Capture", "AI-Powered Insights"])
    await expect(page.getByText(title, { exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Your journal is waiting" })).toBeVisible();
  await expect(page.getByText("Create your first entry to start tracking your progress.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Write your first entry" })).toHaveAttribute("href", "/journal");
  await expect(page.getByRole("heading", { name: "Welcome back" })).toHaveCount(0);
  await expect(page.getByRole("region", { name: "Your Progress" })).toHaveCount(0);
  await expect(page.getByRole("region", { name: "Quick Actions" })).toHaveCount(0);
  expect(errors).toEqual([]);
});

test("while statistics load, the page says it is loading the journal", async ({ page }) => {
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route("**/api/entries/statistics**", async (route) => {
    await held;
    await route.continue();
  });
  await page.goto("/");
  await expect(page.getByRole("status").filter({ hasText: "Loading your journal..." })).toBeVisible();
  release();
  await expect(page.getByText("Loading your journal...")).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Your journal is waiting" })).toBeVisible();
});

test("with entries, Your Progress matches the journal exactly", async ({ page }) => {
  const errors = watchPage(page);
  await seedJournal(page);
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Welcome back" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Your journal is waiting" })).toHaveCount(0);
  const thisYear = dayKey(0).slice(0, 4);
  const expectedThisYear = [...WINDOW_SEED.map((e) => e.created_at!), ANNIVERSARY.created_at!].filter((c) =>
    c.startsWith(thisYear),
  ).length;
  await expect(stat(page, "words")).toHaveText("1,282");
  await expect(stat(page, "streak")).toHaveText("3 days");
  await expect(stat(page, "total")).toHaveText("7");
  await expect(stat(page, "year")).toHaveText(String(expectedThisYear));
  await expect(progress(page).getByText("Words written")).toBeVisible();
  await expect(progress(page).getByText("Create your first entry")).toHaveCount(0);
  expect(errors).toEqual([]);
});

test("a failed statistics request shows the error and Try again recovers", async ({ page }) => {
  await seedJournal(page);
  let fail = true;
  await page.route("**/api/entries/statistics**", (route) =>
    fail
      ? route.fulfill({
          status: 400,
          contentType: "application/json",
          body: JSON.stringify({ error: { message: "Statistics are resting", code: "BAD_REQUEST" } }),
        })
      : route.continue(),
  );
  await page.goto("/");
  const alert = progress(page).getByRole("alert");
  await expect(alert).toContainText("Failed to load statistics");
  await expect(alert).toContainText("Statistics are resting");
  fail = false;
  await alert.getByRole("button", { name: "Try again" }).click();
  await expect(stat(page, "total")).toHaveText("7");
});

test("Patterns & Themes shows the top 3 emotions and the top 3 themes in plain words", async ({ page }) => {
  await seedJournal(page);
  await page.goto("/");
  const panel = page.getByRole("region", { name: "Patterns & Themes" });
  const emotions = panel.locator("li[data-pattern]").filter({ hasText: "of your entries" });
  await expect(emotions).toHaveCount(3);
  await expect(emotions.nth(0)).toHaveText(/^You felt joyful in about half of your entries$/);
  await expect(emotions.nth(1)).toHaveText(/^You felt anxious in about 1 in 6 of your entries$/);
  await expect(emotions.nth(2)).toHaveText(/^You felt calm in about 1 in 6 of your entries$/);
  await expect(panel.getByText(/^You felt tired/u)).toHaveCount(0);
  await expect(panel.getByTestId("patterns-headline")).toHaveText(
    "You wrote most about work and family in the last 30 days.",
  );
  await expect(panel).not.toContainText("%");
  const themes = panel.locator("li[data-pattern]").filter({ hasText: "came up in" });
  await expect(themes).toHaveCount(3);
  await expect(themes.nth(0)).toHaveText(/^Work came up in 4 entries$/);
  await expect(themes.nth(1)).toHaveText(/^Family came up in 2 entries$/);
  await expect(themes.nth(2)).toHaveText(/^Music came up in 1 entry$/);
  await expect(panel.getByText(/^Sleep came up/u)).toHaveCount(0);
  // The last 30 local days, in the browser's zone, were asked for.
  const asked = await page.evaluate(() =>
    performance.getEntriesByType("resource").some((r) => r.name.endsWith("/api/ai/generate-insights")),
  );
  expect(asked).toBe(true);
});

test("Patterns & Themes says No insights yet when the entries of the last 30 days carry no analysis", async ({
  page,
}) => {
  await createEntries(page.request, [
    { title: "Plain", content: "Nothing analysed here.", created_at: noon(dayKey(-1)) },
  ]);
  await page.goto("/");
  await expect(page.getByRole("region", { name: "Patterns & Themes" })).toContainText("No insights yet");
});

test("Personal Growth shows action items with their categories, strengths, areas and the journey", async ({
  page,
  request,
}) => {
  await request.post(`${FAKE}/__script`, {
    data: {
      task: "growth-insights",
      times: 0,
      reply: {
        json: {
          actionable_outcomes: [
            {
              title: "Name the feeling",
              description: "Write the feeling in one word when stress rises.",
              timeframe: "Next 2 weeks",
              category: "emotional",
            },
            {
              title: "Evening wind-down",
              description: "Ten quiet minutes before bed.",
              timeframe: "This week",
              category: "behavioral",
            },
            {
              title: "Kind inner voice",
              description: "Answer a harsh thought as a friend would.",
              timeframe: "This month",
              category: "mindset",
            },
            {
              title: "Call an old friend",
              description: "Reach out to someone you miss.",
              timeframe: "This weekend",
              category: "relationship",
            },
          ],
          strengths_identified: ["Regular reflection", "Noticing small joys"],
          growth_areas: ["Rest and recovery"],
          growth_summary: "You write often and notice your feelings.",
        },
      },
    },
  });
  await seedJournal(page);
  await page.goto("/");
  const card = page.getByRole("region", { name: "Personal Growth" });
  const items = card.locator("li[data-category]");
  await expect(items).toHaveCount(4);
  for (const [i, [cat, title, label, timeframe]] of [
    ["emotional", "Name the feeling", "Emotional", "Next 2 weeks"],
    ["behavioral", "Evening wind-down", "Behavioral", "This week"],
    ["mindset", "Kind inner voice", "Mindset", "This month"],
    ["relationship", "Call an old friend", "Relationship", "This weekend"],
  ].entries()) {
    await expect(items.nth(i)).toHaveAttribute("data-category", cat);
    await expect(items.nth(i).getByRole("heading", { name: title })).toBeVisible();
    await expect(items.nth(i)).toContainText(label);
    await expect(items.nth(i)).toContainText(timeframe);
  }
  // Each category has its own icon.
  const icons = await items.evaluateAll((els) => els.map((el) => el.querySelector("svg")?.getAttribute("class") ?? ""));
  expect(new Set(icons.map((c) => c.split(" ").find((x) => x.startsWith("lucide-") && x !== "lucide")))).toHaveProperty(
    "size",
    4,
  );
  await expect(card.getByRole("heading", { name: "Your Strengths" })).toBeVisible();
  await expect(card).toContainText("Noticing small joys");
  await expect(card.getByRole("heading", { name: "Areas for Development" })).toBeVisible();
  await expect(card).toContainText("Rest and recovery");
  await expect(card.getByRole("heading", { name: "Your Growth Journey" })).toBeVisible();
  await expect(card).toContainText("You write often and notice your feelings.");
});

test("Personal Growth says growth insights are coming when there is nothing to show", async ({ page }) => {
  await page.route("**/api/ai/growth-insights", (route) =>
    route.fulfill({
      status: 200,
      contentType: "application/json",
      body: JSON.stringify({
        success: true,
        growth: { actionable_outcomes: [], strengths_identified: [], growth_areas: [], growth_summary: "" },
        date_range: { start: dayKey(-29), end: dayKey(0) },
        entry_count: 0,
        model: "local/offline",
      }),
    }),
  );
  await seedJournal(page);
  await page.goto("/");
  await expect(page.getByRole("region", { name: "Personal Growth" })).toContainText(
    "Growth insights coming soon. Continue journaling to unlock personalized growth recommendations and actionable outcomes.",
  );
});

test("On this day lists the entry of this day in an earlier year and links to it", async ({ page }) => {
  const created = await seedJournal(page);
  const anniversaryId = created.at(-1)!.id;
  await page.goto("/");
  const card = page.getByRole("region", { name: "On this day" });
  const links = card.getByRole("link");
  await expect(links).toHaveCount(1);
  await expect(links.first()).toContainText("First snow in the city");
  await expect(links.first()).toContainText(/\d+ years? ago/u);
  await expect(links.first()).toHaveText(/We walked to the river at dawn\.$/u);
  await expect(links.first()).toHaveAttribute("href", `/entry/${anniversaryId}`);
  await links.first().click();
  await expect(page).toHaveURL(`/entry/${anniversaryId}`);
});

test("On this day is left out when no earlier year has an entry on this day", async ({ page }) => {
  await createEntries(page.request, [
    { title: "Yesterday", content: "Only yesterday.", ai_mood_score: 6, created_at: noon(dayKey(-1)) },
  ]);
  await page.goto("/");
  await expect(page.getByRole("region", { name: "Patterns & Themes" })).toBeVisible();
  await expect(page.getByRole("region", { name: "On this day" })).toHaveCount(0);
});

test("the mood chart plots one point per day with a score in the last 30 days", async ({ page }) => {
  await seedJournal(page);
  await page.goto("/");
  const card = page.getByRole("region", { name: "Mood over the last 30 days" });
  const points = card.locator("[data-day]");
  await expect(points).toHaveCount(6);
  await expect(card.locator(`[data-day="${dayKey(0)}"]`)).toHaveAttribute("data-mood", "8");
  await expect(card.locator(`[data-day="${dayKey(-10)}"]`)).toHaveAttribute("data-mood", "3");
  // (8 + 7 + 4 + 6 + 9 + 3) / 6 = 6.2
  await expect(card.locator("figcaption")).toContainText("Average 6.2 over 6 days");
  await expect(card.getByRole("table")).toContainText("8.0");
  // The line joins only days in a row (today and the two days before); the other days are dots, with gaps.
  await expect(card.getByTestId("mood-line")).toHaveCount(1);
  await expect(card.getByTestId("mood-line")).toHaveAttribute("d", /^M[\d.]+,[\d.]+ L[\d.]+,[\d.]+ L[\d.]+,[\d.]+$/u);
});

test("Quick Actions lead to each screen", async ({ page }) => {
  await seedJournal(page);
  await page.goto("/");
  const actions = page.getByRole("region", { name: "Quick Actions" });
  for (const [name, href] of [
    ["New Entry", "/journal"],
    ["Start Chat", "/chat"],
    ["View Timeline", "/timeline"],
    ["Settings", "/settings"],
  ]) {
    await expect(actions.getByRole("link", { name })).toHaveAttribute("href", href);
  }
  await expect(actions).toContainText("Tip: press N for a new entry or C for chat.");
});

test("pressing N opens a new entry and C opens the chat, but not while typing in a field", async ({ page }) => {
  await seedJournal(page);
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Welcome back" })).toBeVisible();
  await page.keyboard.press("n");
  await expect(page).toHaveURL("/journal");
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Welcome back" })).toBeVisible();
  await page.keyboard.press("c");
  await expect(page).toHaveURL("/chat");
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Welcome back" })).toBeVisible();
  await page.evaluate(() => {
    const input = document.createElement("input");
    input.setAttribute("aria-label", "Scratch field");
    document.querySelector("main")!.prepend(input);
  });
  await page.getByLabel("Scratch field").fill("");
  await page.getByLabel("Scratch field").press("n");
  await page.getByLabel("Scratch field").press("c");
  await page.keyboard.press("Control+c");
  await expect(page.getByLabel("Scratch field")).toHaveValue("nc");
  await expect(page).toHaveURL("/");
});

test("Home has no serious or critical accessibility problems, empty and with entries", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Your journal is waiting" })).toBeVisible();
  const empty = await new AxeBuilder({ page }).analyze();
  expect(
    empty.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.help}`),
  ).toEqual([]);
  await seedJournal(page);
  await page.reload();
  await expect(page.getByRole("region", { name: "On this day" })).toBeVisible();
  await expect(
    page.getByRole("region", { name: "Personal Growth" }).locator("li[data-category]").first(),
  ).toBeVisible();
  const full = await new AxeBuilder({ page }).analyze();
  expect(
    full.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.help}`),
  ).toEqual([]);
});

for (const [name, size] of [
  ["desktop", { width: 1280, height: 800 }],
  ["phone", { width: 390, height: 844 }],
] as const) {
  test(`Home fits a ${name} screen without sideways scrolling (screenshots)`, async ({ page }) => {
    await page.setViewportSize(size);
    await page.goto("/");
    await expect(page.getByRole("heading", { name: "Your journal is waiting" })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
    await page.screenshot({ path: `test-results/screens/home-empty-${name}.png`, fullPage: true });
    await seedJournal(page);
    await page.reload();
    await expect(
      page.getByRole("region", { name: "Personal Growth" }).locator("li[data-category]").first(),
    ).toBeVisible();
    await expect(
      page.getByRole("region", { name: "Patterns & Themes" }).locator("li[data-pattern]").first(),
    ).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
    await page.screenshot({ path: `test-results/screens/home-entries-${name}.png`, fullPage: true });
  });
}
