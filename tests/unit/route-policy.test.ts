import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { existsSync } from "node:fs";
import path from "node:path";
import { ROUTE_POLICY, allowedMethods, bodyLimit, isOpenUnder, routeFor } from "@/server/http/route-policy";
import { proxy } from "@/proxy";
import { listApiRoutes } from "../../scripts/reliability/fuzz-corpus";

const ROOT = path.resolve(import.meta.dirname, "../..");

describe("the route policy", () => {
  it("names every route file under src/app/api with exactly the methods it exports, and nothing else", () => {
    const fromFiles = Object.fromEntries(listApiRoutes().map((r) => [r.pattern, [...r.methods].sort()]));
    const table = Object.fromEntries(
      Object.entries(ROUTE_POLICY)
        .filter(([p]) => p.startsWith("/api/"))
        .map(([p, policy]) => [p, [...(policy.methods ?? [])].sort()]),
    );
    expect(table).toEqual(fromFiles);
    expect(Object.keys(table).length).toBeGreaterThan(45);
  });

  it("names only pages and files that exist, and gives them no methods or body limits", () => {
    const pages = Object.entries(ROUTE_POLICY).filter(([p]) => !p.startsWith("/api/"));
    expect(pages.length).toBeGreaterThan(5);
    for (const [pattern, policy] of pages) {
      const name = pattern.slice(1).replace(/\/\[\.\.\.[^\]]+\]$/u, "");
      const where = [
        `src/app/${name}/page.tsx`,
        `src/app/${name}`,
        `public/${name}`,
        `src/app/${name.replace(/\.\w+$/u, "")}.ts`,
      ].filter((f) => existsSync(path.join(ROOT, f)));
      expect(where, pattern).not.toEqual([]);
      expect(policy.methods, pattern).toBeUndefined();
      expect(policy.bodyLimit, pattern).toBeUndefined();
    }
  });

  it("keeps the journal closed under each lock except the way in and the app's shell", () => {
    const open = (lock: "locked" | "sealed" | "setup") =>
      Object.keys(ROUTE_POLICY).filter((p) => ROUTE_POLICY[p]!.open?.[lock]);
    // The reminder calendar feed stays open: a calendar app cannot unlock, and the feed holds no journal content.
    expect(open("locked").filter((p) => p.startsWith("/api/"))).toEqual([
      "/api/auth/login",
      "/api/auth/status",
      "/api/reminders/feed/[token]",
    ]);
    expect(open("sealed").filter((p) => p.startsWith("/api/"))).toEqual([
      "/api/encryption",
      "/api/encryption/unlock",
      "/api/reminders/feed/[token]",
    ]);
    expect(isOpenUnder("locked", "/api/reminders")).toBe(false);
    expect(isOpenUnder("sealed", "/api/reminders/link")).toBe(false);
    expect(open("setup").filter((p) => p.startsWith("/api/"))).toEqual([]);
    expect(isOpenUnder("locked", "/lock")).toBe(true);
    expect(isOpenUnder("locked", "/unlock")).toBe(false);
    expect(isOpenUnder("sealed", "/unlock")).toBe(true);
    expect(isOpenUnder("setup", "/setup")).toBe(true);
    expect(isOpenUnder("setup", "/icons/icon-192.png")).toBe(true);
    // Addresses as sent: another case, an empty segment, a trailing slash or an encoded letter open nothing.
    for (const p of [
      "/api/auth/login/",
      "/API/auth/login",
      "//api/auth/login",
      "/%61pi/auth/login",
      "/lock/",
      "/icons/",
    ])
      expect(isOpenUnder("locked", p), p).toBe(false);
  });

  it("gives each route its body limit, the media routes the 10MB message", () => {
    expect(bodyLimit("/api/auth/login").bytes).toBe(16 * 1024);
    expect(bodyLimit("/api/entries").bytes).toBe(2 * 1024 * 1024);
    expect(bodyLimit("/api/entries/abc/media").bytes).toBeGreaterThan(10 * 1024 * 1024);
    expect(bodyLimit("/api/entries/abc/media").message).toBe("The upload is too large. Maximum size is 10MB.");
    expect(bodyLimit("/api/ai/analyze-image").message).toBe("The file is too large. Maximum size is 10MB.");
    expect(bodyLimit("/api/entries").message).toBe(`Request body is too large (limit ${2 * 1024 * 1024} bytes).`);
    expect(routeFor("/api/entries/calendar")?.pattern).toBe("/api/entries/calendar");
    expect(routeFor("/api/entries/x")?.pattern).toBe("/api/entries/[id]");
    expect(routeFor("/api/nothing/here/at/all")?.pattern).toBe("/api/[...path]");
  });

  it("matches addresses as Next routes them: static segments before dynamic ones", () => {
    expect(allowedMethods("/api/entries")).toEqual(["GET", "POST", "HEAD", "OPTIONS"]);
    expect(allowedMethods("/api/entries/calendar")).toEqual(["GET", "HEAD", "OPTIONS"]);
    expect(allowedMethods("/api/entries/0190f0a0-0000-7000-8000-000000000001")).toEqual([
      "GET",
      "PUT",
      "DELETE",
      "HEAD",
      "OPTIONS",
    ]);
    expect(allowedMethods("/api/entries/abc/media/def")).toEqual(["DELETE", "OPTIONS"]);
    expect(allowedMethods("/api/ai/analyze-text")).toEqual(["POST", "OPTIONS"]);
    expect(allowedMethods("/api/media/xyz")).toEqual(["GET", "HEAD", "OPTIONS"]);
    // Any other address under /api is the catch-all route's (its 404).
    expect(allowedMethods("/api/nothing/here")).toEqual(["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"]);
    expect(allowedMethods("/api/entries/a/b/c/d")).toEqual([
      "GET",
      "POST",
      "PUT",
      "PATCH",
      "DELETE",
      "HEAD",
      "OPTIONS",
    ]);
    expect(allowedMethods("/timeline")).toBeNull();
  });
});

describe("the proxy", () => {
  const send = (method: string, path: string) =>
    proxy(new NextRequest(`http://localhost${path}`, { method, headers: { "sec-fetch-site": "same-origin" } }));

  it("answers a method a route does not have with 405 in the one error shape, and names the allowed ones", async () => {
    for (const [method, path, allow] of [
      ["PATCH", "/api/ai/analyze-text", "POST, OPTIONS"],
      ["GET", "/api/data/clear", "POST, OPTIONS"],
      ["DELETE", "/api/entries", "GET, POST, HEAD, OPTIONS"],
      ["POST", "/api/entries/calendar", "GET, HEAD, OPTIONS"],
    ] as const) {
      const res = await send(method, path);
      expect(res.status, `${method} ${path}`).toBe(405);
      expect(res.headers.get("allow")).toBe(allow);
      const body = (await res.json()) as { error: { code: string; message: string } };
      expect(body.error.code).toBe("METHOD_NOT_ALLOWED");
      expect(body.error.message).toBe(`${method} is not allowed here. Allowed: ${allow}.`);
    }
  });

  it("lets the route's own methods, and unknown addresses (the catch-all's 404), through", async () => {
    for (const [method, path] of [
      ["GET", "/api/entries"],
      ["POST", "/api/entries"],
      ["HEAD", "/api/entries/statistics"],
      ["OPTIONS", "/api/ai/chat"],
      ["PATCH", "/api/not-a-route"],
      ["GET", "/timeline"],
    ] as const) {
      const res = await send(method, path);
      expect(res.status, `${method} ${path}`).toBe(200);
      expect(res.headers.get("x-middleware-next")).toBe("1");
    }
  });
});
