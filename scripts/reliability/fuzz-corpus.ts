/**
 * The bad-input corpus: deterministic requests against every API route, found on the filesystem so that
 * a new route is fuzzed without being listed here. Used over HTTP by `npm run reliability:fuzz` and,
 * for the quick cases, in-process by tests/api/fuzz.test.ts.
 *
 * Families: hostile path ids, hostile query strings, malformed JSON, wrong types in every known field,
 * random JSON values from fast-check (fixed seed), huge strings and bodies, wrong content types, and
 * hostile multipart uploads (wrong field, no boundary, SVG, HTML posing as an image, truncated, two files,
 * traversal file names). Every answer must be below 500 and, when 4xx, in the one JSON error shape;
 * cases marked `bad` must be answered 4xx.
 *
 * Placeholders: `__ENTRY__` in a path or params is replaced by the id of a real entry before sending.
 * Only erasable TypeScript and relative imports: plain Node and vitest both load this file.
 */
import fc from "fast-check";
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

export const ENTRY = "__ENTRY__";

export interface FuzzCase {
  name: string;
  /** the route's pattern, e.g. /api/entries/[id] */
  route: string;
  method: string;
  /** concrete path with query string */
  path: string;
  params: Record<string, string>;
  headers: Record<string, string>;
  body?: string | Uint8Array;
  /** the input is invalid: the answer must be 4xx (otherwise: anything below 500) */
  bad: boolean;
  /** takes long in-process (huge bodies, model tasks on huge text): HTTP fuzz only */
  slow?: boolean;
  /**
   * a path segment of dots only: over HTTP the address is resolved (RFC 3986 dot segments) before any
   * route is chosen, so the answer is a redirect or another address's; only in-process does a handler see it
   */
  dotSegment?: boolean;
  /**
   * refused in front of the route handlers (the server's early request check or the proxy): a foreign
   * Host, an unknown method, an oversized declared length. HTTP fuzz only.
   */
  front?: boolean;
}

export interface ApiRoute {
  pattern: string;
  file: string;
  methods: string[];
  /** parses a JSON body */
  json: boolean;
  /** takes a multipart upload */
  multipart: boolean;
}

const ROOT = path.resolve(import.meta.dirname, "../..");
const API_DIR = path.join(ROOT, "src", "app", "api");
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD"];

/** Every route handler under src/app/api, with its methods and the kind of body it reads. */
export function listApiRoutes(): ApiRoute[] {
  const out: ApiRoute[] = [];
  const walk = (dir: string, segs: string[]) => {
    for (const name of readdirSync(dir).sort()) {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) walk(full, [...segs, name]);
      else if (/^route\.tsx?$/u.test(name)) {
        const src = readFileSync(full, "utf8");
        out.push({
          pattern: `/api/${segs.join("/")}`.replace(/\/$/u, ""),
          file: path.relative(ROOT, full),
          methods: METHODS.filter((m) => new RegExp(`export (const|async function|function) ${m}\\b`, "u").test(src)),
          json: /parseJson\(/u.test(src),
          multipart: /addMedia|mediaFromForm|multipart/u.test(src),
        });
      }
    }
  };
  walk(API_DIR, []);
  return out;
}

const dynamicNames = (pattern: string) => [...pattern.matchAll(/\[(?:\.\.\.)?([^\]]+)\]/gu)].map((m) => m[1]!);
/** A segment as sent: percent-encoded, dots too (so that ".." reaches the server instead of being resolved by the client). */
const segment = (v: string) => (/^\.+$/u.test(v) ? v.replace(/\./gu, "%2E") : encodeURIComponent(v));
function fill(pattern: string, values: Record<string, string>): string {
  return pattern.replace(/\[(?:\.\.\.)?([^\]]+)\]/gu, (_, n: string) => segment(values[n] ?? ENTRY));
}

/** Ids that must be refused (404 or 400), never a 500. */
const HOSTILE_IDS = [
  "0",
  "-1",
  "abc",
  "1e309",
  "NaN",
  "null",
  "undefined",
  "00000000-0000-0000-0000-000000000000",
  "019a0000-0000-7000-8000-000000000000",
  "../../etc/passwd",
  "..",
  "' OR 1=1 --",
  '"; DROP TABLE entries; --',
  "%00",
  "\u0000",
  "😀",
  "a".repeat(5000),
  " ",
  "[]",
  "{}",
];

