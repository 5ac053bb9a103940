import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import path from "node:path";
import { resetJournal } from "../support/e2e";
import { seedJournal } from "../support/seed-journal";

/**
 * The Timeline at desktop and phone widths, in each of its states: no serious or critical
 * accessibility violations, nothing wider than the screen. Screenshots are kept in
 * test-results/timeline-screens for a look by eye.
 */
const NOW = new Date("2026-06-17T16:00:00.000Z");
const VIEWPORTS = [
  { name: "desktop", width: 1280, height: 800 },
  { name: "phone", width: 390, height: 844 },
] as const;
const SHOTS = path.join(import.meta.dirname, "../../test-results/timeline-screens");

async function check(page: Page, name: string) {
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
  const { violations } = await new AxeBuilder({ page }).include("main").analyze();
  const serious = violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) => `${v.id}: ${v.help}: ${v.nodes.map((n) => `${n.target.join(" ")} ${n.failureSummary ?? ""}`).join("; ")}`,
    );
  expect(serious, name).toEqual([]);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `${name} is wider than the screen`).toBeLessThanOrEqual(0);
}

test.beforeEach(async ({ page }) => {
  resetJournal();
  await page.clock.setFixedTime(NOW);
});

for (const vp of VIEWPORTS) {
  test(`timeline screens at ${vp.name} width`, async ({ page }) => {
    // A long walk through seven states, each checked by axe.
    test.setTimeout(180_000);
    await page.setViewportSize({ width: vp.width, height: vp.height });
    await page.goto("/timeline");
    await expect(page.getByRole("heading", { name: "No entries yet" })).toBeVisible();
    await check(page, `${vp.name}-empty-journal`);

    seedJournal({ entries: 400, now: NOW, seed: 7 });
    await page.goto("/timeline");
    await expect(page.getByRole("heading", { level: 2, name: "June 2026" })).toBeVisible();
    await expect(page.getByTestId("day-count").first()).toBeVisible();
    await check(page, `${vp.name}-calendar`);

    await page.getByRole("radio", { name: "List" }).click();
    await expect(page.getByTestId("entry-card").first()).toBeVisible();
    await check(page, `${vp.name}-list`);

    await page.getByRole("button", { name: /^Filters/ }).click();
    await page.getByRole("region", { name: "Filters" }).getByRole("radio", { name: "Custom", exact: true }).click();
    await expect(page.getByText("Choose both a start and an end date to apply the range.")).toBeVisible();
    await check(page, `${vp.name}-filters`);

    await page.getByRole("searchbox", { name: "Search entries" }).fill("no such words anywhere");
    await expect(page.getByRole("heading", { name: "No matching entries" })).toBeVisible();
    await check(page, `${vp.name}-no-match`);

    await page.getByRole("button", { name: "Clear search", exact: true }).click();
    await expect(page.getByText("Search tips:")).toBeVisible();
    await check(page, `${vp.name}-search-tips`);

    await page
      .getByRole("button", { name: /^Actions for / })
      .first()
      .click();
    await page.getByRole("menuitem", { name: "Delete" }).click();
    await expect(page.getByRole("dialog", { name: "Delete this entry?" })).toBeVisible();
    await page.screenshot({ path: path.join(SHOTS, `${vp.name}-delete-dialog.png`) });
  });
}
