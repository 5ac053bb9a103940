/**
 * Page budget: the JavaScript each screen loads first (gzip), read from the production build, must stay
 * at or under 200 kB on every screen, with no exceptions. Fails (exit 1) when a screen passes it, or when
 * a first-load chunk carries a heavy library that must only be loaded when needed (shiki). Size, not time.
 *
 *   npm run build && npm run check:budgets [-- --json --next-dir .next]
 *
 * `--budget-kb 190` shows how a build fares against another figure (the margin); CI uses the 200 kB default.
 *
 * Screens are found generically: every `…/page` of .next/app-path-routes-manifest.json. A screen's
 * first-load JavaScript is the build's root main files (the framework runtime, as build-manifest.json
 * lists them) plus every chunk its client reference manifest names for its layouts, page, error and
 * not-found boundaries and the client components they render (not the async ones). Works for Turbopack
 * and webpack builds; chunks loaded later with next/dynamic or import() are not counted. Polyfills are left out:
 * modern browsers never load them (nomodule).
 *
 * When a screen passes the budget, the table lists its three largest chunks besides the runtime. What a screen does not show
 * when it opens (dialogs, menus, panels, toasts) stays out of its first load: see src/components/lazy.tsx.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import vm from "node:vm";
import { gzipSync } from "node:zlib";

const ROOT = path.resolve(import.meta.dirname, "..");
const NEXT = path.resolve(
  ROOT,
  process.argv.includes("--next-dir") ? process.argv[process.argv.indexOf("--next-dir") + 1]! : ".next",
);

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i === -1 ? undefined : process.argv[i + 1];
}
const BUDGET_KB = Number(arg("budget-kb") ?? 200);
const BUDGET = BUDGET_KB * 1000;

/** Libraries that must never be in a screen's first load, and a string that only their code contains. */
const LAZY_ONLY: { name: string; marker: RegExp }[] = [
  // The error class name survives minification and exists only in shiki's own code; a chunk that merely
  // imports shiki lazily (`import("shiki/core")`) names its exports but does not contain it.
  { name: "shiki", marker: /"ShikiError"/u },
];

if (!existsSync(path.join(NEXT, "BUILD_ID"))) {
  console.error("No production build in .next: run `npm run build` first.");
  process.exit(2);
}

const readJson = <T>(file: string): T => JSON.parse(readFileSync(path.join(NEXT, file), "utf8")) as T;
const build = readJson<{ rootMainFiles?: string[]; polyfillFiles?: string[] }>("build-manifest.json");
const routes = readJson<Record<string, string>>("app-path-routes-manifest.json");
const rootMain = (build.rootMainFiles ?? []).map(norm);