/** Query values that are wrong for any parameter that exists. */
const HOSTILE_QUERY: [string, string][] = [
  ["limit", "-1"],
  ["limit", "abc"],
  ["limit", "1e10"],
  ["limit", "0"],
  ["limit", "501"],
  ["limit", "1.5"],
  ["offset", "-5"],
  ["offset", "NaN"],
  ["offset", "99999999999999999999"],
  ["tz", "Mars/Phobos"],
  ["tz", "x".repeat(1000)],
  ["tz", "UTC+25"],
  ["tz", ""],
  ["date_from", "2024-13-45"],
  ["date_from", "not-a-date"],
  ["date_to", "2024-02-30"],
  ["date_from", "99999-01-01"],
  ["date_to", "2024-01-01T25:00:00Z"],
  ["mood", "ecstatic"],
  ["mood", ""],
  ["has_media", "maybe"],
  ["month", "2024-13"],
  ["month", "abc"],
  ["month", "0000-00"],
  ["month", "2024-1"],
  ["search", "s".repeat(10_000)],
  ["thumb", "2"],
];

/** Valid-shaped queries with odd content: any answer below 500. */
const ODD_QUERY: string[] = [
  "search=%22%22%22",
  "search=*",
  "search=%25%5F%5C",
  "search=NEAR(a%20b)",
  "search=a%20OR%20b",
  "search=%00%01%02",
  "search=%F0%9F%98%80%F0%9F%98%80",
  "tags=a&tags=b&tags=" + "t".repeat(60),
  "tags[]=x",
  "search=ab",
  "search=abc&tags=work&mood=positive&has_media=true&limit=5&offset=3",
  "limit=20&offset=10000000",
  "date_from=2024-01-01&date_to=2023-01-01",
  "date_from=0000-01-01&date_to=9999-12-31",
  "tz=Asia/Kathmandu",
  "month=9999-12&tz=Pacific/Kiritimati",
  "month=0001-01&tz=Etc/GMT%2B12",
  "unknown=1",
  "search=x&search=y",
];

/** Body fields that some contract knows, to aim wrong types at. */
const FIELDS = [
  "id",
  "title",
  "content",
  "mood",
  "tags",
  "created_at",
  "ai_summary",
  "ai_mood_score",
  "ai_themes",
  "location_name",
  "location_lat",
  "location_lng",
  "content_type",
  "mime_type",
  "image_data",
  "context_text",
  "message",
  "context_entries",
  "conversation_history",
  "contextEntries",
  "conversation",
  "stream",
  "date_range",
  "tz",
  "key",
  "value",
  "config",
  "model_name",
  "api_key",
  "passcode",
  "conflict_of",
  "base_updated_at",
];

/** Values that are the wrong type (or out of range) for every field that has a contract. */
const WRONG_VALUES: [string, unknown][] = [
  ["number", 12345],
  ["negative", -1],
  ["huge number", 1e308],
  ["boolean", true],
  ["object", { nested: { deep: [1, 2, 3] } }],
  ["array of numbers", [1, 2, 3]],
  ["array of objects", [{ a: 1 }]],
  ["empty array", []],
];

/** Valid-typed odd values: any answer below 500. */
const ODD_VALUES: [string, unknown][] = [
  ["null", null],
  ["empty string", ""],
  ["whitespace", "   \n\t "],
  ["control characters", "\u0000\u0001\u001b[31m\u007f"],
  ["emoji", "😀".repeat(500)],
  ["bidi and zero width", "\u202e\u200b\u2066abc\u2069"],
  ["invalid date", "2024-02-30T00:00:00Z"],
  ["date without zone", "2024-01-01T10:00:00"],
  ["year 0", "0000-01-01T00:00:00Z"],
  ["year 10000", "+010000-01-01T00:00:00Z"],
  ["time zone name", "Mars/Phobos"],
  ["SQL", "' OR 1=1; DROP TABLE entries; --"],
  ["HTML", "<script>alert(1)</script><img src=x onerror=alert(1)>"],
  ["path", "../../../../etc/passwd"],
  ["base64 garbage", "data:image/png;base64,!!!!"],
  ["long string", "x".repeat(25_000)],
];

