import { mkdirSync } from "node:fs";
import path from "node:path";
import { expect, test, type Locator, type Page } from "@playwright/test";
import type { EntryDto } from "../../src/contracts/entries";
import { resetJournal, SCREEN_FORMS } from "../support/e2e";
import { editor, resetFake } from "../support/journal-e2e";

/**
 * Formatting seen while writing: **bold** and *italic* drawn in place behind the text area with faint
 * markers, the text itself kept as typed (markers and all), the caret where the formatted words show it,
 * the counts never under the Save bar, and a long address that wraps instead of widening a phone.
 */

const SHOTS = path.join("test-results", "live-format");
mkdirSync(SHOTS, { recursive: true });
const shot = (page: Page, name: string) => page.screenshot({ path: path.join(SHOTS, `${name}.png`) });

/** Lightness (0 dark to 1 light) of a computed CSS colour: rgb(), lab(), lch(), oklab() or oklch(). */
function lightness(color: string): number {
  const ok = /^okl(?:ab|ch)\(([\d.]+)/u.exec(color);
  if (ok) return Number(ok[1]);
  const lab = /^l(?:ab|ch)\(([\d.]+)/u.exec(color);
  if (lab) return Number(lab[1]) / 100;
  const [r, g, b] = (color.match(/[\d.]+/gu) ?? []).map(Number);
  return (0.2126 * r! + 0.7152 * g! + 0.0722 * b!) / 255;
}

/** The element drawn at the centre of `l` is `l` itself (or inside it): nothing covers it. */
async function expectUncovered(l: Locator) {
  await expect(l).toBeInViewport({ ratio: 1 });
  const covered = await l.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return top && (el === top || el.contains(top)) ? null : (top?.outerHTML.slice(0, 120) ?? "nothing");
  });
  expect(covered).toBeNull();
}

/** The formatted copy has as many lines as the text area (same wrapping), and the text area's size. */
async function expectSameLines(page: Page) {
  const sizes = await page.evaluate(() => {
    const ta = document.querySelector<HTMLTextAreaElement>("textarea")!;
    const layer = document.querySelector<HTMLElement>("[data-testid=live-format]")!;
    const inner = layer.firstElementChild as HTMLElement;
    return {
      taHeight: ta.scrollHeight,
      // Shorter words than the text area's height leave it its own height.
      copyHeight: Math.max(inner.offsetHeight, ta.clientHeight),
      taWidth: ta.clientWidth,
      layerWidth: layer.getBoundingClientRect().width,
    };
  });
  expect(Math.abs(sizes.copyHeight - sizes.taHeight)).toBeLessThanOrEqual(1);
  expect(Math.abs(sizes.layerWidth - sizes.taWidth)).toBeLessThanOrEqual(1);
}

test.beforeEach(async ({ request }) => {
  resetJournal();
  await resetFake(request);
});

