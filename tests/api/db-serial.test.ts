import { beforeEach, describe, expect, it } from "vitest";
import { setConfig } from "@/server/config/service";
import { db } from "@/server/db/client";
import { createEntry, deleteEntry, updateEntry } from "@/server/entries/service";

/**
 * One SQLite connection serves every request. A statement sent while another request's transaction is
 * open must not join that transaction (and vanish with it when it rolls back).
 */

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeEach(async () => {
  const prisma = await db();
  await prisma.config.deleteMany({});
  await prisma.entry.deleteMany({});
});

describe("statements outside a transaction", () => {
  it("wait for an open transaction, and are kept when it rolls back", async () => {
    const prisma = await db();
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const failing = prisma
      .$transaction(async (tx) => {
        await tx.config.create({ data: { key: "in-tx", value: "x", updatedAt: new Date() } });
        await held;
        throw new Error("rolled back");
      })
      .catch((e: Error) => e.message);
    await sleep(20);
    const outside = prisma.config.create({ data: { key: "outside", value: "kept", updatedAt: new Date() } });
    const entry = createEntry({ content: "Written while another transaction was open." });
    const early = await Promise.race([outside.then(() => "answered"), sleep(100).then(() => "waiting")]);
    expect(early).toBe("waiting");
    release();
    expect(await failing).toBe("rolled back");
    await outside;
    const made = await entry;
    expect((await prisma.config.findMany({ select: { key: true } })).map((r) => r.key)).toEqual(["outside"]);
    expect(await prisma.entry.findUnique({ where: { id: made.id }, select: { content: true } })).toEqual({
      content: "Written while another transaction was open.",
    });
  });

  it("a burst of mixed writes and transactions all complete, each exactly once", async () => {
    const made = await Promise.all(
      Array.from({ length: 40 }, (_, i) => createEntry({ content: `Entry ${i}`, tags: [`t${i % 5}`] })),
    );
    await Promise.all([
      ...made.slice(0, 20).map((e, i) => updateEntry(e.id, { content: `Entry ${i}, edited`, tags: ["edited"] })),
      ...made.slice(20, 30).map((e) => deleteEntry(e.id)),
      ...Array.from({ length: 10 }, (_, i) => setConfig({ [`key-${i}`]: `value-${i}` })),
      ...Array.from({ length: 10 }, (_, i) => createEntry({ content: `Late ${i}` })),
    ]);
    const prisma = await db();
    expect(await prisma.entry.count()).toBe(40);
    expect(await prisma.entry.count({ where: { content: { endsWith: ", edited" } } })).toBe(20);
    expect(await prisma.config.count()).toBe(10);
    expect(await prisma.tag.findMany({ select: { name: true }, orderBy: { name: "asc" } })).toEqual([
      { name: "edited" },
      { name: "t0" },
      { name: "t1" },
      { name: "t2" },
      { name: "t3" },
      { name: "t4" },
    ]);
  });
});
