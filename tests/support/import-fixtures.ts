import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { rawZip, type RawZipFile } from "./data-fixtures";

/** The exports of other apps under tests/fixtures/imports (see its README for their sources). */
export const IMPORT_FIXTURES = path.resolve(import.meta.dirname, "../fixtures/imports");

/** Every file under a folder, by its path relative to `root` ("/" separators), sorted. */
export function filesUnder(dir: string, root = dir): { name: string; data: Buffer }[] {
  const out: { name: string; data: Buffer }[] = [];
  for (const entry of readdirSync(dir).sort()) {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) out.push(...filesUnder(full, root));
    else out.push({ name: path.relative(root, full).split(path.sep).join("/"), data: readFileSync(full) });
  }
  return out;
}

/** A fixture folder as the zip its app makes (deflated), with extra files when a test needs them. */
export function fixtureZip(folder: string, extra: RawZipFile[] = []): Buffer {
  const files = filesUnder(path.join(IMPORT_FIXTURES, folder)).map((f) => ({
    name: f.name,
    data: f.data,
    method: 8 as const,
  }));
  return rawZip([...files, ...extra]);
}

export const fixtureFile = (p: string) => readFileSync(path.join(IMPORT_FIXTURES, p));
