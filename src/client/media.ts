"use client";
import type { MediaFileDto } from "@/contracts/entries";
import { ApiError, NETWORK_ERROR_MESSAGE } from "./api";
import { call, routeUrl } from "./routes";

/** An upload waits this long for the server's answer. */
export const UPLOAD_TIMEOUT_MS = 120_000;

export interface UploadOptions {
  /** The media id made on the device: an upload retried after a lost answer never attaches the file twice. */
  mediaId?: string;
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/**
 * The one media upload: one file to an entry (POST /api/entries/{id}/media, multipart field `file`),
 * with its progress. Used by the editor and by the outbox. XMLHttpRequest where the browser has it,
 * because fetch cannot report upload progress; elsewhere (Node) the plain request without progress.
 * Fails with an ApiError as `api()` does: no status when there was no answer.
 */
export function uploadMedia(
  entryId: string,
  file: Blob,
  filename: string,
  opts: UploadOptions = {},
): Promise<MediaFileDto> {
  const form = new FormData();
  if (opts.mediaId) form.append("id", opts.mediaId);
  form.append("file", file, filename);
  if (typeof XMLHttpRequest === "undefined") {
    return call("POST /entries/[id]/media", {
      params: { id: entryId },
      body: form,
      timeoutMs: UPLOAD_TIMEOUT_MS,
      signal: opts.signal,
    }).then((m) => {
      opts.onProgress?.(1);
      return m;
    });
  }
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", routeUrl("POST /entries/[id]/media", { params: { id: entryId } }));
    xhr.responseType = "text";
    xhr.timeout = UPLOAD_TIMEOUT_MS;
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) opts.onProgress?.(Math.min(1, e.loaded / e.total));
    };
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        /* not JSON */
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        opts.onProgress?.(1);
        resolve(body as MediaFileDto);
        return;
      }
      const err = (body as { error?: { message?: string; code?: string; details?: unknown } } | null)?.error;
      reject(
        new ApiError(err?.message || `HTTP ${xhr.status}: ${xhr.statusText}`, xhr.status, err?.code, err?.details),
      );
    };
    xhr.onerror = () => reject(new ApiError(NETWORK_ERROR_MESSAGE, undefined, "NETWORK_ERROR"));
    xhr.ontimeout = () => reject(new ApiError("The upload timed out. Please try again.", undefined, "TIMEOUT"));
    xhr.onabort = () => reject(new DOMException("Upload cancelled", "AbortError"));
    opts.signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

/** Removes one stored file from an entry. */
export const deleteMedia = (entryId: string, mediaId: string) =>
  call("DELETE /entries/[id]/media/[mediaId]", { params: { id: entryId, mediaId } });
