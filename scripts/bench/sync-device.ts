/**
 * npm run bench:sync (second part) [-- --entries 100 --photos 20]
 *
 * The whole sync as the browser does it: the app's own outbox code (src/client/outbox: the IndexedDB
 * queue and the sync engine), run in Node over an in-memory IndexedDB (fake-indexeddb), against the real
 * production server on loopback. `entries` entries are saved on the "device" while the server is
 * unreachable (every fifth with a photo), then the server comes back and the queue is sent. Target
 * (issue "Write anywhere"): 100 queued entries synced in <= 10 s. Then the same again with every first
 * answer lost on the way back (each operation sent twice: replays), and 100 offline edits. Here a failed
 * try is followed by the next at once (as when the connection comes back), not after the backoff.
 */
import "fake-indexeddb/auto";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import {
  appEnv,
  ensureBuild,
  freePort,
  loadNow,
  machine,
  machineLine,
  numArg,
  printTable,
  round,
  startApp,
  verdict,
  writeResult,
} from "./lib.ts";

const ENTRIES = numArg("entries", 100);
const PHOTOS = numArg("photos", Math.floor(ENTRIES / 5));

console.log(
  `Reverie device sync benchmark (the app's outbox code), ${ENTRIES} entries, ${PHOTOS} photos: ${machineLine(machine())}`,
);
ensureBuild();
const dir = mkdtempSync(path.join(os.tmpdir(), "reverie-bench-device-"));
const uploadDir = path.join(dir, "uploads");
const port = await freePort();
const app = await startApp(
  port,
  appEnv(path.join(dir, "journal.db"), uploadDir, { BACKUP_DELAY_SECONDS: "off", DEFAULT_AI_MODEL: "local/offline" }),
);

// The browser's fetch: relative addresses on the app's origin. `offline` cuts it; `loseAnswers` lets each
// request reach the server, then throws its answer away the first time (the replay must then be a 200).
let offline = true;
let loseAnswers = false;
let requests = 0;
let lost = 0;
const seen = new Set<string>();
const realFetch = globalThis.fetch;
globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
  if (offline) throw new TypeError("fetch failed");
  const url = new URL(String(input), app.url);
  requests += 1;
  const res = await realFetch(url, {
    ...init,
    headers: { ...(init?.headers as Record<string, string>), origin: app.url },
  });
  const body = init?.body;
  const key = `${init?.method ?? "GET"} ${url.pathname} ${typeof body === "string" ? body : body instanceof FormData ? String(body.get("id")) : ""}`;
  if (loseAnswers && init?.method && init.method !== "GET" && !seen.has(key)) {
    seen.add(key);
    lost += 1;
    await res.arrayBuffer();
    throw new TypeError("fetch failed");
  }
  return res;
}) as typeof fetch;

// The app's own log lines (a retry planned, an analysis that met a lost answer) would hide the table.
console.info = () => {};
console.warn = () => {};
const outbox = await import("../../src/client/outbox/index.ts");

const png = await sharp({ create: { width: 1200, height: 900, channels: 3, background: { r: 30, g: 110, b: 170 } } })
  .png()
  .toBuffer();
const every = PHOTOS > 0 ? Math.max(1, Math.floor(ENTRIES / PHOTOS)) : 0;

async function queueEntries(prefix: string): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < ENTRIES; i++) {
    const id = crypto.randomUUID();
    ids.push(id);
    const photo = every && i % every === 0 && i / every < PHOTOS;
    await outbox.queueSave({
      id,
      base: null,
      payload: {
        title: `${prefix} ${i}`,
        content: `Words written on the train, number ${i}, while the server was away. The fields were brown and the sky was low.`,
        mood: null,
        tags: ["offline"],
        created_at: new Date(Date.UTC(2026, 10, 20, 8, i)).toISOString(),
        ai_summary: null,
        ai_mood_score: null,
        ai_themes: null,
        location_name: null,
        location_lat: null,
        location_lng: null,
      },
      newMedia: photo
        ? [
            {
              id: crypto.randomUUID(),
              blob: new Blob([new Uint8Array(png)], { type: "image/png" }),
              filename: `photo-${i}.png`,
              type: "image/png",
            },
          ]
        : [],
    });
  }
  return ids;
}