for (const form of SCREEN_FORMS) {
  const phone = form.name === "phone";
  test.describe(form.name, () => {
    test.use({ viewport: form.viewport, hasTouch: phone, isMobile: phone });

    test("bold, italic and a list show formatted as they are typed; the text and the saved entry keep the markers", async ({
      page,
      request,
    }) => {
      await page.goto("/journal");
      const text = editor(page);
      // The first page a fresh server sends can take a while on a busy machine.
      await expect(text).toBeEditable({ timeout: 30_000 });
      const layer = page.getByTestId("live-format");
      await expect(layer).toBeAttached();
      await text.click();
      await page.keyboard.type("**bold** and *soft*");
      await page.keyboard.press("Enter");
      await page.getByRole("button", { name: "Bullet list" }).click();
      await page.keyboard.type("tea with Sam");
      await expect(text).toHaveValue("**bold** and *soft*\n• tea with Sam");

      // The text area's own letters are transparent; the copy behind it shows the same text, formatted.
      expect(await text.evaluate((el) => getComputedStyle(el).color)).toBe("rgba(0, 0, 0, 0)");
      await expect(layer).toHaveText("**bold** and *soft*\n• tea with Sam\u200b");
      const bold = layer.locator("[data-kind=bold]");
      await expect(bold).toHaveText("bold");
      expect(await bold.evaluate((el) => parseFloat(getComputedStyle(el).webkitTextStrokeWidth))).toBeGreaterThan(0);
      const italic = layer.locator("[data-kind=italic]");
      await expect(italic).toHaveText("soft");
      expect(await italic.evaluate((el) => getComputedStyle(el).transform)).not.toBe("none");
      const markers = layer.locator("[data-kind=marker]");
      await expect(markers).toHaveText(["**", "**", "*", "*"]);
      const body = lightness(
        await layer
          .locator("[data-kind=text]")
          .first()
          .evaluate((el) => getComputedStyle(el).color),
      );
      for (const m of await markers.all()) {
        // Faint: much lighter than the words.
        expect(lightness(await m.evaluate((el) => getComputedStyle(el).color))).toBeGreaterThan(body + 0.4);
      }
      await expect(layer.locator("[data-kind=list]")).toHaveText("• ");
      await expectSameLines(page);
      await shot(page, `${form.name}-typed`);

      // The caret goes where the formatted word shows: a click just inside the end of "bold" types after its "d".
      const b = (await bold.boundingBox())!;
      const t = (await text.boundingBox())!;
      await text.click({ position: { x: b.x - t.x + b.width - 2, y: b.y - t.y + b.height / 2 } });
      await page.keyboard.type("er");
      await expect(text).toHaveValue("**bolder** and *soft*\n• tea with Sam");
      await expect(bold).toHaveText("bolder");
      // A selection made with the keyboard still formats: Shift+Arrow over "and", then Ctrl+B.
      await text.evaluate((el: HTMLTextAreaElement) => el.setSelectionRange(11, 11));
      for (let k = 0; k < 3; k++) await page.keyboard.press("Shift+ArrowRight");
      await page.getByRole("button", { name: "Bold" }).click();
      // The editor's rule: bold words side by side share one pair of markers.
      await expect(text).toHaveValue("**bolder and** *soft*\n• tea with Sam");
      await expect
        .poll(async () => (await layer.locator("[data-kind=bold]").allTextContents()).join(""))
        .toBe("bolder and");

      // The counts stay clear of the Save bar, as the page opens and when they are brought into view.
      await expectUncovered(page.getByTestId("char-count"));
      await expectUncovered(page.getByTestId("word-count"));
      await shot(page, `${form.name}-selection`);

      await page.getByTestId("editor-action-bar").getByRole("button", { name: "Save Entry" }).click();
      await expect(page).toHaveURL("/timeline");
      const [entry] = (await (await request.get("/api/entries")).json()) as EntryDto[];
      expect(entry!.content).toBe("**bolder and** *soft*\n• tea with Sam");
    });

    test("long writing: the formatted copy wraps and scrolls with the text area, the counts stay uncovered, and a long address never widens the page", async ({
      page,
    }) => {
      await page.goto("/journal");
      const text = editor(page);
      // The first page a fresh server sends can take a while on a busy machine.
      await expect(text).toBeEditable({ timeout: 30_000 });
      await expect(page.getByTestId("live-format")).toBeAttached();
      await text.click();
      const para =
        "A *quiet* morning with **coffee** and the window open; I read *three* pages and wrote a list of what matters. ";
      const long =
        `${para.repeat(3)}Photo: PXL_20261127_093512345.jpeg from https://example.com/a/really/long/address/that/never/has/a/space/in/it/at/all/${"x".repeat(60)}\n` +
        `• *walk* by the river\n1. call **Gran**\n${para.repeat(8)}`;
      await text.fill(long);
      await expect(text).toHaveValue(long);
      // Keep typing at the end: the text area scrolls, and the copy with it.
      await text.press("End");
      await text.evaluate((el: HTMLTextAreaElement) => el.setSelectionRange(el.value.length, el.value.length));
      await page.keyboard.type(" The *end*.");
      await expectSameLines(page);
      const scroll = await page.evaluate(() => {
        const ta = document.querySelector<HTMLTextAreaElement>("textarea")!;
        const inner = document.querySelector<HTMLElement>("[data-testid=live-format]")!
          .firstElementChild as HTMLElement;
        return { top: ta.scrollTop, shift: new DOMMatrix(getComputedStyle(inner).transform).m42 };
      });
      expect(scroll.top).toBeGreaterThan(0);
      expect(scroll.shift).toBe(-scroll.top);

      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(form.viewport.width);
      await expectUncovered(page.getByTestId("char-count"));
      await expectUncovered(page.getByTestId("word-count"));
      await shot(page, `${form.name}-long`);
      // Brought into view from further down the page (as a screen reader or Tab would), still clear.
      await page.getByRole("button", { name: "Save Entry" }).scrollIntoViewIfNeeded();
      await page.getByTestId("word-count").evaluate((el) => el.scrollIntoView({ block: "end" }));
      await expectUncovered(page.getByTestId("char-count"));
      await expectUncovered(page.getByTestId("word-count"));

      // Without the copy's colour, the text area's own letters line up with it (looked at in the screenshot).
      await text.evaluate((el) => {
        el.style.color = "rgba(220, 38, 38, 0.55)";
        el.scrollTop = 0;
      });
      await page.getByTestId("char-count").scrollIntoViewIfNeeded();
      await shot(page, `${form.name}-alignment`);
    });
  });
}
