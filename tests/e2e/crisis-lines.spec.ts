import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { resetJournal } from "../support/e2e";
import { editor, resetFake } from "../support/journal-e2e";

const SHOTS = "test-results/crisis-lines";
const RISK_ENTRY = "Everything feels pointless lately and I want to end my life tonight.";
const PROTOCOL_TITLE = "How Reverie responds when you're struggling";

async function seriousA11yProblems(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

test.beforeEach(async ({ request }) => {
  resetJournal();
  await resetFake(request);
});

for (const viewport of [
  { name: "desktop", size: { width: 1280, height: 800 } },
  { name: "phone", size: { width: 390, height: 844 } },
]) {
  test.describe(`crisis lines with their hours and cost (${viewport.name})`, () => {
    // Italy: the voice line answers 9:00-24:00 at the caller's rate, WhatsApp 18:00-21:00 only.
    test.use({ viewport: viewport.size, locale: "it-IT", timezoneId: "Europe/Rome" });

    test("Get help shows when the line answers and what it costs; the protocol page opens from it", async ({
      page,
    }) => {
      await page.goto("/get-help");
      const line = page.getByTestId("local-line").first();
      await expect(line).toHaveAttribute("data-country", "IT");
      await expect(line.getByRole("link", { name: "Call 02 2327 2327" })).toHaveAttribute("href", "tel:0223272327");
      await expect(line.getByTestId("line-facts")).toHaveText(
        "9:00–24:00 every day · Charged at your normal call rate",
      );
      await expect(line).toContainText("WhatsApp Amico: 324 011 7252 · 18:00–21:00 only");
      await expect(line).not.toContainText("345 036 1628");
      await expect(line.getByTestId("line-source")).toContainText("checked 27 novembre 2026");
      // Every country's row says its hours and cost too.
      await page.getByText("Lines in other countries").click();
      const japan = page.getByTestId("all-lines").locator('[data-country="JP"]');
      await expect(japan).toContainText("16:00–21:00 every day");
      await expect(page.getByTestId("all-lines").locator('[data-country="MY"]')).toContainText("Not confirmed:");
      await page.screenshot({ path: `${SHOTS}/get-help-${viewport.name}.png`, fullPage: true });

      await page.getByRole("link", { name: "Read how it works" }).click();
      await expect(page).toHaveURL(/\/get-help\/how-reverie-responds$/u);
      await expect(page.getByRole("heading", { level: 1, name: PROTOCOL_TITLE })).toBeVisible();
      await expect(page.getByTestId("protocol-what-is-checked")).toContainText("Your journal entries");
      await expect(page.getByTestId("protocol-what-is-checked")).toContainText("runs on this server");
      await expect(page.getByTestId("protocol-what-is-checked")).toContainText("It needs no AI model");
      await expect(page.getByTestId("protocol-never-sent")).toContainText("Nothing is reported to anyone.");
      await expect(page.getByTestId("protocol-limits")).toContainText(
        "It is not a person, not an emergency service, and not therapy",
      );
      const protocolLine = page.getByTestId("local-line");
      await expect(protocolLine.getByRole("link", { name: "Call 112" })).toHaveAttribute("href", "tel:112");
      await expect(protocolLine.getByTestId("line-source")).toContainText("checked 27 novembre 2026");
      await page.screenshot({ path: `${SHOTS}/protocol-${viewport.name}.png`, fullPage: true });
      expect(await seriousA11yProblems(page)).toEqual([]);
    });

    test("Settings shows the count of crisis support after a risky entry", async ({ page }) => {
      await page.goto("/settings");
      const tally = page.getByTestId("crisis-tally");
      await expect(tally).toContainText("Crisis support shown: not yet");

      await page.goto("/journal");
      await editor(page).fill(RISK_ENTRY);
      const modal = page.getByRole("dialog", { name: "You're Not Alone" });
      await expect(modal).toBeVisible();
      await expect(modal.getByTestId("line-facts")).toHaveText(
        "9:00–24:00 every day · Charged at your normal call rate",
      );
      await expect(modal.getByRole("link", { name: PROTOCOL_TITLE })).toBeVisible();
      await modal.screenshot({ path: `${SHOTS}/support-modal-${viewport.name}.png` });
      await modal.getByRole("button", { name: "Thank you" }).click();
      await expect(modal).toBeHidden();

      await page.goto("/settings");
      await expect(tally).toContainText(`Crisis support shown: ${new Date().getFullYear()}: once`);
      await tally.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/settings-tally-${viewport.name}.png` });
    });
  });
}
