import { expect, test } from "@playwright/test";
import { createEntries, resetJournal } from "../support/e2e";

test.beforeEach(() => resetJournal({ keepConfig: true }));

const titles = async (request: import("@playwright/test").APIRequestContext) =>
  ((await (await request.get("/api/entries")).json()) as { title: string }[]).map((e) => e.title).sort();

test("Settings restores a snapshot, and the restore can be undone", async ({ page, request }) => {
  await createEntries(request, [{ title: "Kept morning", content: "Coffee and a long walk." }]);
  await page.goto("/settings");
  const backups = page.getByTestId("backups");
  await expect(backups.getByRole("heading", { name: "Backups" })).toBeVisible();
  await backups.getByRole("button", { name: "Take a snapshot now" }).click();
  await expect(page.getByTestId("toast").getByText("Snapshot taken: 1 entry.")).toBeVisible();
  const byHand = backups.getByTestId("snapshot").filter({ hasText: "by hand" }).first();
  await expect(byHand).toContainText("1 entry");

  await createEntries(request, [{ title: "Later evening", content: "Written after the snapshot." }]);
  expect(await titles(request)).toEqual(["Kept morning", "Later evening"]);

  await byHand.getByRole("button", { name: /^Restore the snapshot of/u }).click();
  const dialog = page.getByRole("dialog", { name: "Restore this snapshot?" });
  await expect(dialog).toContainText("1 entry");
  await dialog.getByRole("button", { name: "Restore" }).click();
  await expect(backups.getByTestId("restore-undo")).toBeVisible();
  expect(await titles(request)).toEqual(["Kept morning"]);
  await expect(backups.getByTestId("snapshot").filter({ hasText: "before restoring" }).first()).toContainText(
    "2 entries",
  );

  await backups.getByRole("button", { name: "Undo the restore" }).click();
  await page.getByRole("dialog", { name: "Restore this snapshot?" }).getByRole("button", { name: "Restore" }).click();
  await expect(
    page
      .getByTestId("toast")
      .getByText(/^Restored the snapshot of/u)
      .last(),
  ).toBeVisible();
  await expect.poll(() => titles(request)).toEqual(["Kept morning", "Later evening"]);

  await page.goto("/timeline");
  await expect(page.getByText("2 entries in your journal")).toBeVisible();
});

test("Report an Issue is a page of the app that says what to leave out", async ({ page }) => {
  await page.goto("/settings");
  await page
    .getByTestId("support-links")
    .getByRole("link", { name: /Report an Issue/u })
    .click();
  await expect(page).toHaveURL(/\/report$/u);
  await expect(page.getByRole("heading", { name: "Report an Issue" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "What to leave out" })).toBeVisible();
  await expect(page.getByText(/The text of your entries/u)).toBeVisible();
});
