import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import sharp from "sharp";
import { parse as parseYaml } from "yaml";
import { createEntries, resetJournal, watchPage } from "../support/e2e";
import { readZip } from "../support/data-fixtures";

/**
 * Take it with you: from Settings, a printable book of a range of days and a tag, and the Markdown zip;
 * from the Timeline's filtered list, the same list as a book. The files are opened and read. The
 * screens are the same on a phone (one column), so the journey runs on the desktop form.
 */

test.beforeEach(() => resetJournal());

test("download a printable book and the Markdown export from Settings, and print the Timeline's list", async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const errors = watchPage(page);
  const [walk] = await createEntries(request, [
    {
      title: "Lighthouse",
      content: "Climbed the **lighthouse** at dawn.\n\n• wind\n• gulls",
      tags: ["travel"],
      ai_mood_score: 8,
      created_at: "2025-05-01T10:00:00.000Z",
    },
    { title: "Office", content: "Meetings all day.", tags: ["work"], created_at: "2025-05-02T10:00:00.000Z" },
    { title: "Old trip", content: "Long ago.", tags: ["travel"], created_at: "2024-01-10T10:00:00.000Z" },
  ]);
  const jpeg = await sharp({ create: { width: 320, height: 200, channels: 3, background: { r: 220, g: 80, b: 30 } } })
    .jpeg()
    .toBuffer();
  const up = await request.post(`/api/entries/${walk!.id}/media`, {
    multipart: { file: { name: "Dawn.jpg", mimeType: "image/jpeg", buffer: jpeg } },
  });
  expect(up.status()).toBe(201);

  await page.goto("/settings");
  const box = page.getByTestId("take-it-with-you");
  await box.getByLabel("From").fill("2025-01-01");
  await box.getByLabel("To").fill("2025-12-31");
  await box.getByRole("button", { name: "travel", exact: true }).click();
  await expect(box.getByRole("button", { name: "travel", exact: true })).toHaveAttribute("aria-pressed", "true");

  const pdfDownload = page.waitForEvent("download");
  await box.getByRole("button", { name: "Printable book (PDF)" }).click();
  const pdf = await pdfDownload;
  expect(pdf.suggestedFilename()).toBe("reverie-book-2025-05-01.pdf");
  const pdfPath = testInfo.outputPath("book.pdf");
  await pdf.saveAs(pdfPath);
  expect(readFileSync(pdfPath).subarray(0, 5).toString("latin1")).toBe("%PDF-");
  const text = execFileSync("pdftotext", ["-layout", pdfPath, "-"], { encoding: "utf8" });
  expect(text).toContain("Contents");
  expect(text).toContain("Thursday 1 May 2025");
  expect(text).toContain("Climbed the lighthouse at dawn.");
  expect(text).not.toContain("Meetings all day.");
  expect(text).not.toContain("Long ago.");
  await expect(page.getByTestId("toast").getByText("Your book was made.")).toBeVisible();

  const mdDownload = page.waitForEvent("download");
  await box.getByRole("button", { name: "Markdown (zip)" }).click();
  const md = await mdDownload;
  expect(md.suggestedFilename()).toMatch(/^reverie-markdown-\d{4}-\d{2}-\d{2}\.zip$/u);
  const mdPath = testInfo.outputPath("markdown.zip");
  await md.saveAs(mdPath);
  const files = await readZip(readFileSync(mdPath));
  const names = [...files.keys()];
  const lighthouse = names.find((n) => /^2025\/05\/2025-05-01-lighthouse\.md$/u.test(n));
  expect(lighthouse, names.join(", ")).toBeDefined();
  expect(names.filter((n) => n.endsWith(".md"))).toHaveLength(3);
  const fm = parseYaml(/^---\n([^]*?)\n---\n/u.exec(files.get(lighthouse!)!.toString("utf8"))![1]!);
  expect(fm).toMatchObject({ title: "Lighthouse", tags: ["travel"], mood_score: 8, id: walk!.id });
  const photo = names.find((n) => n.startsWith("2025/05/media/"));
  expect(files.get(photo!)!.equals(jpeg)).toBe(true);

  // The Timeline's list filtered by a tag, printed as it is.
  await page.goto("/timeline?view=list&tag=work");
  await expect(page.getByTestId("entry-card")).toHaveCount(1, { timeout: 30_000 });
  const listDownload = page.waitForEvent("download");
  await page.getByRole("button", { name: "Print as a book" }).click();
  const list = await listDownload;
  const listPath = testInfo.outputPath("list.pdf");
  await list.saveAs(listPath);
  const listText = execFileSync("pdftotext", ["-layout", listPath, "-"], { encoding: "utf8" });
  expect(listText).toContain("Meetings all day.");
  expect(listText).not.toContain("Climbed the lighthouse");

  // The browser's own printing: the list without navigation or buttons.
  await page.emulateMedia({ media: "print" });
  await expect(page.getByTestId("entry-card")).toBeVisible();
  await expect(page.getByRole("button", { name: "Print as a book" })).toBeHidden();
  await expect(page.getByRole("button", { name: "Filters" })).toBeHidden();
  for (const nav of await page.getByRole("navigation").all()) await expect(nav).toBeHidden();
  await page.emulateMedia({ media: "screen" });
  expect(errors).toEqual([]);
});
