import "server-only";
import { generateText, NoObjectGeneratedError, Output, type ModelMessage } from "ai";
import type { z } from "zod";
import { env } from "@/server/env";
import type { Normalized } from "./coerce";
import { badOutput, toModelHttpError, type ModelErrorContext } from "./errors";
import { extractJson } from "./json-repair";
import type { RemoteModel } from "./providers";

/** Retries per model call: one, so that a passing glitch is absorbed and nobody waits long for a dead server. */
export const MODEL_MAX_RETRIES = 1;

export interface CallOptions {
  model: RemoteModel;
  system: string;
  messages: ModelMessage[];
  signal?: AbortSignal;
  feature?: ModelErrorContext["feature"];
}

/** Shared settings of every model call: retries, time limit, cancellation with the request. */
export function callSettings(signal?: AbortSignal) {
  return { maxRetries: MODEL_MAX_RETRIES, timeout: env().AI_TIMEOUT_MS, abortSignal: signal };
}

/** Plain text from the model (chat, connection test); errors mapped to HttpError. */
export async function generatePlainText(opts: CallOptions): Promise<string> {
  try {
    const r = await generateText({ model: opts.model.language(), instructions: opts.system, messages: opts.messages, ...callSettings(opts.signal) });
    return r.text;
  } catch (err) {
    throw toModelHttpError(err, { model: opts.model.name, feature: opts.feature });
  }
}

export interface StructuredOptions<T> extends CallOptions {
  task: string;
  /** The strict shape sent to providers that accept a JSON schema (every field required). */
  wireSchema: z.ZodType;
  /** Lenient reading of the model's JSON: coerces, clamps and fills defaults, or lists what is missing. */
  normalize: (raw: unknown) => Normalized<T>;
}

/**
 * A structured answer: JSON mode where the provider offers it, the text otherwise; the answer is read
 * tolerantly, validated and clamped by `normalize`. When it is still unusable the model is asked once to
 * repair it; if the repaired answer is unusable too, 502 MODEL_BAD_OUTPUT.
 */
export async function generateStructured<T>(opts: StructuredOptions<T>): Promise<T> {
  const ctx = { model: opts.model.name, feature: opts.feature };
  const attempt = async (messages: ModelMessage[]): Promise<{ text: string; result: Normalized<T> }> => {
    let text = "";
    let parsed: unknown;
    try {
      if (opts.model.jsonMode) {
        const r = await generateText({
          model: opts.model.language(),
          instructions: opts.system,
          messages,
          output: Output.object({ schema: opts.wireSchema, name: opts.task.replace(/[^a-zA-Z0-9_]/gu, "_") }),
          ...callSettings(opts.signal),
        });
        text = r.text;
        parsed = r.output;
      } else {
        const r = await generateText({ model: opts.model.language(), instructions: opts.system, messages, ...callSettings(opts.signal) });
        text = r.text;
      }
    } catch (err) {
      if (!NoObjectGeneratedError.isInstance(err)) throw toModelHttpError(err, ctx);
      text = err.text ?? "";
    }
    const raw = parsed ?? extractJson(text);
    if (raw === undefined) return { text, result: { ok: false, issues: [text.trim() ? "the answer is not JSON" : "the answer is empty"] } };
    return { text, result: opts.normalize(raw) };
  };

  const first = await attempt(opts.messages);
  if (first.result.ok) return first.result.value;

  const repairMessages: ModelMessage[] = [
    ...opts.messages,
    { role: "assistant", content: first.text.slice(0, 20_000) || "(empty)" },
    {
      role: "user",
      content:
        `That answer could not be used: ${first.result.issues.join("; ")}. ` +
        "Reply again with only one JSON object in the shape described above, with every field filled, and nothing else.",
    },
  ];
  const second = await attempt(repairMessages);
  if (second.result.ok) return second.result.value;
  throw badOutput(opts.model.name, opts.task, second.result.issues);
}
