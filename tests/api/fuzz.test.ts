import { beforeAll, describe, expect, it } from "vitest";
import { buildCorpus, ENTRY, judge, listApiRoutes, type FuzzCase } from "../../scripts/reliability/fuzz-corpus";

/**
 * The quick part of the bad-input corpus (scripts/reliability/fuzz-corpus.ts), in-process against every
 * route handler: never a 500, the one error shape on every 4xx, 4xx for invalid input, and a
 * Server-Timing header on every answer. The whole corpus, huge bodies included, runs over HTTP with
 * `npm run reliability:fuzz`.
 */

type Handler = (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;
const modules = import.meta.glob<Record<string, Handler>>("/src/app/api/**/route.ts");
const moduleFor = (pattern: string) => modules[`/src${pattern.replace(/^\/api/u, "/app/api")}/route.ts`];

const corpus = buildCorpus();
const quick = corpus.filter((c) => !c.slow && !c.front);
let entryId = "";

beforeAll(async () => {
  const mod = await moduleFor("/api/entries")!();
  const res = await mod.POST!(
    new Request("http://localhost/api/entries", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ content: "The fuzz target entry." }),
    }),
    { params: Promise.resolve({}) },
  );
  expect(res.status).toBe(201);
  entryId = ((await res.json()) as { id: string }).id;
});

async function run(c: FuzzCase): Promise<{ status: number; problem: string | null; timing: string | null }> {
  const mod = await moduleFor(c.route)!();
  const handler = mod[c.method];
  if (!handler) return { status: 405, problem: null, timing: "n/a" };
  const sub = (s: string) => s.replaceAll(ENTRY, entryId);
  const params = Object.fromEntries(Object.entries(c.params).map(([k, v]) => [k, sub(v)]));
  const req = new Request(`http://localhost${sub(c.path)}`, {
    method: c.method,
    headers: c.headers,
    body: c.body as BodyInit | undefined,
  });
  const res = await handler(req, { params: Promise.resolve(params) });
  const text = c.method === "HEAD" ? "" : await res.text();
  return {
    status: res.status,
    problem: judge(c, res.status, text, res.headers.get("content-type") ?? ""),
    timing: res.headers.get("server-timing"),
  };
}

describe("bad input over every API route (quick corpus)", () => {
  it("covers every route handler with at least 300 cases in all", () => {
    const routes = listApiRoutes();
    expect(routes.length).toBeGreaterThan(20);
    for (const r of routes) {
      expect(moduleFor(r.pattern), `no module for ${r.pattern}`).toBeDefined();
      expect(
        quick.some((c) => c.route === r.pattern),
        `no quick case for ${r.pattern}`,
      ).toBe(true);
    }
    expect(corpus.length).toBeGreaterThanOrEqual(300);
    expect(quick.length).toBeGreaterThanOrEqual(300);
  });

  it("the judge refuses a 500, a 2xx to invalid input and a 4xx outside the error shape", () => {
    const bad = { bad: true, method: "POST" } as FuzzCase;
    const any = { bad: false, method: "POST" } as FuzzCase;
    expect(judge(any, 500, '{"error":{"message":"x","code":"INTERNAL"}}', "application/json")).toMatch(/500/u);
    expect(judge(bad, 200, "{}", "application/json")).toMatch(/instead of 4xx/u);
    expect(judge(any, 400, '{"message":"x"}', "application/json")).toMatch(/error shape/u);
    expect(judge(any, 404, "Not found", "text/plain")).toMatch(/without a JSON body/u);
    expect(judge(any, 400, '{"error":{"message":"","code":"X"}}', "application/json")).toMatch(/error shape/u);
    expect(judge(bad, 400, '{"error":{"message":"Bad","code":"BAD_REQUEST"}}', "application/json")).toBeNull();
  });

  for (const route of listApiRoutes()) {
    const cases = quick.filter((c) => c.route === route.pattern);
    it(`${route.pattern}: ${cases.length} cases, never a 500, 4xx in the one shape, Server-Timing on each answer`, async () => {
      const problems: string[] = [];
      for (const c of cases) {
        const r = await run(c);
        if (r.problem) problems.push(`${c.method} ${c.name}: ${r.problem}`);
        if (r.timing !== "n/a" && !/^app;dur=\d+(\.\d+)?$/u.test(r.timing ?? ""))
          problems.push(`${c.method} ${c.name}: Server-Timing is ${r.timing}`);
      }
      expect(problems).toEqual([]);
    });
  }
});
