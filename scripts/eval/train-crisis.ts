/**
 * Trains the crisis check's learned scorer (src/domain/crisis/scorer.ts) on the evaluation set and the dev half of
 * the real-writing sets (tests/fixtures/eval/crisis-real: the labelled comments of dev.jsonl and the everyday
 * comments marked dev; never the held-out half) and writes its weights to models/crisis-scorer.json.
 * Deterministic: the same sets give the same file.
 *
 *   npm run train:crisis
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { crisisTrainingItems, type CrisisEvalItem } from "../../src/domain/crisis/eval.ts";
import { trainScorer } from "../../src/domain/crisis/scorer.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");
const raw = JSON.parse(readFileSync(path.join(ROOT, "tests/fixtures/eval/crisis.json"), "utf8")) as unknown;
const items = (Array.isArray(raw) ? raw : (raw as { items: unknown[] }).items) as CrisisEvalItem[];
const realDir = path.join(ROOT, "tests/fixtures/eval/crisis-real");
const training = crisisTrainingItems(
  items,
  readFileSync(path.join(realDir, "dev.jsonl"), "utf8"),
  readFileSync(path.join(realDir, "everyday.jsonl"), "utf8"),
);
// The features are the own set's words and word pairs (it says what the scorer listens for); the real comments
// teach their weights what everyday writing sounds like.
const model = trainScorer(training, { vocabulary: items });
// Written by hand rather than by JSON.stringify so the features stay in plain sorted order (one per line).
const entries = Object.entries(model.weights).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
const body = entries.map(([f, v]) => `    ${JSON.stringify(f)}: ${v}`).join(",\n");
const out = `{
  "about": "Written by npm run train:crisis (scripts/eval/train-crisis.ts) from tests/fixtures/eval/crisis.json and the dev half of tests/fixtures/eval/crisis-real. Do not edit.",
  "bias": ${model.bias},
  "threshold": ${model.threshold},
  "weights": {
${body}
  }
}
`;
JSON.parse(out);
const file = path.join(ROOT, "models/crisis-scorer.json");
writeFileSync(file, out);
console.log(
  `Crisis scorer: ${training.length} items, ${entries.length} features, ${(out.length / 1024).toFixed(1)} kB -> ${path.relative(process.cwd(), file)}`,
);
