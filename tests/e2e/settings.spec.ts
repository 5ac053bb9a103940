import AxeBuilder from "@axe-core/playwright";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { createEntries, resetJournal, watchPage } from "../support/e2e";

const FAKE = `http://127.0.0.1:${process.env.FAKE_MODEL_PORT ?? 4010}`;

/** Entries are deleted through the API (so cached figures follow), then config is cleared directly. */
async function clearJournal(request: APIRequestContext) {
  const res = await request.get("/api/entries");
  expect(res.ok()).toBe(true);
  for (const e of (await res.json()) as { id: string }[])
    expect((await request.delete(`/api/entries/${e.id}`)).ok()).toBe(true);
  resetJournal();
}

async function config(request: APIRequestContext): Promise<Record<string, string>> {
  const res = await request.get("/api/config");
  return (await res.json()).config;
}

const modelSection = (page: Page) => page.getByRole("region", { name: "AI Model Configuration" });
const personalSection = (page: Page) => page.getByRole("region", { name: "Personal Information" });
const modelPicker = (page: Page) => modelSection(page).getByRole("combobox", { name: "AI model" });

test.beforeEach(async ({ request }) => {
  await clearJournal(request);
  await request.post(`${FAKE}/__reset`);
});

test("the sections are there, in order (the spec's four, the AI companion after the model, memory and reminders after the personal part)", async ({
  page,
}) => {
  const errors = watchPage(page);
  await page.goto("/settings");
  await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2 })).toHaveText([
    "AI Model Configuration",
    "AI companion",
    "Personal Information",
    "What Reverie remembers",
    "Check-in activities",
    "Templates",
    "Reminders",
    "Interface",
    "App Information",
  ]);
  await expect(modelPicker(page)).toHaveText("gemma-3n-e4b-it (Gemini)");
  expect(errors).toEqual([]);
});

test("the model list groups cloud, local and built-in models, offers only those usable now, and says how to add the rest", async ({
  page,
}) => {
  await page.goto("/settings");
  await modelPicker(page).click();
  const list = page.getByRole("listbox");
  await expect(list.getByRole("group")).toHaveCount(3);
  await expect(list.getByRole("group").nth(0)).toContainText("Cloud models (need an API key)");
  await expect(list.getByRole("group").nth(1)).toContainText("Local models (Ollama, on this device)");
  await expect(list.getByRole("group").nth(2)).toContainText("Built in (no network)");
  for (const name of [
    "gemma-3n-e2b-it (Gemini)",
    "gemma-3n-e4b-it (Gemini)",
    "gemini-2.5-flash-lite (Gemini)",
    "gemma3n:e4b (Ollama)",
  ]) {
    await expect(
      list.getByRole("option", { name: new RegExp(`^${name.replace(/[().]/gu, "\\$&")}`, "u") }),
    ).toBeVisible();
  }
  await expect(list.getByRole("option", { name: /^Offline analyzer/u })).toContainText("Ready to use");
  // The fake Ollama reports gemma3n:e4b installed and gemma3n:e2b not.
  await expect(list.getByRole("option", { name: /^gemma3n:e4b \(Ollama\)/u })).toContainText("Ready to use");
  await expect(list.getByRole("option", { name: /^gemma3n:e2b \(Ollama\)/u })).toHaveCount(0);
  await expect(list).not.toContainText("Not usable now");
  await page.keyboard.press("Escape");
  await expect(modelSection(page).getByTestId("model-enable-hints")).toHaveText(
    'To use gemma3n:e2b, run "ollama pull <name>" on the Ollama server.',
  );
});

test("choosing a model saves it at once, says so, clears the test result and survives a reload", async ({
  page,
  request,
}) => {
  await page.goto("/settings");
  await modelSection(page).getByRole("button", { name: "Test Connection" }).click();
  await expect(modelSection(page).getByTestId("test-result")).toContainText("gemma-3n-e4b-it (Gemini) answered in");
  await modelPicker(page).click();
  await page.getByRole("option", { name: /^Offline analyzer/u }).click();
  await expect(page.getByTestId("toast").filter({ hasText: "Success" })).toContainText(
    "AI model changed to Offline analyzer (built in, no network).",
  );
  // The list keeps the keyboard focus while the choice is saved and after.
  await expect(modelPicker(page)).toBeFocused();
  await expect(modelSection(page).getByTestId("test-result")).toHaveCount(0);
  await expect.poll(async () => (await config(request)).ai_model).toBe("local/offline");
  await expect(modelSection(page).getByTestId("model-info")).toContainText(
    "a basic rule-based reading, not an AI model; your data stays here.",
  );
  await expect(modelSection(page).getByTestId("api-key-note")).toContainText("No API key is needed for this model.");
  await page.reload();
  await expect(modelPicker(page)).toHaveText("Offline analyzer (built in, no network)");
});

