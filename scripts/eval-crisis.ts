/**
 * Crisis check evaluation: runs the built-in check over an evaluation set and prints recall (risk items rated
 * moderate or high) and false alarms (benign items rated moderate or high), per category, per language, for the
 * first batch (written alongside the rules) and the later batches (`holdout: true`: written after the rules and
 * scored before the rules were tuned on them), then every miss and false alarm.

 *
 *   npm run eval:crisis                              # tests/fixtures/eval/crisis.json
 *   npm run eval:crisis -- --file other-set.json     # any set of { text, label, category, lang, note? }
 *   npm run eval:crisis -- --quiet                   # figures only
 *
 * A set is a JSON array of items, or an object with an `items` array.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { detectRiskLanguage } from "../src/domain/crisis/index.ts";
import { evaluateCrisisSet, type CrisisEvalItem } from "../src/domain/crisis/eval.ts";

const { values: args } = parseArgs({
  options: { file: { type: "string" }, quiet: { type: "boolean", default: false } },
});
const ROOT = path.resolve(import.meta.dirname, "..");
const file = path.resolve(args.file ?? path.join(ROOT, "tests/fixtures/eval/crisis.json"));
const raw = JSON.parse(readFileSync(file, "utf8")) as unknown;
const items = (Array.isArray(raw) ? raw : (raw as { items: unknown[] }).items) as CrisisEvalItem[];

const report = evaluateCrisisSet(items, detectRiskLanguage);
const pct = (n: number, d: number) => (d ? `${((100 * n) / d).toFixed(1)}%` : "-");
const row = (name: string, g: { risk: number; detected: number; benign: number; alarms: number }) =>
  `${name.padEnd(26)} ${String(g.risk).padStart(5)} ${pct(g.detected, g.risk).padStart(8)} ${String(g.benign).padStart(7)} ${pct(g.alarms, g.benign).padStart(8)}`;
const header = `${"".padEnd(26)} ${"risk".padStart(5)} ${"recall".padStart(8)} ${"benign".padStart(7)} ${"alarms".padStart(8)}`;

console.log(`Crisis check on ${path.relative(process.cwd(), file)}: ${items.length} items (detected = moderate or high)\n`);
console.log(header);
console.log(row("ALL", report.total));
console.log(row("first batch", report.tuned));
console.log(row("later batches", report.holdout));
console.log("\nper category");
for (const [k, g] of Object.entries(report.byCategory).sort()) console.log(row(k, g));
console.log("\nper language");
for (const [k, g] of Object.entries(report.byLang).sort()) console.log(row(k, g));
if (!args.quiet) {
  console.log(`\nmisses (${report.misses.length})`);
  for (const m of report.misses) console.log(`  [${m.category}/${m.lang}] ${m.severity}: ${m.text}`);
  console.log(`\nfalse alarms (${report.falseAlarms.length})`);
  for (const m of report.falseAlarms) console.log(`  [${m.category}/${m.lang}] ${m.severity}: ${m.text}`);
}