const MALFORMED_JSON: [string, string][] = [
  ["truncated object", '{"content": "abc"'],
  ["truncated array", "[1,2"],
  ["bare word", "nul"],
  ["trailing comma", '{"content":"a",}'],
  ["single quotes", "{'content':'a'}"],
  ["NaN literal", '{"ai_mood_score": NaN}'],
  ["comment", '{/* c */ "content": "a"}'],
  ["BOM and garbage", "\ufeff}{"],
  ["NUL byte", "\u0000"],
  ["binary", "\u00ff\u00fe\u00fd"],
  ["number", "42"],
  ["string", '"just a string"'],
  ["array", "[]"],
  ["null", "null"],
  ["empty object", "{}"],
  ["deep nesting", `${"[".repeat(5000)}${"]".repeat(5000)}`],
  ["duplicate keys", '{"content":"a","content":5}'],
  ["unknown fields only", '{"zzz":1,"__proto__":{"polluted":true}}'],
];

const json = { "content-type": "application/json" };

function multipart(
  parts: { field: string; filename?: string; type?: string; data: Uint8Array | string }[],
  boundary = "----reverieFuzzBoundary",
  close = true,
): Uint8Array {
  const chunks: Buffer[] = [];
  for (const p of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${p.field}"`;
    if (p.filename !== undefined) head += `; filename="${p.filename}"`;
    head += "\r\n";
    if (p.type) head += `Content-Type: ${p.type}\r\n`;
    chunks.push(Buffer.from(`${head}\r\n`), Buffer.from(p.data), Buffer.from("\r\n"));
  }
  if (close) chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return new Uint8Array(Buffer.concat(chunks));
}

const PNG_MAGIC = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const SVG = '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(1)</script></svg>';
const MP = "multipart/form-data; boundary=----reverieFuzzBoundary";

function uploadCases(route: ApiRoute, p: string, params: Record<string, string>): FuzzCase[] {
  const base = { route: route.pattern, method: "POST", path: p, params };
  const c = (
    name: string,
    headers: Record<string, string>,
    body: Uint8Array | string | undefined,
    bad = true,
    slow = false,
  ): FuzzCase => ({
    ...base,
    name: `upload: ${name}`,
    headers,
    body,
    bad,
    slow,
  });
  return [
    c("no content type", {}, "hello"),
    c("JSON instead of multipart", json, '{"file":"abc"}'),
    c(
      "multipart without boundary",
      { "content-type": "multipart/form-data" },
      multipart([{ field: "file", filename: "a.png", type: "image/png", data: "x" }]),
    ),
    c("empty body", { "content-type": MP }, ""),
    c("no parts", { "content-type": MP }, "------reverieFuzzBoundary--\r\n"),
    c(
      "wrong field name",
      { "content-type": MP },
      multipart([{ field: "photo", filename: "a.png", type: "image/png", data: PNG_MAGIC }]),
    ),
    c("text field only", { "content-type": MP }, multipart([{ field: "file", data: "not a file" }])),
    c(
      "empty file",
      { "content-type": MP },
      multipart([{ field: "file", filename: "empty.png", type: "image/png", data: new Uint8Array() }]),
    ),
    c(
      "two files",
      { "content-type": MP },
      multipart([
        { field: "file", filename: "a.png", type: "image/png", data: PNG_MAGIC },
        { field: "file", filename: "b.png", type: "image/png", data: PNG_MAGIC },
      ]),
    ),
    c(
      "SVG with script",
      { "content-type": MP },
      multipart([{ field: "file", filename: "x.svg", type: "image/svg+xml", data: SVG }]),
    ),
    c(
      "SVG named .png",
      { "content-type": MP },
      multipart([{ field: "file", filename: "x.png", type: "image/png", data: SVG }]),
    ),
    c(
      "HTML posing as JPEG",
      { "content-type": MP },
      multipart([
        { field: "file", filename: "x.jpg", type: "image/jpeg", data: "<html><script>alert(1)</script></html>" },
      ]),
    ),
    c(
      "executable",
      { "content-type": MP },
      multipart([
        {
          field: "file",
          filename: "run.exe",
          type: "application/octet-stream",
          data: Uint8Array.from([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0]),
        },
      ]),
    ),
    c(
      "truncated body",
      { "content-type": MP },
      multipart([{ field: "file", filename: "a.png", type: "image/png", data: PNG_MAGIC }], undefined, false).slice(
        0,
        60,
      ),
    ),
    c(
      "unterminated multipart",
      { "content-type": MP },
      multipart([{ field: "file", filename: "a.png", type: "image/png", data: PNG_MAGIC }], undefined, false),
    ),
    // A PNG signature over garbage passes the magic-bytes check; it may be stored (201) but must not be a 500.
    c(
      "PNG signature over garbage",
      { "content-type": MP },
      multipart([
        {
          field: "file",
          filename: "broken.png",
          type: "image/png",
          data: Buffer.concat([Buffer.from(PNG_MAGIC), Buffer.alloc(512, 7)]),
        },
      ]),
      false,
    ),
    c(
      "traversal file name",
      { "content-type": MP },
      multipart([{ field: "file", filename: "../../../etc/passwd", type: "text/plain", data: "root:x:0:0" }]),
    ),
    c(
      "NUL in file name",
      { "content-type": MP },
      multipart([{ field: "file", filename: "a\u0000.png", type: "image/png", data: "x" }]),
    ),
    c(
      "media id not a UUID",
      { "content-type": MP },
      multipart([
        { field: "id", data: "../../etc/passwd" },
        { field: "file", filename: "a.png", type: "image/png", data: PNG_MAGIC },
      ]),
    ),
    c(
      "media id after the file, not a UUID",
      { "content-type": MP },
      multipart([
        { field: "file", filename: "a.png", type: "image/png", data: PNG_MAGIC },
        { field: "id", data: "' OR 1=1 --" },
      ]),
    ),
    c(
      "media id sent twice",
      { "content-type": MP },
      multipart([
        { field: "id", data: "0193a0c4-7b2e-7c3d-9f10-2a4b6c8d0e1f" },
        { field: "id", data: "0193a0c4-7b2e-7c3d-9f10-2a4b6c8d0e20" },
        { field: "file", filename: "a.png", type: "image/png", data: PNG_MAGIC },
      ]),
    ),
    c(
      "1000 text fields",
      { "content-type": MP },
      multipart(Array.from({ length: 1000 }, (_, i) => ({ field: `f${i}`, data: "v" }))),
    ),
    c(
      "over 10 MB file",
      { "content-type": MP },
      multipart([
        {
          field: "file",
          filename: "big.png",
          type: "image/png",
          data: Buffer.concat([Buffer.from(PNG_MAGIC), Buffer.alloc(10 * 1024 * 1024 + 10)]),
        },
      ]),
      true,
      true,
    ),
  ];
}

