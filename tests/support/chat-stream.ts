import { parseJsonEventStream, readUIMessageStream, uiMessageChunkSchema, type UIMessageChunk } from "ai";
import type { ChatContextRef, ChatSupportSignal, ChatUIMessage } from "@/contracts/ai";

/**
 * Reads a chat reply streamed as the AI SDK's UI message stream, with the SDK's own parser and chunk schema
 * (so a chunk the protocol does not know fails the test), and the SDK's reader for the whole message.
 */
export interface StreamedReply {
  chunks: UIMessageChunk[];
  /** The text deltas, in order. */
  deltas: string[];
  /** The streamed text (what the deltas make). */
  text: string;
  message: ChatUIMessage | undefined;
  model?: string;
  context?: ChatContextRef[];
  support?: ChatSupportSignal;
  replacement?: string;
  error?: { message: string; code: string; details?: unknown };
  finished: boolean;
}

export async function readChatStream(body: string): Promise<StreamedReply> {
  const bytes = () =>
    new ReadableStream<Uint8Array>({
      start(c) {
        c.enqueue(new TextEncoder().encode(body));
        c.close();
      },
    });
  const chunks: UIMessageChunk[] = [];
  const parsed = parseJsonEventStream({ stream: bytes(), schema: uiMessageChunkSchema });
  const reader = parsed.getReader();
  for (let r = await reader.read(); !r.done; r = await reader.read()) {
    if (!r.value.success) throw r.value.error;
    chunks.push(r.value.value);
  }
  let message: ChatUIMessage | undefined;
  const stream = new ReadableStream<UIMessageChunk>({
    start(c) {
      for (const ch of chunks) c.enqueue(ch);
      c.close();
    },
  });
  for await (const m of readUIMessageStream<ChatUIMessage>({ stream })) message = m;
  const parts = message?.parts ?? [];
  const deltas = chunks.flatMap((c) => (c.type === "text-delta" ? [c.delta] : []));
  const data = <K extends string>(type: K) => parts.find((p) => p.type === type) as { data: any } | undefined;
  return {
    chunks,
    deltas,
    text: deltas.join(""),
    message,
    model: message?.metadata?.model,
    context: data("data-context")?.data,
    support: data("data-support")?.data,
    replacement: data("data-replacement")?.data.text,
    error: data("data-error")?.data.error,
    finished: chunks.some((c) => c.type === "finish"),
  };
}
