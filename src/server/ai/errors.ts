import "server-only";
import { APICallError, NoOutputGeneratedError, RetryError, UnsupportedFunctionalityError } from "ai";
import { type CapabilityFeature, capabilityMessage, isCapabilityErrorText } from "@/domain/models";
import { HttpError } from "@/server/http/errors";

/**
 * Maps anything a model call throws to an HttpError:
 * - 422 MODEL_CAPABILITY when the model cannot take this input (spec section 8), with feature, model and
 *   the original message in `details`;
 * - 502 MODEL_FAILED for provider errors, refused keys, timeouts and unreachable servers, with the
 *   provider's own message included.
 * HttpErrors (for example 424 MODEL_NOT_CONFIGURED or 502 MODEL_BAD_OUTPUT) pass through unchanged.
 */

/**
 * A chat reply the app withheld because it gives methods or means of suicide or self-harm (the chat model's
 * safety middleware, src/server/ai/chat/guard.ts). Not a failure of the model: the caller answers in its place.
 */
export class WithheldReplyError extends Error {
  constructor() {
    super("The reply was withheld: it gives methods or means of harm.");
    this.name = "WithheldReplyError";
  }
}

export interface ModelErrorContext {
  model: string;
  /** The input kind of the task, when it sends images or audio. */
  feature?: CapabilityFeature;
}

/** The innermost useful error: RetryError and NoOutputGeneratedError wrap the real one. */
function unwrap(err: unknown): unknown {
  let e = err;
  for (let i = 0; i < 5; i++) {
    if (RetryError.isInstance(e)) e = e.lastError;
    else if (NoOutputGeneratedError.isInstance(e) && e.cause) e = e.cause;
    else break;
  }
  return e;
}

/** The provider's message. Ollama answers `{"error":"…"}`, which the SDK leaves in responseBody. */
export function providerMessage(err: unknown): string {
  const e = unwrap(err);
  if (APICallError.isInstance(e)) {
    const body = e.responseBody?.trim();
    if (body) {
      try {
        const parsed = JSON.parse(body) as { error?: unknown; message?: unknown };
        if (typeof parsed.error === "string") return parsed.error;
        if (
          parsed.error &&
          typeof parsed.error === "object" &&
          typeof (parsed.error as { message?: unknown }).message === "string"
        ) {
          return (parsed.error as { message: string }).message;
        }
        if (typeof parsed.message === "string") return parsed.message;
      } catch {
        /* not JSON: fall back to the SDK's message */
      }
    }
    const cause = e.cause instanceof Error ? e.cause : undefined;
    const code =
      (cause?.cause as { code?: string } | undefined)?.code ?? (cause as { code?: string } | undefined)?.code;
    return code ? `${e.message} (${code})` : e.message;
  }
  if (e instanceof Error) return e.message || e.name;
  return String(e);
}

/** What stands in for a network address in a message shown to the browser. */
export const HIDDEN_ADDRESS = "[model server]";

const ADDRESS_PATTERNS: readonly RegExp[] = [
  // URLs of any scheme: http://10.0.0.5:11434/api/chat
  /\b[a-z][a-z0-9+.-]*:\/\/[^\s"'<>)\]]+/giu,
  // Bracketed IPv6 with an optional port: [::1]:11434
  /\[[0-9a-f:.%]+\](?::\d{1,5})?/giu,
  // IPv4 with an optional port: 127.0.0.1:11434
  /(?<![\w.])\d{1,3}(?:\.\d{1,3}){3}(?::\d{1,5})?(?![\w.])/gu,
  // Bare IPv6 (at least two colons and a "::" or eight groups), with a port Node appends: ::1:11434
  /(?<![\w:.])(?=[0-9a-f:]*::)[0-9a-f:]{3,}(?![\w.])/giu,
  // host:port: localhost:11434, ollama.internal:11434
  /(?<![\w.-])[a-z][a-z0-9-]*(?:\.[a-z0-9-]+)*:\d{2,5}(?!\d)/giu,
];

/**
 * A provider's message without the network addresses in it (URLs, IP addresses, host:port, a host name
 * after a DNS failure), so that the browser never learns of internal hosts or ports. What went wrong
 * ("connect ECONNREFUSED", "getaddrinfo ENOTFOUND") is kept.
 */
export function hideAddresses(text: string): string {
  let out = text;
  for (const re of ADDRESS_PATTERNS) out = out.replace(re, HIDDEN_ADDRESS);
  return out.replace(
    /\b(ENOTFOUND|EAI_AGAIN|EHOSTUNREACH|ENETUNREACH)\s+(?!\[model server\])[^\s,;()]+/gu,
    `$1 ${HIDDEN_ADDRESS}`,
  );
}

function isTimeout(e: unknown): boolean {
  return (
    e instanceof Error &&
    (e.name === "TimeoutError" || e.name === "AbortError" || /timed? ?out|aborted/iu.test(e.message))
  );
}

export function toModelHttpError(err: unknown, ctx: ModelErrorContext): HttpError {
  if (err instanceof HttpError) return err;
  const e = unwrap(err);
  if (e instanceof HttpError) return e;
  const original = hideAddresses(providerMessage(e));

  if (ctx.feature && (UnsupportedFunctionalityError.isInstance(e) || isCapabilityErrorText(original))) {
    return new HttpError("MODEL_CAPABILITY", capabilityMessage(ctx.feature), {
      feature: ctx.feature,
      model: ctx.model,
      original_message: original,
    });
  }

  const status = APICallError.isInstance(e) ? e.statusCode : undefined;
  let message: string;
  if (status === 401 || status === 403) {
    message = `The model provider refused the request for ${ctx.model} (HTTP ${status}): ${original}. Check the API key in the server environment.`;
  } else if (status !== undefined) {
    message = `The model ${ctx.model} failed (HTTP ${status}): ${original}`;
  } else if (isTimeout(e)) {
    message = `The model ${ctx.model} did not answer in time: ${original}`;
  } else {
    message = `The model ${ctx.model} failed: ${original}`;
  }
  return new HttpError("MODEL_FAILED", message, {
    model: ctx.model,
    ...(status !== undefined ? { provider_status: status } : {}),
    original_message: original,
  });
}

/** 502 MODEL_BAD_OUTPUT: the model's answer was still unusable after one repair. */
export function badOutput(model: string, task: string, issues: string[]): HttpError {
  return new HttpError(
    "MODEL_BAD_OUTPUT",
    `The model ${model} returned an answer for ${task} that could not be understood, even after one repair. Try again or choose another model.`,
    { model, task, issues: issues.slice(0, 10) },
  );
}
