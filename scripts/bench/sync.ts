/**
 * npm run bench:sync [-- --entries 100 --photos 20]
 *
 * The server's share of sending a device's queue when the server is back, through the real server on
 * loopback, one request after another as a queue is sent in order: `entries` creates with client-made
 * ids (every fifth with a photo, uploaded with a client-made media id), then the whole queue sent again
 * as if every answer had been lost (each must be a replay: 200, nothing stored twice), then one edit
 * per entry with base_updated_at, then the same edits with a stale base (each must be a 409). Target:
 * the first pass of 100 entries in <= 10 s (the whole-sync target, client included).
 */
import { readdirSync } from "node:fs";
import sharp from "sharp";
import {
  cleanUp,
  ensureBuild,
  journalFiles,
  jsonHeaders,
  loadNow,
  machine,
  machineLine,
  numArg,
  printTable,
  request,
  round,
  serveJournal,
  stats,
  verdict,
  workDir,
  writeResult,
  type HttpResult,
} from "./lib.ts";

const ENTRIES = numArg("entries", 100);
const PHOTOS = numArg("photos", Math.floor(ENTRIES / 5));

console.log(`Reverie sync benchmark, ${ENTRIES} queued entries with ${PHOTOS} photos: ${machineLine(machine())}`);
ensureBuild();
const dir = workDir("sync");
const files = journalFiles(dir);
const { uploadDir } = files;
const png = await sharp({ create: { width: 1200, height: 900, channels: 3, background: { r: 30, g: 110, b: 170 } } })
  .png()
  .toBuffer();
const BOUNDARY = "----reverie-bench-sync";

function photoBody(mediaId: string): Buffer {
  return Buffer.concat([
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="id"\r\n\r\n${mediaId}\r\n`),
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="photo.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    png,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
}

const app = await serveJournal(files);
const json = jsonHeaders(app);
const multipart = { "content-type": `multipart/form-data; boundary=${BOUNDARY}`, origin: app.url };

interface Queued {
  id: string;
  body: string;
  mediaId: string | null;
  updatedAt: string;
}
/** Every n-th entry has a photo. */
const every = PHOTOS > 0 ? Math.max(1, Math.floor(ENTRIES / PHOTOS)) : 0;
const queue: Queued[] = Array.from({ length: ENTRIES }, (_, i) => ({
  id: crypto.randomUUID(),
  body: "",
  mediaId: every && i % every === 0 && i / every < PHOTOS ? crypto.randomUUID() : null,
  updatedAt: "",
}));
for (const [i, q] of queue.entries()) {
  q.body = JSON.stringify({
    id: q.id,
    title: `Written offline ${i}`,
    content: `Words written on the train, number ${i}, while the server was away.`,
    tags: ["offline"],
    created_at: new Date(Date.UTC(2026, 10, 20, 8, i)).toISOString(),
  });
}

function expectStatus(r: HttpResult, status: number, what: string): void {
  if (r.status !== status)
    throw new Error(`${what}: ${r.status} instead of ${status}: ${r.body.toString().slice(0, 300)}`);
}

/** Sends the queue in order: each create, then its photo. */
async function sendQueue(
  expectCreate: number,
  expectUpload: number,
): Promise<{ ms: number; requests: number[]; replays: number }> {
  const requests: number[] = [];
  let replays = 0;
  const t = performance.now();
  for (const q of queue) {
    const r = await request(app.url, "POST", "/api/entries", { body: q.body, headers: json });
    expectStatus(r, expectCreate, "create");
    if (r.headers["idempotent-replay"] === "true") replays++;
    q.updatedAt = (JSON.parse(r.body.toString()) as { updated_at: string }).updated_at;
    requests.push(r.ms);
    if (q.mediaId) {
      const m = await request(app.url, "POST", `/api/entries/${q.id}/media`, {
        body: photoBody(q.mediaId),
        headers: multipart,
        timeoutMs: 60_000,
      });
      expectStatus(m, expectUpload, "upload");
      if (m.headers["idempotent-replay"] === "true") replays++;
      requests.push(m.ms);
    }
  }
  return { ms: performance.now() - t, requests, replays };
}

async function sendEdits(stale: boolean): Promise<{ ms: number; requests: number[] }> {
  const requests: number[] = [];
  const t = performance.now();
  for (const [i, q] of queue.entries()) {
    const body = JSON.stringify({
      content: `Edited on the train, number ${i}${stale ? " (again, from an old copy)" : ""}.`,
      tags: ["offline", "edited"],
      base_updated_at: q.updatedAt,
    });
    const r = await request(app.url, "PUT", `/api/entries/${q.id}`, { body, headers: json });
    expectStatus(r, stale ? 409 : 200, stale ? "stale edit" : "edit");
    if (!stale) q.updatedAt = (JSON.parse(r.body.toString()) as { updated_at: string }).updated_at;
    requests.push(r.ms);
  }
  return { ms: performance.now() - t, requests };
}

try {
  const photos = queue.filter((q) => q.mediaId).length;
  const first = await sendQueue(201, 201);
  const filesAfterFirst = readdirSync(uploadDir).length;
  const startBases = queue.map((q) => q.updatedAt);
  const replay = await sendQueue(200, 200);
  const filesAfterReplay = readdirSync(uploadDir).length;
  const listed = JSON.parse((await request(app.url, "GET", "/api/entries?limit=1")).body.toString()) as {
    total: number;
  };
  const edits = await sendEdits(false);
  // The stale pass sends again the bases the first edits started from.
  queue.forEach((q, i) => (q.updatedAt = startBases[i]!));
  const stale = await sendEdits(true);

  const f = stats(first.requests);
  const rows: (string | number)[][] = [
    [
      `first send: ${ENTRIES} creates + ${photos} photos`,
      `${round(first.ms / 1000, 2)} s`,
      "<= 10 s",
      verdict(first.ms <= 10_000),
    ],
    ["  per request p50 / p99", `${round(f.median, 2)} / ${round(f.p99, 2)} ms`, "-", ""],
    [
      "the whole queue again (all answers lost)",
      `${round(replay.ms / 1000, 2)} s, ${replay.replays} replays`,
      `${ENTRIES + photos} replays`,
      verdict(replay.replays === ENTRIES + photos),
    ],
    [
      "entries / files after both sends",
      `${listed.total} / ${filesAfterReplay} (${filesAfterFirst} after the first)`,
      `${ENTRIES} / unchanged`,
      verdict(listed.total === ENTRIES && filesAfterReplay === filesAfterFirst),
    ],
    [`${ENTRIES} edits with base_updated_at`, `${round(edits.ms / 1000, 2)} s`, "-", ""],
    [`${ENTRIES} edits with a stale base (409 each)`, `${round(stale.ms / 1000, 2)} s`, "-", ""],
  ];
  printTable(["What", "Measured", "Target", ""], rows);
  console.log(`Load ${loadNow()}.`);
  const file = writeResult("sync", {
    machine: machine(),
    entries: ENTRIES,
    photos,
    first_send_ms: round(first.ms),
    first_send_requests: f,
    replay_ms: round(replay.ms),
    replays: replay.replays,
    entries_after: listed.total,
    files_after_first: filesAfterFirst,
    files_after_replay: filesAfterReplay,
    edits_ms: round(edits.ms),
    stale_edits_ms: round(stale.ms),
  });
  console.log(`Written to ${file}`);
} finally {
  await cleanUp(dir, app);
}
