import "server-only";
import { streamText } from "ai";
import type { ChatRequest } from "@/contracts/ai";
import { HttpError, errorBody } from "@/server/http/errors";
import { badOutput, toModelHttpError } from "./errors";
import { runOffline } from "./offline-run";
import { callSettings } from "./structured";
import { prepareChat, withContext } from "./tasks/chat";

/**
 * Streaming chat as server-sent events: `token` {text} for each piece in order, then `done`
 * {response, model}; a failure after the stream has started arrives as a last `error` event in the one
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
  return sse("error", errorBody(err.status, err.code, err.message, err.details));
}

/** Wants a stream: `stream: true` in the body, or an Accept header that asks for text/event-stream. */
export function wantsStream(req: Request, body: { stream?: boolean }): boolean {
  if (body.stream === true) return true;
  if (body.stream === false) return false;
  return /\btext\/event-stream\b/iu.test(req.headers.get("accept") ?? "");
}

type Piece = { text: string } | { error: unknown } | { end: true };

export async function chatStreamResponse(request: ChatRequest, signal?: AbortSignal): Promise<Response> {
  const p = await prepareChat(request);

  if (p.model.kind === "offline") {
    const reply = await runOffline("chatReplyOffline", request.message, request.conversation_history);
    const words = reply.match(/\S+\s*/gu) ?? [reply];
    const model = p.model.name;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const w of words) controller.enqueue(sse("token", { text: w }));
        controller.enqueue(sse("done", { response: reply, model }));
        controller.close();
      },
    });
    return new Response(body, { headers: SSE_HEADERS });
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
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(sse("token", { text: first.text }));
    },
    async pull(controller) {
      const piece = await next();
      if ("text" in piece) {
        full += piece.text;
        controller.enqueue(sse("token", { text: piece.text }));
        return;
      }
      if ("error" in piece) controller.enqueue(errorEvent(toModelHttpError(piece.error, ctx)));
      else controller.enqueue(sse("done", { response: full, model: model.name, ...withContext(p.context) }));
      controller.close();
    },
    async cancel() {
      await parts.return?.();
    },
  });
  return new Response(body, { headers: SSE_HEADERS });
}
