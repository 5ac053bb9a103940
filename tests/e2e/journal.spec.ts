import { expect, test } from "@playwright/test";
import type { EntryDto } from "../../src/contracts/entries";
import { readWavHeader } from "../../src/domain/wav";
import { createEntries, resetJournal } from "../support/e2e";
import {
  LONG_TEXT,
  alertWith,
  countRequests,
  editor,
  fakeRequests,
  pngBytes,
  resetFake,
  scriptFake,
  tagsInput,
  titleInput,
  watchJourney,
  wavBytes,
} from "../support/journal-e2e";

test.beforeEach(async ({ request }) => {
  resetJournal();
  await resetFake(request);
});

async function listEntries(request: import("@playwright/test").APIRequestContext): Promise<EntryDto[]> {
  const res = await request.get("/api/entries");
  expect(res.ok()).toBe(true);
  return res.json();
}

test.describe("writing and analysis", () => {
  test("analysis runs once after a pause and fills the insights panel", async ({ page, request }) => {
    const errors = watchJourney(page);
    const analyses = countRequests(page, "/api/ai/analyze-text");
    const crisisChecks = countRequests(page, "/api/ai/detect-crisis");
    await page.goto("/journal");
    await expect(page.getByRole("heading", { name: "New Entry" })).toBeVisible();
    await expect(page.getByText("Write a little more (over 50 characters)")).toBeVisible();

    await editor(page).pressSequentially(LONG_TEXT, { delay: 5 });
    const panel = page.getByRole("region", { name: "AI Insights" });
    await expect(panel.getByText("A calm day with a few good moments.")).toBeVisible();
    await expect(panel.getByText("Primary emotion:")).toContainText("content");
    await expect(panel.getByText("Mood: Good")).toBeVisible();
    await expect(panel.getByText("daily life")).toBeVisible();
    await expect(panel.getByText("What made today feel calm?")).toBeVisible();
    await expect(panel.getByRole("status").filter({ hasText: "Analyzing..." })).toHaveCount(0);

    // One analysis and one crisis check for the whole burst of typing, sent in parallel.
    expect(analyses).toHaveLength(1);
    expect(crisisChecks).toHaveLength(1);
    expect(await fakeRequests(request, "analyze-text")).toHaveLength(1);
    const [sent] = await fakeRequests(request, "analyze-text");
    expect(sent!.prompt).toContain("walked along the river");

    // A suggested tag is added with one click.
    await panel.getByRole("button", { name: "Add suggested tag reflection" }).click();
    await expect(page.getByRole("list", { name: "Tags on this entry" })).toContainText("#reflection");
    await expect(panel.getByRole("button", { name: "Tag reflection added" })).toBeDisabled();

    // Character count and live word count.
    await expect(page.getByTestId("char-count")).toHaveText(`${LONG_TEXT.length} characters`);
    await expect(page.getByTestId("word-count")).toHaveText(`${LONG_TEXT.split(/\s+/).length} words`);
    expect(errors).toEqual([]);
  });

  test("nothing is analysed at 50 characters or fewer, and the pause is one second", async ({ page }) => {
    // The page's clock stands still and moves only when the test says so.
    const start = new Date("2026-05-01T10:00:00");
    await page.clock.install({ time: start });
    const analyses = countRequests(page, "/api/ai/analyze-text");
    await page.goto("/journal");
    await expect(editor(page)).toBeVisible();
    await page.clock.pauseAt(new Date(start.getTime() + 60_000));
    await editor(page).fill("x".repeat(50));
    await page.clock.runFor(5000);
    await expect(page.getByTestId("char-count")).toHaveText("50 characters");
    expect(analyses).toHaveLength(0);
    await editor(page).pressSequentially("y");
    await page.clock.runFor(900);
    expect(analyses).toHaveLength(0);
    await page.clock.runFor(200);
    await expect.poll(() => analyses.length).toBe(1);
  });

  test("a newer keystroke cancels the older request so a stale answer never shows", async ({ page, request }) => {
    await scriptFake(request, {
      task: "analyze-text",
      match: "FIRST DRAFT",
      times: 0,
      reply: {
        delayMs: 4000,
        json: {
          mood_score: 2,
          primary_emotion: "stale",
          themes: ["old"],
          summary: "Stale summary that must not show.",
          suggested_tags: [],
          follow_up_questions: [],
        },
      },
    });
    const failed: string[] = [];
    page.on("requestfailed", (r) => {
      if (r.url().endsWith("/api/ai/analyze-text")) failed.push(r.failure()?.errorText ?? "");
    });
    await page.goto("/journal");
    await editor(page).fill(`FIRST DRAFT ${LONG_TEXT}`);
    await expect(page.getByRole("status").filter({ hasText: "Analyzing..." })).toBeVisible();
    // Only this page's requests: one still in flight from an earlier test may reach the shared fake server late.
    await expect
      .poll(
        async () =>
          (await fakeRequests(request, "analyze-text")).filter((r) => r.prompt.includes("FIRST DRAFT")).length,
      )
      .toBe(1);

    await editor(page).fill(`Second thoughts. ${LONG_TEXT}`);
    const panel = page.getByRole("region", { name: "AI Insights" });
    await expect(panel.getByText("A calm day with a few good moments.")).toBeVisible();
    await expect.poll(() => failed.length).toBe(1);
    expect(failed[0]).toContain("ABORTED");
    await expect(panel.getByText("Stale summary that must not show.")).toHaveCount(0);
    await expect(panel.getByText("Primary emotion:")).toContainText("content");
  });

  test("a crisis opens the support modal once per session", async ({ page }) => {
    const support = countRequests(page, "/api/ai/motivational-support");
    const analyses = countRequests(page, "/api/ai/analyze-text");
    await page.goto("/journal");
    await editor(page).fill("Everything feels pointless lately and I want to end my life tonight.");

    const modal = page.getByRole("dialog", { name: "You're Not Alone" });
    await expect(modal).toBeVisible();
    await expect(modal.getByText("You are stronger than you feel right now.")).toBeVisible();
    await expect(modal.getByRole("tab", { name: "Encouragement" })).toHaveAttribute("aria-selected", "true");
    await expect(modal.getByText("One step at a time.")).toBeVisible();
    await modal.getByRole("tab", { name: "Tonight" }).click();
    await expect(modal.getByText("Take a warm shower.")).toBeVisible();
    await modal.getByRole("tab", { name: "Tomorrow" }).click();
    await expect(modal.getByText("Call a friend.")).toBeVisible();
    await expect(modal.getByText("Remember", { exact: true })).toBeVisible();
    await expect(modal.getByText("You are not alone; you can call or text 988 any time.")).toBeVisible();
    await expect(modal.getByRole("link", { name: "Crisis Hotline: 988" })).toHaveAttribute("href", "tel:988");
    await modal.getByRole("button", { name: "Thank you" }).click();
    await expect(modal).toBeHidden();
    expect(support).toHaveLength(1);

    // Same severity again: no second offer.
    await editor(page).press("End");
    await editor(page).pressSequentially(" I keep thinking about it.");
    await expect.poll(() => analyses.length).toBe(2);
    await expect(page.getByRole("status").filter({ hasText: "Analyzing..." })).toHaveCount(0);
    await expect(
      page.getByRole("region", { name: "AI Insights" }).getByText("A calm day with a few good moments."),
    ).toBeVisible();
    expect(support).toHaveLength(1);
    await expect(modal).toBeHidden();
  });
});

