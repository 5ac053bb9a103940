"use client";
import type {
  ChatContextRef,
  ChatDataParts,
  ChatResponse,
  ChatSupportSignal,
  ChatTurn,
  ChatUIMessage,
  ConversationSummaryDto,
} from "@/contracts/ai";
import type { GuidedFlowId, GuideState } from "@/domain/guided";
import { HTTP_TIMEOUT_MS } from "@/domain/constants";
import { chatErrorText, CHAT_UNEXPECTED_ERROR } from "@/domain/chat";
import { ApiError, errorMessage, NETWORK_ERROR_MESSAGE, toApiError } from "./api";
import { withCloudConsent } from "./consent-gate";
import { call, routeUrl } from "./routes";
import { browserLocale, browserTimeZone } from "./storage";

/**
 * The chat's calls. A reply streams as the AI SDK's UI message stream (ChatUIMessage in src/contracts/ai.ts,
 * read by ./chat-stream, loaded with the first message); a failure before the reply starts is an ordinary JSON
 * error. The 30 s limit applies to waiting for the answer to start and to each silence between two pieces, not
 * to a long reply that keeps coming.
 */

export interface ChatReply {
  response: string;
  model: string;
  context: ChatContextRef[];
  /** Set when the reply is the app's safety reply: the conversation shows the support card. */
  support?: ChatSupportSignal;
  /** A guided reflection under way after this reply. */
  guide?: GuideState;
  /** A guided reflection that ended: the entry it offers to save. */
  guideSummary?: ConversationSummaryDto;
}

export interface StreamChatOptions {
  message: string;
  history: ChatTurn[];
  /** The reply as it is to be shown so far (a withheld reply's replacement takes the place of its text). */
  onText?: (soFar: string) => void;
  signal?: AbortSignal;
  timeoutMs?: number;
  /** The country whose crisis line a safety reply gives. */
  country?: string;
  /** Starts a guided reflection. */
  guideStart?: GuidedFlowId;
  /** The guided reflection under way, which the message answers. */
  guide?: GuideState | null;
}

export const INTERRUPTED_MESSAGE = "The reply was interrupted. Please try again.";
export const TIMEOUT_MESSAGE = "The request timed out. Please try again.";

function dataOf<K extends keyof ChatDataParts>(m: ChatUIMessage | undefined, name: K): ChatDataParts[K] | undefined {
  const part = m?.parts.find((p) => p.type === `data-${name}`);
  return part && "data" in part ? (part.data as ChatDataParts[K]) : undefined;
}

/** The text to show: the replacement of a withheld reply, else the streamed text. */
export function shownText(m: ChatUIMessage | undefined): string {
  const replacement = dataOf(m, "replacement");
  if (replacement) return replacement.text;
  return (m?.parts ?? []).flatMap((p) => (p.type === "text" ? [p.text] : [])).join("");
}

/** The reply a complete streamed message gives. */
export function replyOf(m: ChatUIMessage | undefined): ChatReply {
  const support = dataOf(m, "support");
  const guide = dataOf(m, "guide");
  return {
    response: shownText(m),
    model: m?.metadata?.model ?? "",
    context: dataOf(m, "context") ?? [],
    ...(support ? { support } : {}),
    ...(guide?.state ? { guide: guide.state } : {}),
    ...(guide?.summary ? { guideSummary: guide.summary } : {}),
  };
}

/**
 * Sends a message and streams the reply; resolves with the whole reply, or throws an ApiError. Refused for
 * want of consent to the cloud model, it asks the person (even if they said not now before) and sends again.
 */
export function streamChat(opts: StreamChatOptions): Promise<ChatReply> {
  return withCloudConsent(() => streamChatOnce(opts), { again: true });
}

