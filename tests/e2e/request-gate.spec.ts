import http from "node:http";
import { expect, test } from "@playwright/test";
import { startAppServer, type AppServer } from "../support/app-server";

/**
 * The request gate on the real server (`npm start`: the server hook in front of Next): a refused body's
 * sender reads its 413 (Node's fetch, as the app's own scripts and other clients send), a chunked body is
 * cut off at its route's limit, and a locked journal answers before the body is read.
 */
const PASSCODE = "a lantern in the window";
const port = Number(process.env.E2E_PORT ?? 3100) + 70;
const MB = 1024 * 1024;
let server: AppServer;

test.beforeAll(async () => {
  server = await startAppServer(port, { APP_PASSWORD: PASSCODE, BACKUP_DELAY_SECONDS: "off" });
});
test.afterAll(async () => {
  await server?.stop();
});

async function session(): Promise<string> {
  const res = await fetch(`${server.url}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ passcode: PASSCODE }),
  });
  expect(res.status).toBe(200);
  return /^(reverie_session=[^;]+)/u.exec(res.headers.get("set-cookie") ?? "")![1]!;
}

/** Headers and 64 KiB of a body that is never finished: the answer can only come before the body is read. */
function replay(path: string, headers: Record<string, string | number>): Promise<{ status: number; body: any }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${server.url}${path}`,
      { method: "POST", headers: { "content-type": "application/json", ...headers } },
      (res) => {
        let text = "";
        res.on("data", (c) => (text += c));
        res.on("end", () => {
          req.destroy();
          resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) });
        });
      },
    );
    req.on("error", reject);
    req.write(Buffer.alloc(64 * 1024, 0x20));
  });
}

test("a 12 MB entry gets its 413 in the one error shape, every time, not a reset", async () => {
  const cookie = await session();
  const body = JSON.stringify({ content: "a".repeat(12 * MB) });
  for (let i = 0; i < 5; i++) {
    const res = await fetch(`${server.url}/api/entries`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: server.url, cookie },
      body,
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({
      error: { code: "PAYLOAD_TOO_LARGE", message: `Request body is too large (limit ${2 * MB} bytes).` },
    });
  }
  // The server is still there.
  expect((await fetch(`${server.url}/api/entries`, { headers: { cookie } })).status).toBe(200);
});

test("a photo over 10 MB gets the upload's 413, naming the 10MB limit", async () => {
  const cookie = await session();
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(12 * MB)], { type: "image/png" }), "large.png");
  for (let i = 0; i < 3; i++) {
    const res = await fetch(`${server.url}/api/entries/0192d7a0-0000-7000-8000-000000000000/media`, {
      method: "POST",
      headers: { origin: server.url, cookie },
      body: form,
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({
      error: { code: "PAYLOAD_TOO_LARGE", message: "The upload is too large. Maximum size is 10MB." },
    });
  }
});

test("a chunked login body is cut off at 16 kB, and its sender reads the 413", async () => {
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      for (let i = 0; i < 64; i++) c.enqueue(new Uint8Array(32 * 1024).fill(0x20));
      c.close();
    },
  });
  const res = await fetch(`${server.url}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body,
    duplex: "half",
  } as RequestInit);
  expect(res.status).toBe(413);
  expect(await res.json()).toEqual({
    error: { code: "PAYLOAD_TOO_LARGE", message: `Request body is too large (limit ${16 * 1024} bytes).` },
  });
  // Headers and 64 KiB of a never-finished chunked body: answered at once.
  const r = await replay("/api/auth/login", { "transfer-encoding": "chunked" });
  expect(r.status).toBe(413);
});

test("a body without a session is refused before it is read, declared or chunked", async () => {
  for (const headers of [{ "transfer-encoding": "chunked" }, { "content-length": 10 * MB }] as Array<
    Record<string, string | number>
  >) {
    const r = await replay("/api/ai/chat", headers);
    expect(r.status).toBe(401);
    expect(r.body.error.code).toBe("UNAUTHORIZED");
  }
});
