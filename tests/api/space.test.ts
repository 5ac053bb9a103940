import { NextRequest } from "next/server";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import * as entries from "@/app/api/entries/route";
import { proxy } from "@/proxy";
import { ROUTE_POLICY } from "@/server/http/route-policy";
import { accessMode } from "@/server/security/space";
import { call } from "../support/http";

const concrete = (pattern: string) => pattern.replace(/\[[^\]]+\]/gu, "0192d7a0-0000-7000-8000-000000000000");
const request = (path: string, method = "GET") =>
  new NextRequest(`http://journal.example.hf.space${path}`, {
    method,
    headers: { origin: "http://journal.example.hf.space", "content-type": "application/json" },
    body: method === "GET" || method === "HEAD" ? undefined : "{}",
  });

const saved = { ...process.env };
beforeEach(() => {
  process.env.SPACE_ID = "someone/reverie";
  process.env.SPACE_HOST = "journal.example.hf.space";
  delete process.env.APP_PASSWORD;
  delete process.env.ALLOW_OPEN_JOURNAL;
});
afterEach(() => {
  for (const k of ["SPACE_ID", "SPACE_HOST", "APP_PASSWORD", "ALLOW_OPEN_JOURNAL"]) {
    if (saved[k] === undefined) delete process.env[k];
    else process.env[k] = saved[k];
  }
});

describe("a Space without a passcode fails closed", () => {
  it("decides the mode from SPACE_ID, APP_PASSWORD and ALLOW_OPEN_JOURNAL", () => {
    expect(accessMode({ SPACE_ID: "a/b" })).toBe("setup-required");
    expect(accessMode({ SPACE_ID: "a/b", APP_PASSWORD: "  " })).toBe("setup-required");
    expect(accessMode({ SPACE_ID: "a/b", ALLOW_OPEN_JOURNAL: "true" })).toBe("setup-required");
    expect(accessMode({ SPACE_ID: "a/b", ALLOW_OPEN_JOURNAL: "1" })).toBe("open-on-purpose");
    expect(accessMode({ SPACE_ID: "a/b", APP_PASSWORD: "x" })).toBe("locked");
    expect(accessMode({})).toBe("open");
    expect(accessMode({ SPACE_ID: "" })).toBe("open");
  });

  it("answers 503 in the one error shape on every API route and method, and no handler runs", async () => {
    const before = (await call(entries.GET, { path: "/api/entries" })).body.length;
    let checked = 0;
    for (const [pattern, { methods }] of Object.entries(ROUTE_POLICY).filter(([p]) => p.startsWith("/api/"))) {
      for (const method of [...methods!, "GET"]) {
        const res = await proxy(request(concrete(pattern), method));
        expect(res.status, `${method} ${pattern}`).toBe(503);
        const body = await res.json();
        expect(body.error.code).toBe("SETUP_REQUIRED");
        expect(body.error.message).toContain("APP_PASSWORD");
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(40);
    // Auth too: there is no passcode to log in with.
    expect((await proxy(request("/api/auth/login", "POST"))).status).toBe(503);
    expect((await proxy(request("/api/media/x?thumb=1"))).status).toBe(503);
    expect((await proxy(request("/api/unknown/route"))).status).toBe(503);
    expect((await call(entries.GET, { path: "/api/entries" })).body.length).toBe(before);
  });

  it("sends every page to the setup screen, which stays reachable", async () => {
    for (const path of ["/", "/journal", "/timeline", "/settings", "/entry/abc", "/lock", "/help"]) {
      const res = await proxy(request(path));
      expect(res.status, path).toBe(307);
      expect(new URL(res.headers.get("location")!).pathname).toBe("/setup");
    }
    const setup = await proxy(request("/setup"));
    expect(setup.status).toBe(200);
    expect(setup.headers.get("content-security-policy")).toContain("script-src");
  });

  it("lets requests through once APP_PASSWORD is set (then the lock applies) or ALLOW_OPEN_JOURNAL=1", async () => {
    process.env.APP_PASSWORD = "a passcode";
    const locked = await proxy(request("/api/entries"));
    expect(locked.status).toBe(401);
    delete process.env.APP_PASSWORD;
    process.env.ALLOW_OPEN_JOURNAL = "1";
    expect((await proxy(request("/api/entries"))).status).toBe(200);
    delete process.env.SPACE_ID;
    delete process.env.ALLOW_OPEN_JOURNAL;
    expect((await proxy(request("/api/entries"))).status).toBe(200);
  });
});
