import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { NextRequest } from "next/server";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import * as enable from "@/app/api/encryption/enable/route";
import * as unlock from "@/app/api/encryption/unlock/route";
import * as login from "@/app/api/auth/login/route";
import { proxy } from "@/proxy";
import { stopBackups } from "@/server/backup/service";
import { setKey } from "@/server/keys/state";
import { closeDb } from "@/server/db/client";
import { installEarlyCheck } from "@/server/security/early";
import { testDataDir } from "../support/api-setup";
import { call } from "../support/http";

/**
 * The request gate on a real HTTP server behind the server hook (scripts/server-guard.mjs), whose app
 * reads bodies as Next does: every lock refuses a body before it is read, a chunked body is cut off at
 * its route's limit, and a refused body's sender reads the answer. Then the way into a journal that has
 * both a passcode and a passphrase and was started sealed: the passphrase first, then the passcode.
 */
const PASS = "the tide comes in twice a day";
const PASSCODE = "harbour lights";
const dbFile = path.join(testDataDir, "journal.db");
const KiB = 1024;

let server: http.Server;
let port = 0;
/** What the app behind the hook saw of each request: its path, the body bytes it read, whether the body ended. */
let seen: Array<{ path: string; bytes: number; ended: boolean }> = [];
let unlockCookie = "";
/** Called when the app behind the hook gets a request. */
let onAppRequest: (() => void) | null = null;

beforeAll(async () => {
  stopBackups();
  await import("../../scripts/server-guard.mjs");
  installEarlyCheck();
  server = http.createServer((req, res) => {
    const record = { path: req.url ?? "", bytes: 0, ended: false };
    seen.push(record);
    onAppRequest?.();
    req.on("data", (c: Buffer) => (record.bytes += c.length));
    req.on("error", () => {});
    req.on("end", () => {
      record.ended = true;
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ bytes: record.bytes }));
    });
    // As Next does when a request goes away: it tries to answer (nothing may reach the client, nothing may throw).
    req.on("close", () => {
      if (!record.ended) {
        res.writeHead(500);
        res.end("the app's own answer");
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  setKey(dbFile, null);
  await closeDb();
  server.closeAllConnections();
  await new Promise<void>((r) => server.close(() => r()));
});

afterEach(() => {
  for (const k of ["APP_PASSWORD", "SPACE_ID"]) delete process.env[k];
  seen = [];
});

interface Answer {
  status: number;
  body: { error?: { code: string; message: string } } & Record<string, unknown>;
}

/**
 * Sends the headers and the first `first` bytes of a body that is never finished, and waits for the
 * answer: it can only come if the server answers before the body is read (else the test times out).
 */
function replay(
  urlPath: string,
  headers: Record<string, string | number>,
  first = 64 * KiB,
  more?: { afterAppSees: number },
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: "127.0.0.1",
        port,
        method: "POST",
        path: urlPath,
        headers: { host: `127.0.0.1:${port}`, "content-type": "application/json", ...headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          req.destroy();
          resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString() || "{}") });
        });
      },
    );
    req.on("error", reject);
    if (more) onAppRequest = () => req.write(Buffer.alloc(more.afterAppSees, 0x20));
    req.write(Buffer.alloc(first, 0x20));
  });
}

const chunked = { "transfer-encoding": "chunked" };
const declared = (n: number) => ({ "content-length": n });

