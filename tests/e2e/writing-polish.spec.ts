import { mkdirSync } from "node:fs";
import path from "node:path";
import { expect, test, type Locator, type Page } from "@playwright/test";
import type { EntryDto } from "../../src/contracts/entries";
import { createEntries, resetJournal } from "../support/e2e";
import { seedHistory } from "../support/chat-e2e";
import { editor, pngBytes, resetFake, scriptFake, titleInput } from "../support/journal-e2e";

/**
 * Everyday writing on a desktop and on a phone (390x844): the editor's bold, italic and lists, Save at
 * hand, photos and voice without a capable model, Generate Entry's toast, the calendar on a phone,
 * Recently deleted and the import report. Each journey saves screenshots under test-results/writing-polish.
 */

const SHOTS = path.join("test-results", "writing-polish");
mkdirSync(SHOTS, { recursive: true });

const VIEWPORTS = [
  { name: "desktop", viewport: { width: 1280, height: 800 }, phone: false },
  { name: "phone", viewport: { width: 390, height: 844 }, phone: true },
] as const;

const shot = (page: Page, name: string) => page.screenshot({ path: path.join(SHOTS, `${name}.png`) });

async function box(l: Locator) {
  const b = await l.boundingBox();
  expect(b, "element is laid out").not.toBeNull();
  return b!;
}

/** The element is fully inside the window and above the editor's action bar. */
async function expectClearOfBar(page: Page, l: Locator) {
  const el = await box(l);
  const bar = await box(page.getByTestId("editor-action-bar"));
  const vh = page.viewportSize()!.height;
  expect(el.y).toBeGreaterThanOrEqual(0);
  expect(el.y + el.height).toBeLessThanOrEqual(Math.min(bar.y, vh) + 1);
}

test.beforeEach(async ({ request }) => {
  resetJournal();
  await resetFake(request);
});

