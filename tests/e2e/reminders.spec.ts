import { expect, test } from "@playwright/test";
import { resetJournal, watchPage, SCREEN_FORMS } from "../support/e2e";

const TZ = "America/New_York";
const CODES = ["SU", "MO", "TU", "WE", "TH", "FR", "SA"];
const LONG = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

/** The New York calendar day `offset` days from today, as YYYY-MM-DD. */
function nyDay(offset: number): string {
  const f = new Intl.DateTimeFormat("en-CA", { timeZone: TZ, year: "numeric", month: "2-digit", day: "2-digit" });
  const [y, m, d] = f.format(new Date()).split("-").map(Number);
  return new Date(Date.UTC(y!, m! - 1, d! + offset)).toISOString().slice(0, 10);
}

/** The instant of a New York wall-clock time (found by trying the zone's two possible offsets). */
function nyInstant(day: string, hh: number, mm: number): Date {
  const f = new Intl.DateTimeFormat("en-US", { timeZone: TZ, hourCycle: "h23", hour: "2-digit", minute: "2-digit" });
  for (const offset of [5, 4]) {
    const d = new Date(`${day}T${String(hh + offset).padStart(2, "0")}:${String(mm).padStart(2, "0")}:00Z`);
    if (f.format(d) === `${String(hh).padStart(2, "0")}:${String(mm).padStart(2, "0")}`) return d;
  }
  throw new Error("no such New York time");
}

test.beforeEach(() => resetJournal());

for (const form of SCREEN_FORMS) {
  test.describe(form.name, () => {
    test.use({ viewport: form.viewport });

    test("choose reminder days and a time, get a calendar link, and see the nudge at that time", async ({
      page,
      context,
    }) => {
      const errors = watchPage(page);
      await context.grantPermissions(["clipboard-read", "clipboard-write"]);
      // Two days from now, a minute before the chosen time (the page's clock; the server keeps its own).
      const day = nyDay(2);
      const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
      const dayBefore = (weekday + 6) % 7;
      await page.clock.install({ time: nyInstant(day, 18, 59) });

      await page.goto("/settings");
      const section = page.getByRole("region", { name: "Reminders" });
      await section.getByRole("switch", { name: /Remind me to write/u }).click();
      // Every day is chosen at first: leave out the day before the reminder day.
      await section.getByRole("button", { name: LONG[dayBefore], exact: true }).click();
      await expect(section.getByRole("button", { name: LONG[dayBefore], exact: true })).toHaveAttribute(
        "aria-pressed",
        "false",
      );
      await expect(section.getByRole("button", { name: LONG[weekday], exact: true })).toHaveAttribute(
        "aria-pressed",
        "true",
      );
      await section.getByLabel("Time").fill("19:00");
      await section.getByRole("button", { name: "Save reminders" }).click();
      await expect(page.getByTestId("toast").getByText("Reminders saved.")).toBeVisible();
      // The summary writes the time as the time field does (en-US here).
      await expect(section).toContainText("at 7:00 PM");

      // The private link, with Copy and Reset.
      const link = section.getByTestId("reminder-feed-url");
      await expect(link).toHaveValue(/^http:\/\/127\.0\.0\.1:\d+\/api\/reminders\/feed\/[A-Za-z0-9_-]{43}\.ics$/u);
      await section.getByRole("button", { name: "Copy link" }).click();
      await expect(page.getByTestId("toast").getByText("Link copied.")).toBeVisible();
      const url = await link.inputValue();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
      await section.screenshot({ path: `test-results/reminders-settings-${form.name}.png` });

      // The feed, fetched from the page as a calendar app would fetch it.
      const feed = await page.evaluate(async (u) => {
        const res = await fetch(u);
        return { status: res.status, type: res.headers.get("content-type"), text: await res.text() };
      }, url);
      expect(feed.status).toBe(200);
      expect(feed.type).toContain("text/calendar");
      expect(feed.text).toContain("BEGIN:VEVENT\r\n");
      expect(feed.text).toContain("SUMMARY:Write in Reverie\r\n");
      const byday = CODES.filter((_, i) => i !== dayBefore);
      const order = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"].filter((c) => byday.includes(c));
      expect(feed.text).toContain(`RRULE:FREQ=WEEKLY;BYDAY=${order.join(",")}\r\n`);
      expect(feed.text).toMatch(/DTSTART;TZID=America\/New_York:\d{8}T190000\r\n/u);

      // Reset: a new link; the old one answers 404 at once.
      await section.getByRole("button", { name: "Reset link" }).click();
      await expect(link).not.toHaveValue(url);
      // (Asked outside the page, so the expected 404 is not a console error of the page.)
      expect((await page.request.get(url)).status()).toBe(404);

      // Home: today's prompt under the write button, and no nudge before the time.
      await page.goto("/");
      await expect(page.getByTestId("daily-prompt")).toContainText("Today's prompt:");
      await expect(page.getByTestId("reminder-nudge")).toHaveCount(0);
      // The clock reaches 19:00: the gentle note appears, in the page's flow.
      await page.clock.fastForward("02:00");
      const nudge = page.getByTestId("reminder-nudge");
      await expect(nudge).toBeVisible();
      await expect(nudge).toContainText("Your time to write.");
      // It covers nothing: it sits in the page's flow, under the top bar, above the screen's content.
      const header = await page.locator("header").first().boundingBox();
      const main = await page.locator("main").boundingBox();
      const box = await nudge.boundingBox();
      expect(box!.y).toBeGreaterThanOrEqual(header!.y + header!.height - 1);
      expect(box!.y + box!.height).toBeLessThanOrEqual(main!.y + 1);
      await page.screenshot({ path: `test-results/reminders-nudge-${form.name}.png` });
      await nudge.getByRole("button", { name: "Not today" }).click();
      await expect(nudge).toHaveCount(0);
      await page.reload();
      await expect(page.getByTestId("daily-prompt")).toBeVisible();
      await page.clock.fastForward("02:00");
      await expect(page.getByTestId("reminder-nudge")).toHaveCount(0);

      // The empty editor offers the same prompt as its placeholder.
      const prompt = (await page.getByTestId("daily-prompt").innerText()).replace("Today's prompt:", "").trim();
      await page.goto("/journal");
      await expect(page.getByRole("textbox", { name: "Entry" })).toHaveAttribute(
        "placeholder",
        `Today's prompt: ${prompt}`,
      );
      expect(errors).toEqual([]);
    });
  });
}