/**
 * The whole corpus for the routes found now. Deterministic: the same routes give the same cases.
 */
export function buildCorpus(opts: { seed?: number; randomPerRoute?: number } = {}): FuzzCase[] {
  const out: FuzzCase[] = [];
  const seed = opts.seed ?? 20261121;
  const randomPerRoute = opts.randomPerRoute ?? 8;
  const routes = listApiRoutes();
  routes.forEach((route, ri) => {
    const names = dynamicNames(route.pattern);
    const realParams = Object.fromEntries(names.map((n) => [n, ENTRY]));
    const realPath = fill(route.pattern, realParams);

    // Hostile ids in every dynamic segment, for every method.
    for (const n of names) {
      for (const id of HOSTILE_IDS) {
        const params = { ...realParams, [n]: id };
        for (const method of route.methods) {
          const body =
            method === "PUT" ? JSON.stringify({ content: "fuzz" }) : method === "POST" && route.json ? "{}" : undefined;
          out.push({
            name: `${method} ${n}=${JSON.stringify(id.length > 20 ? `${id.slice(0, 8)}…(${id.length})` : id)}`,
            route: route.pattern,
            method,
            path: fill(route.pattern, params),
            params,
            headers: body ? json : {},
            body,
            // A hostile id is refused (a 404 or 400), except that removing something already gone by a
            // well-formed id may succeed: DELETE is idempotent.
            bad: !(method === "DELETE" && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/u.test(id)),
            dotSegment: /^\.+$/u.test(id),
          });
        }
      }
    }

    // Query strings on GET routes: wrong values must be refused where the parameter exists; any route stays up.
    if (route.methods.includes("GET")) {
      for (const [k, v] of HOSTILE_QUERY) {
        out.push({
          name: `GET ?${k}=${v.length > 20 ? `${v.slice(0, 8)}…(${v.length})` : v}`,
          route: route.pattern,
          method: "GET",
          path: `${realPath}?${k}=${encodeURIComponent(v)}`,
          params: realParams,
          headers: {},
          bad: false,
        });
      }
      for (const q of ODD_QUERY)
        out.push({
          name: `GET ?${q.slice(0, 40)}`,
          route: route.pattern,
          method: "GET",
          path: `${realPath}?${q}`,
          params: realParams,
          headers: {},
          bad: false,
        });
    }

    for (const method of route.methods.filter((m) => m === "POST" || m === "PUT" || m === "PATCH")) {
      const base = { route: route.pattern, method, path: realPath, params: realParams };
      if (route.multipart && route.pattern.includes("media")) out.push(...uploadCases(route, realPath, realParams));
      if (!route.json) {
        // Routes without a body must shrug off one.
        out.push({
          ...base,
          name: `${method} unexpected JSON body`,
          headers: json,
          body: '{"content":"x"}',
          bad: false,
        });
        out.push({
          ...base,
          name: `${method} unexpected garbage body`,
          headers: { "content-type": "application/octet-stream" },
          body: "\u0000\u0001garbage",
          bad: false,
        });
        continue;
      }
      for (const [n, text] of MALFORMED_JSON) {
        // "{}", "[]", "null", a number or a string can be valid for a route whose fields are all optional.
        const maybeValid = [
          "empty object",
          "unknown fields only",
          "array",
          "null",
          "number",
          "string",
          "duplicate keys",
        ].includes(n);
        out.push({ ...base, name: `${method} malformed JSON: ${n}`, headers: json, body: text, bad: !maybeValid });
      }
      out.push({
        ...base,
        name: `${method} text/plain body`,
        headers: { "content-type": "text/plain" },
        body: '{"content":"a"}',
        bad: true,
      });
      out.push({
        ...base,
        name: `${method} form-urlencoded body`,
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "content=a",
        bad: true,
      });
      if (!route.multipart)
        out.push({
          ...base,
          name: `${method} multipart body`,
          headers: { "content-type": MP },
          body: multipart([{ field: "content", data: "a" }]),
          bad: true,
        });
      out.push({
        ...base,
        name: `${method} 3 MB of JSON`,
        headers: json,
        body: JSON.stringify({ content: "x".repeat(3 * 1024 * 1024) }),
        bad: !route.pattern.startsWith("/api/ai/"),
        slow: true,
      });
      out.push({
        ...base,
        name: `${method} 16 MB of JSON`,
        headers: json,
        body: JSON.stringify({ content: "x".repeat(16 * 1024 * 1024) }),
        bad: true,
        slow: true,
      });
      // Over the journal's limits; routes without these fields ignore them (unknown fields are allowed).
      out.push({
        ...base,
        name: `${method} content over 1,000,000 characters`,
        headers: json,
        body: JSON.stringify({ content: "word ".repeat(200_001), message: "m".repeat(20_001), title: "t".repeat(501) }),
        bad: route.pattern.startsWith("/api/entries"),
        slow: true,
      });
      for (const [n, v] of WRONG_VALUES) {
        out.push({
          ...base,
          name: `${method} every field ${n}`,
          headers: json,
          body: JSON.stringify(Object.fromEntries(FIELDS.map((f) => [f, v]))),
          bad: true,
        });
      }
      for (const [n, v] of ODD_VALUES) {
        const body = Object.fromEntries(FIELDS.map((f) => [f, v]));
        out.push({
          ...base,
          name: `${method} every field ${n}`,
          headers: json,
          body: JSON.stringify(body),
          bad: false,
          slow: n === "long string" && route.pattern.startsWith("/api/ai/"),
        });
      }
      // Random JSON values and objects over the known field names (fast-check, fixed seed).
      const arb = fc.oneof(
        fc.jsonValue({ maxDepth: 3 }),
        fc.dictionary(fc.constantFrom(...FIELDS), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 8 }),
        fc.record(
          {
            content: fc.string({ maxLength: 50 }),
            tags: fc.array(fc.string({ maxLength: 60 }), { maxLength: 15 }),
            created_at: fc.string({ maxLength: 30 }),
          },
          { requiredKeys: [] },
        ),
      );
      fc.sample(arb, { seed: seed + ri * 101 + method.length, numRuns: randomPerRoute }).forEach((v, i) => {
        out.push({ ...base, name: `${method} random JSON #${i}`, headers: json, body: JSON.stringify(v), bad: false });
      });
    }
  });
  out.push(...attackCases());
  // Unknown methods on a known route.
  for (const route of routes.slice(0, 5)) {
    const missing = ["PATCH", "DELETE", "PUT"].find((m) => !route.methods.includes(m));
    if (missing)
      out.push({
        name: `${missing} not allowed`,
        route: route.pattern,
        method: missing,
        path: fill(route.pattern, {}),
        params: {},
        headers: json,
        body: "{}",
        bad: true,
      });
  }
  return out;
}

