import { expect } from "vitest";

type Handler<P> = (req: Request, ctx: { params: Promise<P> }) => Promise<Response>;

const BASE = "http://localhost";

/** Calls a route handler as Next would, with a real Request. */
export async function call<P = Record<string, never>>(
  handler: Handler<P>,
  opts: {
    method?: string;
    path?: string;
    body?: unknown;
    rawBody?: BodyInit;
    headers?: Record<string, string>;
    params?: P;
  } = {},
): Promise<{ status: number; body: any; res: Response }> {
  const headers: Record<string, string> = { ...(opts.headers ?? {}) };
  let body: BodyInit | undefined = opts.rawBody;
  if (opts.body !== undefined) {
    body = JSON.stringify(opts.body);
    headers["content-type"] ??= "application/json";
  }
  const req = new Request(`${BASE}${opts.path ?? "/"}`, { method: opts.method ?? "GET", headers, body });
  const res = await handler(req, { params: Promise.resolve((opts.params ?? {}) as P) });
  const text = await res.clone().text();
  let parsed: any = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    /* not JSON */
  }
  return { status: res.status, body: parsed, res };
}

/** Asserts the one JSON error shape and returns the error object. */
export function expectError(r: { status: number; body: any }, status: number, code?: string) {
  expect(r.status).toBe(status);
  expect(r.body).toMatchObject({ error: { message: expect.any(String), code: expect.any(String) } });
  expect(r.body.error.message.length).toBeGreaterThan(0);
  if (code) expect(r.body.error.code).toBe(code);
  return r.body.error as { message: string; code: string; details?: unknown };
}
