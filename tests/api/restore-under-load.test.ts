import { randomUUID } from "node:crypto";
import path from "node:path";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import * as restore from "@/app/api/backups/[id]/restore/route";
import * as backups from "@/app/api/backups/route";
import * as entryOne from "@/app/api/entries/[id]/route";
import * as entries from "@/app/api/entries/route";
import { duringWrite, gateState, setGateLimits, withWritesStopped } from "@/server/db/write-gate";
import { call, expectError } from "../support/http";
import { testDataDir } from "../support/api-setup";

/**
 * RESTORE-UNDER-LOAD. Writers keep creating entries (client-made ids, as the device's outbox does) and
 * editing them while a snapshot is restored, several rounds. Every write answered 2xx must be in the
 * journal after the restore or else in the undo snapshot the restore took of the journal before it
 * (checked by restoring that one). A write that arrives while the restore runs waits or is answered
 * 503 (the outbox sends it again); it is never acknowledged and then lost.
 */

const backupDir = path.join(testDataDir, "backups");
const ROUNDS = 4;
const WRITERS = 3;
const PAD = "Words that make the snapshot take its time. ".repeat(1200); // ~54 kB an entry

type Acked = { id: string; content: string };

async function allContents(): Promise<Map<string, string>> {
  const r = await call(entries.GET, { path: "/api/entries" });
  expect(r.status).toBe(200);
  return new Map((r.body as { id: string; content: string }[]).map((e) => [e.id, e.content]));
}

/** The entries of a snapshot file, read straight from it (an unencrypted journal). */
function snapshotContents(id: string): Map<string, string> {
  const conn = new Database(path.join(backupDir, `${id}.db`), { readonly: true, fileMustExist: true });
  try {
    return new Map(
      (conn.prepare(`SELECT id, content FROM entries`).all() as { id: string; content: string }[]).map((e) => [
        e.id,
        e.content,
      ]),
    );
  } finally {
    conn.close();
  }
}

async function writer(
  n: number,
  stop: () => boolean,
  acked: Map<string, Acked>,
  refused: { count: number },
): Promise<void> {
  let k = 0;
  const mine: string[] = [];
  while (!stop()) {
    // Each write is a request of its own, as from a device: the event loop turns between them.
    await new Promise((r) => setImmediate(r));
    k++;
    // Mostly creates, and an edit of one of this writer's entries every third write.
    if (k % 3 === 0 && mine.length) {
      const id = mine[k % mine.length]!;
      const content = `Writer ${n}, edit ${k} of ${id}. ${PAD.slice(0, 2000)}`;
      const r = await call(entryOne.PUT, {
        method: "PUT",
        path: `/api/entries/${id}`,
        body: { content },
        params: { id },
      });
      if (r.status === 200) acked.set(id, { id, content });
      else if (r.status === 503) refused.count++;
      else if (r.status === 404)
        mine.splice(mine.indexOf(id), 1); // not in the restored journal: nothing was acknowledged
      else throw new Error(`edit answered ${r.status}: ${JSON.stringify(r.body)}`);
    } else {
      const id = randomUUID();
      const content = `Writer ${n}, entry ${k}. ${PAD.slice(0, 3000)}`;
      const r = await call(entries.POST, {
        method: "POST",
        path: "/api/entries",
        body: { id, title: `w${n}-${k}`, content },
      });
      if (r.status === 201 || r.status === 200) {
        acked.set(id, { id, content });
        mine.push(id);
      } else if (r.status === 503) refused.count++;
      else throw new Error(`create answered ${r.status}: ${JSON.stringify(r.body)}`);
    }
  }
}