/** The one error shape: { error: { message: non-empty string, code: string, details? } } and nothing else. */
export function isErrorShape(body: unknown): boolean {
  if (!body || typeof body !== "object" || Array.isArray(body)) return false;
  const keys = Object.keys(body);
  if (keys.length !== 1 || keys[0] !== "error") return false;
  const e = (body as { error: unknown }).error as Record<string, unknown>;
  if (!e || typeof e !== "object") return false;
  return (
    typeof e.message === "string" &&
    e.message.length > 0 &&
    typeof e.code === "string" &&
    e.code.length > 0 &&
    Object.keys(e).every((k) => k === "message" || k === "code" || k === "details")
  );
}

/** What is wrong with an answer to a case, or null when it is fine. */
export function judge(c: FuzzCase, status: number, text: string, contentType: string): string | null {
  if (status >= 500) return `answered ${status}: ${text.slice(0, 200)}`;
  if (c.bad && (status < 400 || status >= 500))
    return `invalid input answered ${status} instead of 4xx: ${text.slice(0, 200)}`;
  if (status >= 400) {
    if (c.method === "HEAD") return null;
    if (!/json/iu.test(contentType))
      return `${status} without a JSON body (${contentType || "no content type"}): ${text.slice(0, 200)}`;
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return `${status} with a body that is not JSON: ${text.slice(0, 200)}`;
    }
    if (!isErrorShape(parsed)) return `${status} not in the one error shape: ${text.slice(0, 200)}`;
  }
  return null;
}

