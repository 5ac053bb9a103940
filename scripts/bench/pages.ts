/**
 * Page weight and Web Vitals of screens in Debian's Chromium through playwright-core (no Lighthouse):
 * JavaScript bytes as transferred (gzip, from Resource Timing), LCP and CLS from PerformanceObserver,
 * long tasks and a TBT-like sum (time above 50 ms of each long task). Each screen loads in a fresh
 * context (empty cache, no service worker yet), desktop viewport, on loopback without throttling.
 */
import { existsSync } from "node:fs";
import { chromium } from "playwright-core";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../../tests/support/chromium.ts";
import { round } from "./lib.ts";

export { CHROMIUM_ARGS };

export interface PageResult {
  path: string;
  status: number;
  scriptKb: number;
  scriptFiles: number;
  totalKb: number;
  lcpMs: number;
  cls: number;
  longTasks: number;
  tbtMs: number;
  loadMs: number;
}

export function chromiumPath(): string | null {
  const p = CHROMIUM_PATH;
  return existsSync(p) ? p : null;
}

const OBSERVERS = `
  window.__vitals = { lcp: 0, cls: 0, long: [] };
  new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__vitals.lcp = e.renderTime || e.loadTime || e.startTime; })
    .observe({ type: "largest-contentful-paint", buffered: true });
  new PerformanceObserver((l) => { for (const e of l.getEntries()) if (!e.hadRecentInput) window.__vitals.cls += e.value; })
    .observe({ type: "layout-shift", buffered: true });
  new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__vitals.long.push(e.duration); })
    .observe({ type: "longtask", buffered: true });
`;

export async function measurePages(
  base: string,
  paths: string[],
  opts: { settleMs?: number } = {},
): Promise<PageResult[] | null> {
  const exe = chromiumPath();
  if (!exe) return null;
  const browser = await chromium.launch({ executablePath: exe, args: CHROMIUM_ARGS });
  const out: PageResult[] = [];
  try {
    for (const p of paths) {
      const context = await browser.newContext({ viewport: { width: 1350, height: 940 }, serviceWorkers: "block" });
      const page = await context.newPage();
      await page.addInitScript(OBSERVERS);
      const res = await page.goto(new URL(p, base).href, { waitUntil: "networkidle", timeout: 60_000 });
      await page.waitForTimeout(opts.settleMs ?? 1000);
      const v = await page.evaluate(() => {
        const w = window as unknown as { __vitals: { lcp: number; cls: number; long: number[] } };
        const res = performance.getEntriesByType("resource") as PerformanceResourceTiming[];
        const nav = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming | undefined;
        const scripts = res.filter((r) => r.initiatorType === "script" || /\.m?js(\?|$)/u.test(r.name));
        return {
          scriptBytes: scripts.reduce((s, r) => s + (r.encodedBodySize || 0), 0),
          scriptFiles: scripts.length,
          totalBytes: res.reduce((s, r) => s + (r.transferSize || 0), 0) + (nav?.transferSize ?? 0),
          lcp: w.__vitals.lcp,
          cls: w.__vitals.cls,
          long: w.__vitals.long,
          load: nav ? nav.loadEventEnd - nav.startTime : 0,
        };
      });
      out.push({
        path: p,
        status: res?.status() ?? 0,
        scriptKb: round(v.scriptBytes / 1024, 1),
        scriptFiles: v.scriptFiles,
        totalKb: round(v.totalBytes / 1024, 1),
        lcpMs: round(v.lcp, 0),
        cls: round(v.cls, 3),
        longTasks: v.long.length,
        tbtMs: round(
          v.long.reduce((s, d) => s + Math.max(0, d - 50), 0),
          0,
        ),
        loadMs: round(v.load, 0),
      });
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return out;
}
