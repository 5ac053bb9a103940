/**
 * Speed of the offline analyzer: a 1,000-word journal entry (target <= 50 ms) and pathological inputs of
 * 1,000,000 characters, plus one companion reply. Prints median and worst of several runs, and the one-time
 * decoding of the emotion model's weights.
 *
 *   npm run bench:offline
 */
import os from "node:os";
import { performance } from "node:perf_hooks";

const { analyzeTextOffline, chatReplyOffline, summarizeConversationOffline } =
  await import("../../src/server/ai/offline/analyzer.ts");
const { emotionModel } = await import("../../src/server/ai/offline/emotion-model.ts");

// The emotion model's weights are decoded once per process, on first use: the first call pays for it.
const loadStarted = performance.now();
const loaded = emotionModel();
console.log(
  `emotion model: ${loaded.index.size} features x ${loaded.labels.length} labels, decoded once in ${(performance.now() - loadStarted).toFixed(0)} ms; the same object afterwards: ${emotionModel() === loaded}`,
);

const SENTENCES = [
  "Woke up before the alarm and lay there listening to the rain for a while.",
  "The morning meeting ran long because the client changed the scope again, which was frustrating.",
  "At lunch I walked to the park with Priya and we talked about her new flat.",
  "I felt anxious about the presentation on Thursday, but going through the slides twice helped.",
  "My sister called in the evening; Mum's knee is healing well after the operation.",
  "Cooked a simple pasta and ate it by the window, which was lovely.",
  "I keep thinking about whether to take the course in September.",
  "Not the best day, not the worst either, and I'm grateful it's over.",
];
function entry(words: number): string {
  const out: string[] = [];
  let n = 0;
  for (let i = 0; n < words; i++) {
    const s = SENTENCES[i % SENTENCES.length];
    out.push(s);
    n += s.split(/\s+/).length;
    if (i % 6 === 5) out.push("\n\n");
  }
  return out.join(" ");
}

/** Median and worst wall time, and median CPU time (what the work costs when the machine is busy). */
function time(fn: () => unknown, runs: number): { median: number; worst: number; cpu: number } {
  fn();
  const xs: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < runs; i++) {
    const c = process.cpuUsage();
    const t = performance.now();
    fn();
    xs.push(performance.now() - t);
    const d = process.cpuUsage(c);
    cpu.push((d.user + d.system) / 1000);
  }
  xs.sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);
  return { median: xs[Math.floor(xs.length / 2)], worst: xs[xs.length - 1], cpu: cpu[Math.floor(cpu.length / 2)] };
}
const row = (name: string, r: { median: number; worst: number; cpu: number }) =>
  console.log(
    `${name.padEnd(32)}${r.median.toFixed(1).padStart(9)}${r.worst.toFixed(1).padStart(11)}${r.cpu.toFixed(1).padStart(10)}`,
  );

const text = entry(1000);
const cases: [string, string, number][] = [
  [`1,000-word entry (${text.split(/\s+/).length} words)`, text, 30],
  ["1,000,000 x '!?.'", "!?.".repeat(333_334), 5],
  ["one 1,000,000-character word", "a".repeat(1_000_000), 5],
  ["1,000,000 newlines", "\n".repeat(1_000_000), 5],
  ["1,000,000 of 'so sad!?. '", "so sad!?. ".repeat(100_000), 5],
  ["10,000-word entry", entry(10_000), 5],
];
console.log(
  `load average ${os
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(" ")} on ${os.cpus().length} cores (figures rise with load)\n`,
);
console.log("analyzeTextOffline              median ms   worst ms    cpu ms");
for (const [name, input, runs] of cases) {
  row(
    name,
    time(() => analyzeTextOffline(input), runs),
  );
}
const history = [
  { role: "user" as const, content: "Work has been a lot this week and I'm exhausted." },
  { role: "assistant" as const, content: "That sounds draining. What is taking the most out of you right now?" },
];
const journal = [{ id: "a", content: entry(300), created_at: "2026-11-17T18:00:00Z" }];
const c = time(
  () =>
    chatReplyOffline(
      "My manager moved the deadline again and I stayed late three nights in a row.",
      history,
      journal,
      "2026-11-23T12:00:00Z",
      "UTC",
    ),
  30,
);
row("chat reply (1 journal entry)", c);
const s = time(() => summarizeConversationOffline([...history, { role: "user", content: "!?.".repeat(333_334) }]), 5);
row("chat entry with 1M '!?.' message", s);