describe("restore under load", () => {
  it("loses no acknowledged write: each is in the restored journal or in the undo snapshot", async () => {
    // A journal large enough that its snapshot takes a while (the window a write used to fall into).
    for (let i = 0; i < 80; i++) {
      const r = await call(entries.POST, {
        method: "POST",
        path: "/api/entries",
        body: { title: `Seed ${i}`, content: `Seed ${i}. ${PAD}` },
      });
      expect(r.status).toBe(201);
    }
    const totals = { acknowledged: 0, inRestored: 0, inUndo: 0, lost: 0, refused: 0 };
    const lostIds: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const snap = await call(backups.POST, { method: "POST", path: "/api/backups" });
      expect(snap.status).toBe(201);
      const target = snap.body.id as string;

      const acked = new Map<string, Acked>();
      const refused = { count: 0 };
      let done = false;
      let failure: unknown = null;
      const writers = Array.from({ length: WRITERS }, (_, n) =>
        writer(n, () => done || failure !== null, acked, refused).catch((err: unknown) => {
          failure ??= err;
        }),
      );
      const until = async (enough: () => boolean) => {
        while (!enough() && failure === null) await new Promise((r) => setTimeout(r, 2));
        if (failure !== null) throw failure;
      };
      // Let the writers get going, restore while they write, then let them write a little longer.
      await until(() => acked.size >= 10);
      const restored = await call(restore.POST, {
        method: "POST",
        path: `/api/backups/${target}/restore`,
        params: { id: target },
      });
      expect(restored.status).toBe(200);
      const undo = restored.body.undo.id as string;
      const after = acked.size;
      try {
        await until(() => acked.size >= after + 5);
      } finally {
        done = true;
        await Promise.all(writers);
      }

      const now = await allContents();
      const inUndo = snapshotContents(undo);
      let inRestored = 0;
      let fromUndo = 0;
      const needUndo: Acked[] = [];
      for (const a of acked.values()) {
        if (now.get(a.id) === a.content) inRestored++;
        else if (inUndo.get(a.id) === a.content) {
          fromUndo++;
          needUndo.push(a);
        } else lostIds.push(a.id);
      }
      // The undo snapshot really gives those back: restore it and look.
      const back = await call(restore.POST, {
        method: "POST",
        path: `/api/backups/${undo}/restore`,
        params: { id: undo },
      });
      expect(back.status).toBe(200);
      const undone = await allContents();
      for (const a of needUndo) expect(undone.get(a.id)).toBe(a.content);

      totals.acknowledged += acked.size;
      totals.inRestored += inRestored;
      totals.inUndo += fromUndo;
      totals.refused += refused.count;
    }
    totals.lost = lostIds.length;
    console.log(
      `[restore under load] ${ROUNDS} rounds, ${WRITERS} writers: ${totals.acknowledged} writes acknowledged, ${totals.inRestored} found in the restored journal, ${totals.inUndo} found in the undo snapshot, ${totals.lost} lost (${totals.refused} answered 503 and left to be sent again)`,
    );
    expect(lostIds).toEqual([]);
    expect(totals.acknowledged).toBeGreaterThan(ROUNDS * 15);
    expect(totals.inUndo).toBeGreaterThan(0);
  }, 240_000);

  it("a write at the closed gate waits, or is answered 503 SERVER_BUSY with Retry-After; reads pass", async () => {
    let reopen!: () => void;
    const held = new Promise<void>((r) => (reopen = r));
    let entered!: () => void;
    const inside = new Promise<void>((r) => (entered = r));
    const stop = withWritesStopped("The journal is being restored from a snapshot", async () => {
      entered();
      await held;
    });
    await inside;
    expect(gateState()).toEqual({ active: 0, closed: true });
    const before = setGateLimits({ waitMs: 0 });
    try {
      const refused = await call(entries.POST, {
        method: "POST",
        path: "/api/entries",
        body: { id: randomUUID(), content: "Sent while restoring." },
      });
      const e = expectError(refused, 503, "SERVER_BUSY");
      expect(e.message).toMatch(/restored from a snapshot.*Nothing was saved/u);
      expect(refused.res.headers.get("retry-after")).toMatch(/^[1-9]\d*$/u);
      expect((await call(entries.GET, { path: "/api/entries?limit=1" })).status).toBe(200);
    } finally {
      setGateLimits(before);
    }
    // With the usual limits the write waits at the gate and is saved once it opens.
    const id = randomUUID();
    const waiting = call(entries.POST, {
      method: "POST",
      path: "/api/entries",
      body: { id, content: "Waited for the restore." },
    });
    let answered = false;
    void waiting.then(() => (answered = true));
    for (let i = 0; i < 20; i++) await new Promise((r) => setImmediate(r));
    expect(answered).toBe(false);
    reopen();
    await stop;
    expect((await waiting).status).toBe(201);
    expect(gateState()).toEqual({ active: 0, closed: false });
  });

  it("a stop waits for the writes under way before it begins", async () => {
    const order: string[] = [];
    let finish!: () => void;
    const writing = duringWrite(async () => {
      order.push("write started");
      await new Promise<void>((r) => (finish = r));
      order.push("write done");
    });
    const stop = withWritesStopped("Test", () => void order.push("stopped"));
    for (let i = 0; i < 20; i++) await new Promise((r) => setImmediate(r));
    expect(order).toEqual(["write started"]);
    finish();
    await Promise.all([writing, stop]);
    expect(order).toEqual(["write started", "write done", "stopped"]);
  });
});