test.describe("rich text", () => {
  test("toolbar buttons and shortcuts add markers, and Preview renders them", async ({ page }) => {
    await page.goto("/journal");
    const box = editor(page);
    await box.fill("A good day");
    // Select "good" and make it bold with the button.
    await box.evaluate((el: HTMLTextAreaElement) => el.setSelectionRange(2, 6));
    await page.getByRole("button", { name: "Bold" }).click();
    await expect(box).toHaveValue("A **good** day");
    // Select "day" and italicise with the shortcut.
    await box.evaluate((el: HTMLTextAreaElement) => el.setSelectionRange(11, 14));
    await box.press("ControlOrMeta+i");
    await expect(box).toHaveValue("A **good** *day*");
    // Ctrl+B again on the bold word removes it.
    await box.evaluate((el: HTMLTextAreaElement) => el.setSelectionRange(4, 8));
    await box.press("ControlOrMeta+b");
    await expect(box).toHaveValue("A good *day*");
    // Lists on the selected lines.
    await box.fill("milk\nbread");
    await box.evaluate((el: HTMLTextAreaElement) => el.setSelectionRange(0, el.value.length));
    await page.getByRole("button", { name: "Bullet list" }).click();
    await expect(box).toHaveValue("• milk\n• bread");
    await page.getByRole("button", { name: "Numbered list" }).click();
    await expect(box).toHaveValue("1. milk\n2. bread");
    await box.press("End");
    await box.pressSequentially("\n\n**Bold** and *soft* and <b>tags</b>");

    await page.getByRole("button", { name: "Preview" }).click();
    const preview = page.getByTestId("entry-preview");
    await expect(preview.locator("ol > li")).toHaveText(["milk", "bread"]);
    await expect(preview.locator("strong")).toHaveText("Bold");
    await expect(preview.locator("em")).toHaveText("soft");
    // Markup typed by the person is shown as text, never run.
    await expect(preview.getByText("<b>tags</b>", { exact: false })).toBeVisible();
    await expect(preview.locator("b")).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Bold" })).toBeDisabled();
    await page.getByRole("button", { name: "Edit" }).click();
    await expect(editor(page)).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Entry", exact: true })).toHaveAttribute("rows", "16");
  });
});

