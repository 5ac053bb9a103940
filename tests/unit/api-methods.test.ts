import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { API_ROUTE_METHODS, allowedMethods } from "@/server/http/api-methods";
import { proxy } from "@/proxy";
import { listApiRoutes } from "../../scripts/reliability/fuzz-corpus";

describe("the table of API methods", () => {
  it("names every route file under src/app/api with exactly the methods it exports", () => {
    const fromFiles = Object.fromEntries(
      listApiRoutes()
        .filter((r) => !r.pattern.includes("[..."))
        .map((r) => [r.pattern, [...r.methods].sort()]),
    );
    const table = Object.fromEntries(Object.entries(API_ROUTE_METHODS).map(([p, m]) => [p, [...m].sort()]));
    expect(table).toEqual(fromFiles);
  });

  it("matches addresses as Next routes them: static segments before dynamic ones", () => {
    expect(allowedMethods("/api/entries")).toEqual(["GET", "POST", "HEAD", "OPTIONS"]);
    expect(allowedMethods("/api/entries/calendar")).toEqual(["GET", "HEAD", "OPTIONS"]);
    expect(allowedMethods("/api/entries/0190f0a0-0000-7000-8000-000000000001")).toEqual(["GET", "PUT", "DELETE", "HEAD", "OPTIONS"]);
    expect(allowedMethods("/api/entries/abc/media/def")).toEqual(["DELETE", "OPTIONS"]);
    expect(allowedMethods("/api/ai/analyze-text")).toEqual(["POST", "OPTIONS"]);
    expect(allowedMethods("/api/media/xyz")).toEqual(["GET", "HEAD", "OPTIONS"]);
    expect(allowedMethods("/api/nothing/here")).toBeNull();
    expect(allowedMethods("/api/entries/a/b/c/d")).toBeNull();
  });
});

describe("the proxy", () => {
  const send = (method: string, path: string) => proxy(new NextRequest(`http://localhost${path}`, { method, headers: { "sec-fetch-site": "same-origin" } }));

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