for (const vp of VIEWPORTS) {
  test.describe(`${vp.name}`, () => {
    test.use({ viewport: vp.viewport, hasTouch: vp.phone, isMobile: vp.phone });

    test("bold and italic toggle cleanly, lists continue, Undo restores the text before formatting", async ({
      page,
    }) => {
      await page.goto("/journal");
      const text = editor(page);
      await text.click();
      await page.keyboard.type("I felt ");
      if (vp.phone) await page.getByRole("button", { name: "Bold" }).click();
      else await page.keyboard.press("Control+b");
      await expect(page.getByRole("button", { name: "Bold" })).toHaveAttribute("aria-pressed", "true");
      await page.keyboard.type("proud");
      if (vp.phone) await page.getByRole("button", { name: "Bold" }).click();
      else await page.keyboard.press("Control+b");
      await page.keyboard.type(" of myself.");
      await expect(text).toHaveValue("I felt **proud** of myself.");

      // Italic the same way, then a list that continues on Enter and ends on an empty item.
      await page.keyboard.press("Enter");
      await page.keyboard.press("Control+i");
      await page.keyboard.type("quietly");
      await page.keyboard.press("Control+i");
      await page.keyboard.type(" glad");
      await page.keyboard.press("Enter");
      await page.keyboard.type("• tea");
      await page.keyboard.press("Enter");
      await page.keyboard.type("a walk");
      await page.keyboard.press("Enter");
      await page.keyboard.press("Enter");
      await page.keyboard.type("The end.");
      await expect(text).toHaveValue("I felt **proud** of myself.\n*quietly* glad\n• tea\n• a walk\nThe end.");

      // Formatting a selection, then Ctrl+Z gives back the text as it was before.
      await text.evaluate((el: HTMLTextAreaElement) =>
        el.setSelectionRange(el.value.indexOf("The end"), el.value.indexOf("The end") + 3),
      );
      await page.keyboard.press("Control+b");
      await expect(text).toHaveValue("I felt **proud** of myself.\n*quietly* glad\n• tea\n• a walk\n**The** end.");
      await page.keyboard.press("Control+z");
      await expect(text).toHaveValue("I felt **proud** of myself.\n*quietly* glad\n• tea\n• a walk\nThe end.");
      await shot(page, `editor-${vp.name}`);

      await page.getByRole("button", { name: "Preview" }).click();
      const preview = page.getByTestId("entry-preview");
      await expect(preview.locator("strong")).toHaveText("proud");
      await expect(preview.locator("em")).toHaveText("quietly");
      await expect(preview.locator("li")).toHaveText(["tea", "a walk"]);
      await expect(preview).not.toContainText("*");
      await shot(page, `editor-preview-${vp.name}`);
    });

    test("Save stays at hand and never covers a focused control or a message", async ({ page, context }) => {
      await context.grantPermissions(["geolocation"]);
      await context.setGeolocation({ latitude: 48.8566, longitude: 2.3522 });
      await page.goto("/journal");
      const bar = page.getByTestId("editor-action-bar");
      await expect(bar.getByRole("button", { name: "Save Entry" })).toBeInViewport({ ratio: 1 });
      await expect(bar.getByRole("button", { name: "Cancel" })).toBeInViewport({ ratio: 1 });
      if (vp.phone) {
        // Above the tab bar, not under it.
        const tabs = await box(page.getByRole("navigation", { name: "Tabs" }));
        const b = await box(bar);
        expect(b.y + b.height).toBeLessThanOrEqual(tabs.y + 1);
      }
      await editor(page).fill("A short note from the bus.");

      // The recorder's button, reached by keyboard, is not hidden behind the bar.
      const record = page.getByRole("button", { name: "Record voice" });
      await record.focus();
      await expectClearOfBar(page, record);
      // The coordinates shown after "Use my location" are in view.
      await page.getByRole("button", { name: "Use my location" }).click();
      const coords = page.getByText("Coordinates:");
      await expect(coords).toBeVisible();
      await expectClearOfBar(page, coords);
      await shot(page, `save-bar-${vp.name}`);

      await bar.getByRole("button", { name: "Save Entry" }).click();
      await expect(page).toHaveURL("/timeline");
    });

    test("a photo without a vision model attaches quietly with a note; a recording without a speech model is kept", async ({
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
          task: "transcribe-audio",
          times: 0,
          reply: { error: { status: 400, message: "Audio input is not enabled for this model." } },
        },
      ]);
      await page.goto("/journal");
      await editor(page).fill("Beach day.");
      await page
        .getByLabel("Add photos, video or audio")
        .setInputFiles([{ name: "beach.png", mimeType: "image/png", buffer: await pngBytes() }]);
      await expect(page.getByTestId("media-unsupported-note").first()).toContainText(
        "Photo insights need a model that reads images, such as Gemini 2.5 Flash or GPT-4o.",
      );
      await expect(page.getByRole("dialog")).toHaveCount(0);

      const recorder = page.getByRole("region", { name: "Voice recorder" });
      await recorder.getByRole("button", { name: "Record voice" }).click();
      await expect(recorder.getByRole("timer")).toHaveText("0:01", { timeout: 5000 });
      await recorder.getByRole("button", { name: "Stop" }).click();
      await recorder.getByRole("button", { name: "Add to Entry" }).click();
      const note = page.getByTestId("recording-kept-note");
      await expect(note).toContainText("Your recording is kept with this entry");
      await expect(page.getByRole("dialog")).toHaveCount(0);
      await expect(page.getByRole("alert").filter({ hasText: "Failed to transcribe audio" })).toHaveCount(0);
      const items = page.getByTestId("media-item");
      await expect(items).toHaveCount(2);
      await expect(items.nth(1)).toContainText("recording.wav");
      await expect(items.nth(1)).toContainText("Kept as audio with your entry");
      await shot(page, `media-without-model-${vp.name}`);

      // Told once: a second recording is kept without the note again.
      await recorder.getByRole("button", { name: "Record voice" }).click();
      await expect(recorder.getByRole("timer")).toHaveText("0:01", { timeout: 5000 });
      await recorder.getByRole("button", { name: "Stop" }).click();
      await recorder.getByRole("button", { name: "Add to Entry" }).click();
      await expect(items).toHaveCount(3);
      await expect(note).toHaveCount(0);

      await page.getByTestId("editor-action-bar").getByRole("button", { name: "Save Entry" }).click();
      await expect(page).toHaveURL("/timeline");
      const [entry] = (await (await request.get("/api/entries")).json()) as EntryDto[];
      expect(entry!.media_files.map((m) => m.file_type).sort()).toEqual(["audio", "audio", "image"]);
    });

    test("Generate Entry: View and Undo in a toast that leaves the message box free; asks before making the same entry twice", async ({
      page,
      request,
    }) => {
      await scriptFake(request, {
        task: "summarize-conversation",
        reply: { json: { title: "Garden talk", content: "We planted tomatoes.", mood_score: 7, tags: ["garden"] } },
      });
      await seedHistory(page, [
        { role: "user", content: "We planted tomatoes with Mia." },
        { role: "assistant", content: "That sounds lovely!" },
      ]);
      await page.goto("/chat");
      await page.getByRole("button", { name: "Generate Entry" }).click();
      const toast = page
        .getByTestId("toast")
        .filter({ hasText: "Journal entry created successfully from your conversation!" });
      await expect(toast).toBeVisible();
      await expect(toast.getByRole("link", { name: "View" })).toBeVisible();
      await expect(toast.getByRole("button", { name: "Undo" })).toBeVisible();
      // The toast and the message box do not overlap.
      const t = await box(toast);
      const input = await box(page.getByRole("textbox", { name: "Message" }));
      expect(
        t.y + t.height <= input.y ||
          input.y + input.height <= t.y ||
          t.x + t.width <= input.x ||
          input.x + input.width <= t.x,
      ).toBe(true);
      await shot(page, `generate-toast-${vp.name}`);

      // Undo moves the new entry to Recently deleted.
      await toast.getByRole("button", { name: "Undo" }).click();
      await expect(page.getByTestId("toast").filter({ hasText: "moved to Recently deleted" })).toBeVisible();
      expect(await (await request.get("/api/entries")).json()).toHaveLength(0);
      const trash = await (await request.get("/api/trash")).json();
      expect(trash.entries.map((e: { title: string }) => e.title)).toEqual(["Garden talk"]);

      // Generating again makes it anew; once more with nothing new said asks first, and updating keeps one entry.
      await page.getByRole("button", { name: "Generate Entry" }).click();
      await expect.poll(async () => ((await (await request.get("/api/entries")).json()) as EntryDto[]).length).toBe(1);
      const [made] = (await (await request.get("/api/entries")).json()) as EntryDto[];
      await page.getByRole("button", { name: "Generate Entry" }).click();
      const ask = page.getByRole("dialog", { name: "You already made an entry from this chat" });
      await expect(ask).toBeVisible();
      await shot(page, `generate-again-${vp.name}`);
      await ask.getByRole("button", { name: "Update that entry" }).click();
      await expect(ask).toBeHidden();
      await expect(page.getByRole("button", { name: "Generate Entry" })).toBeEnabled();
      const entries = (await (await request.get("/api/entries")).json()) as EntryDto[];
      // The same entry, rewritten from a fresh summary (the fake model's default one this time).
      expect(entries.map((e) => e.id)).toEqual([made!.id]);
      expect(entries[0]!.updated_at > made!.updated_at).toBe(true);
      // "Make another entry" does make a second one.
      await page.getByRole("button", { name: "Generate Entry" }).click();
      await ask.getByRole("button", { name: "Make another entry" }).click();
      await expect.poll(async () => ((await (await request.get("/api/entries")).json()) as EntryDto[]).length).toBe(2);
    });

    test("deleting offers Undo; Recently deleted restores or deletes forever", async ({ page, request }) => {
      const [a, b] = await createEntries(request, [
        { title: "Rainy Tuesday", content: "Rain all day." },
        { title: "Old worry", content: "Let it go." },
      ]);
      await page.goto(`/entry/${a!.id}`);
      await page.getByRole("button", { name: "Delete" }).click();
      const confirm = page.getByRole("dialog", { name: "Delete this entry?" });
      await expect(confirm).toContainText("Recently deleted");
      await confirm.getByRole("button", { name: "Delete" }).click();
      await expect(page).toHaveURL("/timeline");
      const toast = page.getByTestId("toast").filter({ hasText: "Entry deleted." });
      await shot(page, `delete-toast-${vp.name}`);
      await toast.getByRole("button", { name: "Undo" }).click();
      await expect(page).toHaveURL(`/entry/${a!.id}`);
      await expect(page.getByRole("heading", { name: "Rainy Tuesday" })).toBeVisible();

      // Delete the other one, then find it in Settings.
      const del = await request.delete(`/api/entries/${b!.id}`);
      expect(del.ok()).toBe(true);
      await page.goto("/settings#recently-deleted");
      const section = page.getByTestId("recently-deleted");
      const item = section.getByTestId("trash-item");
      await expect(item).toHaveCount(1);
      await expect(item).toContainText("Old worry");
      await expect(item).toContainText("Deleted for good in 29 days");
      await item.scrollIntoViewIfNeeded();
      await shot(page, `recently-deleted-${vp.name}`);
      await item.getByRole("button", { name: "Restore Old worry" }).click();
      await expect(section.getByText("Nothing here.")).toBeVisible();
      expect((await request.get(`/api/entries/${b!.id}`)).status()).toBe(200);

      // From the Timeline's card menu too: Undo in the toast brings the card back.
      await page.goto("/timeline?view=list");
      await page.getByRole("button", { name: "Actions for Old worry" }).click();
      await page.getByRole("menuitem", { name: "Delete" }).click();
      await page.getByRole("dialog", { name: "Delete this entry?" }).getByRole("button", { name: "Delete" }).click();
      await expect(page.getByRole("heading", { name: "Old worry" })).toHaveCount(0);
      await page
        .getByTestId("toast")
        .filter({ hasText: "Entry deleted." })
        .getByRole("button", { name: "Undo" })
        .click();
      await expect(page.getByRole("heading", { name: "Old worry" })).toBeVisible();

      await request.delete(`/api/entries/${b!.id}`);
      await page.goto("/settings#recently-deleted");
      await section.getByRole("button", { name: "Delete forever Old worry" }).click();
      await page
        .getByRole("dialog", { name: "Delete this entry forever?" })
        .getByRole("button", { name: "Delete forever" })
        .click();
      await expect(section.getByText("Nothing here.")).toBeVisible();
      expect((await (await request.get("/api/trash")).json()).entries).toEqual([]);
    });

    test("the import report names entries by title and date", async ({ page, request }) => {
      await createEntries(request, [
        { title: "Harbour walk", content: "Gulls.", created_at: "2026-03-10T17:00:00Z" },
        { content: "No title here.", created_at: "2026-03-11T17:00:00Z" },
      ]);
      const zip = await (await request.get("/api/data/export")).body();
      await page.goto("/settings");
      await page
        .getByTestId("import-file-input")
        .setInputFiles({ name: "export.zip", mimeType: "application/zip", buffer: zip });
      const issues = page.getByTestId("import-issue");
      await expect(issues).toHaveCount(2);
      await expect(issues.filter({ hasText: "Harbour walk" })).toContainText("March 10, 2026");
      await expect(issues.filter({ hasText: "Untitled entry" })).toContainText("March 11, 2026");
      await expect(issues.first()).toContainText("This entry is already in your journal, so it was left as it is.");
      await shot(page, `import-report-${vp.name}`);
    });
  });
}