test("a cloud model names the exact environment variable for its key", async ({ page }) => {
  await page.goto("/settings");
  const note = modelSection(page).getByTestId("api-key-note");
  await expect(note).toContainText(
    "Set it as a secret environment variable named GOOGLE_GENERATIVE_AI_API_KEY in your hosting space settings",
  );
  await expect(modelSection(page).getByTestId("model-info")).toContainText(
    "Local models (Ollama) and the built-in offline analyzer (a basic rule-based reading, not an AI model) keep your data on this device.",
  );
  await expect(modelSection(page).getByTestId("model-info")).toContainText(
    "Cloud models (Gemini, OpenAI) need an API key",
  );
});

test("Test Connection reports success with the model's message", async ({ page, request }) => {
  await page.goto("/settings");
  await modelSection(page).getByRole("button", { name: "Test Connection" }).click();
  const result = modelSection(page).getByTestId("test-result");
  await expect(result).toContainText(
    /gemma-3n-e4b-it \(Gemini\) answered in \d+\.\d s: "OK"\. Sent to Google Gemini\./u,
  );
  await expect(result).not.toContainText("successful");
  const asked = (await (await request.get(`${FAKE}/__requests`)).json()) as { task?: string; provider: string }[];
  expect(asked.some((r) => r.task === "test-model" && r.provider === "gemini")).toBe(true);
});

test("Test Connection reports failure with the provider's error", async ({ page, request }) => {
  await request.post(`${FAKE}/__script`, {
    data: {
      provider: "gemini",
      task: "test-model",
      times: 0,
      reply: { error: { status: 403, message: "API key not valid. Please pass a valid API key." } },
    },
  });
  await page.goto("/settings");
  await modelSection(page).getByRole("button", { name: "Test Connection" }).click();
  const result = modelSection(page).getByRole("alert");
  await expect(result).toContainText("Configuration failed");
  await expect(result).toContainText("API key not valid");
});

test("Test Connection says 'Test failed' when the failure comes without a message", async ({ page }) => {
  await page.route("**/api/config/test-model", (route) =>
    route.fulfill({ status: 200, contentType: "application/json", body: JSON.stringify({ success: false }) }),
  );
  await page.goto("/settings");
  await modelSection(page).getByRole("button", { name: "Test Connection" }).click();
  const result = modelSection(page).getByTestId("test-result");
  await expect(result).toContainText("Configuration failed");
  await expect(result).toContainText("Test failed");
});

test("personal settings: Save is disabled until a field has text, each non-empty field is trimmed and saved on its own", async ({
  page,
  request,
}) => {
  const puts: unknown[] = [];
  page.on("request", (r) => {
    if (r.method() === "PUT" && r.url().endsWith("/api/config")) puts.push(r.postDataJSON());
  });
  await page.goto("/settings");
  const section = personalSection(page);
  const save = section.getByRole("button", { name: "Save Settings" });
  const memories = section.getByRole("textbox", { name: "Personal Memories & Preferences" });
  const culture = section.getByRole("textbox", { name: "Cultural Context" });
  await expect(memories).toHaveValue("");
  await expect(save).toBeDisabled();
  await memories.fill("   \n  ");
  await culture.fill("   ");
  await expect(save).toBeDisabled();
  await memories.fill("  I live with my partner Sam and our dog Pepper.  \n");
  await expect(save).toBeEnabled();
  await save.click();
  await expect(page.getByTestId("toast").filter({ hasText: "Success" })).toContainText(
    "Personal settings saved successfully!",
  );
  expect(puts).toEqual([{ key: "personal_info", value: "I live with my partner Sam and our dog Pepper." }]);
  const saved = await config(request);
  expect(saved.personal_info).toBe("I live with my partner Sam and our dog Pepper.");
  expect(saved.cultural_context).toBe("");
  await culture.fill(" Lisbon and Kyiv ");
  await save.click();
  await expect(page.getByTestId("toast").filter({ hasText: "Personal settings saved successfully!" })).not.toHaveCount(
    0,
  );
  await expect.poll(async () => (await config(request)).cultural_context).toBe("Lisbon and Kyiv");
  await page.reload();
  await expect(memories).toHaveValue("I live with my partner Sam and our dog Pepper.");
  await expect(culture).toHaveValue("Lisbon and Kyiv");
});

