import "server-only";
import { readdirSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { uploadDir } from "@/server/env";
import { isTempName } from "./paths";

/** A temp file untouched this long belongs to no upload in progress (a live one is written to constantly). */
const TEMP_STALE_MS = 5 * 60 * 1000;

/**
 * Removes temp files left in the upload folder by uploads that never finished (a crash or a kill
 * mid-write). Only `.tmp-*` names are touched; stored media are never removed here. Returns the count.
 */
export function sweepTempFiles(opts: { dir?: string; staleMs?: number; now?: number } = {}): number {
  const dir = opts.dir ?? uploadDir();
  const cutoff = (opts.now ?? Date.now()) - (opts.staleMs ?? TEMP_STALE_MS);
  let names: string[];
  try {
    names = readdirSync(/* turbopackIgnore: true */ dir);
  } catch {
    return 0;
  }
  let removed = 0;
  for (const name of names) {
    if (!isTempName(name)) continue;
    const file = path.join(/* turbopackIgnore: true */ dir, name);
    try {
      const st = statSync(/* turbopackIgnore: true */ file);
      if (!st.isFile() || st.mtimeMs > cutoff) continue;
      rmSync(/* turbopackIgnore: true */ file, { force: true });
      removed++;
    } catch (err) {
      console.error("[reverie] could not remove temp file", name, err);
    }
  }
  return removed;
}
