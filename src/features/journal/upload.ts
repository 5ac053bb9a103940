"use client";
import type { MediaFileDto } from "@/contracts/entries";
import { ApiError, NETWORK_ERROR_MESSAGE } from "@/client/api";

/**
 * Uploads one media file to an entry (POST /api/entries/{id}/media, multipart field `file`) and
 * reports progress. XMLHttpRequest is used because fetch cannot report upload progress.
 */
export function uploadMediaWithProgress(
  entryId: string,
  file: Blob,
  filename: string,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
  /** The media id made on the device: an upload retried after a lost answer never attaches the file twice. */
  mediaId?: string,
): Promise<MediaFileDto> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", `/api/entries/${encodeURIComponent(entryId)}/media`);
    xhr.responseType = "text";
    xhr.timeout = 120_000;
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(Math.min(1, e.loaded / e.total));
    };
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        /* not JSON */
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(1);
        resolve(body as MediaFileDto);
        return;
      }
      const err = (body as { error?: { message?: string; code?: string; details?: unknown } } | null)?.error;
      reject(new ApiError(err?.message || `HTTP ${xhr.status}: ${xhr.statusText}`, xhr.status, err?.code, err?.details));
    };
    xhr.onerror = () => reject(new ApiError(NETWORK_ERROR_MESSAGE, undefined, "NETWORK_ERROR"));
    xhr.ontimeout = () => reject(new ApiError("The upload timed out. Please try again.", undefined, "TIMEOUT"));
    xhr.onabort = () => reject(new DOMException("Upload cancelled", "AbortError"));
    signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    const form = new FormData();
    if (mediaId) form.append("id", mediaId);
    form.append("file", file, filename);
    xhr.send(form);
  });
}
