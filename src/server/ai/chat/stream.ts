import "server-only";
import {
  createUIMessageStream,
  createUIMessageStreamResponse,
  streamText,
  type TextStreamPart,
  type ToolSet,
  type UIMessageStreamWriter,
} from "ai";
import type { ChatRequest, ChatResponse, ChatUIMessage } from "@/contracts/ai";
import { errorJson } from "@/contracts/errors";
import type { HttpError } from "@/server/http/errors";
import { badOutput, toModelHttpError, WithheldReplyError } from "../errors";
import { callSettings } from "../structured";
import { offlineReply, prepareChat, withContext } from "./reply";
import { replacementAnswer, safetyAnswer } from "./safety";
import { honestReply } from "./companion";

/**
 * Streaming chat as the AI SDK's UI message stream (the message type is ChatUIMessage in src/contracts/ai.ts):
 * `start` with the model, the reply as text parts, `data-context` with the entries the model was given, and
 * `finish`. The app's safety reply carries `data-support`; a model's reply found to give methods or means is
 * withdrawn: `data-replacement` brings the app's answer that takes its place, with `data-support`. A failure
 * after the stream has started ends it with `data-error` in the one error shape and an `error` chunk, without
 * `finish`. A failure before the first piece of text (bad key, unreachable server, capability) is answered as
 * a normal JSON error with its status, never as an empty 200.
 */

type Writer = UIMessageStreamWriter<ChatUIMessage>;

/** Wants a stream: `stream: true` in the body, or an Accept header that asks for text/event-stream. */
export function wantsStream(req: Request, body: { stream?: boolean }): boolean {
  if (body.stream === true) return true;
  if (body.stream === false) return false;
  return /\btext\/event-stream\b/iu.test(req.headers.get("accept") ?? "");
}

const TEXT_ID = "reply";

/** "no-transform": a compressing server or proxy would hold the pieces back until the reply ends. */
const STREAM_HEADERS = { "cache-control": "no-cache, no-transform" };

function respond(execute: (writer: Writer) => Promise<void> | void): Response {
  const stream = createUIMessageStream<ChatUIMessage>({
    execute: ({ writer }) => execute(writer),
    // Only reached by a fault of the app itself: model failures are written as data-error by execute.
    onError: () => "The reply could not be completed.",
  });
  return createUIMessageStreamResponse({ stream, headers: STREAM_HEADERS });
}

function writeError(writer: Writer, err: HttpError) {
  writer.write({ type: "data-error", data: errorJson(err.code, err.message, err.details) });
  writer.write({ type: "error", errorText: err.message });
}

/** The app's safety reply or the offline companion's: written ahead, sent word by word, then its signals. */
function wholeReplyResponse(answer: ChatResponse): Response {
  return respond((writer) => {
    writer.write({ type: "start", messageMetadata: { model: answer.model } });
    writer.write({ type: "text-start", id: TEXT_ID });
    for (const word of answer.response.match(/\S+\s*/gu) ?? [answer.response])
      writer.write({ type: "text-delta", id: TEXT_ID, delta: word });
    writer.write({ type: "text-end", id: TEXT_ID });
    if (answer.support) writer.write({ type: "data-support", data: answer.support });
    if (answer.context?.length) writer.write({ type: "data-context", data: answer.context });
    if (answer.guide || answer.guide_summary)
      writer.write({
        type: "data-guide",
        data: { state: answer.guide ?? null, ...(answer.guide_summary ? { summary: answer.guide_summary } : {}) },
      });
    writer.write({ type: "finish", finishReason: "stop" });
  });
}

