import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { createEntries, resetJournal, SCREEN_FORMS, watchPage, type SeedEntry } from "../support/e2e";

const TZ = "America/New_York";

/** The local day (in the browser's zone) `offset` days from today, as YYYY-MM-DD. */
function dayKey(offset = 0): string {
  const f = new Intl.DateTimeFormat("en-CA", { timeZone: TZ, year: "numeric", month: "2-digit", day: "2-digit" });
  const [y, m, d] = f.format(new Date()).split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d + offset)).toISOString().slice(0, 10);
}
/** 17:00 UTC is 12:00 or 13:00 in New York: always inside that local day; minutes keep the order within a day. */
const at = (key: string, minute = 0) => `${key}T17:${String(minute).padStart(2, "0")}:00.000Z`;

/** Five entries, oldest first; Home lists the newest four. */
const SEED: SeedEntry[] = [
  { title: "An older walk", content: "Too old to be listed on Home.", created_at: at(dayKey(-9)) },
  { title: "Long week", content: "• tired\n• still going", ai_mood_score: 3, created_at: at(dayKey(-5)) },
  {
    title: "Harbour walk",
    content: "Harbour walk\n\nThe boats were in and the **light** was soft.",
    ai_mood_score: 7,
    created_at: at(dayKey(-1)),
  },
  { title: "", content: "No title today, just *rain* on the window.", created_at: at(dayKey(0), 5) },
  {
    title: "Coffee with Maya",
    content: `We laughed about the **kiosk** again, ${"and again, ".repeat(20)}until the owner laughed too.\nThen work.`,
    ai_mood_score: 9,
    created_at: at(dayKey(0), 10),
  },
];

const LISTED = [
  // A long opening line is cut short with "...", never widening the page.
  { title: "Coffee with Maya", when: "Today", line: "We laughed about the kiosk again, and again," },
  { title: "Untitled entry", when: "Today", line: "No title today, just rain on the window." },
  { title: "Harbour walk", when: "Yesterday", line: "The boats were in and the light was soft." },
  { title: "Long week", when: "5 days ago", line: "tired" },
];

async function entriesOnServer(request: APIRequestContext) {
  const res = await request.get("/api/entries");
  expect(res.ok()).toBe(true);
  return (await res.json()) as { id: string; title: string; content: string }[];
}

const latest = (page: Page) => page.getByTestId("latest-entries");

// One journey per screen form, from the empty journal to an answered prompt: longer than most.
test.describe.configure({ timeout: 120_000 });

test.beforeEach(() => resetJournal());

