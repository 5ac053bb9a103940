import "server-only";
import { streamText } from "ai";
import type { ChatRequest, ChatResponse } from "@/contracts/ai";
import { replyGivesMethod } from "@/domain/crisis/chat-safety";
import { errorJson } from "@/contracts/errors";
import type { HttpError } from "@/server/http/errors";
import { badOutput, toModelHttpError } from "./errors";
import { replacementAnswer, safetyAnswer } from "./chat-safety";
import { callSettings } from "./structured";
import { offlineReply, prepareChat, withContext } from "./tasks/chat";

/**
 * Streaming chat as server-sent events: `token` {text} for each piece in order, then `done`
 * {response, model}. When the reply is the app's safety reply, a `support` {kind, country} event comes
 * before `done`, and `done` carries the same `support` (and `replaced: true` when a model's reply that
 * gave methods or means was withdrawn: the client then shows `response` in place of the tokens). A failure after the stream has started arrives as a last `error` event in the one
 * error shape. A failure before the first token (bad key, unreachable server, capability) is answered
 * as a normal JSON error with its status, never as an empty 200.
 */

const encoder = new TextEncoder();
const sse = (event: string, data: unknown) => encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);

const SSE_HEADERS = {
  "content-type": "text/event-stream; charset=utf-8",
  "cache-control": "no-cache, no-transform",
  "x-accel-buffering": "no",
};

function errorEvent(err: HttpError) {
  return sse("error", errorJson(err.code, err.message, err.details));
}

/** Wants a stream: `stream: true` in the body, or an Accept header that asks for text/event-stream. */
export function wantsStream(req: Request, body: { stream?: boolean }): boolean {
  if (body.stream === true) return true;
  if (body.stream === false) return false;
  return /\btext\/event-stream\b/iu.test(req.headers.get("accept") ?? "");
}

type Piece = { text: string } | { error: unknown } | { end: true };

/** A whole reply written ahead (offline, or the app's safety reply) as tokens, then `support` when it is one, then done. */
function wholeReplyStream(answer: ChatResponse): Response {
  const words = answer.response.match(/\S+\s*/gu) ?? [answer.response];
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const w of words) controller.enqueue(sse("token", { text: w }));
      if (answer.support) controller.enqueue(sse("support", answer.support));
      const { success: _success, ...done } = answer;
      controller.enqueue(sse("done", done));
      controller.close();
    },
  });
  return new Response(body, { headers: SSE_HEADERS });
}

/**
 * How much of a model's streamed text is held back until more follows, so that a reply found to give
 * methods or means is withdrawn before its words are shown; the rest is sent when the reply ends.
 */
const HOLD_BACK_CHARS = 16;

export async function chatStreamResponse(request: ChatRequest, signal?: AbortSignal): Promise<Response> {
  // The safety net runs before any model is resolved or called.
  const safe = await safetyAnswer(request);
  if (safe) return wholeReplyStream(safe);

  const p = await prepareChat(request);

  if (p.model.kind === "offline") {
    const r = await offlineReply(p);
    return wholeReplyStream({ success: true, response: r.response, model: p.model.name, ...withContext(r.context) });
  }

  const model = p.model;
  const result = streamText({
    model: model.language(),
    instructions: p.system,
    messages: p.messages,
    ...callSettings(signal),
    onError: () => {
      /* errors are read from fullStream below */
    },
  });
  const parts = result.fullStream[Symbol.asyncIterator]();
  const next = async (): Promise<Piece> => {
    for (;;) {
      let r: IteratorResult<(typeof result.fullStream extends AsyncIterable<infer T> ? T : never)>;
      try {
        r = await parts.next();
      } catch (err) {
        return { error: err };
      }
      if (r.done) return { end: true };
      const part = r.value;
      if (part.type === "text-delta" && part.text) return { text: part.text };
      if (part.type === "error") return { error: part.error };
      if (part.type === "abort") return { error: new Error("The request was cancelled.") };
      // Some providers drop an error line and just end (Ollama): a reply that did not finish normally is a failure.
      if (part.type === "finish" && !["stop", "length", "content-filter"].includes(part.finishReason)) {
        return { error: new Error(`the reply ended unexpectedly (finish reason: ${part.rawFinishReason ?? part.finishReason})`) };
      }
    }
  };
  const ctx = { model: model.name };

  // Wait for the first piece, so that an early failure gets a real status code.
  const first = await next();
  if ("error" in first) throw toModelHttpError(first.error, ctx);
  if ("end" in first) throw badOutput(model.name, "chat", ["the reply is empty"]);

  let full = first.text;
  let sent = 0;
  /** Sends the text up to the hold-back (or all of it at the end), cut at a space. */
  const flush = (controller: ReadableStreamDefaultController<Uint8Array>, all: boolean) => {
    const upto = all ? full.length : Math.max(sent, full.lastIndexOf(" ", full.length - HOLD_BACK_CHARS) + 1);
    if (upto > sent) controller.enqueue(sse("token", { text: full.slice(sent, upto) }));
    sent = Math.max(sent, upto);
  };
  /** A reply that gives methods or means is never shown: the model is stopped and the app's answer takes its place. */
  const replace = async (controller: ReadableStreamDefaultController<Uint8Array>) => {
    await parts.return?.().catch(() => undefined);
    const answer = await replacementAnswer(request);
    controller.enqueue(sse("support", answer.support));
    controller.enqueue(sse("done", { response: answer.response, model: answer.model, support: answer.support, replaced: true }));
    controller.close();
  };
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      if (replyGivesMethod(full)) return replace(controller);
      flush(controller, false);
    },
    async pull(controller) {
      // Reads on until something is sent: a pull that enqueues nothing would not be called again.
      for (;;) {
        const piece = await next();
        if (!("text" in piece)) {
          finish(controller, piece);
          return;
        }
        full += piece.text;
        if (replyGivesMethod(full)) return replace(controller);
        const before = sent;
        flush(controller, false);
        if (sent > before) return;
      }
    },
    async cancel() {
      await parts.return?.();
    },
  });
  function finish(controller: ReadableStreamDefaultController<Uint8Array>, piece: Exclude<Piece, { text: string }>) {
    flush(controller, true);
    if ("error" in piece) controller.enqueue(errorEvent(toModelHttpError(piece.error, ctx)));
    else controller.enqueue(sse("done", { response: full, model: model.name, ...withContext(p.context) }));
    controller.close();
  }
  return new Response(body, { headers: SSE_HEADERS });
}
