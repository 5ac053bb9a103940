"use client";
import type { ChatContextRef, ChatResponse, ChatSupportSignal, ChatTurn, SummarizeConversationResponse } from "@/contracts/ai";
import { HTTP_TIMEOUT_MS } from "@/domain/constants";
import { api, ApiError, buildUrl, NETWORK_ERROR_MESSAGE, toApiError } from "./api";
import { browserTimeZone } from "./storage";

/**
 * The chat's calls. A reply streams as server-sent events (token, then done or error); a failure before
 * the first token is an ordinary JSON error. The 30 s limit applies to waiting for the answer to start
 * and to each silence between two pieces, not to a long reply that keeps coming.
 */

export interface ChatReply {
  response: string;
  model: string;
  context: ChatContextRef[];
  /** Set when the reply is the app's safety reply: the conversation shows the support card. */
  support?: ChatSupportSignal;
}

export interface StreamChatOptions {
  message: string;
  history: ChatTurn[];
  onToken?: (text: string, soFar: string) => void;
  signal?: AbortSignal;
  timeoutMs?: number;
  /** The country whose crisis line a safety reply gives. */
  country?: string;
}

function supportOf(v: unknown): ChatSupportSignal | undefined {
  const s = v as Partial<ChatSupportSignal> | null | undefined;
  return s && typeof s === "object" && typeof s.kind === "string" && typeof s.country === "string" ? { kind: s.kind, country: s.country } : undefined;
}

export const INTERRUPTED_MESSAGE = "The reply was interrupted. Please try again.";
export const TIMEOUT_MESSAGE = "The request timed out. Please try again.";

interface SseEvent {
  event: string;
  data: string;
}

/** Splits a buffer of server-sent events into complete events and the unfinished rest. */
export function parseSseChunk(buffer: string): { events: SseEvent[]; rest: string } {
  const events: SseEvent[] = [];
  const normalized = buffer.replace(/\r\n?/gu, "\n");
  const blocks = normalized.split("\n\n");
  const rest = blocks.pop() ?? "";
  for (const block of blocks) {
    if (!block.trim()) continue;
    let event = "message";
    let hasData = false;
    const data: string[] = [];
    for (const line of block.split("\n")) {
      if (line.startsWith(":")) continue;
      const colon = line.indexOf(":");
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? "" : line.slice(colon + 1).replace(/^ /u, "");
      if (field === "event") event = value;
      else if (field === "data") {
        hasData = true;
        data.push(value);
      }
    }
    if (hasData) events.push({ event, data: data.join("\n") });
  }
  return { events, rest };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** Sends a message and streams the reply; resolves with the whole reply, or throws an ApiError. */
export async function streamChat(opts: StreamChatOptions): Promise<ChatReply> {
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
      res = await fetch(buildUrl("/ai/chat"), {
        method: "POST",
        headers: { "content-type": "application/json", accept: "text/event-stream" },
        body: JSON.stringify({
          message: opts.message,
          conversation_history: opts.history,
          context_entries: [],
          stream: true,
          tz: browserTimeZone(),
          ...(opts.country ? { country: opts.country } : {}),
        }),
        signal: controller.signal,
      });
    } catch (err) {
      return fail(err);
    }
    if (!res.ok) throw await toApiError(res);

    if (!(res.headers.get("content-type") ?? "").includes("text/event-stream")) {
      const body = (await res.json()) as ChatResponse;
      opts.onToken?.(body.response, body.response);
      const support = supportOf(body.support);
      return { response: body.response, model: body.model, context: body.context ?? [], ...(support ? { support } : {}) };
    }

    const reader = res.body?.getReader();
    if (!reader) throw new ApiError(INTERRUPTED_MESSAGE, res.status, "STREAM_INTERRUPTED");
    const decoder = new TextDecoder();
    let buffer = "";
    let soFar = "";
    let support: ChatSupportSignal | undefined;
    for (;;) {
      arm();
      let chunk: ReadableStreamReadResult<Uint8Array>;
      try {
        chunk = await reader.read();
      } catch (err) {
        return fail(err);
      }
      buffer += chunk.done ? decoder.decode() : decoder.decode(chunk.value, { stream: true });
      const { events, rest } = parseSseChunk(chunk.done ? `${buffer}\n\n` : buffer);
      buffer = rest;
      for (const ev of events) {
        const data = parseJson(ev.data) as Record<string, any> | null;
        if (ev.event === "token" && typeof data?.text === "string") {
          soFar += data.text;
          opts.onToken?.(data.text, soFar);
        } else if (ev.event === "support") {
          support = supportOf(data) ?? support;
        } else if (ev.event === "done") {
          void reader.cancel().catch(() => undefined);
          // A reply that replaced the streamed text (replaced: true) arrives whole here; it is what is kept.
          const response = typeof data?.response === "string" ? data.response : soFar;
          support = supportOf(data?.support) ?? support;
          if (data?.replaced === true) opts.onToken?.("", response);
          return {
            response,
            model: String(data?.model ?? ""),
            context: Array.isArray(data?.context) ? (data.context as ChatContextRef[]) : [],
            ...(support ? { support } : {}),
          };
        } else if (ev.event === "error") {
          const e = (data?.error ?? {}) as { message?: string; code?: string; details?: unknown };
          throw new ApiError(e.message || INTERRUPTED_MESSAGE, undefined, e.code ?? "STREAM_ERROR", e.details);
        }
      }
      if (chunk.done) throw new ApiError(INTERRUPTED_MESSAGE, undefined, "STREAM_INTERRUPTED");
    }
  } finally {
    clearTimeout(timer);
    opts.signal?.removeEventListener("abort", onAbort);
  }
}

/**
 * Summarises the conversation into an entry draft. An answer that does not report success is a
 * failure (spec section 5).
 */
export async function summarizeConversation(conversation: ChatTurn[], signal?: AbortSignal) {
  const res = await api<SummarizeConversationResponse | { success?: false; error?: string }>("/ai/summarize-conversation", {
    body: { conversation },
    signal,
  });
  if (!res || res.success !== true || !("summary" in res) || !res.summary) {
    const error = res && "error" in res && typeof res.error === "string" ? res.error : "The conversation could not be summarised.";
    throw new ApiError(error, undefined, "SUMMARY_FAILED");
  }
  return res.summary;
}
