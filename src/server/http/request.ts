import "server-only";
import { z } from "zod";
import { duringWrite } from "@/server/db/write-gate";
import { HttpError, badRequest, errorResponse, tooLarge, validationError } from "./errors";
import { bodyLimit } from "./route-policy";

/** The route's body limit from the route policy, or the one given, with its 413 message. */
function limitOf(req: Request, bytes?: number): { bytes: number; message: string } {
  if (bytes !== undefined) return { bytes, message: `Request body is too large (limit ${bytes} bytes).` };
  return bodyLimit(new URL(req.url).pathname);
}

/** Reads the body as text without ever holding more than the route's limit (route-policy.ts) or `bytes`. */
export async function readTextBody(req: Request, bytes?: number): Promise<string> {
  const { bytes: limit, message } = limitOf(req, bytes);
  const declared = Number(req.headers.get("content-length") ?? "");
  if (Number.isFinite(declared) && declared > limit) throw tooLarge(message);
  if (!req.body) return "";
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel().catch(() => {});
      throw tooLarge(message);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/** Parses a JSON body against a schema: 413 when over the route's limit, 400 for bad JSON or a bad shape. */
export async function parseJson<S extends z.ZodType>(req: Request, schema: S): Promise<z.infer<S>> {
  const type = req.headers.get("content-type") ?? "";
  if (type && !/^application\/(.+\+)?json\b/iu.test(type)) {
    throw new HttpError("UNSUPPORTED_MEDIA_TYPE", "Expected a JSON body (Content-Type: application/json).");
  }
  const text = await readTextBody(req);
  let data: unknown;
  try {
    data = text.trim() === "" ? undefined : JSON.parse(text);
  } catch {
    throw new HttpError("INVALID_JSON", "The request body is not valid JSON.");
  }
  return parseWith(schema, data, "Invalid request body");
}

export function parseWith<S extends z.ZodType>(schema: S, data: unknown, what: string): z.infer<S> {
  const result = schema.safeParse(data);
  if (!result.success) throw validationError(result.error, what);
  return result.data;
}

/** Query string to a plain object; keys that repeat (or end in []) become arrays. */
export function queryObject(url: URL, arrayKeys: readonly string[] = []): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [rawKey, value] of url.searchParams) {
    const key = rawKey.endsWith("[]") ? rawKey.slice(0, -2) : rawKey;
    if (arrayKeys.includes(key)) {
      const prev = out[key];
      out[key] = Array.isArray(prev) ? [...prev, value] : prev === undefined ? [value] : [prev, value];
    } else if (out[key] === undefined) {
      out[key] = value;
    } else {
      throw badRequest(`Query parameter "${key}" was given more than once.`);
    }
  }
  return out;
}

export function parseQuery<S extends z.ZodType>(
  req: Request,
  schema: S,
  arrayKeys: readonly string[] = [],
): z.infer<S> {
  return parseWith(schema, queryObject(new URL(req.url), arrayKeys), "Invalid query");
}

type Ctx<P> = { params: Promise<P> };

/**
 * Adds `Server-Timing: app;dur=<ms>`: the time the handler took until its response was ready (for a
 * stream, until the first byte could be sent). Benchmarks read it to tell server time from round-trip time.
 */
function withServerTiming(res: Response, started: number): Response {
  const value = `app;dur=${(performance.now() - started).toFixed(2)}`;
  try {
    res.headers.append("Server-Timing", value);
    return res;
  } catch {
    // Headers of some responses are immutable (a proxied fetch, Response.redirect): copy them.
    const headers = new Headers(res.headers);
    headers.append("Server-Timing", value);
    return new Response(res.body, { status: res.status, statusText: res.statusText, headers });
  }
}

/**
 * Requests that may write the journal: every method but GET, HEAD and OPTIONS, except the routes that
 * only ask the model, sign in or out, or read (an export). They pass the write gate (src/server/db/write-gate.ts).
 */
const NEVER_WRITES = /^\/api\/(ai\/|auth\/|config\/test-model$|data\/export(\/|$))/u;
function mayWrite(req: Request): boolean {
  if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return false;
  return !NEVER_WRITES.test(new URL(req.url).pathname);
}

/**
 * Wraps a route handler so that every thrown error becomes the one JSON error shape. A request that
 * may write passes the write gate: while a restore or an encryption change runs, it waits (or is
 * answered 503 SERVER_BUSY), and such a change starts only once the writes under way are done.
 */
export function route<P = Record<string, never>>(fn: (req: Request, params: P) => Promise<Response> | Response) {
  return async (req: Request, ctx: Ctx<P>): Promise<Response> => {
    const started = performance.now();
    let res: Response;
    try {
      const params = ctx?.params ? await ctx.params : ({} as P);
      res = mayWrite(req) ? await duringWrite(async () => fn(req, params)) : await fn(req, params);
    } catch (err) {
      res = errorResponse(err);
    }
    return withServerTiming(res, started);
  };
}

export const json = (data: unknown, init?: ResponseInit) => Response.json(data, init);