async function syncAll(): Promise<number> {
  offline = false;
  const t = performance.now();
  while (
    (await outbox
      .refreshStatus()
      .then(() => import("../../src/client/outbox/status.ts"))
      .then((m) => m.outboxStatus().waiting)) > 0
  ) {
    await outbox.syncNow();
  }
  return performance.now() - t;
}

async function serverEntries(): Promise<{ id: string; title: string; content: string; media_files: unknown[] }[]> {
  return (await realFetch(`${app.url}/api/entries`)).json() as Promise<
    { id: string; title: string; content: string; media_files: unknown[] }[]
  >;
}

try {
  // 1. The plain case.
  await queueEntries("Written offline");
  const r0 = requests;
  const firstMs = await syncAll();
  const firstRequests = requests - r0;
  let onServer = await serverEntries();
  const firstOk = onServer.length === ENTRIES && onServer.filter((e) => e.media_files.length === 1).length === PHOTOS;

  // 2. Every answer lost the first time.
  offline = true;
  await queueEntries("Lost answers");
  loseAnswers = true;
  const lostMs = await syncAll();
  loseAnswers = false;
  onServer = await serverEntries();
  const lostTitles = onServer.filter((e) => e.title.startsWith("Lost answers"));
  const files = readdirSync(uploadDir).filter((f) => !f.startsWith(".")).length;
  const lostOk =
    lostTitles.length === ENTRIES && lostTitles.filter((e) => e.media_files.length === 1).length === PHOTOS;

  // 3. 100 edits made offline of entries the server has.
  offline = true;
  const targets = onServer.filter((e) => e.title.startsWith("Written offline")).slice(0, ENTRIES);
  for (const e of targets) {
    const full = (await (await realFetch(`${app.url}/api/entries/${e.id}`)).json()) as Parameters<
      typeof outbox.queueSave
    >[0]["base"];
    await outbox.queueSave({
      id: e.id,
      base: full,
      payload: {
        title: e.title,
        content: `${e.content} Edited later, still offline.`,
        mood: null,
        tags: ["offline", "edited"],
        created_at: full!.created_at,
        ai_summary: null,
        ai_mood_score: null,
        ai_themes: null,
      },
    });
  }
  const editMs = await syncAll();
  const edited = (await serverEntries()).filter((e) => e.content.endsWith("Edited later, still offline.")).length;
  await outbox.analysesDone();

  const rows: (string | number)[][] = [
    [
      `sync ${ENTRIES} queued entries + ${PHOTOS} photos`,
      `${round(firstMs / 1000, 2)} s (${firstRequests} requests)`,
      "<= 10 s",
      verdict(firstMs <= 10_000 && firstOk),
    ],
    [
      "  on the server afterwards",
      `${onServer.filter((e) => e.title.startsWith("Written offline")).length} entries, ${PHOTOS} with a photo`,
      `${ENTRIES}, ${PHOTOS}`,
      verdict(firstOk),
    ],
    [
      `the same with every first answer lost (${lost} lost)`,
      `${round(lostMs / 1000, 2)} s`,
      "no duplicate",
      verdict(lostOk),
    ],
    ["  files on disk after both (photos + thumbnails)", `${files}`, `${PHOTOS * 4}`, verdict(files === PHOTOS * 4)],
    [
      `${ENTRIES} offline edits of server entries`,
      `${round(editMs / 1000, 2)} s, ${edited} applied`,
      `${ENTRIES}`,
      verdict(edited === ENTRIES),
    ],
  ];
  printTable(["What", "Measured", "Target", ""], rows);
  console.log(`Load ${loadNow()}.`);
  const file = writeResult("sync-device", {
    machine: machine(),
    entries: ENTRIES,
    photos: PHOTOS,
    sync_ms: round(firstMs),
    sync_requests: firstRequests,
    lost_answers: lost,
    lost_answers_sync_ms: round(lostMs),
    no_duplicates: lostOk,
    edits_ms: round(editMs),
    edits_applied: edited,
  });
  console.log(`Written to ${file}`);
  if (!firstOk || !lostOk || edited !== ENTRIES || files !== PHOTOS * 4) process.exitCode = 1;
} finally {
  await app.stop();
  rmSync(dir, { recursive: true, force: true });
}