for (const form of SCREEN_FORMS) {
  test.describe(form.name, () => {
    test.use({ viewport: form.viewport });

    test("Home opens on the person's journal: today, the prompt and their latest entries first; the landing folds into About", async ({
      page,
      request,
    }) => {
      const errors = watchPage(page);

      // An empty journal still opens on the landing.
      await page.goto("/");
      await expect(page.getByRole("heading", { level: 1, name: "Welcome to Reverie" })).toBeInViewport();
      await expect(page.getByRole("link", { name: "Start Writing" })).toBeInViewport();
      await expect(page.getByRole("heading", { name: "Your journal is waiting" })).toBeVisible();
      await expect(page.getByRole("heading", { name: "Welcome back" })).toHaveCount(0);
      await expect(page.getByRole("button", { name: "About Reverie" })).toHaveCount(0);

      const created = await createEntries(request, SEED);
      await page.reload();

      // The first screen is the person's: greeting, today's prompt and Write, their newest entry.
      await expect(page.getByRole("heading", { level: 1, name: "Welcome back" })).toBeInViewport();
      const prompt = page.getByTestId("daily-prompt");
      await expect(prompt).toBeInViewport();
      await expect(prompt).toContainText(/^Today's prompt:\s*\S.+\?$/u);
      const write = page.getByRole("link", { name: "Write", exact: true });
      await expect(write).toHaveAttribute("href", "/journal");
      await expect(write).toBeInViewport();
      const aboutPrompt = page.getByRole("link", { name: "Write about this" });
      await expect(aboutPrompt).toHaveAttribute("href", `/journal?prompt=${dayKey(0)}`);
      await expect(latest(page).getByRole("link").first()).toBeInViewport();
      await expect(latest(page).getByRole("link").first()).toContainText("Coffee with Maya");
      // The check-in: on Home's first screen on a desktop, in the tab bar on a phone.
      if (form.name === "desktop")
        await expect(page.getByTestId("checkin-card").getByRole("button", { name: "Check in: Good" })).toBeInViewport();
      else await expect(page.getByRole("navigation", { name: "Tabs" }).getByTestId("tab-check-in")).toBeInViewport();
      // The landing is not on it: it waits, folded, at the end of Home.
      await expect(page.getByRole("heading", { name: "Welcome to Reverie" })).toBeHidden();
      await expect(page.getByRole("link", { name: "Start Writing" })).toBeHidden();
      await expect(page.getByRole("heading", { name: "Your journal is waiting" })).toHaveCount(0);
      await page.screenshot({ path: `test-results/screens/home-returning-first-${form.name}.png` });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(form.viewport.width);

      // The latest entries: newest first, title, when, the opening line, a link to each; the fifth is not listed.
      const rows = latest(page).getByRole("link");
      await expect(rows).toHaveCount(4);
      for (const [i, e] of LISTED.entries()) {
        await expect(rows.nth(i)).toContainText(e.title);
        await expect(rows.nth(i).locator("time")).toHaveText(e.when);
        await expect(rows.nth(i)).toContainText(e.line);
      }
      await expect(rows.nth(2)).not.toContainText("Harbour walkHarbour walk");
      await expect(rows.nth(0)).toHaveAttribute("href", `/entry/${created[4]!.id}`);
      await expect(latest(page)).not.toContainText("An older walk");
      await expect(page.getByRole("link", { name: "See all entries" })).toHaveAttribute("href", "/timeline?view=list");

      // The figures and patterns follow, and About Reverie comes last, closed.
      await expect(page.getByRole("region", { name: "Your Progress" }).locator('[data-stat="total"] dd')).toHaveText(
        "5",
      );
      await expect(page.getByRole("region", { name: "Patterns & Themes" })).toBeVisible();
      const about = page.getByRole("button", { name: "About Reverie" });
      await expect(about).toHaveAttribute("aria-expanded", "false");
      await page.screenshot({ path: `test-results/screens/home-returning-full-${form.name}.png`, fullPage: true });
      await about.click();
      await expect(about).toHaveAttribute("aria-expanded", "true");
      const region = page.getByRole("region", { name: "About Reverie" });
      await expect(region.getByRole("heading", { name: "Welcome to Reverie" })).toBeVisible();
      await expect(region.getByText("Your private journal with a kind AI companion.")).toBeVisible();
      await expect(region.getByRole("link", { name: "Start Writing" })).toHaveAttribute("href", "/journal");
      await expect(region.getByRole("link", { name: "View Timeline" })).toHaveAttribute("href", "/timeline");
      for (const title of ["Privacy First", "AI Insights", "Multimodal"])
        await expect(region.getByRole("heading", { name: title, exact: true })).toBeVisible();
      for (const title of ["Your Data Stays Local", "Multimodal Capture", "AI-Powered Insights"])
        await expect(region.getByText(title, { exact: true })).toBeVisible();
      await region.getByRole("heading", { name: "Your privacy, by design" }).scrollIntoViewIfNeeded();
      await page.screenshot({ path: `test-results/screens/home-returning-about-${form.name}.png` });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(form.viewport.width);

      // Write about this: a new entry that starts on the prompt; the answer is saved under it.
      const promptText = (await prompt.textContent())!.replace("Today's prompt:", "").trim();
      await page.getByRole("link", { name: "Write about this" }).click();
      await expect(page).toHaveURL(`/journal?prompt=${dayKey(0)}`);
      const text = page.getByRole("textbox", { name: "Entry" });
      await expect(text).toHaveValue(`${promptText}\n`);
      await text.press("ControlOrMeta+End");
      await text.pressSequentially("The kiosk again, and a kind word.");
      await page.getByRole("button", { name: "Save Entry" }).click();
      await expect(page).not.toHaveURL(/\/journal/u);
      await expect
        .poll(async () => (await entriesOnServer(request)).map((e) => e.content))
        .toContain(`${promptText}\nThe kiosk again, and a kind word.`);

      // Back on Home, the new entry is listed, its prompt as its opening line.
      await page.goto("/");
      await expect(latest(page).getByRole("link").filter({ hasText: promptText })).toHaveCount(1);
      expect(errors).toEqual([]);
    });
  });
}
