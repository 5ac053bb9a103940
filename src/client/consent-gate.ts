"use client";
import { ApiError } from "./errors";

/**
 * The consent step before a cloud model, on the browser's side. The server refuses to send anything to a
 * cloud model the person has not allowed (428 CONSENT_REQUIRED, naming the provider and what would be sent).
 * Every request of the app goes through `withCloudConsent`: on that refusal it asks the consent dialog
 * (mounted once, in the app's providers) and, when the person allows the model, sends the request again.
 * A model declined here is not asked about again by background requests until the page reloads; the
 * person's own actions (sending a chat message) ask again.
 */

export interface ConsentRequest {
  model: string;
  providerName: string;
  sends: string[];
}

type Pending = { request: ConsentRequest; promise: Promise<boolean>; resolve: (ok: boolean) => void };

let pending: Pending | null = null;
const listeners = new Set<() => void>();
const declined = new Set<string>();

const notify = () => listeners.forEach((l) => l());

/** The consent request an error carries (428 CONSENT_REQUIRED), or null. */
export function consentRequestOf(err: unknown): ConsentRequest | null {
  if (!(err instanceof ApiError) || err.code !== "CONSENT_REQUIRED") return null;
  const d = (err.details ?? {}) as { model?: unknown; provider_name?: unknown; sends?: unknown };
  if (typeof d.model !== "string") return null;
  return {
    model: d.model,
    providerName: typeof d.provider_name === "string" ? d.provider_name : d.model,
    sends: Array.isArray(d.sends) ? d.sends.filter((s): s is string => typeof s === "string") : [],
  };
}

/** For the dialog: the question waiting for an answer. */
export function subscribeConsent(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
export const pendingConsent = (): ConsentRequest | null => pending?.request ?? null;

/** The dialog's answer: true once the server stored the consent, false when the person said not now. */
export function answerConsent(ok: boolean): void {
  const p = pending;
  if (!p) return;
  pending = null;
  if (ok) declined.delete(p.request.model);
  else declined.add(p.request.model);
  p.resolve(ok);
  notify();
}

/** Asks the person (one question at a time; the same model's questions share the answer). */
export function askConsent(request: ConsentRequest, opts: { again?: boolean } = {}): Promise<boolean> {
  if (listeners.size === 0) return Promise.resolve(false);
  if (pending) {
    if (pending.request.model === request.model) return pending.promise;
    return pending.promise.then(() => askConsent(request, opts));
  }
  if (declined.has(request.model) && !opts.again) return Promise.resolve(false);
  let resolve!: (ok: boolean) => void;
  const promise = new Promise<boolean>((r) => (resolve = r));
  pending = { request, promise, resolve };
  notify();
  return promise;
}

/** Runs a request; refused for want of consent, asks for it and, once given, runs it again. */
export async function withCloudConsent<T>(run: () => Promise<T>, opts: { again?: boolean } = {}): Promise<T> {
  try {
    return await run();
  } catch (err) {
    const request = consentRequestOf(err);
    if (!request || !(await askConsent(request, opts))) throw err;
    return run();
  }
}