describe("bodies are refused before they are read (M1)", () => {
  it("a chunked body over the login limit is answered 413 as it arrives; the app never reads past 16 kB", async () => {
    process.env.APP_PASSWORD = PASSCODE;
    const tooLarge = { code: "PAYLOAD_TOO_LARGE", message: `Request body is too large (limit ${16 * KiB} bytes).` };
    // 64 KiB at once: over the limit before the app is handed the request, which it never gets.
    const early = await replay("/api/auth/login", chunked);
    expect(early.status).toBe(413);
    expect(early.body.error).toEqual(tooLarge);
    expect(seen).toEqual([]);
    // 8 KiB, then 64 KiB once the app is reading: taken from the app at the limit.
    const late = await replay("/api/auth/login", chunked, 8 * KiB, { afterAppSees: 64 * KiB });
    onAppRequest = null;
    expect(late.status).toBe(413);
    expect(late.body.error).toEqual(tooLarge);
    expect(seen).toHaveLength(1);
    expect(seen[0]!.bytes).toBeLessThanOrEqual(16 * KiB);
    expect(seen[0]!.ended).toBe(false);
  });

  it("a chunked body within the limit reaches the app whole", async () => {
    process.env.APP_PASSWORD = PASSCODE;
    const body = await new Promise<string>((resolve, reject) => {
      const req = http.request(
        {
          host: "127.0.0.1",
          port,
          method: "POST",
          path: "/api/auth/login",
          headers: { host: `127.0.0.1:${port}`, ...chunked },
        },
        (res) => {
          let text = "";
          res.on("data", (c) => (text += c));
          res.on("end", () => resolve(text));
        },
      );
      req.on("error", reject);
      req.write(Buffer.alloc(8 * KiB, 0x20));
      req.end(Buffer.alloc(8 * KiB, 0x20));
    });
    expect(JSON.parse(body)).toEqual({ bytes: 16 * KiB });
  });

  it("a Space waiting for its passcode refuses any body at once, the login's too", async () => {
    process.env.SPACE_ID = "someone/reverie";
    for (const [p, headers] of [
      ["/api/entries", chunked],
      ["/api/ai/chat", declared(13 * 1024 * KiB)],
      ["/api/auth/login", declared(2 * KiB)],
      ["/api/encryption/enable", chunked],
    ] as const) {
      const r = await replay(p, headers, p === "/api/auth/login" ? KiB : 64 * KiB);
      expect(r.status, p).toBe(503);
      expect(r.body.error?.code, p).toBe("SETUP_REQUIRED");
    }
    expect(seen).toEqual([]);
  });
});

describe("a refused body's sender reads the answer (Node's fetch)", () => {
  it("a 12 MB entry gets 413 in the one error shape, not a reset", async () => {
    const content = "a".repeat(12 * 1024 * KiB);
    const res = await fetch(`http://127.0.0.1:${port}/api/entries`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ content }),
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({
      error: { code: "PAYLOAD_TOO_LARGE", message: `Request body is too large (limit ${2 * 1024 * KiB} bytes).` },
    });
  });

  it("a photo over 10 MB gets the upload's 413, naming the 10MB limit", async () => {
    const form = new FormData();
    form.append("file", new Blob([Buffer.alloc(12 * 1024 * KiB)], { type: "image/png" }), "large.png");
    const res = await fetch(`http://127.0.0.1:${port}/api/entries/0192d7a0-0000-7000-8000-000000000000/media`, {
      method: "POST",
      body: form,
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({
      error: { code: "PAYLOAD_TOO_LARGE", message: "The upload is too large. Maximum size is 10MB." },
    });
  });

  it("a chunked body cut off at the login limit gets its 413 too", async () => {
    process.env.APP_PASSWORD = PASSCODE;
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        for (let i = 0; i < 64; i++) c.enqueue(new Uint8Array(32 * KiB).fill(0x20));
        c.close();
      },
    });
    const res = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body,
      duplex: "half",
    } as RequestInit);
    expect(res.status).toBe(413);
    expect((await res.json()).error.code).toBe("PAYLOAD_TOO_LARGE");
  });
});

