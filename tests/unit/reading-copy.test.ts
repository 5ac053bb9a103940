import "fake-indexeddb/auto";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { storageKey } from "@/domain/constants";

/**
 * The reading copy (src/client/outbox/reading.ts) over fake-indexeddb, against a stand-in for the two
 * routes it reads. Turning the copy on must fill it even when a refresh that began while it was off is
 * still under way (a page load starts one): that refresh only empties the copy.
 */

const local = new Map<string, string>();
const entry = {
  id: "00000000-0000-4000-8000-000000000001",
  title: "Kept for reading",
  content: "An entry the reading copy keeps on the device.",
  created_at: "2026-11-20T10:00:00.000Z",
  updated_at: "2026-11-20T10:00:00.000Z",
  media_files: [],
  tags: [],
};

const realFetch = globalThis.fetch;
beforeAll(() => {
  vi.stubGlobal("window", {
    localStorage: {
      getItem: (k: string) => local.get(k) ?? null,
      setItem: (k: string, v: string) => void local.set(k, v),
      removeItem: (k: string) => void local.delete(k),
    },
  });
  globalThis.fetch = (async (input: RequestInfo | URL) => {
    const url = new URL(String(input), "http://localhost");
    if (url.pathname === "/api/auth/status")
      return Response.json({ locked_by_passcode: false, journal_encrypted: false });
    if (url.pathname === "/api/entries") return Response.json({ entries: [entry], total: 1, offset: 0, limit: 200 });
    return new Response("not found", { status: 404 });
  }) as typeof fetch;
});
afterAll(() => {
  globalThis.fetch = realFetch;
  vi.unstubAllGlobals();
});

const setReadingPref = (on: boolean) => local.set(storageKey("preferences"), JSON.stringify({ offlineReading: on }));

describe("the reading copy", () => {
  beforeEach(async () => {
    const { clearReadingCopy } = await import("@/client/outbox/store");
    await clearReadingCopy();
  });

  it("keeps the recent entries when allowed, and nothing once turned off", async () => {
    const { refreshReadingCopy, readingCopySize } = await import("@/client/outbox/reading");
    const { clearReadingCopy } = await import("@/client/outbox/store");
    setReadingPref(true);
    await refreshReadingCopy(true);
    expect((await readingCopySize()).entries).toBe(1);
    setReadingPref(false);
    await clearReadingCopy();
    await refreshReadingCopy(true);
    expect((await readingCopySize()).entries).toBe(0);
  }, 30_000);

  it("turned on while a refresh begun with it off is under way, it is filled", async () => {
    const { refreshReadingCopy, readingCopySize } = await import("@/client/outbox/reading");
    setReadingPref(false);
    const underWay = refreshReadingCopy(); // the page load's refresh: the copy is off, so it empties it
    setReadingPref(true); // the person turns it on before that refresh ends
    await refreshReadingCopy(true);
    await underWay;
    const size = await readingCopySize();
    expect(size.entries).toBe(1);
    expect(size.bytes).toBeGreaterThan(0);
  }, 30_000);
});
