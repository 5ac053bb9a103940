import http from "node:http";
import type { AddressInfo } from "node:net";
import { NextRequest } from "next/server";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { proxy } from "@/proxy";
import { CLIENT_ADDRESS_HEADER } from "@/server/security/client";
import { bodyLimit } from "@/server/http/route-policy";
import { installEarlyCheck } from "@/server/security/early";
import { createSessionValue, endAllSessions, SESSION_COOKIE } from "@/server/security/session";

/** The proxy as Next runs it, on a request with the given Host and headers. */
async function viaProxy(method: string, path: string, headers: Record<string, string>) {
  const host = headers.host ?? "127.0.0.1:3000";
  const req = new NextRequest(`http://${host}${path}`, { method, headers });
  const res = await proxy(req);
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null, res };
}

afterEach(() => {
  delete process.env.ALLOWED_HOSTS;
  delete process.env.SPACE_HOST;
  delete process.env.APP_PASSWORD;
});

describe("DNS rebinding: only allowed Host names are answered (finding 1)", () => {
  const rebinding = { host: "attacker.example:3000", origin: "http://attacker.example:3000" };

  it("refuses another Host for every method, pages included, in the one error shape", async () => {
    for (const [method, path] of [
      ["GET", "/api/data/export"],
      ["POST", "/api/entries"],
      ["GET", "/"],
      ["GET", "/timeline"],
      ["DELETE", "/api/entries/x"],
    ] as const) {
      const r = await viaProxy(method, path, rebinding);
      expect(r.status, `${method} ${path}`).toBe(421);
      expect(r.body).toEqual({
        error: { message: expect.stringContaining("ALLOWED_HOSTS"), code: "MISDIRECTED_REQUEST" },
      });
    }
  });

  it("answers loopback names and IP literals", async () => {
    for (const host of ["localhost:3000", "127.0.0.1:3000", "[::1]:3000", "192.168.1.20:3000", "app.localhost:3000"]) {
      expect((await viaProxy("GET", "/api/entries", { host })).status, host).not.toBe(421);
    }
  });

  it("answers names from ALLOWED_HOSTS and SPACE_HOST", async () => {
    expect((await viaProxy("GET", "/api/entries", { host: "journal.example.com" })).status).toBe(421);
    process.env.ALLOWED_HOSTS = "journal.example.com, .home.arpa";
    process.env.SPACE_HOST = "me-reverie.hf.space";
    for (const host of ["journal.example.com", "Journal.Example.com:8443", "nas.home.arpa", "me-reverie.hf.space"]) {
      expect((await viaProxy("GET", "/api/entries", { host })).status, host).not.toBe(421);
    }
    expect((await viaProxy("GET", "/api/entries", { host: "evil.example.com" })).status).toBe(421);
  });

  it("a write whose Origin is not an allowed origin is refused, even if it matches the Host", async () => {
    process.env.ALLOWED_HOSTS = "journal.example.com";
    const ok = await viaProxy("POST", "/api/entries", {
      host: "journal.example.com",
      origin: "http://journal.example.com",
    });
    expect(ok.status).not.toBe(403);
    const foreign = await viaProxy("POST", "/api/entries", {
      host: "127.0.0.1:3000",
      origin: "http://192.168.1.9:8000",
    });
    expect(foreign.status).toBe(403);
  });
});