test.describe("phone only", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test("a tapped calendar day lists its entries under the calendar, in view, with the filters closed", async ({
    page,
    request,
  }) => {
    const day = new Date();
    day.setHours(12, 0, 0, 0);
    await createEntries(request, [
      { title: "Today's note", content: "A quiet morning.", created_at: day.toISOString() },
    ]);
    await page.goto("/timeline");
    const cell = page.getByRole("button", { name: /1 entry/u }).first();
    await cell.tap();
    await expect(page.getByRole("button", { name: /Filters/u })).toHaveAttribute("aria-expanded", "false");
    await expect(page.getByTestId("day-panel").getByRole("link", { name: /Today's note/u })).toBeInViewport();
    await shot(page, "calendar-day-phone");
  });
});

test.describe("phone keyboard that composes words", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test("a word composed after tapping B comes out bold, with no stray markers", async ({ page }) => {
    await page.goto("/journal");
    const text = editor(page);
    await text.click();
    await page.keyboard.type("I felt ");
    await page.getByRole("button", { name: "Bold" }).click();
    // As an on-screen keyboard does it: the word is composed, then committed.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Input.imeSetComposition", { text: "prou", selectionStart: 4, selectionEnd: 4 });
    await cdp.send("Input.imeSetComposition", { text: "proud", selectionStart: 5, selectionEnd: 5 });
    await cdp.send("Input.insertText", { text: "proud" });
    await expect(text).toHaveValue("I felt **proud**");
    await page.getByRole("button", { name: "Bold" }).click();
    await page.keyboard.type(" today.");
    await expect(text).toHaveValue("I felt **proud** today.");
  });
});

test.describe("keyboard only", () => {
  test("N writes and saves, C chats, without the mouse", async ({ page, request }) => {
    // What the home screen shows once it has loaded its figures: the page is live (its keys are listened to).
    const homeReady = () =>
      expect(page.getByRole("heading", { name: /Your journal is waiting|Welcome back/ })).toBeVisible();
    await page.goto("/");
    await homeReady();
    await page.keyboard.press("n");
    await expect(page).toHaveURL("/journal");
    await expect(editor(page)).toBeFocused();
    await page.keyboard.type("Typed straight away.");
    await expect(editor(page)).toHaveValue("Typed straight away.");
    // The text is the first tab stop after the date and the title.
    await titleInput(page).focus();
    await page.keyboard.press("Tab");
    await expect(editor(page)).toBeFocused();
    await page.keyboard.press("Shift+Tab");
    await page.keyboard.type("Bus ride");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Control+Enter");
    await expect(page).toHaveURL("/timeline");
    const entries = (await (await request.get("/api/entries")).json()) as EntryDto[];
    expect(entries.map((e) => [e.title, e.content])).toEqual([["Bus ride", "Typed straight away."]]);

    await page.goto("/");
    await homeReady();
    await page.keyboard.press("c");
    await expect(page).toHaveURL("/chat");
    const box = page.getByRole("textbox", { name: "Message" });
    await expect(box).toBeFocused();
    await page.keyboard.type("Hello there");
    await page.keyboard.press("Enter");
    await expect(page.getByRole("region", { name: "Conversation" }).locator('[data-role="user"]')).toContainText(
      "Hello there",
    );
    await shot(page, "keyboard-chat-desktop");
  });
});
