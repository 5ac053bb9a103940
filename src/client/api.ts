"use client";
import { HTTP_TIMEOUT_MS } from "@/domain/constants";
import { withCloudConsent } from "./consent-gate";
import { ApiError, NETWORK_ERROR_MESSAGE, UNEXPECTED_ERROR_MESSAGE } from "./errors";

export { ApiError, errorAdvice, errorMessage, NETWORK_ERROR_MESSAGE, UNEXPECTED_ERROR_MESSAGE } from "./errors";

type Query = Record<string, string | number | boolean | null | undefined | ReadonlyArray<string>>;

export interface RequestOptions {
  method?: "GET" | "POST" | "PUT" | "DELETE";
  body?: unknown;
  query?: Query;
  signal?: AbortSignal;
  timeoutMs?: number;
  headers?: Record<string, string>;
}

export function buildUrl(path: string, query?: Query): string {
  const url = `/api${path.startsWith("/") ? path : `/${path}`}`;
  if (!query) return url;
  const sp = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined || v === null || v === "") continue;
    if (Array.isArray(v)) for (const item of v) sp.append(k, item);
    else sp.append(k, String(v));
  }
  const qs = sp.toString();
  return qs ? `${url}?${qs}` : url;
}

/** Normalises any failed response into an ApiError: error.message, else message, else "HTTP status: text". */
export async function toApiError(res: Response): Promise<ApiError> {
  let body: unknown = null;
  try {
    body = await res.json();
  } catch {
    /* not JSON */
  }
  const b = body as {
    error?: { message?: string; code?: string; details?: unknown } | string;
    message?: string;
  } | null;
  const errObj = b && typeof b.error === "object" ? b.error : undefined;
  const message =
    errObj?.message ||
    (typeof b?.error === "string" ? b.error : undefined) ||
    b?.message ||
    `HTTP ${res.status}: ${res.statusText}`;
  return new ApiError(message, res.status, errObj?.code, errObj?.details);
}

/**
 * Calls the app's own API with a 30 s timeout. FormData bodies are sent as multipart. A request refused
 * because the person has not allowed the cloud model yet asks them (the consent step) and is sent again.
 */
export function api<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  return withCloudConsent(() => request<T>(path, opts));
}

async function request<T>(path: string, opts: RequestOptions): Promise<T> {
  let url: string;
  let init: RequestInit;
  const controller = new AbortController();
  const timeout = setTimeout(
    () => controller.abort(new DOMException("timeout", "TimeoutError")),
    opts.timeoutMs ?? HTTP_TIMEOUT_MS,
  );
  const onAbort = () => controller.abort(opts.signal?.reason);
  opts.signal?.addEventListener("abort", onAbort, { once: true });
  try {
    url = buildUrl(path, opts.query);
    const isForm = typeof FormData !== "undefined" && opts.body instanceof FormData;
    init = {
      method: opts.method ?? (opts.body === undefined ? "GET" : "POST"),
      headers: {
        ...(opts.body !== undefined && !isForm ? { "content-type": "application/json" } : {}),
        ...opts.headers,
      },
      body: opts.body === undefined ? undefined : isForm ? (opts.body as FormData) : JSON.stringify(opts.body),
      signal: controller.signal,
    };
  } catch {
    clearTimeout(timeout);
    throw new ApiError(UNEXPECTED_ERROR_MESSAGE, undefined, "REQUEST_SETUP");
  }
  let res: Response;
  try {
    res = await fetch(url, init);
  } catch (err) {
    clearTimeout(timeout);
    opts.signal?.removeEventListener("abort", onAbort);
    if (opts.signal?.aborted) throw err;
    const timedOut = controller.signal.aborted;
    throw new ApiError(
      timedOut ? "The request timed out. Please try again." : NETWORK_ERROR_MESSAGE,
      undefined,
      timedOut ? "TIMEOUT" : "NETWORK_ERROR",
    );
  }
  clearTimeout(timeout);
  opts.signal?.removeEventListener("abort", onAbort);
  if (!res.ok) throw await toApiError(res);
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}
