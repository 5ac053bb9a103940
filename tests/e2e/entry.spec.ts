import { expect, test } from "@playwright/test";
import { createEntries, resetJournal } from "../support/e2e";
import { alertWith, pngBytes, watchJourney, wavBytes } from "../support/journal-e2e";

test.beforeEach(() => resetJournal());

test("the detail page shows everything about an entry", async ({ page, request }) => {
  const errors = watchJourney(page);
  const [e] = await createEntries(request, [
    {
      title: "Harbour morning",
      content: "Woke early.\n\n**Fog** over the *water*.\n\n1. coffee\n2. walk",
      tags: ["morning", "travel"],
      ai_mood_score: 8.5,
      mood: "peaceful",
      ai_summary: "A quiet, foggy start by the sea.",
      ai_themes: ["nature", "calm"],
      created_at: "2026-03-04T13:05:00.000Z",
      location_name: "Old Harbour",
    },
  ]);
  for (const file of [
    { name: "fog.png", mimeType: "image/png", buffer: await pngBytes() },
    { name: "gulls.wav", mimeType: "audio/wav", buffer: wavBytes(1) },
  ]) {
    const res = await request.post(`/api/entries/${e!.id}/media`, { multipart: { file } });
    expect(res.status()).toBe(201);
  }

  await page.goto(`/entry/${e!.id}`);
  await expect(page.getByRole("heading", { name: "Harbour morning" })).toBeVisible();
  await expect(page.getByText("Wednesday, March 4, 2026 at 8:05 AM")).toBeVisible();
  await expect(page.getByTestId("entry-mood")).toHaveText(/😄\s*peaceful\s*\(8\.5\/10\)/);
  await expect(page.getByText("10 words")).toBeVisible();
  await expect(page.getByText("Old Harbour")).toBeVisible();
  const article = page.locator("article");
  await expect(article.locator("strong")).toHaveText("Fog");
  await expect(article.locator("em")).toHaveText("water");
  await expect(article.locator("ol > li")).toHaveText(["coffee", "walk"]);
  await expect(page.getByText("A quiet, foggy start by the sea.")).toBeVisible();
  await expect(page.getByRole("list", { name: "Themes" })).toContainText("nature");
  await expect(page.getByText("#morning")).toBeVisible();
  await expect(page.getByText("#travel")).toBeVisible();
  // Media was added after creation, so the entry was updated later than it was written.
  await expect(page.getByText(/^Last updated/)).toBeVisible();

  expect(errors).toEqual([]);

  const image = page.getByRole("link", { name: "Open fog.png in a new tab" });
  await expect(image).toHaveAttribute("target", "_blank");
  await expect(image).toHaveAttribute("rel", /noopener/);
  const popup = page.waitForEvent("popup");
  await image.click();
  const tab = await popup;
  await expect(tab).toHaveURL(/\/api\/media\//);
  await tab.close();

  // Audio plays inline and can seek (the server answers byte ranges).
  const audio = page.getByRole("list", { name: "Audio" }).locator("audio");
  await expect(audio).toHaveAttribute("controls", "");
  await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => a.readyState)).toBeGreaterThanOrEqual(1);
  expect(await audio.evaluate((a: HTMLAudioElement) => a.duration)).toBeGreaterThan(0.9);
  await audio.evaluate((a: HTMLAudioElement) => {
    a.currentTime = 0.5;
  });
  await expect
    .poll(() => audio.evaluate((a: HTMLAudioElement) => a.seekable.length > 0 && a.seekable.end(0) > 0.9))
    .toBe(true);
});

test("an entry without a mood says Unknown mood, and no Last updated line when unchanged", async ({
  page,
  request,
}) => {
  const [e] = await createEntries(request, [{ content: "Just one line." }]);
  await page.goto(`/entry/${e!.id}`);
  await expect(page.getByRole("heading", { name: "Untitled entry" })).toBeVisible();
  await expect(page.getByTestId("entry-mood")).toContainText("Unknown mood");
  await expect(page.getByText("3 words")).toBeVisible();
  await expect(page.getByText(/^Last updated/)).toHaveCount(0);
});

test("Edit opens the editor and Back returns to the timeline", async ({ page, request }) => {
  const [e] = await createEntries(request, [{ title: "To edit", content: "Text." }]);
  await page.goto(`/entry/${e!.id}`);
  await page.getByRole("link", { name: "Edit" }).click();
  await expect(page).toHaveURL(`/journal/edit/${e!.id}`);
  await expect(page.getByRole("textbox", { name: "Entry", exact: true })).toHaveValue("Text.");
  await page.goto(`/entry/${e!.id}`);
  await page.getByRole("link", { name: "Back to Timeline" }).click();
  await expect(page).toHaveURL("/timeline");
});

test("Delete asks for confirmation, then removes the entry", async ({ page, request }) => {
  const [e] = await createEntries(request, [{ title: "Short-lived", content: "Bye." }]);
  await page.goto(`/entry/${e!.id}`);
  await page.getByRole("button", { name: "Delete" }).click();
  const dialog = page.getByRole("dialog", { name: "Delete this entry?" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  expect((await request.get(`/api/entries/${e!.id}`)).status()).toBe(200);

  await page.getByRole("button", { name: "Delete" }).click();
  await page.getByRole("dialog", { name: "Delete this entry?" }).getByRole("button", { name: "Delete" }).click();
  await expect(page).toHaveURL("/timeline");
  expect((await request.get(`/api/entries/${e!.id}`)).status()).toBe(404);
});

test("a failed delete says so and keeps the entry", async ({ page, request }) => {
  const [e] = await createEntries(request, [{ content: "Still here." }]);
  await page.route(`**/api/entries/${e!.id}`, (route) =>
    route.request().method() === "DELETE"
      ? route.fulfill({
          status: 400,
          contentType: "application/json",
          body: JSON.stringify({ error: { message: "No", code: "BAD" } }),
        })
      : route.fallback(),
  );
  await page.goto(`/entry/${e!.id}`);
  await page.getByRole("button", { name: "Delete" }).click();
  await page.getByRole("dialog", { name: "Delete this entry?" }).getByRole("button", { name: "Delete" }).click();
  await expect(alertWith(page, "Failed to delete entry. Please try again.")).toBeVisible();
  await expect(page).toHaveURL(`/entry/${e!.id}`);
});

test("an unknown entry shows Failed to load entry / Entry not found", async ({ page }) => {
  await page.goto("/entry/does-not-exist");
  const panel = alertWith(page, "Failed to load entry");
  await expect(panel).toContainText("Entry not found");
  await expect(page.getByRole("link", { name: "Back to Timeline" })).toBeVisible();
});
