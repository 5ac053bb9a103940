/**
 * Lighthouse (desktop preset) on Home, Journal and Timeline, with Debian's chromium: performance and
 * accessibility scores and the Web Vitals behind them. Target: 95 or more for both.
 *
 *   npm run bench:lighthouse -- --url http://127.0.0.1:3000        # a running server (seed it first)
 *
 * Only loopback addresses are measured; Lighthouse's own error reporting stays off.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../../tests/support/chromium.ts";

const i = process.argv.indexOf("--url");
const base = (i === -1 ? "http://127.0.0.1:3000" : process.argv[i + 1]!).replace(/\/$/u, "");
if (!/^http:\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d+)?$/u.test(base)) {
  console.error(`Refusing to measure ${base}: only a server on this machine.`);
  process.exit(2);
}
const ROOT = path.resolve(import.meta.dirname, "../..");
const PAGES = [
  { name: "Home", path: "/" },
  { name: "Journal", path: "/journal" },
  { name: "Timeline (calendar)", path: "/timeline" },
  { name: "Timeline (list)", path: "/timeline?view=list" },
];
const flags = CHROMIUM_ARGS.join(" ");
const dir = mkdtempSync(path.join(os.tmpdir(), "reverie-lighthouse-"));
const rows: string[][] = [];
let worst = 100;
try {
  for (const p of PAGES) {
    const out = path.join(dir, `${rows.length}.json`);
    execFileSync(
      process.execPath,
      [
        path.join(ROOT, "node_modules/lighthouse/cli/index.js"),
        `${base}${p.path}`,
        "--preset=desktop",
        "--only-categories=performance,accessibility",
        `--chrome-flags=${flags}`,
        "--output=json",
        `--output-path=${out}`,
        "--quiet",
        "--no-enable-error-reporting",
      ],
      { env: { ...process.env, CHROME_PATH: CHROMIUM_PATH }, stdio: ["ignore", "ignore", "inherit"] },
    );
    const r = JSON.parse(readFileSync(out, "utf8")) as {
      categories: Record<string, { score: number }>;
      audits: Record<string, { displayValue?: string }>;
    };
    const perf = Math.round(r.categories.performance!.score * 100);
    const a11y = Math.round(r.categories.accessibility!.score * 100);
    worst = Math.min(worst, perf, a11y);
    const v = (k: string) => (r.audits[k]?.displayValue ?? "-").replace(/\u00a0/gu, " ");
    rows.push([
      p.name,
      String(perf),
      String(a11y),
      v("largest-contentful-paint"),
      v("total-blocking-time"),
      v("cumulative-layout-shift"),
    ]);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
const head = ["page", "performance", "accessibility", "LCP", "TBT", "CLS"];
const w = head.map((h, c) => Math.max(h.length, ...rows.map((r) => r[c]!.length)));
const line = (r: string[]) => `| ${r.map((x, c) => x.padEnd(w[c]!)).join(" | ")} |`;
console.log(
  `Lighthouse (desktop) against ${base}, ${os.cpus().length} CPUs, load average ${os.loadavg()[0]!.toFixed(1)}`,
);
console.log(line(head));
console.log(`|${w.map((n) => "-".repeat(n + 2)).join("|")}|`);
for (const r of rows) console.log(line(r));
console.log(worst >= 95 ? "All scores are 95 or more." : `Lowest score ${worst}: below the target of 95.`);
