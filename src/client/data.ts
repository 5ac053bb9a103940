"use client";
import type { QueryClient } from "@tanstack/react-query";
import { ApiError, NETWORK_ERROR_MESSAGE, toApiError } from "./api";
import { call, routeUrl } from "./routes";
import { forgetDevice } from "./device";
import { browserTimeZone, clearBrowserData } from "./storage";
import type { ClearResultDto, ImportReportDto, ImportUploadDto } from "@/contracts/data";
import type { ApiRoutes } from "@/contracts/routes";
import {
  EXPORT_ESTIMATE_HEADER,
  IMPORT_PART_BYTES,
  MAX_IMPORT_BYTES,
  MAX_IMPORT_LABEL,
} from "@/contracts/data-constants";

/**
 * Whole-journal actions of Settings: export (a zip download with progress), import (a file, sent
 * whole or in parts) and clearing everything (server, then this browser's copies).
 */

export interface TransferProgress {
  phase: "export" | "upload" | "import";
  /** Bytes so far. */
  done: number;
  /** Expected bytes (an estimate for an export); 0 when unknown. */
  total: number;
}

// ---------- progress, shared with whatever shows it ----------

let progress: TransferProgress | null = null;
const listeners = new Set<() => void>();
function setProgress(p: TransferProgress | null) {
  progress = p;
  listeners.forEach((l) => l());
}
export const progressStore = {
  subscribe(cb: () => void) {
    listeners.add(cb);
    return () => listeners.delete(cb);
  },
  get: () => progress,
};

/** Percent to show for a transfer: never 100 before it is done, since an export's size is an estimate. */
export function progressPercent(p: TransferProgress | null): number | null {
  if (!p || p.total <= 0) return null;
  return Math.min(99, Math.floor((p.done / p.total) * 100));
}

// ---------- export ----------

function filenameOf(disposition: string | null, fallback: string): string {
  const m = /filename="([^"]+)"/u.exec(disposition ?? "");
  return m?.[1] ?? fallback;
}

/**
 * Fetches an export and saves it as a download, reporting the bytes received (`total` is the server's
 * estimate when it sends one). A refusal (a bad range, no entry) becomes an ApiError with the server's words.
 */
async function download(send: () => Promise<Response>, fallbackName: string, type: string): Promise<void> {
  setProgress({ phase: "export", done: 0, total: 0 });
  try {
    let res: Response;
    try {
      res = await send();
    } catch {
      throw new ApiError(NETWORK_ERROR_MESSAGE, undefined, "NETWORK_ERROR");
    }
    if (!res.ok || !res.body) throw await toApiError(res);
    const total = Number(res.headers.get(EXPORT_ESTIMATE_HEADER)) || 0;
    const reader = res.body.getReader();
    const chunks: Uint8Array<ArrayBuffer>[] = [];
    let done = 0;
    for (;;) {
      let step: ReadableStreamReadResult<Uint8Array>;
      try {
        step = await reader.read();
      } catch {
        throw new ApiError(
          "The export was interrupted before it finished. Please try again.",
          undefined,
          "NETWORK_ERROR",
        );
      }
      if (step.done) break;
      chunks.push(step.value as Uint8Array<ArrayBuffer>);
      done += step.value.byteLength;
      setProgress({ phase: "export", done, total });
    }
    const url = URL.createObjectURL(new Blob(chunks, { type }));
    const a = document.createElement("a");
    a.href = url;
    a.download = filenameOf(res.headers.get("content-disposition"), fallbackName);
    a.rel = "noopener";
    document.body.appendChild(a);
    a.click();
    a.remove();
    // The download has started from the object URL; it can be released a little later.
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } finally {
    setProgress(null);
  }
}

const get = (url: string) => () => fetch(url, { credentials: "same-origin", cache: "no-store" });

/**
 * Downloads the whole journal as one zip, reporting the bytes received; saved through an object URL.
 * With a passphrase: the same zip encrypted with age under it (a .zip.age file).
 */
export async function exportAllData(passphrase?: string): Promise<void> {
  if (!passphrase) return download(get(routeUrl("GET /data/export")), "reverie-export.zip", "application/zip");
  return download(
    () =>
      fetch(routeUrl("POST /data/export/encrypted"), {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ passphrase }),
        credentials: "same-origin",
        cache: "no-store",
      }),
    "reverie-export.zip.age",
    "application/octet-stream",
  );
}

