import { mkdirSync } from "node:fs";
import path from "node:path";
import { expect, test, type Locator, type Page } from "@playwright/test";
import type { EntryDto } from "../../src/contracts/entries";
import { resetJournal } from "../support/e2e";
import { seedHistory } from "../support/chat-e2e";
import { editor, pngBytes, resetFake, scriptFake, titleInput } from "../support/journal-e2e";

/**
 * Rough edges a new user met in a week: photo names as phones make them keep the editor inside a phone's
 * screen; saving offline never asks "Leave site?" and never leaves the editor on "Saving..."; toasts sit
 * where they cover no control and leave with the page they belong to. Screenshots under test-results/rough-edges.
 */

const SHOTS = path.join("test-results", "rough-edges");
mkdirSync(SHOTS, { recursive: true });
const shot = (page: Page, name: string) => page.screenshot({ path: path.join(SHOTS, `${name}.png`) });

const VIEWPORTS = [
  { name: "desktop", viewport: { width: 1280, height: 800 }, phone: false },
  { name: "phone", viewport: { width: 390, height: 844 }, phone: true },
] as const;

const toasts = (page: Page) => page.getByTestId("toast");

/**
 * Every control on the page (links, buttons, fields) that is on screen outside the toasts: none may lie
 * under a toast. Waits (frame by frame) for a toast with `text`, and gives the names of the controls under
 * the toasts at that moment: a 3-second toast is caught however slow the machine is.
 */
async function controlsUnderToasts(page: Page, text: string): Promise<string[]> {
  const found = await page.waitForFunction(
    (text) => {
      const all = [...document.querySelectorAll('[data-testid="toast"]')];
      if (!all.some((t) => t.textContent?.includes(text))) return false;
      const boxes = all.map((t) => t.getBoundingClientRect());
      const hit = (r: DOMRect) =>
        boxes.some((b) => r.left < b.right && b.left < r.right && r.top < b.bottom && b.top < r.bottom);
      const out: string[] = [];
      for (const el of document.querySelectorAll<HTMLElement>(
        "a[href], button, input, textarea, select, [role=button]",
      )) {
        if (el.closest('[data-testid="toast"]')) continue;
        const r = el.getBoundingClientRect();
        if (r.width === 0 || r.height === 0 || r.bottom <= 0 || r.top >= window.innerHeight) continue;
        if (getComputedStyle(el).visibility === "hidden") continue;
        if (hit(r)) out.push(el.getAttribute("aria-label") || el.textContent?.trim() || el.tagName);
      }
      return out;
    },
    text,
    { polling: "raf" },
  );
  return (await found.jsonValue()) as string[];
}

/** The point at the centre of the control is the control's own: nothing lies over it. */
async function expectUncovered(l: Locator) {
  await expect(l).toBeVisible();
  const free = await l.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return !!top && (top === el || el.contains(top));
  });
  expect(free, "nothing covers the control").toBe(true);
}

test.beforeEach(async ({ request }) => {
  resetJournal();
  await resetFake(request);
});

test.describe("phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test("photo names as phones make them keep the editor inside the screen, and Save at hand", async ({
    page,
    request,
  }) => {
    const png = await pngBytes(48);
    await page.goto("/journal");
    await titleInput(page).fill("Harbour morning");
    await editor(page).fill("Coffee by the water and a few photos of the boats.");
    await page.getByLabel("Add photos, video or audio").setInputFiles([
      { name: "PXL_20261127_093512345.jpeg", mimeType: "image/jpeg", buffer: png },
      { name: "IMG_4821.HEIC", mimeType: "image/heic", buffer: png },
      { name: "IMG-20261127-WA0003.jpg", mimeType: "image/jpeg", buffer: png },
      { name: "Screenshot_20261127-093512_Chrome.jpeg", mimeType: "image/jpeg", buffer: png },
      { name: "PXL_20261127_093512345.NIGHT.PORTRAIT-01.COVER_Top.jpg", mimeType: "image/jpeg", buffer: png },
    ]);
    await expect(page.getByTestId("media-item")).toHaveCount(5);
    await shot(page, "photo-names-phone");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const save = page.getByRole("button", { name: "Save Entry" });
    await expect(save).toBeInViewport({ ratio: 1 });
    await expectUncovered(save);
    await save.click();
    await expect(page).toHaveURL("/timeline");
    const [entry] = (await (await request.get("/api/entries")).json()) as EntryDto[];
    expect(entry!.title).toBe("Harbour morning");

    // The same names as the entry's stored files, in the editor's "Attached" list.
    await page.goto(`/journal/edit/${entry!.id}`);
    await expect(editor(page)).toHaveValue("Coffee by the water and a few photos of the boats.");
    await expect(page.getByRole("button", { name: /^Remove PXL_20261127_093512345/u }).first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expect(page.getByRole("button", { name: "Save Changes" })).toBeInViewport({ ratio: 1 });
    await shot(page, "attached-names-phone");
  });
});

