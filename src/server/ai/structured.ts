import "server-only";
import { generateText, jsonSchema, NoObjectGeneratedError, Output, type JSONSchema7, type ModelMessage } from "ai";
import { z } from "zod";
import { outputFieldInfo, readModelOutput, type Normalized } from "@/contracts/model-output";
import { env } from "@/server/env";
import { badOutput, toModelHttpError, WithheldReplyError, type ModelErrorContext } from "./errors";
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
    const r = await generateText({
      model: opts.model.language(),
      instructions: opts.system,
      messages: opts.messages,
      ...callSettings(opts.signal),
    });
    return r.text;
  } catch (err) {
    if (err instanceof WithheldReplyError) throw err; // the chat's safety middleware: its caller answers instead
    throw toModelHttpError(err, { model: opts.model.name, feature: opts.feature });
  }
}

export interface StructuredOptions<S extends z.ZodType> extends CallOptions {
  task: string;
  /**
   * The task's output schema from src/contracts/ai.ts: its output side is the shape sent to providers that
   * accept a JSON schema (every field required), and it reads the model's JSON leniently (coerces, clamps,
   * fills defaults, or lists what is missing).
   */
  schema: S;
}

/** Keywords some providers refuse in a response schema; the reader checks these itself. */
const READER_ONLY_KEYWORDS = new Set(["default", "minItems"]);

function dropReaderOnly(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(dropReaderOnly);
  if (!node || typeof node !== "object") return node;
  return Object.fromEntries(
    Object.entries(node).flatMap(([k, v]) => (READER_ONLY_KEYWORDS.has(k) ? [] : [[k, dropReaderOnly(v)]])),
  );
}

/**
 * The JSON Schema a model is asked to answer in: the output side of a task's schema (what the lenient reader
 * produces), every field required, without defaults or minimum counts, mood scores asked as whole numbers.
 */
export function outputJsonSchema(schema: z.core.$ZodType): JSONSchema7 {
  const json = z.toJSONSchema(schema, {
    target: "draft-7",
    io: "output",
    reused: "inline",
    override: (ctx) => {
      if (outputFieldInfo.get(ctx.zodSchema)?.wholeNumber) ctx.jsonSchema.type = "integer";
    },
  });
  return dropReaderOnly(json) as JSONSchema7;
}

/**
 * A structured answer: JSON mode where the provider offers it, the text otherwise; the answer is read
 * tolerantly, validated and clamped by the task's schema. When it is still unusable the model is asked once to
 * repair it; if the repaired answer is unusable too, 502 MODEL_BAD_OUTPUT.
 */
export async function generateStructured<S extends z.ZodType>(opts: StructuredOptions<S>): Promise<z.output<S>> {
  type T = z.output<S>;
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
          output: Output.object({
            schema: jsonSchema<unknown>(outputJsonSchema(opts.schema)),
            name: opts.task.replace(/[^a-zA-Z0-9_]/gu, "_"),
          }),
          ...callSettings(opts.signal),
        });
        text = r.text;
        parsed = r.output;
      } else {
        const r = await generateText({
          model: opts.model.language(),
          instructions: opts.system,
          messages,
          ...callSettings(opts.signal),
        });
        text = r.text;
      }
    } catch (err) {
      if (!NoObjectGeneratedError.isInstance(err)) throw toModelHttpError(err, ctx);
      text = err.text ?? "";
    }
    const raw = parsed ?? extractJson(text);
    if (raw === undefined)
      return { text, result: { ok: false, issues: [text.trim() ? "the answer is not JSON" : "the answer is empty"] } };
    return { text, result: readModelOutput(opts.schema, raw) };
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