test("personal settings: a failed save says so and keeps what was typed", async ({ page }) => {
  await page.route("**/api/config", (route) =>
    route.request().method() === "PUT"
      ? route.fulfill({
          status: 500,
          contentType: "application/json",
          body: JSON.stringify({ error: { message: "disk full", code: "INTERNAL" } }),
        })
      : route.continue(),
  );
  await page.goto("/settings");
  const memories = personalSection(page).getByRole("textbox", { name: "Personal Memories & Preferences" });
  await memories.fill("Something worth keeping");
  await personalSection(page).getByRole("button", { name: "Save Settings" }).click();
  await expect(personalSection(page).getByRole("alert")).toContainText("Failed to save settings. Please try again.");
  await expect(memories).toHaveValue("Something worth keeping");
});

test("Minimal Navigation hides the labels of the desktop navigation, shows them as tooltips and is remembered", async ({
  page,
}) => {
  await page.goto("/settings");
  const nav = page.getByRole("navigation", { name: "Main" });
  const timeline = nav.getByRole("link", { name: "Timeline" });
  await expect(timeline).toHaveText("Timeline");
  const toggle = page.getByRole("switch", { name: "Minimal Navigation" });
  await expect(toggle).not.toBeChecked();
  await expect(page.getByTestId("nav-preview")).toHaveAttribute("data-minimal", "false");
  await toggle.click();
  await expect(toggle).toBeChecked();
  await expect(page.getByTestId("nav-preview")).toHaveAttribute("data-minimal", "true");
  await expect(timeline).toHaveText("");
  await expect(timeline).toHaveAccessibleName("Timeline");
  expect(await page.evaluate(() => localStorage.getItem("reverie:preferences"))).toBe(
    JSON.stringify({ minimalNavigation: true, offlineReading: true }),
  );
  await timeline.hover();
  await expect(page.getByRole("tooltip")).toHaveText("Timeline");
  await page.reload();
  await expect(page.getByRole("switch", { name: "Minimal Navigation" })).toBeChecked();
  await expect(nav.getByRole("link", { name: "Journal" })).toHaveText("");
  await page.getByRole("switch", { name: "Minimal Navigation" }).press("Space");
  await expect(nav.getByRole("link", { name: "Journal" })).toHaveText("Journal");
  expect(await page.evaluate(() => localStorage.getItem("reverie:preferences"))).toBe(
    JSON.stringify({ minimalNavigation: false, offlineReading: true }),
  );
});

test("App Information shows the version, build and the journal's real figures", async ({ page, request }) => {
  await createEntries(request, [
    { title: "One", content: "Three little words" },
    { title: "Two", content: "Four more words here" },
  ]);
  const usage = await (await request.get("/api/storage")).json();
  await page.goto("/settings");
  const about = page.getByRole("region", { name: "App Information" });
  await expect(about).toContainText("Version0.1.0");
  await expect(about).toContainText("Build2025.01.08");
  await expect(about).toContainText("Your journal is stored locally");
  await expect(about.getByTestId("usage-entries")).toHaveText("Entries2");
  await expect(about.getByTestId("usage-words")).toHaveText("Words7");
  const storage = about.getByTestId("usage-storage");
  await expect(storage).toContainText(/Storage used\d+(\.\d)? (KB|MB)/u);
  // The figure is measured: within the same unit as the server's own measure a moment ago.
  const unit = usage.total_bytes >= 1024 * 1024 ? "MB" : "KB";
  await expect(storage).toContainText(unit);
  await expect(about).not.toContainText("15420");
  await expect(about).not.toContainText("2.3 MB");
});