/** The app under the service worker's control, with the writing screens kept for offline use. */
async function underServiceWorker(page: Page) {
  await page.goto("/timeline");
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const paths: string[] = [];
        for (const n of await caches.keys())
          for (const r of await (await caches.open(n)).keys()) paths.push(new URL(r.url).pathname);
        return ["/journal", "/timeline"].every((p) => paths.includes(p));
      }),
    )
    .toBe(true);
}

test("saving offline asks nothing on the way out, and the editor is never left on Saving...", async ({
  page,
  context,
}) => {
  await underServiceWorker(page);
  const dialogs: string[] = [];
  // The person answers "Stay" to any question the browser asks.
  page.on("dialog", (d) => {
    dialogs.push(d.type());
    void d.dismiss().catch(() => {});
  });
  await context.setOffline(true);
  await page.goto("/journal").catch(() => {});
  await expect(page.getByRole("heading", { name: "New Entry" })).toBeVisible();
  await titleInput(page).click();
  await page.keyboard.type("Train home");
  await editor(page).click();
  await page.keyboard.type("Wrote the letter to Gran while the train waited outside Leeds.");
  await page.getByRole("button", { name: "Save Entry" }).click();
  await expect(page).toHaveURL(/\/timeline/u);
  await expect(
    toasts(page).filter({
      hasText: "Saved on this device. It will be added to your journal when the connection returns.",
    }),
  ).toBeVisible();
  expect(dialogs).toEqual([]);

  // Something else on the page asks before leaving (as a browser extension may): "Stay" leaves an editor that works.
  await page.goto("/journal").catch(() => {});
  await expect(page.getByRole("heading", { name: "New Entry" })).toBeVisible();
  await page.evaluate(() =>
    window.addEventListener("beforeunload", (e) => {
      e.preventDefault();
    }),
  );
  await editor(page).click();
  await page.keyboard.type("A second note, kept while the train sat still.");
  await page.getByRole("button", { name: "Save Entry" }).click();
  await expect.poll(() => dialogs).toEqual(["beforeunload"]);
  await expect(page).toHaveURL(/\/journal/u);
  await expect(page.getByRole("main").getByRole("status").filter({ hasText: "Saved on this device" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Saving..." })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Cancel" })).toBeEnabled();
  await shot(page, "offline-save-stay-desktop");
  await context.setOffline(false);
});

for (const vp of VIEWPORTS) {
  test.describe(vp.name, () => {
    test.use({ viewport: vp.viewport, hasTouch: vp.phone, isMobile: vp.phone });

    test("after Generate Entry the toast covers no control, New Chat works at once, and the toast stays with the chat", async ({
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
      const toast = toasts(page).filter({ hasText: "Journal entry created successfully from your conversation!" });
      await expect(toast).toBeVisible();
      await shot(page, `generate-toast-${vp.name}`);
      expect(await controlsUnderToasts(page, "Journal entry created successfully")).toEqual([]);
      for (const name of ["New Chat", "Generate Entry", "Send message"])
        await expectUncovered(page.getByRole("button", { name }));
      await expectUncovered(page.getByRole("textbox", { name: "Message" }));

      // New Chat right away, while the toast is still up.
      await page.getByRole("button", { name: "New Chat" }).click();
      const ask = page.getByRole("dialog", { name: "Start a new chat?" });
      await expect(ask).toBeVisible();
      await ask.getByRole("button", { name: "Cancel" }).click();
      await expect(toast).toBeVisible();

      // The toast belongs to the chat: opening the new entry leaves it behind, and Edit and Delete are free.
      await toast.getByRole("link", { name: "View" }).click();
      await expect(page.getByRole("heading", { name: "Garden talk" })).toBeVisible();
      await expect(toasts(page)).toHaveCount(0);
      await expectUncovered(page.getByRole("link", { name: "Edit" }));
      await expectUncovered(page.getByRole("button", { name: "Delete" }));
    });

    test("a save's toast comes along to the Timeline and covers no control there", async ({ page }) => {
      await page.goto("/journal");
      await editor(page).fill("A short walk before the rain.");
      await page.getByRole("button", { name: "Save Entry" }).click();
      // The message comes along to the Timeline (it is about this move), over no control there.
      expect(await controlsUnderToasts(page, "Your entry was saved.")).toEqual([]);
      await expect(page).toHaveURL("/timeline");
      await shot(page, `save-toast-${vp.name}`);
    });
  });
}