test.describe("validation", () => {
  test("empty content cannot be saved and says why", async ({ page, request }) => {
    await page.goto("/journal");
    const save = page.getByRole("button", { name: "Save Entry" });
    await expect(save).toBeDisabled();
    await editor(page).fill("   ");
    await editor(page).press("ControlOrMeta+Enter");
    await expect(alertWith(page, "Please add some content to your entry")).toBeVisible();
    await save.click({ force: true });
    await expect(alertWith(page, "Please add some content to your entry")).toBeVisible();
    await expect(page).toHaveURL("/journal");
    expect(await listEntries(request)).toHaveLength(0);
    await editor(page).fill("Now there is something.");
    await expect(alertWith(page, "Please add some content to your entry")).toHaveCount(0);
    await expect(save).toBeEnabled();
  });

  test("tags: Enter or comma adds, duplicates ignored, Backspace removes, 10 at most", async ({ page }) => {
    await page.goto("/journal");
    const input = tagsInput(page);
    const chips = page.getByRole("list", { name: "Tags on this entry" }).getByRole("listitem");
    await expect(page.getByTestId("tag-counter")).toHaveText("0/10 tags");
    // Six quick picks when none are set.
    await expect(page.getByText("Quick picks:")).toBeVisible();
    for (const t of ["work", "personal", "travel", "family", "friends", "health"]) {
      await expect(page.getByRole("button", { name: `Add tag ${t}`, exact: true })).toBeVisible();
    }
    await input.fill("Morning");
    await input.press("Enter");
    await input.pressSequentially("walk,");
    await expect(chips).toHaveText(["#morning", "#walk"]);
    await input.fill("walk");
    await input.press("Enter");
    await expect(page.getByText('"walk" is already added.')).toBeVisible();
    await expect(chips).toHaveCount(2);
    // Suggestions: up to five from the fixed list, excluding used ones.
    await expect(page.getByText("Suggestions:")).toBeVisible();
    await expect(page.getByRole("button", { name: /^Add tag / })).toHaveCount(5);
    await expect(page.getByRole("button", { name: "Add tag morning", exact: true })).toHaveCount(0);
    await input.press("Backspace");
    await expect(chips).toHaveText(["#morning"]);
    await page.getByRole("button", { name: "Add tag work", exact: true }).click();
    await expect(chips).toHaveText(["#morning", "#work"]);

    await input.fill("a,b,c,d,e,f,g,h,i");
    await expect(chips).toHaveCount(10);
    await expect(page.getByText("You can add up to 10 tags.")).toBeVisible();
    await expect(page.getByTestId("tag-counter")).toHaveText("10/10 tags");
    await expect(input).toBeDisabled();
    await expect(input).toHaveAttribute("placeholder", "Tag limit reached");
    await page.getByRole("button", { name: "Remove tag a" }).click();
    await expect(input).toBeEnabled();
    await expect(page.getByTestId("tag-counter")).toHaveText("9/10 tags");
  });

  test("files over 10 MB and files that are not media are refused with the spec's messages", async ({ page }) => {
    await page.goto("/journal");
    await page.getByLabel("Add photos, video or audio").setInputFiles([
      { name: "huge.png", mimeType: "image/png", buffer: Buffer.alloc(11 * 1024 * 1024, 1) },
      { name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("just text") },
    ]);
    await expect(alertWith(page, 'File "huge.png" is too large. Maximum size is 10MB.')).toBeVisible();
    await expect(alertWith(page, 'File "notes.txt" is not a supported media type.')).toBeVisible();
    await expect(page.getByTestId("media-item")).toHaveCount(0);
  });
});

