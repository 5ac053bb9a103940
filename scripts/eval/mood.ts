/**
 * Reads the labelled passages of tests/fixtures/eval/mood.json with the offline analyzer and prints band
 * accuracy, opposite-polarity errors, the confusion table and emotion and theme agreement.
 *
 *   npm run eval:mood               (add --misses to list every passage read in the wrong band)
 */
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../..");

const { evaluate, loadPassages } = await import("../../tests/support/mood-eval.ts");
const r = evaluate(loadPassages(root));
const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
console.log(`passages:               ${r.total}`);
console.log(`band accuracy:          ${pct(r.bandAccuracy)}`);
console.log(`opposite-polarity:      ${r.opposite.length}`);
console.log(`emotion agreement:      ${pct(r.emotionAgreement)}`);
console.log(`theme agreement (any):  ${pct(r.themeAgreement)}`);
console.log(`theme recall:           ${pct(r.themeRecall)}`);
console.log("\nconfusion (rows expected, columns read):");
console.log(`${"".padEnd(10)}${["positive", "neutral", "negative"].map((c) => c.padStart(10)).join("")}`);
for (const [b, row] of Object.entries(r.confusion))
  console.log(
    `${b.padEnd(10)}${Object.values(row)
      .map((v) => String(v).padStart(10))
      .join("")}`,
  );
if (process.argv.includes("--misses")) {
  console.log("\nmisses:");
  for (const m of r.misses)
    console.log(
      `#${m.passage.id} ${m.passage.band} -> ${m.band} (${m.score}, ${m.emotion}) ${m.passage.text.slice(0, 110)}`,
    );
}