/** The text of a model's streamed reply, piece by piece; a failure or an unfinished end is thrown. */
async function* replyText(parts: AsyncIterable<TextStreamPart<ToolSet>>) {
  for await (const part of parts) {
    if (part.type === "text-delta" && part.text) yield part.text;
    else if (part.type === "error") throw part.error;
    else if (part.type === "abort") throw new Error("The request was cancelled.");
    // Some providers drop an error line and just end (Ollama): a reply that did not finish normally is a failure.
    else if (part.type === "finish" && !["stop", "length", "content-filter"].includes(part.finishReason)) {
      throw new Error(`the reply ended unexpectedly (finish reason: ${part.rawFinishReason ?? part.finishReason})`);
    }
  }
}

/** A withheld reply (the chat model's safety middleware): the app's answer takes its place. */
async function writeReplacement(writer: Writer, request: ChatRequest) {
  writer.write({ type: "text-end", id: TEXT_ID });
  const answer = await replacementAnswer(request);
  writer.write({ type: "data-replacement", data: { text: answer.response } });
  writer.write({ type: "data-support", data: answer.support });
  writer.write({ type: "finish", finishReason: "stop", messageMetadata: { model: answer.model } });
}

/**
 * How much of a model's streamed text is held back until more follows, so that a reply found to give
 * methods or means is withdrawn before its words are shown; the rest is sent when the reply ends.
 */
const HOLD_BACK_CHARS = 16;

export async function chatStreamResponse(request: ChatRequest, signal?: AbortSignal): Promise<Response> {
  // The safety net runs before any model is resolved or called.
  const safe = await safetyAnswer(request);
  if (safe) return wholeReplyResponse(safe);
  // "Are you a real person?" gets the app's truthful answer, whatever model is chosen.
  const honest = await honestReply(request);
  if (honest) return wholeReplyResponse(honest);

  const p = await prepareChat(request);
  if (p.model.kind === "offline") {
    const { context, ...r } = await offlineReply(p);
    return wholeReplyResponse({ success: true, ...r, model: p.model.name, ...withContext(context) });
  }

  const model = p.model;
  const ctx = { model: model.name };
  const result = streamText({
    model: model.language(),
    instructions: p.system,
    messages: p.messages,
    ...callSettings(signal),
    onError: () => {
      /* errors are read from fullStream below */
    },
  });
  const pieces = replyText(result.fullStream);

  // Wait for the first piece, so that an early failure gets a real status code.
  let first: IteratorResult<string>;
  try {
    first = await pieces.next();
  } catch (err) {
    if (err instanceof WithheldReplyError)
      return respond(async (writer) => {
        writer.write({ type: "start", messageMetadata: { model: model.name } });
        writer.write({ type: "text-start", id: TEXT_ID });
        await writeReplacement(writer, request);
      });
    throw toModelHttpError(err, ctx);
  }
  if (first.done) throw badOutput(model.name, "chat", ["the reply is empty"]);

  return respond(async (writer) => {
    let full = first.value;
    let sent = 0;
    /** Sends the text up to the hold-back (or all of it at the end), cut at a space. */
    const flush = (all: boolean) => {
      const upto = all ? full.length : Math.max(sent, full.lastIndexOf(" ", full.length - HOLD_BACK_CHARS) + 1);
      if (upto > sent) writer.write({ type: "text-delta", id: TEXT_ID, delta: full.slice(sent, upto) });
      sent = Math.max(sent, upto);
    };
    writer.write({ type: "start", messageMetadata: { model: model.name } });
    writer.write({ type: "text-start", id: TEXT_ID });
    try {
      for (;;) {
        flush(false);
        const next = await pieces.next();
        if (next.done) break;
        full += next.value;
      }
    } catch (err) {
      // A reply that gives methods or means is never shown: the model was stopped; what was held back stays so.
      if (err instanceof WithheldReplyError) return await writeReplacement(writer, request);
      flush(true);
      writer.write({ type: "text-end", id: TEXT_ID });
      writeError(writer, toModelHttpError(err, ctx));
      return;
    }
    flush(true);
    writer.write({ type: "text-end", id: TEXT_ID });
    if (p.context.length) writer.write({ type: "data-context", data: p.context });
    writer.write({ type: "finish", finishReason: "stop" });
  });
}
