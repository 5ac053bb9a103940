/**
 * The offline analyzer's mood figures, side by side with plain VADER and the emotion model alone, on the held-out
 * part of the GoEmotions split (bands from the dataset's sentiment groups), the journal-like passages
 * (tests/fixtures/eval/mood-journal.json) and the team's own passages (tests/fixtures/eval/mood.json).
 *
 *   npm run eval:mood               (add --misses to list the journal-like passages the analyzer reads in the wrong band)
 */
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../..");

const { evaluate, loadHeldOut, loadJournalPassages, loadPassages, READERS } =
  await import("../../tests/support/mood-eval.ts");
const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
const sets = [
  ["GoEmotions held-out", loadHeldOut(root)],
  ["journal-like", loadJournalPassages(root)],
  ["own set", loadPassages(root)],
] as const;
const readers = ["analyzer", "vader", "model"] as const;
const results = new Map<string, ReturnType<typeof evaluate>>();
for (const [name, passages] of sets)
  for (const r of readers) results.set(`${name}/${r}`, evaluate(passages, READERS[r]));

const head = `${"set".padEnd(22)}${"metric".padEnd(22)}${["analyzer", "VADER", "model alone"].map((h) => h.padStart(13)).join("")}`;
console.log(head);
console.log("-".repeat(head.length));
for (const [name, passages] of sets) {
  const banded = results.get(`${name}/analyzer`)!.banded;
  const row = (metric: string, f: (r: ReturnType<typeof evaluate>) => string) =>
    console.log(
      `${name.padEnd(22)}${metric.padEnd(22)}${readers.map((r) => f(results.get(`${name}/${r}`)!).padStart(13)).join("")}`,
    );
  console.log(`${name} (${passages.length} passages, ${banded} with a band)`);
  row("band accuracy", (r) => pct(r.bandAccuracy));
  row("opposite polarity", (r) => String(r.opposite.length));
  row("emotion agreement", (r) => pct(r.emotionAgreement));
  const kinds = Object.keys(results.get(`${name}/analyzer`)!.byKind);
  for (const k of kinds) row(`  band, ${k}`, (r) => `${pct(r.byKind[k]?.accuracy ?? 0)}`);
  if (name !== "GoEmotions held-out") row("theme agreement", (r) => (r.themeAgreement ? pct(r.themeAgreement) : "-"));
  console.log("");
}
const a = results.get("GoEmotions held-out/analyzer")!;
console.log("analyzer confusion on the held-out part (rows expected, columns read):");
console.log(`${"".padEnd(10)}${["positive", "neutral", "negative"].map((c) => c.padStart(10)).join("")}`);
for (const [b, row] of Object.entries(a.confusion))
  console.log(
    `${b.padEnd(10)}${Object.values(row)
      .map((v) => String(v).padStart(10))
      .join("")}`,
  );
if (process.argv.includes("--misses")) {
  console.log("\njournal-like misses:");
  for (const m of results.get("journal-like/analyzer")!.misses)
    console.log(
      `#${m.passage.id} ${m.passage.band} -> ${m.reading.band} (${m.reading.score}, ${m.reading.emotion}) ${m.passage.text.slice(0, 110)}`,
    );
}
