import { expect, test, type Page } from "@playwright/test";
import { resetJournal } from "../support/e2e";

const FAKE = `http://127.0.0.1:${process.env.FAKE_MODEL_PORT ?? 4010}`;
const SHOTS = "test-results/honest-promises";

const modelSection = (page: Page) => page.getByRole("region", { name: "AI Model Configuration" });
const modelPicker = (page: Page) => modelSection(page).getByRole("combobox", { name: "AI model" });

test.describe.configure({ timeout: 180_000 });

test.beforeEach(async ({ request }) => {
  resetJournal();
  await request.post(`${FAKE}/__reset`);
});

for (const viewport of [
  { name: "desktop", size: { width: 1280, height: 860 } },
  { name: "phone", size: { width: 390, height: 844 } },
]) {
  test.describe(`honest promises (${viewport.name})`, () => {
    test.use({ viewport: viewport.size });

    test("only usable models are choices, the test says no model is called offline, and the cues follow the model", async ({
      page,
      request,
    }) => {
      expect((await request.post("/api/config/configure-model", { data: { model_name: "local/offline" } })).ok()).toBe(
        true,
      );

      // The model menu: every choice can be used now; the model not installed in Ollama is a quiet line below.
      await page.goto("/settings");
      // A busy machine may take a while to list the models.
      await expect(modelPicker(page)).toHaveText("Offline analyzer (built in, no network)", { timeout: 30_000 });
      await modelPicker(page).click();
      const options = page.getByRole("listbox").getByRole("option");
      await expect(options.first()).toBeVisible();
      expect(await options.count()).toBeGreaterThan(1);
      for (const text of await options.allTextContents()) expect(text).toContain("Ready to use");
      await expect(page.getByRole("listbox")).not.toContainText("Not usable now");
      await expect(page.getByRole("option", { name: /^gemma3n:e2b/u })).toHaveCount(0);
      await page.keyboard.press("Escape");
      await expect(modelSection(page).getByTestId("model-enable-hints")).toContainText("ollama pull");

      // Test Connection tells the truth about the offline analyzer, and sends nothing anywhere.
      await modelSection(page).getByRole("button", { name: "Test Connection" }).click();
      const result = modelSection(page).getByTestId("test-result");
      await expect(result).toHaveText(
        "The built-in offline analyzer is in use: no model is called, and your words stay on this server.",
      );
      await expect(result).not.toContainText("successful");
      // Only Ollama's list of installed models was asked for (by the model menu); no model was called.
      const asked = (await (await request.get(`${FAKE}/__requests`)).json()) as { path: string }[];
      expect(asked.filter((r) => r.path !== "/api/tags")).toEqual([]);
      await page.screenshot({ path: `${SHOTS}/settings-offline-${viewport.name}.png`, fullPage: true });

      // The editor: the words stay here, and the recorder does not promise a transcription.
      await page.goto("/journal");
      const cue = page.getByTestId("editor-action-bar").getByTestId("words-cue");
      await expect(cue).toHaveText("Stays on this server");
      await expect(cue).toBeInViewport();
      const recorder = page.getByRole("region", { name: "Voice recorder" });
      await expect(recorder).toContainText(
        "Audio is kept; transcription needs a speech server (TRANSCRIBE_BASE_URL), Gemini or OpenAI.",
      );
      await expect(recorder).not.toContainText("transcribed into your entry");
      await page.screenshot({ path: `${SHOTS}/editor-offline-${viewport.name}.png` });
      await page.goto("/chat");
      await expect(page.getByTestId("words-cue")).toHaveText("Stays on this server");
      await expect(page.getByRole("button", { name: "Record a voice message" })).toHaveCount(0);
      await page.goto("/");
      await expect(page.getByTestId("privacy-promise")).toHaveText("Your words stay on this server.");

      // Choosing the (fake) cloud model: the cues now say where the words go.
      await page.goto("/settings");
      await modelPicker(page).click();
      await page.getByRole("option", { name: /^gemini-2\.5-flash \(Gemini\)/u }).click();
      await expect(modelPicker(page)).toHaveText("gemini-2.5-flash (Gemini)");
      await expect
        .poll(
          async () =>
            ((await (await request.get("/api/config")).json()) as { config: Record<string, string> }).config.ai_model,
        )
        .toBe("gemini/gemini-2.5-flash");

      await page.goto("/journal");
      await expect(cue).toHaveText("Sent to Google Gemini");
      await expect(cue).toHaveAttribute("data-place", "cloud");
      await expect(recorder).toContainText("transcribed into your entry");
      await page.screenshot({ path: `${SHOTS}/editor-cloud-${viewport.name}.png` });

      await page.goto("/chat");
      await expect(page.getByRole("textbox", { name: "Message" })).toBeVisible();
      await expect(page.getByTestId("words-cue")).toHaveText("Sent to Google Gemini");
      await expect(page.getByRole("button", { name: "Record a voice message" })).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/chat-cloud-${viewport.name}.png` });

      await page.goto("/");
      const promise = page.getByTestId("privacy-promise");
      await expect(promise).toContainText("sent to Google Gemini");
      await expect(promise).not.toContainText("stay");
    });
  });
}