/** The whole journal as Markdown files with YAML front matter (a zip), days in this browser's zone. */
export function exportMarkdown(tz = browserTimeZone()): Promise<void> {
  return download(
    get(routeUrl("GET /data/export/markdown", { query: { tz } })),
    "reverie-markdown.zip",
    "application/zip",
  );
}

export type BookOptions = NonNullable<ApiRoutes["GET /data/export/pdf"]["query"]>;

/** The printable book (PDF) of a range of days, tags or Timeline filters, days in this browser's zone. */
export function exportBook(query: BookOptions, tz = browserTimeZone()): Promise<void> {
  return download(
    get(routeUrl("GET /data/export/pdf", { query: { ...query, tz } })),
    "reverie-book.pdf",
    "application/pdf",
  );
}

// ---------- import ----------

/** One part of a staged upload: raw bytes (the shared api() helper sends JSON or forms only). */
async function putPart(uploadId: string, offset: number, part: Blob): Promise<ImportUploadDto> {
  let res: Response;
  try {
    res = await fetch(routeUrl("PUT /data/import/uploads/[id]", { params: { id: uploadId }, query: { offset } }), {
      method: "PUT",
      body: part,
      headers: { "content-type": "application/octet-stream" },
      credentials: "same-origin",
      signal: AbortSignal.timeout(5 * 60 * 1000),
    });
  } catch {
    throw new ApiError(NETWORK_ERROR_MESSAGE, undefined, "NETWORK_ERROR");
  }
  if (!res.ok) throw await toApiError(res);
  return (await res.json()) as ImportUploadDto;
}

const IMPORT_TIMEOUT_MS = 60 * 60 * 1000;

/**
 * Sends an export to the server and answers its report. Files up to one part go in one multipart
 * request; larger ones are sent in parts to a staged upload, then imported by its id.
 */
export async function importData(file: File, tz = browserTimeZone(), passphrase?: string): Promise<ImportReportDto> {
  if (file.size > MAX_IMPORT_BYTES)
    throw new ApiError(`The file is too large to import. The limit is ${MAX_IMPORT_LABEL}.`, 413, "PAYLOAD_TOO_LARGE");
  if (file.size === 0) throw new ApiError("The file is empty.", 400, "BAD_REQUEST");
  try {
    if (file.size <= IMPORT_PART_BYTES) {
      const form = new FormData();
      form.append("tz", tz);
      if (passphrase) form.append("passphrase", passphrase);
      form.append("file", file, file.name);
      setProgress({ phase: "import", done: 0, total: 0 });
      return await call("POST /data/import", { body: form, timeoutMs: IMPORT_TIMEOUT_MS });
    }
    const { upload_id } = await call("POST /data/import/uploads");
    try {
      for (let offset = 0; offset < file.size; offset += IMPORT_PART_BYTES) {
        setProgress({ phase: "upload", done: offset, total: file.size });
        const part = file.slice(offset, Math.min(file.size, offset + IMPORT_PART_BYTES));
        await putPart(upload_id, offset, part);
      }
      setProgress({ phase: "import", done: 0, total: 0 });
      return await call("POST /data/import", {
        body: { upload_id, tz, ...(passphrase ? { passphrase } : {}) },
        timeoutMs: IMPORT_TIMEOUT_MS,
      });
    } catch (err) {
      void call("DELETE /data/import/uploads/[id]", { params: { id: upload_id } }).catch(() => {});
      throw err;
    }
  } finally {
    setProgress(null);
  }
}

// ---------- clear ----------

/** After an import or a clear every figure may have changed: cached details go, every screen reloads. */
export async function refreshAfterDataChange(qc: QueryClient | undefined): Promise<void> {
  if (!qc) return;
  qc.removeQueries({ type: "inactive" });
  await qc.invalidateQueries();
}

/** Deletes the whole journal on the server, then this browser's copies, then reloads every query. */
export async function clearAllData(qc?: QueryClient): Promise<ClearResultDto> {
  const result = await call("POST /data/clear", {
    body: { confirm: true },
    timeoutMs: 5 * 60 * 1000,
  });
  clearBrowserData();
  // What the device keeps in IndexedDB goes too: entries waiting to sync and the reading copy.
  await forgetDevice().catch(() => {});
  await refreshAfterDataChange(qc);
  return result;
}
