import { existsSync, readdirSync, rmSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { pngBytes } from "../support/journal-e2e";
import { startAppServer, type AppServer } from "../support/app-server";

/**
 * The loss window, proved on a real server: writes, kill -9, the database deleted, a restart. Every
 * write acknowledged before the last snapshot must be back, restored from the snapshots at start.
 */
const base = Number(process.env.E2E_PORT ?? 3100);
let server: AppServer | undefined;
test.afterEach(async () => {
  await server?.stop();
  server = undefined;
});

async function write(url: string, title: string): Promise<{ id: string; ackedAt: number }> {
  const res = await fetch(`${url}/api/entries`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: url },
    body: JSON.stringify({ title, content: `The words of ${title}.` }),
  });
  expect(res.status).toBe(201);
  return { id: (await res.json()).id as string, ackedAt: Date.now() };
}
async function snapshots(url: string): Promise<{
  snapshots: { id: string; created_at: string; entries: number }[];
  restored_at_start: { id: string } | null;
}> {
  return (await fetch(`${url}/api/backups`)).json();
}
function loseTheDatabase(dataDir: string) {
  for (const name of readdirSync(dataDir)) if (name.startsWith("journal.db")) rmSync(path.join(dataDir, name));
  rmSync(path.join(dataDir, "uploads"), { recursive: true, force: true });
  expect(existsSync(path.join(dataDir, "journal.db"))).toBe(false);
}

test("kill -9, database deleted, restart: every write acknowledged before the last snapshot is back", async ({
  page,
}) => {
  server = await startAppServer(base + 51, { BACKUP_DELAY_SECONDS: "1", REVERIE_E2E: "1" });
  const { url, dataDir } = server;
  const writes: { id: string; title: string; ackedAt: number }[] = [];
  for (let i = 0; i < 12; i++) writes.push({ ...(await write(url, `Before ${i}`)), title: `Before ${i}` });
  // A photo on one of them: media come back too.
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(await pngBytes(48))], { type: "image/png" }), "p.png");
  const up = await fetch(`${url}/api/entries/${writes[0]!.id}/media`, {
    method: "POST",
    body: form,
    headers: { origin: url },
  });
  expect(up.status).toBe(201);
  const mediaId = (await up.json()).id as string;

  // The automatic snapshot (at most BACKUP_DELAY_SECONDS after the last write) holds all of them.
  await expect.poll(async () => (await snapshots(url)).snapshots[0]?.entries ?? 0, { timeout: 30_000 }).toBe(12);
  for (let i = 0; i < 5; i++) writes.push({ ...(await write(url, `After ${i}`)), title: `After ${i}` });
  const last = (await snapshots(url)).snapshots[0]!;

  await server.kill();
  loseTheDatabase(dataDir);
  server = await startAppServer(base + 51, { BACKUP_DELAY_SECONDS: "1", REVERIE_E2E: "1" }, { dataDir });
  expect(server.output()).toMatch(/database was missing: restored snapshot \d{8}T/u);

  const list = (await (await fetch(`${url}/api/entries`)).json()) as { id: string; title: string }[];
  const back = new Set(list.map((e) => e.id));
  const covered = writes.filter((w) => w.ackedAt < Date.parse(last.created_at));
  expect(covered.length).toBeGreaterThanOrEqual(12);
  for (const w of covered) expect(back.has(w.id), w.title).toBe(true);
  const img = await fetch(`${url}/api/media/${mediaId}`);
  expect(img.status).toBe(200);
  expect(Buffer.from(await img.arrayBuffer()).equals(await pngBytes(48))).toBe(true);

  // The app says so.
  expect((await snapshots(url)).restored_at_start).not.toBeNull();
  await page.goto(`${url}/`);
  await expect(page.getByRole("status").filter({ hasText: "was restored from the snapshot of" })).toBeVisible();
});

test("a stop (SIGTERM) takes a snapshot before exit, so nothing written is lost", async () => {
  // No automatic snapshot within the test: only the one at shutdown can hold these writes.
  server = await startAppServer(base + 52, { BACKUP_DELAY_SECONDS: "3600", REVERIE_E2E: "1" });
  const { url, dataDir } = server;
  const ids: string[] = [];
  for (let i = 0; i < 6; i++) ids.push((await write(url, `Evening ${i}`)).id);
  await server.stop({ keepData: true });
  expect(server.output()).toMatch(/snapshot \d{8}T\d{9}Z(-\d+)? taken before exit \(6 entries\)/u);
  loseTheDatabase(dataDir);
  server = await startAppServer(base + 52, { BACKUP_DELAY_SECONDS: "3600", REVERIE_E2E: "1" }, { dataDir });
  const list = (await (await fetch(`${url}/api/entries`)).json()) as { id: string }[];
  expect(list.map((e) => e.id).sort()).toEqual([...ids].sort());
});