describe("an encrypted journal", () => {
  it("is turned on (the passphrase is the lock: no passcode)", async () => {
    const r = await call(enable.POST, {
      method: "POST",
      path: "/api/encryption/enable",
      body: { passphrase: PASS, understood: true },
    });
    expect(r.status).toBe(200);
    unlockCookie = /^(reverie_unlock=[^;]+)/u.exec(r.res.headers.get("set-cookie") ?? "")![1]!;
  });

  it("whose passphrase is the lock refuses a body without the unlock cookie at once, and takes it with the cookie", async () => {
    for (const headers of [chunked, declared(1024 * KiB)]) {
      const r = await replay("/api/entries", headers);
      expect(r.status).toBe(401);
      expect(r.body.error).toEqual({
        code: "UNAUTHORIZED",
        message: "The journal is locked. Enter its passphrase to continue.",
      });
    }
    expect(seen).toEqual([]);
    const r = await replay("/api/entries", { ...declared(64 * KiB), cookie: unlockCookie });
    expect(r.status).toBe(200);
    expect(seen).toEqual([{ path: "/api/entries", bytes: 64 * KiB, ended: true }]);
  });

  it("sealed refuses a body at once, the login's too (the passphrase comes first), but lets the unlock through", async () => {
    setKey(dbFile, null);
    process.env.APP_PASSWORD = PASSCODE;
    for (const [p, headers] of [
      ["/api/entries", chunked],
      ["/api/entries/abc/media", declared(10 * 1024 * KiB)],
      ["/api/auth/login", declared(2 * KiB)],
    ] as const) {
      const r = await replay(p, { ...headers, cookie: unlockCookie }, p === "/api/auth/login" ? KiB : 64 * KiB);
      expect(r.status, p).toBe(503);
      expect(r.body.error?.code, p).toBe("SEALED");
    }
    expect(seen).toEqual([]);
    const r = await replay("/api/encryption/unlock", declared(KiB), KiB);
    expect(r.status).toBe(200);
    expect(seen.map((s) => s.path)).toEqual(["/api/encryption/unlock"]);
  });
});

describe("a journal with a passcode, started sealed, opens from the web (M2)", () => {
  const page = (p: string, cookie?: string) =>
    proxy(
      new NextRequest(`http://127.0.0.1:3000${p}`, {
        headers: { host: "127.0.0.1:3000", ...(cookie ? { cookie } : {}) },
      }),
    );
  const post = (p: string) =>
    proxy(
      new NextRequest(`http://127.0.0.1:3000${p}`, {
        method: "POST",
        headers: { host: "127.0.0.1:3000", "content-type": "application/json", origin: "http://127.0.0.1:3000" },
        body: "{}",
      }),
    );
  const where = (res: Response) =>
    res.status === 307
      ? new URL(res.headers.get("location")!).pathname + new URL(res.headers.get("location")!).search
      : `served ${res.status}`;

  it("while sealed: every page leads to the unlock screen, which is served, and its route is reachable", async () => {
    setKey(dbFile, null);
    process.env.APP_PASSWORD = PASSCODE;
    expect(where(await page("/timeline"))).toBe("/unlock?next=%2Ftimeline");
    expect(where(await page("/lock"))).toBe("/unlock?next=%2Flock");
    expect(where(await page("/unlock?next=%2Ftimeline"))).toBe("served 200");
    expect((await post("/api/encryption/unlock")).headers.get("x-middleware-next")).toBe("1");
    expect((await post("/api/auth/login")).status).toBe(503);
  });

  it("the passphrase unseals it; then the passcode is asked for, and the two screens never lead to each other", async () => {
    process.env.APP_PASSWORD = PASSCODE;
    const r = await call(unlock.POST, { method: "POST", path: "/api/encryption/unlock", body: { passphrase: PASS } });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ state: "unlocked", passphrase_is_lock: false });
    expect(where(await page("/timeline"))).toBe("/lock?next=%2Ftimeline");
    expect(where(await page("/lock?next=%2Ftimeline"))).toBe("served 200");
    expect(where(await page("/unlock"))).toBe("/lock?next=%2Funlock");
    // Once unsealed, the unlock route is behind the passcode like the rest.
    expect((await post("/api/encryption/unlock")).status).toBe(401);
    const signedIn = await call(login.POST, { method: "POST", path: "/api/auth/login", body: { passcode: PASSCODE } });
    expect(signedIn.status).toBe(200);
    const session = /^(reverie_session=[^;]+)/u.exec(signedIn.res.headers.get("set-cookie") ?? "")![1]!;
    expect(where(await page("/timeline", session))).toBe("served 200");
  });
});