/**
 * The reproductions of the attack pass that single requests can replay (npm run reliability:attack
 * replays all of them, with their timing and memory): each must be refused in the one error shape.
 */
export function attackCases(): FuzzCase[] {
  const rebinding = { host: "attacker.example", origin: "http://attacker.example" };
  const base = { params: {}, bad: true };
  return [
    {
      ...base,
      name: "DNS rebinding: read the export",
      route: "/api/data/export",
      method: "GET",
      path: "/api/data/export",
      headers: rebinding,
      front: true,
    },
    {
      ...base,
      name: "DNS rebinding: write an entry",
      route: "/api/entries",
      method: "POST",
      path: "/api/entries",
      headers: { ...rebinding, ...json },
      body: '{"content":"x"}',
      front: true,
    },
    {
      ...base,
      name: "DNS rebinding: a page",
      route: "/api/entries",
      method: "GET",
      path: "/",
      headers: rebinding,
      front: true,
    },
    {
      ...base,
      name: "write from another origin on the network",
      route: "/api/entries",
      method: "POST",
      path: "/api/entries",
      headers: { origin: "http://192.168.1.9:8000", ...json },
      body: '{"content":"x"}',
      front: true,
    },
    { ...base, name: "TRACE", route: "/api/entries", method: "TRACE", path: "/api/entries", headers: {}, front: true },
    {
      ...base,
      name: "PROPFIND",
      route: "/api/entries",
      method: "PROPFIND",
      path: "/api/entries",
      headers: {},
      front: true,
    },
    {
      ...base,
      name: "declared 14 MB body",
      route: "/api/entries",
      method: "POST",
      path: "/api/entries",
      headers: { ...json, "content-length": String(14 * 1024 * 1024) },
      front: true,
    },
    {
      ...base,
      name: "model name with a path",
      route: "/api/config",
      method: "PUT",
      path: "/api/config",
      headers: json,
      body: JSON.stringify({ key: "ai_model", value: "gemini/../../../../internal/admin?x=" }),
    },
    {
      ...base,
      name: "model name with a query",
      route: "/api/config/configure-model",
      method: "POST",
      path: "/api/config/configure-model",
      headers: json,
      body: JSON.stringify({ model_name: "openai/gpt-4o?x=1" }),
    },
  ];
}
