import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { expect } from "vitest";
import * as entries from "@/app/api/entries/route";
import * as upload from "@/app/api/entries/[id]/media/route";
import * as pdfRoute from "@/app/api/data/export/pdf/route";
import * as mdRoute from "@/app/api/data/export/markdown/route";
import { call } from "./http";

/** Helpers of the printable book and Markdown export tests: entries with photos, the exports, poppler's tools. */

const BOUNDARY = "----reverie-book-test";

export async function createEntry(body: Record<string, unknown>): Promise<string> {
  const r = await call(entries.POST, { method: "POST", path: "/api/entries", body });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.id as string;
}

export async function attach(entryId: string, filename: string, data: Buffer, type: string): Promise<string> {
  const body = Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
  const r = await call(upload.POST, {
    method: "POST",
    path: `/api/entries/${entryId}/media`,
    rawBody: new Uint8Array(body),
    headers: { "content-type": `multipart/form-data; boundary=${BOUNDARY}` },
    params: { id: entryId },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.id as string;
}

/** A photo-like JPEG: a gradient with a block of colour, so a rendered page shows it. */
export async function photo(width: number, height: number, hue: { r: number; g: number; b: number }): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      raw[i] = Math.round((hue.r * x) / width);
      raw[i + 1] = Math.round((hue.g * y) / height);
      raw[i + 2] = hue.b;
    }
  }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

export async function getPdf(query: string): Promise<{ status: number; body: any; res: Response; bytes: Buffer }> {
  const r = await call(pdfRoute.GET, { path: `/api/data/export/pdf${query}` });
  const bytes = r.status === 200 ? Buffer.from(await r.res.arrayBuffer()) : Buffer.alloc(0);
  return { ...r, bytes };
}

export async function getMarkdownZip(query = ""): Promise<{ status: number; body: any; res: Response; bytes: Buffer }> {
  const r = await call(mdRoute.GET, { path: `/api/data/export/markdown${query}` });
  const bytes = r.status === 200 ? Buffer.from(await r.res.arrayBuffer()) : Buffer.alloc(0);
  return { ...r, bytes };
}

/** Runs a poppler tool on a PDF in a folder of its own (removed afterwards). */
function withPdf<T>(pdf: Buffer, fn: (file: string, dir: string) => T): T {
  const dir = mkdtempSync(path.join(os.tmpdir(), "reverie-book-"));
  try {
    const file = path.join(dir, "book.pdf");
    writeFileSync(file, pdf);
    return fn(file, dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function pdfPages(pdf: Buffer): number {
  return withPdf(pdf, (file) => {
    const info = execFileSync("pdfinfo", [file], { encoding: "utf8" });
    return Number(/^Pages:\s+(\d+)/mu.exec(info)?.[1]);
  });
}

/** The text of each page (pdftotext, layout kept). */
export function pdfText(pdf: Buffer): string[] {
  return withPdf(pdf, (file) =>
    execFileSync("pdftotext", ["-layout", "-enc", "UTF-8", file, "-"], { encoding: "utf8" }).split("\f"),
  );
}

export function pdfFonts(pdf: Buffer): string {
  return withPdf(pdf, (file) => execFileSync("pdffonts", [file], { encoding: "utf8" }));
}

/** One page rendered to PNG by pdftoppm (at `dpi`); `keep` also writes it there to be looked at. */
export function renderPage(pdf: Buffer, page: number, dpi = 60, keep?: string): Buffer {
  return withPdf(pdf, (file, dir) => {
    execFileSync("pdftoppm", [
      "-png",
      "-r",
      String(dpi),
      "-f",
      String(page),
      "-l",
      String(page),
      "-singlefile",
      file,
      path.join(dir, "page"),
    ]);
    const png = readFileSync(path.join(dir, "page.png"));
    if (keep) writeFileSync(keep, png);
    return png;
  });
}

/** Every file under a folder, recursively (names relative to it). */
export function filesUnder(dir: string): string[] {
  const walk = (d: string): string[] =>
    readdirSync(d, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? walk(path.join(d, e.name)) : [path.join(d, e.name)],
    );
  try {
    return walk(dir)
      .map((f) => path.relative(dir, f))
      .sort();
  } catch {
    return [];
  }
}