describe("the server's early request check (findings 5, 13)", () => {
  let server: http.Server;
  let port = 0;
  let handled = 0;
  let lastClient = "";

  beforeAll(async () => {
    await import("../../scripts/server-guard.mjs");
    installEarlyCheck();
    server = http.createServer((req, res) => {
      handled++;
      lastClient = String(req.headers[CLIENT_ADDRESS_HEADER] ?? "");
      req.resume();
      req.on("end", () => res.end("handled"));
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  function send(
    method: string,
    path: string,
    headers: Record<string, string | number> = {},
    body?: Buffer,
  ): Promise<{ status: number; body: any; headers: http.IncomingHttpHeaders }> {
    return new Promise((resolve, reject) => {
      const req = http.request(
        { host: "127.0.0.1", port, method, path, headers: { host: `127.0.0.1:${port}`, ...headers } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c) => chunks.push(c));
          res.on("end", () => {
            const text = Buffer.concat(chunks).toString();
            let parsed: unknown = text;
            try {
              parsed = JSON.parse(text);
            } catch {
              /* plain */
            }
            resolve({ status: res.statusCode!, body: parsed, headers: res.headers });
          });
        },
      );
      req.on("error", reject);
      if (body) req.write(body);
      req.end();
    });
  }

  it("answers TRACE and unknown methods with 405 in the one error shape", async () => {
    for (const method of ["TRACE", "PROPFIND", "MKCOL", "PURGE"]) {
      const before = handled;
      const r = await send(method, "/api/entries");
      expect(r.status, method).toBe(405);
      expect(r.body).toMatchObject({ error: { code: "METHOD_NOT_ALLOWED", message: expect.stringContaining(method) } });
      expect(r.headers.allow).toContain("GET");
      expect(handled).toBe(before);
    }
  });

  it("sets the client address from the socket, whatever the client claims", async () => {
    await send("GET", "/api/entries", { "x-forwarded-for": "6.6.6.6", [CLIENT_ADDRESS_HEADER]: "7.7.7.7" });
    expect(lastClient).toBe("127.0.0.1");
    process.env.TRUSTED_PROXY_HOPS = "1";
    try {
      await send("GET", "/api/entries", { "x-forwarded-for": "6.6.6.6, 203.0.113.5" });
      expect(lastClient).toBe("203.0.113.5");
    } finally {
      delete process.env.TRUSTED_PROXY_HOPS;
    }
  });

  it("refuses a foreign Host before the app sees it", async () => {
    const before = handled;
    const r = await send("GET", "/", { host: "attacker.example" });
    expect(r.status).toBe(421);
    expect(handled).toBe(before);
  });

  it("refuses a body over its route's limit by its declared length, without reading it", async () => {
    const before = handled;
    const r = await send("POST", "/api/entries", {
      "content-type": "application/json",
      "content-length": 14 * 1024 * 1024,
    });
    expect(r.status).toBe(413);
    expect(r.body.error.code).toBe("PAYLOAD_TOO_LARGE");
    expect(handled).toBe(before);
    expect(bodyLimit("/api/entries/abc/media").bytes).toBeGreaterThan(bodyLimit("/api/entries").bytes);
  });

  it("refuses a body sent to a locked journal without a valid session, without reading it", async () => {
    process.env.APP_PASSWORD = "pass";
    const before = handled;
    // 12 MB declared, nothing sent: the answer comes before any byte of the body.
    const r = await send("POST", "/api/entries/abc/media", {
      "content-type": "multipart/form-data; boundary=x",
      "content-length": 10 * 1024 * 1024,
    });
    expect(r.status).toBe(401);
    expect(r.body.error.code).toBe("UNAUTHORIZED");
    const forged = await send(
      "POST",
      "/api/entries",
      {
        "content-type": "application/json",
        "content-length": 2,
        cookie: `${SESSION_COOKIE}=1999999999999.AAAAAAAAAAAAAAAAAAAAAA.${"A".repeat(43)}`,
      },
      Buffer.from("{}"),
    );
    expect(forged.status).toBe(401);
    expect(handled).toBe(before);
    // With a valid session the request goes on to the app; after Lock the same cookie no longer does.
    const cookie = `${SESSION_COOKIE}=${await createSessionValue("pass")}`;
    expect(
      (
        await send(
          "POST",
          "/api/entries",
          { "content-type": "application/json", "content-length": 2, cookie },
          Buffer.from("{}"),
        )
      ).status,
    ).toBe(200);
    endAllSessions();
    expect(
      (
        await send(
          "POST",
          "/api/entries",
          { "content-type": "application/json", "content-length": 2, cookie },
          Buffer.from("{}"),
        )
      ).status,
    ).toBe(401);
    // The login form itself stays open, with a small limit.
    expect(
      (
        await send(
          "POST",
          "/api/auth/login",
          { "content-type": "application/json", "content-length": 2 },
          Buffer.from("{}"),
        )
      ).status,
    ).toBe(200);
    expect(
      (await send("POST", "/api/auth/login", { "content-type": "application/json", "content-length": 1024 * 1024 }))
        .status,
    ).toBe(413);
  });
});