function norm(file: string): string {
  return decodeURIComponent(file.replace(/^\/?_next\//u, "").replace(/^\//u, ""));
}

const sizes = new Map<string, { gzip: number; raw: number; text: string }>();
function chunk(file: string) {
  let s = sizes.get(file);
  if (!s) {
    const full = path.join(NEXT, file);
    if (!existsSync(full)) throw new Error(`The build names ${file}, which is not in .next: is the build complete?`);
    const bytes = readFileSync(full);
    s = { gzip: gzipSync(bytes, { level: 9 }).length, raw: bytes.length, text: bytes.toString("utf8") };
    sizes.set(file, s);
  }
  return s;
}

let upperBound = false;

/** The chunks named by a route's client reference manifest (every entry: layouts, page, boundaries). */
function entryChunks(routeKey: string): string[] | null {
  const file = path.join(NEXT, "server", "app", `${routeKey}_client-reference-manifest.js`);
  if (!existsSync(file)) return null;
  const sandbox: Record<string, unknown> = {};
  sandbox.globalThis = sandbox;
  sandbox.self = sandbox;
  vm.runInNewContext(readFileSync(file, "utf8"), sandbox, { filename: file });
  type Manifest = {
    entryJSFiles?: Record<string, string[]>;
    clientModules?: Record<string, { chunks?: (string | number)[]; async?: boolean }>;
  };
  const all = sandbox.__RSC_MANIFEST as Record<string, Manifest> | undefined;
  const m = all?.[routeKey] ?? Object.values(all ?? {})[0];
  if (!m) return null;
  // Turbopack (the normal build) lists a route's entry chunks per segment in entryJSFiles: exact.
  const fromEntries = Object.values(m.entryJSFiles ?? {}).flat();
  if (fromEntries.length) return [...new Set(fromEntries.map(norm))];
  // A webpack build has no entryJSFiles; its manifest names chunks on client modules, some of other
  // routes too, so their union is an upper bound (it matched Chromium exactly on / and overcounted /chat).
  upperBound = true;
  const fromModules = Object.values(m.clientModules ?? {})
    .filter((c) => !c.async)
    .flatMap((c) => (c.chunks ?? []).filter((x): x is string => typeof x === "string" && x.endsWith(".js")));
  return [...new Set(fromModules.map(norm))];
}

interface Row {
  route: string;
  files: number;
  gzip_kb: number;
  raw_kb: number;
  ok: boolean;
  over_budget_kb: number;
  lazy_violations: string[];
  largest: { file: string; gzip_kb: number }[];
}

const rows: Row[] = [];
let failed = false;
const pageKeys = Object.keys(routes)
  .filter((k) => k.endsWith("/page"))
  .sort();
if (!pageKeys.length) {
  console.error("No screens found in .next/app-path-routes-manifest.json.");
  process.exit(2);
}
for (const key of pageKeys) {
  const route = routes[key]!;
  const entries = entryChunks(key);
  const files = [...new Set([...rootMain, ...(entries ?? [])])].filter((f) => f.endsWith(".js"));
  const gz = files.reduce((s, f) => s + chunk(f).gzip, 0);
  const raw = files.reduce((s, f) => s + chunk(f).raw, 0);
  const lazy = LAZY_ONLY.filter((l) => files.some((f) => l.marker.test(chunk(f).text))).map((l) => l.name);
  const ok = gz <= BUDGET && lazy.length === 0;
  if (!ok) failed = true;
  rows.push({
    route: entries ? route : `${route} (no client manifest: runtime only)`,
    files: files.length,
    gzip_kb: Math.round(gz / 100) / 10,
    raw_kb: Math.round(raw / 100) / 10,
    ok,
    over_budget_kb: gz > BUDGET ? Math.round((gz - BUDGET) / 100) / 10 : 0,
    lazy_violations: lazy,
    // The screen's own largest chunks: the framework runtime is the same everywhere and cannot shrink.
    largest: files
      .filter((f) => !rootMain.includes(f))
      .map((f) => ({ file: f, gzip_kb: Math.round(chunk(f).gzip / 100) / 10 }))
      .sort((a, b) => b.gzip_kb - a.gzip_kb)
      .slice(0, 3),
  });
}

if (process.argv.includes("--json")) {
  console.log(JSON.stringify({ budget_kb: BUDGET_KB, upper_bound: upperBound, rows }, null, 2));
} else {
  const w = Math.max(5, ...rows.map((r) => r.route.length));
  console.log(`First-load JavaScript per screen (gzip level 9, 1 kB = 1000 bytes), budget ${BUDGET_KB} kB:`);
  console.log(`${"route".padEnd(w)}  files  gzip kB   raw kB  `);
  for (const r of rows) {
    const problems = [
      ...(r.over_budget_kb > 0 ? [`OVER by ${r.over_budget_kb.toFixed(1)} kB`] : []),
      ...(r.lazy_violations.length ? [`loads ${r.lazy_violations.join(", ")} up front`] : []),
    ];
    const note = problems.length ? problems.join("; ") : "ok";
    console.log(
      `${r.route.padEnd(w)}  ${String(r.files).padStart(5)}  ${r.gzip_kb.toFixed(1).padStart(7)}  ${r.raw_kb.toFixed(1).padStart(7)}  ${note}`,
    );
    if (!r.ok)
      for (const l of r.largest) console.log(`${"".padEnd(w)}    ${l.gzip_kb.toFixed(1).padStart(7)} kB  ${l.file}`);
  }
  const shared = rootMain.filter((f) => f.endsWith(".js")).reduce((s, f) => s + chunk(f).gzip, 0);
  console.log(`Shared by every screen (framework runtime): ${(shared / 1000).toFixed(1)} kB.`);
  if (upperBound)
    console.log(
      "Webpack build: sizes are an upper bound (its manifests name chunks of other routes too). The normal build (Turbopack) is exact.",
    );
}
if (failed) {
  console.error(
    `\nA screen passes the ${BUDGET_KB} kB first-load JavaScript budget (or loads a heavy library up front). Load what it does not show at first lazily (src/components/lazy.tsx, next/dynamic or import()).`,
  );
  process.exit(1);
}
