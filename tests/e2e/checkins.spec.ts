import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { resetJournal, watchPage, SCREEN_FORMS } from "../support/e2e";

const TZ = "America/New_York";

/** The local day (in the browser's zone) `offset` days from today, as YYYY-MM-DD. */
function dayKey(offset = 0): string {
  const f = new Intl.DateTimeFormat("en-CA", { timeZone: TZ, year: "numeric", month: "2-digit", day: "2-digit" });
  const [y, m, d] = f.format(new Date()).split("-").map(Number);
  return new Date(Date.UTC(y!, m! - 1, d! + offset)).toISOString().slice(0, 10);
}
/** 17:00 UTC is 12:00 or 13:00 in New York: always inside that local day. */
const noon = (key: string) => `${key}T17:00:00.000Z`;

/**
 * Seven earlier days through the API: outdoors at 9 on five of them, work at 3 on two. With today's
 * check-in (Good, 8: outdoors and friends) the average day is (5x9 + 2x3 + 8) / 8 = 7.375 and the six
 * outdoors days average 53 / 6 = 8.83: +1.5. Work and friends have fewer than five days: not shown.
 */
async function seedCheckIns(request: APIRequestContext) {
  for (let d = 1; d <= 7; d++) {
    const outdoors = d <= 5;
    const res = await request.post("/api/checkins", {
      data: { mood: outdoors ? 9 : 3, activities: outdoors ? ["outdoors"] : ["work"], at: noon(dayKey(-d)) },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
}

async function todaysCheckIns(request: APIRequestContext) {
  const res = await request.get(`/api/checkins?from=${dayKey(0)}&to=${dayKey(0)}&tz=${encodeURIComponent(TZ)}`);
  expect(res.status()).toBe(200);
  return (await res.json()) as { mood: number; activities: string[] }[];
}

async function checkInFromHome(page: Page) {
  const card = page.getByTestId("checkin-card");
  await card.getByRole("button", { name: "Check in: Good" }).click();
  const dialog = page.getByRole("dialog", { name: "How are you feeling?" });
  await expect(dialog.getByRole("radio", { name: "Good (8 of 10)" })).toHaveAttribute("aria-checked", "true");
  await dialog.getByRole("button", { name: "outdoors", exact: true }).click();
  await dialog.getByRole("button", { name: "friends", exact: true }).click();
  await expect(dialog.getByRole("button", { name: "outdoors", exact: true })).toHaveAttribute("aria-pressed", "true");
  return dialog;
}

test.beforeEach(() => resetJournal());

for (const form of SCREEN_FORMS) {
  test.describe(form.name, () => {
    test.use({ viewport: form.viewport });

    test("check in from Home with two chips, see it in Year in Pixels and in Often together", async ({
      page,
      request,
    }) => {
      const errors = watchPage(page);
      await seedCheckIns(request);
      await page.goto("/");
      const dialog = await checkInFromHome(page);
      await page.screenshot({ path: `test-results/checkins-sheet-${form.name}.png` });
      await dialog.getByRole("button", { name: "Save check-in" }).click();
      await expect(page.getByTestId("toast").getByText("Check-in saved.")).toBeVisible();
      await expect(dialog).toBeHidden();
      await expect
        .poll(() => todaysCheckIns(request))
        .toEqual([expect.objectContaining({ mood: 8, activities: ["outdoors", "friends"] })]);

      // Often together: real figures, only for activities with five days or more, never a cause.
      const together = page.getByTestId("often-together");
      await expect(together.locator("li")).toHaveText([
        "You tend to feel better on days you go outdoors: 6 days, +1.5",
      ]);
      await expect(page.getByRole("region", { name: "Often together" })).toContainText("8 days of check-ins");
      await page.screenshot({ path: `test-results/checkins-home-${form.name}.png`, fullPage: true });

      if (form.name === "phone") {
        // The tab bar checks in from any screen.
        await page.goto("/timeline");
        await page.getByRole("navigation", { name: "Tabs" }).getByTestId("tab-check-in").click();
        await expect(page.getByRole("dialog", { name: "How are you feeling?" })).toBeVisible();
        await page.keyboard.press("Escape");
      }

      // Year in Pixels, from Home: today is Good, said by the person; an earlier day Great.
      await page.goto("/");
      await page.getByTestId("checkin-card").getByRole("link", { name: "Year in Pixels" }).click();
      await expect(page.getByRole("heading", { name: "Year in Pixels" })).toBeVisible();
      const today = page.locator(`[data-date="${dayKey(0)}"]`);
      await expect(today).toHaveAttribute("data-level", "4");
      await expect(today).toHaveAttribute("aria-label", /: Good, 8\.0 \(you said\)$/u);
      await expect(page.getByRole("img", { name: /: no mood$/u }).first()).toBeVisible();
      await page.screenshot({ path: `test-results/checkins-pixels-${form.name}.png`, fullPage: true });
      expect(errors).toEqual([]);
    });
  });
}

test("a check-in made offline waits on the device and is sent once when the connection is back", async ({
  page,
  context,
  request,
}) => {
  await page.goto("/");
  const dialog = await checkInFromHome(page);
  await context.setOffline(true);
  await dialog.getByRole("button", { name: "Save check-in" }).click();
  await expect(page.getByTestId("toast").getByText(/^Check-in saved on this device\./u)).toBeVisible();
  expect(await todaysCheckIns(request)).toEqual([]);
  const waiting = () =>
    page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          const open = indexedDB.open("reverie-device");
          open.onsuccess = () => {
            const db = open.result;
            if (!db.objectStoreNames.contains("ops")) return resolve(0);
            const req = db.transaction("ops").objectStore("ops").count();
            req.onsuccess = () => resolve(req.result);
          };
          open.onerror = () => resolve(-1);
        }),
    );
  expect(await waiting()).toBe(1);

  await context.setOffline(false);
  await expect
    .poll(() => todaysCheckIns(request))
    .toEqual([expect.objectContaining({ mood: 8, activities: ["outdoors", "friends"] })]);
  await expect.poll(waiting).toBe(0);
  // Sent once: nothing more arrives when the app syncs again.
  await page.reload();
  await expect(page.getByTestId("checkin-card")).toBeVisible();
  expect(await todaysCheckIns(request)).toHaveLength(1);
});