async function streamChatOnce(opts: StreamChatOptions): Promise<ChatReply> {
  const timeoutMs = opts.timeoutMs ?? HTTP_TIMEOUT_MS;
  const controller = new AbortController();
  let timedOut = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const arm = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
  };
  const onAbort = () => controller.abort(opts.signal?.reason);
  if (opts.signal?.aborted) controller.abort(opts.signal.reason);
  opts.signal?.addEventListener("abort", onAbort, { once: true });

  const fail = (err: unknown): never => {
    if (opts.signal?.aborted) throw err;
    if (err instanceof ApiError) throw err;
    if (timedOut) throw new ApiError(TIMEOUT_MESSAGE, undefined, "TIMEOUT");
    throw new ApiError(NETWORK_ERROR_MESSAGE, undefined, "NETWORK_ERROR");
  };

  try {
    arm();
    let res: Response;
    try {
      [res] = await Promise.all([
        fetch(routeUrl("POST /ai/chat"), {
          method: "POST",
          headers: { "content-type": "application/json", accept: "text/event-stream" },
          body: JSON.stringify({
            message: opts.message,
            conversation_history: opts.history,
            context_entries: [],
            stream: true,
            tz: browserTimeZone(),
            locale: browserLocale(),
            ...(opts.country ? { country: opts.country } : {}),
            ...(opts.guideStart ? { guide_start: opts.guideStart } : opts.guide ? { guide: opts.guide } : {}),
          }),
          signal: controller.signal,
        }),
        // The reader is fetched while the server prepares the reply.
        import("./chat-stream"),
      ]);
    } catch (err) {
      return fail(err);
    }
    if (!res.ok) throw await toApiError(res);

    if (!(res.headers.get("content-type") ?? "").includes("text/event-stream")) {
      const body = (await res.json()) as ChatResponse;
      opts.onText?.(body.response);
      return {
        response: body.response,
        model: body.model,
        context: body.context ?? [],
        ...(body.support ? { support: body.support } : {}),
        ...(body.guide ? { guide: body.guide } : {}),
        ...(body.guide_summary ? { guideSummary: body.guide_summary } : {}),
      };
    }
    if (!res.body) throw new ApiError(INTERRUPTED_MESSAGE, res.status, "STREAM_INTERRUPTED");

    // Each piece that arrives gives the reply another 30 s.
    const body = res.body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, c) {
          arm();
          c.enqueue(chunk);
        },
      }),
    );
    const { readChatStream } = await import("./chat-stream");
    let shown = "";
    const outcome = await readChatStream(body, (m) => {
      const text = shownText(m);
      if (text !== shown) opts.onText?.((shown = text));
    });
    const error = dataOf(outcome.message, "error")?.error;
    if (error)
      throw new ApiError(error.message || INTERRUPTED_MESSAGE, undefined, error.code || "STREAM_ERROR", error.details);
    if (outcome.errorText !== undefined)
      throw new ApiError(outcome.errorText || INTERRUPTED_MESSAGE, undefined, "STREAM_ERROR");
    if (outcome.finished) return replyOf(outcome.message);
    if (outcome.failure !== undefined) fail(outcome.failure);
    throw new ApiError(INTERRUPTED_MESSAGE, undefined, "STREAM_INTERRUPTED");
  } finally {
    clearTimeout(timer);
    opts.signal?.removeEventListener("abort", onAbort);
  }
}

/** The assistant message shown when a reply fails: "Sorry, I encountered an error: ..." with the reason. */
export function chatFailureText(err: unknown): string {
  return chatErrorText(errorMessage(err, CHAT_UNEXPECTED_ERROR));
}

/**
 * Summarises the conversation into an entry draft. An answer that does not report success is a
 * failure (spec section 5).
 */
export async function summarizeConversation(conversation: ChatTurn[], signal?: AbortSignal) {
  return (await summarizeConversationWithModel(conversation, signal)).summary;
}

/** The summary of a conversation, and the model that wrote it (what produced the entry's mood score). */
export async function summarizeConversationWithModel(conversation: ChatTurn[], signal?: AbortSignal) {
  const res = await call("POST /ai/summarize-conversation", { body: { conversation }, signal });
  if (!res || res.success !== true || !("summary" in res) || !res.summary) {
    const error =
      res && "error" in res && typeof res.error === "string" ? res.error : "The conversation could not be summarised.";
    throw new ApiError(error, undefined, "SUMMARY_FAILED");
  }
  return { summary: res.summary, model: typeof res.model === "string" ? res.model : null };
}

/** Whether a failure is "that entry is gone" (404), e.g. an entry deleted since a chat was turned into it. */
export function isGone(err: unknown): boolean {
  return err instanceof ApiError && err.status === 404;
}

export { errorMessage };
