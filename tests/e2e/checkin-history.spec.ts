import { expect, test, type APIRequestContext } from "@playwright/test";
import { resetJournal, watchPage, SCREEN_FORMS } from "../support/e2e";

type CheckIn = { id: string; mood: number; activities: string[]; note: string };

async function checkIns(request: APIRequestContext): Promise<CheckIn[]> {
  const res = await request.get("/api/checkins");
  expect(res.status()).toBe(200);
  return (await res.json()) as CheckIn[];
}

async function chipNames(request: APIRequestContext): Promise<string[]> {
  const res = await request.get("/api/checkins/activities");
  return ((await res.json()) as { name: string }[]).map((a) => a.name);
}

test.beforeEach(() => resetJournal());

for (const form of SCREEN_FORMS) {
  test.describe(form.name, () => {
    test.use({ viewport: form.viewport });

    test("check in, find it in the list, change its mood, rename a chip in Settings, delete it", async ({
      page,
      request,
    }) => {
      const errors = watchPage(page);
      await page.goto("/");
      await page.getByTestId("checkin-card").getByRole("button", { name: "Check in: Good" }).click();
      let dialog = page.getByRole("dialog", { name: "How are you feeling?" });
      await dialog.getByRole("button", { name: "outdoors", exact: true }).click();
      await dialog.getByRole("textbox", { name: "Note (optional)" }).fill("Walk by the river");
      await dialog.getByRole("button", { name: "Save check-in" }).click();
      await expect(page.getByTestId("toast").getByText("Check-in saved.")).toBeVisible();
      await expect.poll(async () => (await checkIns(request)).map((c) => c.mood)).toEqual([8]);

      // The list, from Home's card: grouped by day, with face, mood, activities, note and time.
      await page.getByTestId("checkin-card").getByRole("link", { name: "Check-ins" }).click();
      await expect(page.getByRole("heading", { name: "Check-ins", level: 1 })).toBeVisible();
      const history = page.getByTestId("checkin-history");
      await expect(history.getByRole("heading", { level: 2 })).toHaveText(["Today · 1 check-in"]);
      const row = history.getByTestId("checkin-row");
      await expect(row).toHaveCount(1);
      await expect(row).toContainText("Good · 8/10");
      await expect(row.getByRole("list", { name: "Activities" })).toHaveText("outdoors");
      await expect(row).toContainText("Walk by the river");
      await expect(row).toContainText(/\d{1,2}:\d{2} (AM|PM)/u);
      await page.screenshot({ path: `test-results/checkin-history-list-${form.name}.png`, fullPage: true });

      // Tapping it opens the sheet with its values; the mood is changed.
      await row.getByRole("button", { name: /^Good, 8 of 10, at .+\. Change or delete$/u }).click();
      dialog = page.getByRole("dialog", { name: "Change check-in" });
      await expect(dialog.getByRole("radio", { name: "Good (8 of 10)" })).toHaveAttribute("aria-checked", "true");
      await expect(dialog.getByRole("button", { name: "outdoors", exact: true })).toHaveAttribute(
        "aria-pressed",
        "true",
      );
      await expect(dialog.getByRole("textbox", { name: "Note (optional)" })).toHaveValue("Walk by the river");
      await page.screenshot({ path: `test-results/checkin-history-sheet-${form.name}.png` });
      await dialog.getByRole("radio", { name: "Great (10 of 10)" }).click();
      await dialog.getByRole("button", { name: "Save changes" }).click();
      await expect(page.getByTestId("toast").getByText("Check-in changed.")).toBeVisible();
      await expect(dialog).toBeHidden();
      await expect(row).toContainText("Great · 10/10");
      expect(await checkIns(request)).toEqual([
        expect.objectContaining({ mood: 10, activities: ["outdoors"], note: "Walk by the river" }),
      ]);

      // Settings: rename the chip inline; the past check-in and the sheet follow.
      await page.goto("/settings");
      const section = page.getByRole("region", { name: "Check-in activities" });
      const rename = section.getByRole("textbox", { name: "Rename outdoors" });
      await rename.fill("nature walks");
      await rename.press("Enter");
      await expect(section.getByRole("textbox", { name: "Rename nature walks" })).toBeVisible();
      expect(await chipNames(request)).toContain("nature walks");
      // Move it to the top with the keyboard.
      const rows = section.getByTestId("activity-row");
      await expect(rows.nth(5).getByRole("textbox")).toHaveValue("nature walks");
      for (let i = 0; i < 5; i++) {
        await section.getByRole("button", { name: "Move nature walks up" }).focus();
        await page.keyboard.press("Enter");
        await expect(rows.nth(4 - i).getByRole("textbox")).toHaveValue("nature walks");
      }
      expect((await chipNames(request))[0]).toBe("nature walks");
      await expect(section.getByRole("button", { name: "Move nature walks up" })).toBeDisabled();
      await expect(section.getByTestId("activity-row").first().getByRole("textbox")).toHaveValue("nature walks");
      await section.screenshot({ path: `test-results/checkin-history-settings-${form.name}.png` });

      await page.goto("/timeline/checkins");
      await expect(row.getByRole("list", { name: "Activities" })).toHaveText("nature walks");
      await row.getByRole("button", { name: /Change or delete$/u }).click();
      dialog = page.getByRole("dialog", { name: "Change check-in" });
      const chips = dialog.getByRole("list", { name: "Activities" }).getByRole("button");
      await expect(chips.first()).toHaveText("nature walks");
      await expect(dialog.getByRole("button", { name: "nature walks", exact: true })).toHaveAttribute(
        "aria-pressed",
        "true",
      );
      await expect(dialog.getByRole("button", { name: "outdoors", exact: true })).toHaveCount(0);

      // Delete asks once.
      await dialog.getByRole("button", { name: "Delete" }).click();
      const ask = dialog.getByRole("alertdialog", { name: "Delete this check-in? This cannot be undone." });
      await expect(ask).toBeVisible();
      await ask.getByRole("button", { name: "Delete" }).click();
      await expect(page.getByTestId("toast").getByText("Check-in deleted.")).toBeVisible();
      await expect(page.getByText("No check-ins yet")).toBeVisible();
      expect(await checkIns(request)).toEqual([]);
      expect(errors).toEqual([]);
    });
  });
}

