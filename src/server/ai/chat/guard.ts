import "server-only";
import { wrapLanguageModel, type LanguageModel, type LanguageModelMiddleware } from "ai";
import { replyGivesMethod } from "@/domain/crisis/chat-safety";
import { WithheldReplyError } from "../errors";
import type { ResolvedModel } from "../providers";

/**
 * The chat model's safety middleware: a reply that gives methods or means of suicide or self-harm is never
 * passed on. Generating, the whole reply is read and a WithheldReplyError thrown in its place. Streaming,
 * the text is read as it comes: at the piece that makes it one, that piece is dropped, the model is
 * stopped and the stream ends with an error part carrying a WithheldReplyError. The caller answers in its
 * place (src/server/ai/chat/safety.ts); what it shows of the text before is its own concern (stream.ts
 * holds the last words back until more follow).
 */
export const withholdMethodsMiddleware: LanguageModelMiddleware = {
  wrapGenerate: async ({ doGenerate }) => {
    const result = await doGenerate();
    const text = result.content.map((part) => (part.type === "text" ? part.text : "")).join("");
    if (replyGivesMethod(text)) throw new WithheldReplyError();
    return result;
  },
  wrapStream: async ({ doStream }) => {
    const { stream, ...rest } = await doStream();
    let text = "";
    const guarded = stream.pipeThrough(
      new TransformStream<typeof stream extends ReadableStream<infer P> ? P : never>({
        transform(part, controller) {
          if (part.type === "text-delta") {
            text += part.delta;
            if (replyGivesMethod(text)) {
              controller.enqueue({ type: "error", error: new WithheldReplyError() });
              controller.terminate(); // the model's stream is cancelled: it stops
              return;
            }
          }
          controller.enqueue(part);
        },
      }),
    );
    return { stream: guarded, ...rest };
  },
};

/** A language model with the chat's safety middleware around it. */
export function guardChatModel(model: LanguageModel): LanguageModel {
  if (typeof model === "string") return model; // a gateway id: never one of this app's providers
  return wrapLanguageModel({ model, middleware: withholdMethodsMiddleware });
}

/** The chat's model: a remote model answers through the safety middleware (the offline companion needs none). */
export function chatModel(model: ResolvedModel): ResolvedModel {
  if (model.kind === "offline") return model;
  return { ...model, language: () => guardChatModel(model.language()) };
}
