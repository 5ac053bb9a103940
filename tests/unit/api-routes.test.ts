import { afterEach, describe, expect, it, vi } from "vitest";
import { API_ROUTES } from "@/contracts/routes";
import { ROUTE_POLICY } from "@/server/http/route-policy";
import { call, resolveRoute, routeUrl, type RouteKey } from "@/client/routes";

/**
 * The client's route table (src/contracts/routes.ts) against the server's (src/server/http/route-policy.ts):
 * every route the browser calls exists there with that method, and every route there is either called
 * through the table or named below with the reason it is not.
 */

/** Routes the browser does not call through the table. */
const NOT_CALLED: Record<string, string> = {
  "GET /media/[id]": "media addresses come in the entry's media_files (url, thumbnail_url)",
  "PUT /config/batch": "API only (scripts and the original app's clients)",
  "GET /config/export": "API only",
  "POST /config/import": "API only",
  "POST /config/reset": "API only",
};

const keys = Object.keys(API_ROUTES) as RouteKey[];
const split = (key: string) => {
  const [method, path] = key.split(" ");
  return { method: method!, path: path! };
};

describe("the client's route table", () => {
  it("holds only routes the server declares, each with that method", () => {
    expect(keys.length).toBeGreaterThan(45);
    for (const key of keys) {
      const { method, path } = split(key);
      expect(["GET", "POST", "PUT", "DELETE"], key).toContain(method);
      const policy = ROUTE_POLICY[`/api${path}`];
      expect(policy, `${key}: no such route in the route policy`).toBeDefined();
      expect(policy!.methods, key).toContain(method);
    }
  });

  it("holds every route and method the server declares, or names why the browser does not call it", () => {
    const declared = Object.entries(ROUTE_POLICY)
      .filter(([p]) => p.startsWith("/api/") && p !== "/api/[...path]")
      .flatMap(([p, policy]) => (policy.methods ?? []).filter((m) => m !== "HEAD").map((m) => `${m} ${p.slice(4)}`));
    const missing = declared.filter((k) => !(k in API_ROUTES) && !(k in NOT_CALLED));
    expect(missing).toEqual([]);
    // A route named as not called must exist, and must not be in the table too.
    for (const k of Object.keys(NOT_CALLED)) {
      expect(declared, k).toContain(k);
      expect(k in API_ROUTES, k).toBe(false);
    }
  });

  it("fills in params, encoded, and refuses a call without one", () => {
    expect(resolveRoute("DELETE /entries/[id]/media/[mediaId]", { id: "a b", mediaId: "x/y" })).toEqual({
      method: "DELETE",
      path: "/entries/a%20b/media/x%2Fy",
    });
    expect(() => resolveRoute("GET /entries/[id]", {})).toThrow(/missing param id/u);
    expect(routeUrl("PUT /data/import/uploads/[id]", { params: { id: "u1" }, query: { offset: 8 } })).toBe(
      "/api/data/import/uploads/u1?offset=8",
    );
    expect(routeUrl("GET /auth/status")).toBe("/api/auth/status");
  });
});

describe("the typed caller", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("sends the route's method, path, query and JSON body, and answers the JSON", async () => {
    const seen: { url: string; init: RequestInit }[] = [];
    vi.stubGlobal("fetch", async (url: string, init: RequestInit) => {
      seen.push({ url, init });
      return new Response(JSON.stringify({ id: "e1", title: "T" }), { status: 200 });
    });
    const entry = await call("PUT /entries/[id]", { params: { id: "e1" }, body: { content: "hello" } });
    expect(entry.id).toBe("e1");
    expect(seen[0]!.url).toBe("/api/entries/e1");
    expect(seen[0]!.init.method).toBe("PUT");
    expect(JSON.parse(String(seen[0]!.init.body))).toEqual({ content: "hello" });

    await call("GET /entries/calendar", { query: { month: "2026-11", tz: "Europe/Paris" } });
    expect(seen[1]!.url).toBe("/api/entries/calendar?month=2026-11&tz=Europe%2FParis");
    expect(seen[1]!.init.method).toBe("GET");

    await call("POST /backups");
    expect(seen[2]!.init.method).toBe("POST");
    expect(seen[2]!.init.body).toBeUndefined();
  });
});

/** Never called: the type check (npm run typecheck) holds these lines. */
export function typeChecks() {
  // @ts-expect-error a path the table does not hold
  void call("GET /entrys/[id]", { params: { id: "1" } });
  // @ts-expect-error a method the route does not answer
  void call("PATCH /entries/[id]", { params: { id: "1" } });
  // @ts-expect-error a route with a param needs it
  void call("GET /entries/[id]");
  // @ts-expect-error a body of the wrong shape
  void call("POST /auth/login", { body: { password: "x" } });
  // @ts-expect-error a stream is read with routeUrl, not as JSON
  void call("POST /ai/chat", { body: { message: "hi" } });
  void (async () => {
    const entry = await call("GET /entries/[id]", { params: { id: "1" } });
    // @ts-expect-error the answer is typed: an EntryDto has no such field
    void entry.no_such_field;
  });
}