test.describe("saving", () => {
  test("a new entry with tags, an image and an audio file is saved with its analysis and media", async ({
    page,
    request,
  }) => {
    const errors = watchJourney(page);
    await page.goto("/journal");
    await titleInput(page).fill("River walk");
    await editor(page).fill(`${LONG_TEXT}\n\n• **sunny**\n• calm`);
    await tagsInput(page).fill("family");
    await tagsInput(page).press("Enter");
    await tagsInput(page).fill("outdoors");
    await tagsInput(page).press("Enter");
    await page.getByRole("textbox", { name: "Location (optional)" }).fill("Riverside Park");

    await page.getByLabel("Add photos, video or audio").setInputFiles([
      { name: "river.png", mimeType: "image/png", buffer: await pngBytes() },
      { name: "birds.wav", mimeType: "audio/wav", buffer: wavBytes() },
    ]);
    const items = page.getByTestId("media-item");
    await expect(items).toHaveCount(2);
    await expect(items.nth(0).getByText("A sunny park with trees and a bench.")).toBeVisible();
    await expect(items.nth(1).getByText("Today I went for a walk and felt better.")).toBeVisible();
    await expect(items.nth(0).getByRole("button", { name: "Deeper psychological insights" })).toBeVisible();
    await expect(items.nth(1).getByRole("button", { name: "Deeper psychological insights" })).toHaveCount(0);
    const panel = page.getByRole("region", { name: "AI Insights" });
    await expect(panel.getByText("A calm day with a few good moments.")).toBeVisible();

    await page.getByRole("button", { name: "Save Entry" }).click();
    await expect(page).toHaveURL("/timeline");

    const [saved] = await listEntries(request);
    expect(saved).toBeDefined();
    expect(saved!.title).toBe("River walk");
    expect(saved!.content).toBe(`${LONG_TEXT}\n\n• **sunny**\n• calm`);
    expect(saved!.tags.map((t) => t.name).sort()).toEqual(["family", "outdoors"]);
    expect(saved!.mood).toBe("content");
    expect(saved!.ai_mood_score).toBe(7);
    expect(saved!.ai_summary).toBe("A calm day with a few good moments.");
    expect(JSON.parse(saved!.ai_themes!)).toEqual(["daily life", "reflection"]);
    expect(saved!.location_name).toBe("Riverside Park");
    expect(saved!.media_files.map((m) => [m.filename, m.file_type]).sort()).toEqual([
      ["birds.wav", "audio"],
      ["river.png", "image"],
    ]);
    // The draft is gone once saved.
    expect(await page.evaluate(() => localStorage.getItem("reverie:journal-draft"))).toBeNull();

    await page.goto(`/entry/${saved!.id}`);
    await expect(page.getByRole("heading", { name: "River walk" })).toBeVisible();
    await expect(page.getByTestId("entry-mood")).toContainText("content");
    await expect(page.locator("article").locator("strong")).toHaveText("sunny");
    await expect(page.getByRole("link", { name: "Open river.png in a new tab" })).toHaveAttribute("target", "_blank");
    await expect(page.getByRole("list", { name: "Audio" }).locator("audio")).toHaveAttribute("src", /\/api\/media\//);
    await expect(page.getByText("#family")).toBeVisible();
    await expect(page.getByText("Riverside Park")).toBeVisible();
    expect(errors).toEqual([]);
  });

  test("a failed save shows the panel and Try again saves once", async ({ page, request }) => {
    let fail = true;
    await page.route("**/api/entries", async (route) => {
      if (route.request().method() === "POST" && fail) {
        fail = false;
        await route.fulfill({
          status: 400,
          contentType: "application/json",
          body: JSON.stringify({ error: { message: "The server said no.", code: "BAD" } }),
        });
        return;
      }
      await route.fallback();
    });
    await page.goto("/journal");
    await editor(page).fill("A short note that must not be lost.");
    await page.getByRole("button", { name: "Save Entry" }).click();
    const panel = alertWith(page, "Failed to save entry");
    await expect(panel).toContainText("The server said no.");
    await expect(editor(page)).toHaveValue("A short note that must not be lost.");
    await panel.getByRole("button", { name: "Try again" }).click();
    await expect(page).toHaveURL("/timeline");
    expect((await listEntries(request)).map((e) => e.content)).toEqual(["A short note that must not be lost."]);
  });

  test("a media upload the server refuses is shown, and the entry is kept", async ({ page, request }) => {
    await page.route("**/api/entries/*/media", (route) =>
      route.fulfill({
        status: 415,
        contentType: "application/json",
        body: JSON.stringify({ error: { message: "This kind of file is not accepted", code: "UNSUPPORTED_MEDIA" } }),
      }),
    );
    await page.goto("/journal");
    await editor(page).fill("Entry with a photo.");
    await page
      .getByLabel("Add photos, video or audio")
      .setInputFiles([{ name: "p.png", mimeType: "image/png", buffer: await pngBytes() }]);
    await page.getByRole("button", { name: "Save Entry" }).click();
    await expect(page).toHaveURL("/timeline");
    await expect(page.getByTestId("toast").filter({ hasText: "Entry saved, but not all media" })).toContainText(
      '"p.png" was not uploaded: This kind of file is not accepted',
    );
    const [saved] = await listEntries(request);
    expect(saved!.content).toBe("Entry with a photo.");
    expect(saved!.media_files).toHaveLength(0);
  });

  test("a media upload the server cannot take now (5xx) is kept on the device and added later, once", async ({
    page,
    request,
  }) => {
    let refused = 0;
    await page.route("**/api/entries/*/media", (route) => {
      refused += 1;
      return route.fulfill({
        status: 503,
        contentType: "application/json",
        body: JSON.stringify({ error: { message: "Disk is full", code: "UNAVAILABLE" } }),
      });
    });
    await page.goto("/journal");
    await editor(page).fill("Entry with a photo.");
    await page
      .getByLabel("Add photos, video or audio")
      .setInputFiles([{ name: "p.png", mimeType: "image/png", buffer: await pngBytes() }]);
    await page.getByRole("button", { name: "Save Entry" }).click();
    await expect(page).toHaveURL(/\/timeline/);
    await expect(
      page
        .getByTestId("toast")
        .filter({ hasText: "1 file is kept on this device and will be added when the connection returns." }),
    ).toBeVisible();
    const [saved] = await listEntries(request);
    expect(saved!.content).toBe("Entry with a photo.");
    expect(saved!.media_files).toHaveLength(0);
    await expect(page.getByTestId("waiting-section")).toContainText("Entry with a photo.");
    expect(refused).toBeGreaterThanOrEqual(1);
    // The server can take files again: the next try adds it.
    await page.unroute("**/api/entries/*/media");
    await page.reload();
    await expect.poll(async () => (await listEntries(request))[0]!.media_files.length, { timeout: 30_000 }).toBe(1);
    await expect(page.getByTestId("waiting-section")).toHaveCount(0);
  });
});

test.describe("editing", () => {
  test("an entry loads into the editor, changes are saved, and media can be removed", async ({ page, request }) => {
    const [created] = await createEntries(request, [
      {
        title: "Old title",
        content: "Old words about the day.",
        tags: ["work", "calm"],
        ai_mood_score: 6,
        mood: "calm",
        ai_summary: "Old summary",
        created_at: "2026-03-04T15:30:00.000Z",
      },
    ]);
    const upload = await request.post(`/api/entries/${created!.id}/media`, {
      multipart: { file: { name: "old.png", mimeType: "image/png", buffer: await pngBytes() } },
    });
    expect(upload.status()).toBe(201);

    await page.goto(`/journal/edit/${created!.id}`);
    await expect(page.getByRole("heading", { name: "Edit Entry" })).toBeVisible();
    await expect(titleInput(page)).toHaveValue("Old title");
    await expect(editor(page)).toHaveValue("Old words about the day.");
    await expect(page.getByLabel("Date")).toHaveValue("2026-03-04");
    await expect(page.getByRole("list", { name: "Tags on this entry" })).toContainText("#calm");
    await page.getByRole("button", { name: "Remove tag work" }).click();
    await page.getByRole("button", { name: "Remove old.png" }).click();
    await expect(page.getByText("Removed when you save")).toBeVisible();
    await titleInput(page).fill("New title");
    await editor(page).fill("New words.");

    await page.getByRole("button", { name: "Save Changes" }).click();
    // Back to the entry just edited, as it now reads.
    await expect(page).toHaveURL(`/entry/${created!.id}`);
    await expect(page.getByRole("heading", { name: "New title" })).toBeVisible();
    const res = await request.get(`/api/entries/${created!.id}`);
    const e = (await res.json()) as EntryDto;
    expect(e.title).toBe("New title");
    expect(e.content).toBe("New words.");
    expect(e.tags.map((t) => t.name)).toEqual(["calm"]);
    expect(e.media_files).toHaveLength(0);
    // No new analysis ran for the short text: the stored one is kept, and the time of day too.
    expect(e.ai_summary).toBe("Old summary");
    expect(e.created_at).toBe("2026-03-04T15:30:00.000Z");
  });

  test("an unknown entry shows the error panel", async ({ page }) => {
    await page.goto("/journal/edit/no-such-entry");
    await expect(alertWith(page, "Failed to load entry")).toContainText("Entry not found");
  });
});

test.describe("leaving", () => {
  test("Cancel asks before discarding a new entry and then goes home", async ({ page }) => {
    await page.goto("/journal");
    await editor(page).fill("Half a thought");
    await page.getByRole("button", { name: "Cancel" }).click();
    const dialog = page.getByRole("dialog", { name: "Discard changes?" });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Keep editing" }).click();
    await expect(dialog).toBeHidden();
    await expect(editor(page)).toHaveValue("Half a thought");
    await page.getByRole("button", { name: "Cancel" }).click();
    await page
      .getByRole("dialog", { name: "Discard changes?" })
      .getByRole("button", { name: "Discard changes" })
      .click();
    await expect(page).toHaveURL("/");
    expect(await page.evaluate(() => localStorage.getItem("reverie:journal-draft"))).toBeNull();
  });

  test("Cancel without changes leaves at once: home for new, timeline for edit", async ({ page, request }) => {
    await page.goto("/journal");
    await page.getByRole("button", { name: "Cancel" }).click();
    await expect(page).toHaveURL("/");
    const [e] = await createEntries(request, [{ content: "Saved already." }]);
    await page.goto(`/journal/edit/${e!.id}`);
    await expect(editor(page)).toHaveValue("Saved already.");
    await page.getByRole("button", { name: "Cancel" }).click();
    await expect(page).toHaveURL("/timeline");
  });

  test("a new entry's draft survives a reload, and the browser warns first", async ({ page }) => {
    await page.goto("/journal");
    await titleInput(page).fill("Draft title");
    await editor(page).fill("Words I must not lose.");
    await tagsInput(page).fill("gratitude");
    await tagsInput(page).press("Enter");
    const dialogs: string[] = [];
    page.on("dialog", async (d) => {
      dialogs.push(d.type());
      await d.accept();
    });
    await page.reload();
    await expect(page.getByText("Your unsaved draft was restored.")).toBeVisible();
    await expect(titleInput(page)).toHaveValue("Draft title");
    await expect(editor(page)).toHaveValue("Words I must not lose.");
    await expect(page.getByRole("list", { name: "Tags on this entry" })).toContainText("#gratitude");
    expect(dialogs).toEqual(["beforeunload"]);
    await page.getByRole("button", { name: "Start fresh" }).click();
    await expect(editor(page)).toHaveValue("");
    expect(await page.evaluate(() => localStorage.getItem("reverie:journal-draft"))).toBeNull();
  });

  test("leaving an edited entry by a link asks first", async ({ page, request }) => {
    const [e] = await createEntries(request, [{ content: "Original." }]);
    await page.goto(`/journal/edit/${e!.id}`);
    await editor(page).fill("Changed.");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Settings" }).click();
    const dialog = page.getByRole("dialog", { name: "Discard changes?" });
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(`/journal/edit/${e!.id}`);
    await dialog.getByRole("button", { name: "Discard changes" }).click();
    await expect(page).toHaveURL("/settings");
  });
});

test.describe("media insights and model capabilities", () => {
  test("a model that cannot see images: the photo attaches quietly, with no deeper insights that could only fail", async ({
    page,
    request,
  }) => {
    await scriptFake(request, [
      {
        task: "analyze-image",
        times: 0,
        reply: { error: { status: 400, message: "Image input is not enabled for this model." } },
      },
      {
        task: "analyze-psychological-image",
        times: 0,
        reply: { error: { status: 400, message: "Image input is not enabled for this model." } },
      },
    ]);
    await page.goto("/journal");
    await page
      .getByLabel("Add photos, video or audio")
      .setInputFiles([{ name: "cat.png", mimeType: "image/png", buffer: await pngBytes() }]);
    const item = page.getByTestId("media-item");
    const note = item.getByTestId("media-unsupported-note");
    await expect(note).toHaveText(
      "Photo insights need a model that reads images, such as Gemini 2.5 Flash or GPT-4o. Choose one in Settings",
    );
    await expect(note.getByRole("link", { name: "Choose one in Settings" })).toHaveAttribute("href", "/settings");
    await expect(item.getByRole("button", { name: "Deeper psychological insights" })).toHaveCount(0);
    await expect(page.getByRole("dialog")).toHaveCount(0);
  });

  test("one failed item does not stop the others in a batch", async ({ page, request }) => {
    await scriptFake(request, {
      task: "analyze-image",
      times: 1,
      reply: { error: { status: 400, message: "Model refused this one" } },
    });
    await page.goto("/journal");
    await page.getByLabel("Add photos, video or audio").setInputFiles([
      { name: "a.png", mimeType: "image/png", buffer: await pngBytes(20) },
      { name: "voice.wav", mimeType: "audio/wav", buffer: wavBytes() },
      { name: "clip.mp4", mimeType: "video/mp4", buffer: Buffer.from("00000018667479706d703432", "hex") },
    ]);
    const items = page.getByTestId("media-item");
    await expect(items).toHaveCount(3);
    await expect(items.nth(1).getByText("Today I went for a walk and felt better.")).toBeVisible();
    await expect(items.nth(0).getByText("No insights for this file.")).toBeVisible();
    // Video gets no analysis.
    await expect(items.nth(2).getByText("Getting insights...")).toHaveCount(0);
    await expect(items.nth(2).getByText("No insights for this file.")).toHaveCount(0);
    await items.nth(1).getByRole("button", { name: "Add transcription to entry" }).click();
    await expect(editor(page)).toHaveValue("Today I went for a walk and felt better.");
  });

  test("Deeper psychological insights open the analysis modal with reflection", async ({ page, context, request }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.goto("/journal");
    await editor(page).fill("At my desk.");
    await page
      .getByLabel("Add photos, video or audio")
      .setInputFiles([{ name: "desk.png", mimeType: "image/png", buffer: await pngBytes() }]);
    await page.getByRole("button", { name: "Deeper psychological insights" }).click();
    const modal = page.getByRole("dialog", { name: "Psychological Image Analysis" });
    await expect(modal.getByText("A tidy desk by a window with afternoon light.")).toBeVisible();
    await expect(modal.getByText("Calm and focused.")).toBeVisible();
    await modal.getByRole("tab", { name: "Insights" }).click();
    await expect(modal.getByText("A calm space can support focus.")).toBeVisible();
    await modal.getByRole("tab", { name: "Reflection" }).click();
    const answer = modal.getByRole("textbox", { name: "How do you feel when you sit here?" });
    await answer.fill("Settled.");
    await modal.getByRole("button", { name: "Copy reflection 1" }).click();
    await expect(modal.getByText("Copied to clipboard")).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      "How do you feel when you sit here?\n\nSettled.",
    );
    // The confirmation goes away after its two seconds.
    await expect(modal.getByText("Copied to clipboard")).toBeHidden();
    const [sent] = await fakeRequests(request, "analyze-psychological-image");
    expect(sent!.images).toBe(1);
    expect(sent!.prompt).toContain("At my desk.");
    await modal.getByRole("button", { name: "Close Analysis" }).click();
    await expect(modal).toBeHidden();
  });
});

