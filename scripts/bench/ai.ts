/**
 * Added latency of the app on analyze-text: N calls through the app's route handler (in-process, real
 * provider code, a real SQLite config read) against the fake model server, versus N direct calls to the
 * fake server with the very request body the app sent. Prints median and p95 of both and the difference.
 *
 *   npm run bench:ai                       (N=200, Gemini wire protocol)
 *   npm run bench:ai -- --n 500 --provider openai
 *
 * Path aliases ("@/…") and "server-only" are resolved by the hooks of scripts/src-hooks.ts, which npm run
 * loads first. Nothing leaves 127.0.0.1.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";

const root = path.resolve(import.meta.dirname, "../..");

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && process.argv[i + 1] ? process.argv[i + 1] : fallback;
}

function stats(xs: number[]): { median: number; p95: number; mean: number } {
  const s = [...xs].sort((a, b) => a - b);
  const q = (p: number) => s[Math.min(s.length - 1, Math.max(0, Math.ceil(p * s.length) - 1))];
  return { median: q(0.5), p95: q(0.95), mean: xs.reduce((a, b) => a + b, 0) / xs.length };
}

const N = Number(arg("n", "200"));
const provider = arg("provider", "gemini") as "gemini" | "openai" | "ollama";
const WARMUP = 20;

const dir = mkdtempSync(path.join(os.tmpdir(), "reverie-bench-"));
process.env.DATABASE_URL = `file:${path.join(dir, "bench.db")}`;
process.env.UPLOAD_DIR = path.join(dir, "uploads");

const fakeMod = await import(pathToFileURL(path.join(root, "tests/support/fake-model-server.ts")).href);
const fake = await fakeMod.startFakeModelServer();
Object.assign(process.env, fakeMod.fakeProviderEnv(fake.url));

const { migrate } = await import(pathToFileURL(path.join(root, "src/server/db/migrator.ts")).href);
migrate(path.join(dir, "bench.db"));
const { setConfig } = await import(pathToFileURL(path.join(root, "src/server/config/service.ts")).href);
const { closeDb } = await import(pathToFileURL(path.join(root, "src/server/db/client.ts")).href);
const routeMod = await import(pathToFileURL(path.join(root, "src/app/api/ai/analyze-text/route.ts")).href);
const model: string = fakeMod.FAKE_MODELS[provider];
await setConfig({ ai_model: model });

const content =
  "This morning I walked to the lake before work. The air was cold and clear, and for once my head felt quiet. " +
  "Work was busy but fine; I finished the report I had been putting off. In the evening I called my sister.";
const appBody = JSON.stringify({ content, content_type: "text" });

async function viaApp(): Promise<number> {
  const t = performance.now();
  const res: Response = await routeMod.POST(
    new Request("http://localhost/api/ai/analyze-text", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: appBody,
    }),
    { params: Promise.resolve({}) },
  );
  const body = (await res.json()) as { success?: boolean };
  const ms = performance.now() - t;
  if (res.status !== 200 || !body.success) throw new Error(`app call failed: ${res.status} ${JSON.stringify(body)}`);
  return ms;
}

for (let i = 0; i < WARMUP; i++) await viaApp();
const sent = fake.requests().at(-1);
if (!sent) throw new Error("the fake server saw no request");
const directUrl = `${fake.url}${sent.path}`;
const directHeaders: Record<string, string> = { "content-type": "application/json" };
for (const h of ["x-goog-api-key", "authorization"]) if (sent.headers[h]) directHeaders[h] = sent.headers[h];
const directBody = JSON.stringify(sent.body);

async function direct(): Promise<number> {
  const t = performance.now();
  const res = await fetch(directUrl, { method: "POST", headers: directHeaders, body: directBody });
  await res.json();
  const ms = performance.now() - t;
  if (res.status !== 200) throw new Error(`direct call failed: ${res.status}`);
  return ms;
}
for (let i = 0; i < WARMUP; i++) await direct();

const app: number[] = [];
const raw: number[] = [];
for (let i = 0; i < N; i++) {
  // Interleaved, so that drift of the machine affects both series alike.
  app.push(await viaApp());
  raw.push(await direct());
  if (i % 50 === 0) fake.reset();
}

const a = stats(app);
const d = stats(raw);
const f = (x: number) => `${x.toFixed(2)} ms`;
console.log(`analyze-text, ${model} against the fake model server, N=${N} (after ${WARMUP} warm-up calls each)`);
console.log(`  through the app : median ${f(a.median)}  p95 ${f(a.p95)}  mean ${f(a.mean)}`);
console.log(`  direct to fake  : median ${f(d.median)}  p95 ${f(d.p95)}  mean ${f(d.mean)}`);
console.log(`  added by the app: median ${f(a.median - d.median)}  p95 ${f(a.p95 - d.p95)}`);

await fake.close();
await closeDb();
rmSync(dir, { recursive: true, force: true });
