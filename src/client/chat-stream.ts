"use client";
import { jsonSchema, parseJsonEventStream, readUIMessageStream, type UIMessageChunk } from "ai";
import type { ChatUIMessage } from "@/contracts/ai";

/**
 * Reads a chat reply streamed as the AI SDK's UI message stream (src/server/ai/chat/stream.ts) with the SDK's
 * own event-stream parser and message reader. Loaded when the first message is sent, so that the chat screen
 * opens without it.
 */

/** A chunk is an object with a type; the SDK's reader ignores types it does not know. */
const chunkSchema = jsonSchema<UIMessageChunk>(
  { type: "object", required: ["type"] },
  {
    validate: (v) =>
      v && typeof v === "object" && typeof (v as { type?: unknown }).type === "string"
        ? { success: true, value: v as UIMessageChunk }
        : { success: false, error: new Error("A part of the reply could not be read.") },
  },
);

type Parsed = ReturnType<typeof parseJsonEventStream<UIMessageChunk>> extends ReadableStream<infer R> ? R : never;

export interface StreamOutcome {
  /** The reply as far as it came. */
  message: ChatUIMessage | undefined;
  /** The stream ended with `finish`: the reply is complete. */
  finished: boolean;
  /** The `error` chunk's text, when the server ended the reply with one. */
  errorText?: string;
  /** The connection failed or the stream could not be read (a timeout, a cut network). */
  failure?: unknown;
}

/** Reads the stream to its end; `onMessage` sees the reply each time it grows. */
export async function readChatStream(
  body: ReadableStream<Uint8Array>,
  onMessage: (message: ChatUIMessage) => void,
): Promise<StreamOutcome> {
  const outcome: StreamOutcome = { message: undefined, finished: false };
  const chunks = parseJsonEventStream({ stream: body, schema: chunkSchema }).pipeThrough(
    new TransformStream<Parsed, UIMessageChunk>({
      transform(r, controller) {
        if (!r.success) throw r.error;
        if (r.value.type === "finish") outcome.finished = true;
        if (r.value.type === "error") outcome.errorText = r.value.errorText;
        controller.enqueue(r.value);
      },
    }),
  );
  const messages = readUIMessageStream<ChatUIMessage>({
    stream: chunks,
    onError: (err) => {
      if (outcome.errorText === undefined) outcome.failure ??= err;
    },
  });
  for await (const message of messages) {
    outcome.message = message;
    onMessage(message);
  }
  return outcome;
}
