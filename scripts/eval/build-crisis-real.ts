/**
 * Builds the real-writing evaluation sets of the crisis check from the GoEmotions training split (Demszky et al.,
 * 2020, Apache-2.0; real Reddit comments). Deterministic: the same train.tsv and labels give the same files.
 *
 *   npm run build:crisis-real [-- --goemotions path/to/goemotions/train.tsv]
 *
 * Without --goemotions it reads the training split where `npm run train:mood` does (GOEMOTIONS_DIR, else
 * shared/data/goemotions beside the checkout).
 *
 * - Every comment that matches `WIDE` (dying, suicide, killing, self-harm, overdose, guns, poison, pills...) was
 *   labelled by hand in `labels.tsv` (id, label, category; see the README beside it) from its text alone, before
 *   the check was run on it.
 * - Those labelled comments are split, per label, by a seeded shuffle into `dev.jsonl` (may be read while writing
 *   rules) and `heldout.jsonl` (never tuned on). Half each.
 * - `everyday.jsonl`: 5,000 comments drawn by a seeded shuffle from the rest (no match of `WIDE`), for the
 *   false-alarm rate on everyday writing; half dev, half held out (`split` field).
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { datasetDir, loadLabels, parseTsv, shuffled } from "./goemotions.ts";

const { values: args } = parseArgs({ options: { goemotions: { type: "string" } } });
const trainFile = path.resolve(args.goemotions ?? path.join(datasetDir(), "train.tsv"));
const OUT = path.resolve(import.meta.dirname, "../../tests/fixtures/eval/crisis-real");
/** Fixed before any figure was seen. */
const SPLIT_SEED = 24;
const EVERYDAY_SEED = 20261127;
const EVERYDAY_COUNT = 5000;

export const WIDE =
  /suicid|kill (my|your|him|her|them)sel|\bkms\b|\boff (my|him|her|them)sel|self.?harm|cut(ting)? (my|him|her|your)sel|overdos|\bod'?d\b|\bdie\b|\bdies\b|\bdied\b|dying|\bdead\b|\bdeath\b|end (it all|my life|it\b)|(take|took) (my|his|her) (own )?life|\bguns?\b|pistol|rifle|shotgun|firearm|9mm|\.357|\bglock|poison|\bpills?\b|noose|hang (my|him|her)sel|hanging|jump(ed)? off|unalive|\bslit|wrists?|razor|blade|bleach|live anymore|alive anymore|\bmeds\b|medication|hurt(ing)? (my|him|her|your)sel|shoot (my|him|her)sel|kill me\b|killing me|\bkill\b|\bkilled\b|\bkilling\b|hopeless|no way out|better off without|burden|\bcutting\b|\bcuts\b|\bscars\b|\bbridge\b|\bloaded\b|\bbullet/i;

const rows = parseTsv(readFileSync(trainFile, "utf8"), loadLabels(path.dirname(trainFile)));
const byId = new Map(rows.map((r) => [r.id, r.text]));
const labels = readFileSync(path.join(OUT, "labels.tsv"), "utf8")
  .split("\n")
  .slice(1)
  .filter(Boolean)
  .map((l) => {
    const [id, label, category] = l.split("\t");
    return { id, label, category };
  });

const wide = rows.filter((r) => WIDE.test(r.text));
const labelled = new Set(labels.map((l) => l.id));
const unlabelled = wide.filter((r) => !labelled.has(r.id));
if (unlabelled.length || labels.length !== wide.length) {
  console.error(`labels.tsv does not cover the wide match: ${unlabelled.length} unlabelled, ${labels.length} labels`);
  process.exit(1);
}

const line = (o: object) => JSON.stringify(o);
const dev: string[] = [];
const held: string[] = [];
for (const label of ["risk", "benign", "unclear"]) {
  const group = labels.filter((l) => l.label === label).sort((a, b) => a.id.localeCompare(b.id));
  const order = shuffled(group, SPLIT_SEED);
  const half = Math.floor(order.length / 2);
  order.forEach((l, i) =>
    (i < half ? dev : held).push(line({ id: l.id, text: byId.get(l.id), label: l.label, category: l.category })),
  );
}
const rest = rows.filter((r) => !WIDE.test(r.text)).sort((a, b) => a.id.localeCompare(b.id));
const everyday = shuffled(rest, EVERYDAY_SEED)
  .slice(0, EVERYDAY_COUNT)
  .map((r, i) => line({ id: r.id, text: r.text, split: i < EVERYDAY_COUNT / 2 ? "dev" : "heldout" }));

writeFileSync(path.join(OUT, "dev.jsonl"), `${dev.join("\n")}\n`);
writeFileSync(path.join(OUT, "heldout.jsonl"), `${held.join("\n")}\n`);
writeFileSync(path.join(OUT, "everyday.jsonl"), `${everyday.join("\n")}\n`);
console.log(`dev ${dev.length}, held out ${held.length}, everyday ${everyday.length}`);
