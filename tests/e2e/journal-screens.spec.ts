import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { createEntries, resetJournal } from "../support/e2e";
import { LONG_TEXT, editor, pngBytes, resetFake, wavBytes } from "../support/journal-e2e";

/**
 * The editor and detail screens at phone and desktop widths: no serious or critical accessibility
 * violations, and a screenshot of each state for review (in test-results/screens).
 */

const SIZES = [
  { name: "desktop", width: 1280, height: 800 },
  { name: "phone", width: 390, height: 844 },
] as const;

async function check(page: Page, shot: string) {
  await page.screenshot({ path: `test-results/screens/${shot}.png`, fullPage: true });
  const result = await new AxeBuilder({ page }).analyze();
  const bad = result.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

for (const size of SIZES) {
  test.describe(`${size.name} screens`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });
    test.beforeEach(async ({ request }) => {
      resetJournal();
      await resetFake(request);
    });

    test("new entry with insights, preview and media", async ({ page }) => {
      await page.goto("/journal");
      await page.getByRole("textbox", { name: "Title", exact: true }).fill("Sunday by the river");
      await editor(page).fill(`${LONG_TEXT}\n\n• **sunny** and warm\n• *quiet* paths`);
      await page.getByRole("textbox", { name: "Tags", exact: true }).fill("family");
      await page.getByRole("textbox", { name: "Tags", exact: true }).press("Enter");
      await page.getByLabel("Add photos, video or audio").setInputFiles([
        { name: "river.png", mimeType: "image/png", buffer: await pngBytes(64) },
        { name: "birds.wav", mimeType: "audio/wav", buffer: wavBytes() },
      ]);
      await expect(
        page.getByRole("region", { name: "AI Insights" }).getByText("A calm day with a few good moments."),
      ).toBeVisible();
      await expect(page.getByText("A sunny park with trees and a bench.")).toBeVisible();
      await check(page, `${size.name}-new-entry`);
      await page.getByRole("button", { name: "Preview" }).click();
      await expect(page.getByTestId("entry-preview").locator("strong")).toHaveText("sunny");
      await check(page, `${size.name}-preview`);
    });

    test("support modal", async ({ page }) => {
      await page.goto("/journal");
      await editor(page).fill("Everything feels pointless lately and I want to end my life tonight.");
      await expect(page.getByRole("dialog", { name: "You're Not Alone" })).toBeVisible();
      await check(page, `${size.name}-support-modal`);
    });

    test("edit and detail with media", async ({ page, request }) => {
      const [e] = await createEntries(request, [
        {
          title: "Harbour morning",
          content:
            "Woke early and walked down to the harbour.\n\n**Fog** over the *water*, gulls everywhere.\n\n1. coffee\n2. long walk\n3. write",
          tags: ["morning", "travel", "gratitude"],
          ai_mood_score: 8,
          mood: "peaceful",
          ai_summary: "A quiet, foggy start by the sea.",
          ai_themes: ["nature", "calm"],
          location_name: "Old Harbour",
        },
      ]);
      for (const file of [
        { name: "fog.png", mimeType: "image/png", buffer: await pngBytes(120) },
        { name: "boats.png", mimeType: "image/png", buffer: await pngBytes(90) },
        { name: "gulls.wav", mimeType: "audio/wav", buffer: wavBytes(1) },
      ]) {
        expect((await request.post(`/api/entries/${e!.id}/media`, { multipart: { file } })).status()).toBe(201);
      }
      await page.goto(`/entry/${e!.id}`);
      await expect(page.getByRole("heading", { name: "Harbour morning" })).toBeVisible();
      await expect(page.getByRole("link", { name: "Open fog.png in a new tab" }).locator("img")).toHaveJSProperty(
        "complete",
        true,
      );
      await check(page, `${size.name}-entry-detail`);
      await page.goto(`/journal/edit/${e!.id}`);
      await expect(editor(page)).toHaveValue(/Woke early/);
      await check(page, `${size.name}-edit`);
    });
  });
}