test("a change made offline waits on the device, shows at once, and is sent when the connection is back", async ({
  page,
  context,
  request,
}) => {
  const made = await request.post("/api/checkins", {
    data: { mood: 8, activities: ["friends"], note: "Dinner" },
  });
  expect(made.status()).toBe(201);
  const { id } = (await made.json()) as CheckIn;
  await page.goto("/timeline/checkins");
  const row = page.getByTestId("checkin-row");
  await expect(row).toContainText("Good · 8/10");

  // The sheet's code loads after the page; opened once online, it is there when the connection goes.
  await row.getByRole("button", { name: /Change or delete$/u }).click();
  const dialog = page.getByRole("dialog", { name: "Change check-in" });
  await expect(dialog.getByRole("radio", { name: "Good (8 of 10)" })).toHaveAttribute("aria-checked", "true");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();

  await context.setOffline(true);
  await row.getByRole("button", { name: /Change or delete$/u }).click();
  await dialog.getByRole("radio", { name: "Bad (4 of 10)" }).click();
  await dialog.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByTestId("toast").getByText(/^Change saved on this device\./u)).toBeVisible();
  await expect(row).toContainText("Bad · 4/10");
  await expect(row.getByText("Waiting on this device")).toBeVisible();
  await page.screenshot({ path: "test-results/checkin-history-offline.png", fullPage: true });
  expect((await checkIns(request)).map((c) => c.mood)).toEqual([8]);

  await context.setOffline(false);
  await expect
    .poll(async () => (await checkIns(request)).map((c) => [c.id, c.mood, c.note]))
    .toEqual([[id, 4, "Dinner"]]);
  await expect(row.getByText("Waiting on this device")).toBeHidden();
  await expect(row).toContainText("Bad · 4/10");
});
