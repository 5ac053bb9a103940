import { existsSync, readdirSync, rmSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as list from "@/app/api/entries/route";
import * as one from "@/app/api/entries/[id]/route";
import * as upload from "@/app/api/entries/[id]/media/route";
import * as mediaItem from "@/app/api/entries/[id]/media/[mediaId]/route";
import type { EntryDto } from "@/contracts/entries";
import { db } from "@/server/db/client";
import { testDataDir } from "../support/api-setup";
import { emptyJournal } from "../support/api-journal";
import {
  figuresLine,
  OutboxHarness,
  sequenceArb,
  type OutboxServer,
  type ServerSnapshot,
} from "../support/outbox-property";

/**
 * The outbox's property (tests/unit/outbox-property.test.ts) against the real route handlers, in
 * process, over this file's own SQLite journal and upload folder: the same random sequences, fewer of
 * them, so that the in-memory model the unit run uses cannot drift from the server unseen.
 */

const RUNS = Number(process.env.OUTBOX_PROPERTY_API_RUNS ?? 150);
const SEED = Number(process.env.OUTBOX_PROPERTY_SEED ?? Date.now() % 2 ** 31);
const uploads = path.join(testDataDir, "uploads");

type Handler<P> = (req: Request, ctx: { params: Promise<P> }) => Promise<Response>;
const to = <P>(h: Handler<P>, req: Request, params: P) => h(req, { params: Promise.resolve(params) });

/** The entries API through its route handlers, as the browser would reach them. */
class RouteServer implements OutboxServer {
  async handle(req: Request): Promise<Response> {
    const parts = new URL(req.url).pathname.split("/").filter(Boolean).map(decodeURIComponent);
    const [, , id, sub, mediaId] = parts;
    if (!id && req.method === "POST") return to(list.POST, req, {});
    if (id && !sub && req.method === "GET") return to(one.GET, req, { id });
    if (id && !sub && req.method === "PUT") return to(one.PUT, req, { id });
    if (id && !sub && req.method === "DELETE") return to(one.DELETE, req, { id });
    if (id && sub === "media" && !mediaId && req.method === "POST") return to(upload.POST, req, { id });
    if (id && sub === "media" && mediaId && req.method === "DELETE") return to(mediaItem.DELETE, req, { id, mediaId });
    throw new Error(`No route for ${req.method} ${req.url}`);
  }

  async get(id: string): Promise<EntryDto | null> {
    const res = await to(one.GET, new Request(`http://localhost/api/entries/${id}`), { id });
    return res.status === 200 ? ((await res.json()) as EntryDto) : null;
  }

  async snapshot(): Promise<ServerSnapshot> {
    const prisma = await db();
    const rows = await prisma.entry.findMany({ include: { mediaFiles: true } });
    const trash = await prisma.deletedEntry.findMany();
    const trashed = trash.flatMap(
      (t) => (JSON.parse(t.snapshot) as { media: { storedName: string; thumbnailName: string | null }[] }).media,
    );
    const stored = [...rows.flatMap((r) => r.mediaFiles), ...trashed]
      .flatMap((m) => [m.storedName, m.thumbnailName])
      .filter(Boolean);
    const onDisk = existsSync(uploads) ? readdirSync(uploads).filter((f) => !f.startsWith(".")) : [];
    return {
      entries: rows.map((r) => ({
        id: r.id,
        title: r.title,
        content: r.content,
        conflict_of: r.conflictOf,
        media: r.mediaFiles.map((m) => m.id),
      })),
      // Every stored file (photo and thumbnail) once: as many on disk as the records name.
      files: onDisk.length,
      recordedMedia: stored.length,
    };
  }

  async reset(): Promise<void> {
    await emptyJournal();
    rmSync(uploads, { recursive: true, force: true });
  }
}

let harness: OutboxHarness;
beforeAll(async () => {
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: { r: 30, g: 110, b: 170 } } })
    .png()
    .toBuffer();
  harness = new OutboxHarness(new RouteServer(), new Uint8Array(png));
  await harness.start();
});
afterAll(() => harness.stop());

describe("the device outbox against the real entries API, by property", () => {
  it(`ends every sequence with the journal holding exactly the last saved version (${RUNS} sequences)`, async () => {
    const t = performance.now();
    try {
      await fc.assert(
        fc.asyncProperty(sequenceArb(24), async (actions) => {
          const problems = await harness.run(actions);
          if (problems.length) throw new Error(problems.join("\n"));
        }),
        { numRuns: RUNS, seed: SEED },
      );
    } finally {
      console.log(figuresLine("outbox property (real routes)", harness.figures, SEED, performance.now() - t));
    }
    expect(harness.figures.lost).toBe(0);
    expect(harness.figures.duplicated).toBe(0);
  }, 600_000);
});