test.describe("voice recorder", () => {
  test("records from the microphone, transcribes recording.wav and appends the text", async ({ page }) => {
    // Keep a copy of every file the page sends for transcription.
    await page.addInitScript(() => {
      const w = window as unknown as { __sentFiles: { name: string; type: string; b64: string }[] };
      w.__sentFiles = [];
      const original = window.fetch.bind(window);
      window.fetch = async (input, init) => {
        const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
        if (url.endsWith("/api/ai/transcribe-audio") && init?.body instanceof FormData) {
          const f = init.body.get("file") as File;
          const bytes = new Uint8Array(await f.arrayBuffer());
          let bin = "";
          for (const b of bytes) bin += String.fromCharCode(b);
          w.__sentFiles.push({ name: f.name, type: f.type, b64: btoa(bin) });
        }
        return original(input, init);
      };
    });
    await page.goto("/journal");
    await editor(page).fill("Morning notes.");
    const recorder = page.getByRole("region", { name: "Voice recorder" });
    await recorder.getByRole("button", { name: "Record voice" }).click();
    const timer = recorder.getByRole("timer", { name: "Recording time" });
    await expect(timer).toHaveText(/^0:0\d$/);
    await expect(timer).toHaveText("0:01", { timeout: 5000 });
    await recorder.getByRole("button", { name: "Stop" }).click();
    await expect(recorder.getByRole("button", { name: "Play recording" })).toBeVisible();

    // The recording plays and pauses.
    await recorder.getByRole("button", { name: "Play recording" }).click();
    await expect(recorder.getByRole("button", { name: "Pause recording" })).toBeVisible();
    await recorder.getByRole("button", { name: "Pause recording" }).click();
    await expect(recorder.getByRole("button", { name: "Play recording" })).toBeVisible();

    await recorder.getByRole("button", { name: "Add to Entry" }).click();
    await expect(editor(page)).toHaveValue("Morning notes.\n\nToday I went for a walk and felt better.");
    // What was sent: a real WAV file named recording.wav.
    const sent = await page.evaluate(
      () => (window as unknown as { __sentFiles: { name: string; type: string; b64: string }[] }).__sentFiles,
    );
    expect(sent).toHaveLength(1);
    expect(sent[0]!.name).toBe("recording.wav");
    expect(sent[0]!.type).toBe("audio/wav");
    const header = readWavHeader(new Uint8Array(Buffer.from(sent[0]!.b64, "base64")));
    expect(header).toMatchObject({ numChannels: 1, sampleRate: 16_000, bitsPerSample: 16 });
    expect(header!.durationMs).toBeGreaterThan(900);
    await expect(editor(page)).toHaveValue("Morning notes.\n\nToday I went for a walk and felt better.");
    await expect(recorder.getByRole("button", { name: "Record voice" })).toBeVisible();
  });

  test("a refused microphone gives the spec's alert", async ({ page }) => {
    await page.addInitScript(() => {
      navigator.mediaDevices.getUserMedia = () =>
        Promise.reject(new DOMException("Permission denied", "NotAllowedError"));
    });
    await page.goto("/journal");
    await page.getByRole("button", { name: "Record voice" }).click();
    await expect(alertWith(page, "Could not access microphone. Please check permissions.")).toBeVisible();
  });

  test("a failed transcription keeps the recording and says so", async ({ page, request }) => {
    await scriptFake(request, {
      task: "transcribe-audio",
      times: 1,
      reply: { error: { status: 400, message: "Model refused this one" } },
    });
    await page.goto("/journal");
    const recorder = page.getByRole("region", { name: "Voice recorder" });
    await recorder.getByRole("button", { name: "Record voice" }).click();
    await expect(recorder.getByRole("timer")).toHaveText("0:01", { timeout: 5000 });
    await recorder.getByRole("button", { name: "Stop" }).click();
    await recorder.getByRole("button", { name: "Add to Entry" }).click();
    await expect(recorder.getByRole("alert")).toHaveText("Failed to transcribe audio. Please try again.");
    await expect(
      page.getByTestId("toast").filter({ hasText: "Failed to transcribe audio. Please try again." }),
    ).toBeVisible();
    await expect(recorder.getByRole("button", { name: "Play recording" })).toBeVisible();
    await expect(editor(page)).toHaveValue("");
    // Trying again works: the recording was kept.
    await recorder.getByRole("button", { name: "Add to Entry" }).click();
    await expect(editor(page)).toHaveValue("Today I went for a walk and felt better.");
  });
});