test("Clear All Data sits in a Danger zone, asks for the word delete, offers Export first, and says what snapshots keep", async ({
  page,
  request,
}) => {
  await createEntries(request, [{ title: "Keep me", content: "Still here afterwards" }]);
  await page.goto("/settings");
  const about = page.getByRole("region", { name: "App Information" });
  // Apart from Export and Import: its own block, below the rest of the data section.
  await expect(about.getByRole("button", { name: "Export All Data" })).toBeVisible();
  const danger = about.getByRole("region", { name: "Danger zone" });
  await expect(danger.getByRole("button", { name: "Export All Data" })).toHaveCount(0);
  await danger.getByRole("button", { name: "Clear All Data" }).click();
  const dialog = page.getByRole("dialog", { name: "Clear All Data" });
  await expect(dialog).toContainText("Are you sure you want to clear all data? This action cannot be undone.");
  await expect(dialog).toContainText("Every snapshot under Backups is removed with its photos");
  const confirm = dialog.getByRole("button", { name: "Clear All Data" });
  await expect(confirm).toBeDisabled();
  const word = dialog.getByRole("textbox", { name: "Type delete to confirm" });
  await word.fill("delet");
  await expect(confirm).toBeDisabled();
  await page.screenshot({ path: "test-results/rough-edges/clear-dialog-desktop.png" });
  // Export first downloads the journal, and the dialog stays.
  const download = page.waitForEvent("download");
  await dialog.getByRole("button", { name: "Export first" }).click();
  expect((await download).suggestedFilename()).toMatch(/^reverie-export-.*\.zip$/u);
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toHaveCount(0);
  expect((await (await request.get("/api/entries")).json()) as unknown[]).toHaveLength(1);

  // Opened again, the word is asked anew.
  await danger.getByRole("button", { name: "Clear All Data" }).click();
  await expect(word).toHaveValue("");
  await word.fill("delete");
  await confirm.click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(about.getByRole("alert")).toHaveCount(0);
  await expect(page.getByTestId("toast").getByText("All data has been cleared.")).toBeVisible();
  expect((await (await request.get("/api/entries")).json()) as unknown[]).toHaveLength(0);
});

test("Settings has no serious or critical accessibility problems", async ({ page }) => {
  await page.goto("/settings");
  await expect(modelPicker(page)).toHaveText("gemma-3n-e4b-it (Gemini)");
  await expect(personalSection(page).getByRole("button", { name: "Save Settings" })).toBeVisible();
  const result = await new AxeBuilder({ page }).analyze();
  expect(
    result.violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => `${v.id}: ${v.help}: ${v.nodes.map((n) => n.target.join(" ")).join("; ")}`),
  ).toEqual([]);
  await modelPicker(page).click();
  await expect(page.getByRole("listbox")).toBeVisible();
  // While the list is open, radix marks the rest of the page aria-hidden and keeps focus inside the list,
  // so the page's links cannot take focus then; axe's aria-hidden-focus rule cannot see the focus trap.
  const open = await new AxeBuilder({ page }).disableRules(["aria-hidden-focus"]).analyze();
  expect(
    open.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.help}`),
  ).toEqual([]);
});

for (const [name, size] of [
  ["desktop", { width: 1280, height: 800 }],
  ["phone", { width: 390, height: 844 }],
] as const) {
  test(`Settings fits a ${name} screen without sideways scrolling (screenshot)`, async ({ page, request }) => {
    await createEntries(request, [{ title: "One", content: "A few words to count" }]);
    await page.setViewportSize(size);
    await page.goto("/settings");
    await expect(modelPicker(page)).toHaveText("gemma-3n-e4b-it (Gemini)");
    await expect(page.getByTestId("usage-storage")).toContainText("B");
    await page.getByRole("button", { name: "Test Connection" }).click();
    await expect(page.getByTestId("test-result")).toContainText("gemma-3n-e4b-it (Gemini) answered in");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
    await page.screenshot({ path: `test-results/screens/settings-${name}.png`, fullPage: true });
  });
}

test("Settings holds the switch that lets the chat use the journal, and it is saved", async ({ page, request }) => {
  await page.goto("/settings");
  const toggle = page.getByRole("switch", { name: "Use my journal in chat" });
  await expect(toggle).toBeVisible();
  await expect(toggle).toHaveAttribute("aria-checked", "true");
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-checked", "false");
  await expect
    .poll(async () => (await (await request.get("/api/config")).json()).config.chat_use_journal)
    .toBe("false");
  await page.reload();
  await expect(page.getByRole("switch", { name: "Use my journal in chat" })).toHaveAttribute("aria-checked", "false");
  await page.getByRole("switch", { name: "Use my journal in chat" }).click();
  await expect.poll(async () => (await (await request.get("/api/config")).json()).config.chat_use_journal).toBe("true");
});
