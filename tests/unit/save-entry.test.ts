import "fake-indexeddb/auto";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { QueryClient } from "@tanstack/react-query";
import { saveEntry, type DraftFile, type EntryDraft } from "@/client/entries/save";
import { ApiError } from "@/client/errors";
import { qk } from "@/client/keys";
import { loadOutbox } from "@/client/outbox/load";
import { deviceDb } from "@/client/outbox/store";
import type { EntryDto, MediaFileDto } from "@/contracts/entries";

/**
 * The editor's one save, as the browser runs it: the requests go through a stubbed fetch, the device's
 * store is IndexedDB (fake-indexeddb). The promise under test: nothing typed is lost, whatever the
 * server answers, and the server's refusal is shown, not hidden on the device.
 */

type Answer = { status: number; body?: unknown } | "no answer";
interface Call {
  method: string;
  url: string;
  body: unknown;
}

let script: Answer[] = [];
let calls: Call[] = [];

/** Answers the scripted replies in order; once they are used up, the server is gone (as the sync engine then finds it). */
function stubServer(...answers: Answer[]) {
  script = answers;
  calls = [];
  vi.stubGlobal("fetch", async (url: string, init: RequestInit = {}) => {
    const body =
      init.body instanceof FormData
        ? Object.fromEntries(init.body.entries())
        : init.body
          ? JSON.parse(String(init.body))
          : undefined;
    calls.push({ method: init.method ?? "GET", url, body });
    const a = script.shift() ?? "no answer";
    if (a === "no answer") throw new TypeError("fetch failed");
    return new Response(a.body === undefined ? null : JSON.stringify(a.body), {
      status: a.status,
      headers: { "content-type": "application/json" },
    });
  });
}

const T0 = "2026-11-20T09:00:00.000Z";
function entryDto(over: Partial<EntryDto> = {}): EntryDto {
  return {
    id: "01900000-0000-7000-8000-000000000001",
    title: "Harbour walk",
    content: "Walked the harbour wall at dusk.",
    created_at: T0,
    updated_at: T0,
    mood: null,
    ai_mood_score: null,
    ai_summary: null,
    ai_themes: null,
    location_name: null,
    location_lat: null,
    location_lng: null,
    word_count: 6,
    conflict_of: null,
    tags: [],
    media_files: [],
    ...over,
  };
}

function mediaDto(id: string, entryId: string, filename: string): MediaFileDto {
  return {
    id,
    entry_id: entryId,
    file_type: "image",
    filename,
    mime_type: "image/png",
    size: 4,
    url: `/api/media/${id}`,
    thumbnail_url: null,
    created_at: T0,
  };
}

const payload = (over: Partial<EntryDraft["payload"]> = {}): EntryDraft["payload"] => ({
  title: "Harbour walk",
  content: "Walked the harbour wall at dusk. The boats knocked together like wind chimes.",
  mood: null,
  tags: ["sea"],
  created_at: T0,
  ai_summary: null,
  ai_mood_score: null,
  ai_themes: null,
  location_name: null,
  location_lat: null,
  location_lng: null,
  ...over,
});

const NEW_ID = "01900000-0000-7000-8000-0000000000aa";
const photo = (id: string, name = "boats.png"): DraftFile => ({
  id,
  file: new File([new Uint8Array([1, 2, 3, 4])], name, { type: "image/png" }),
});

async function deviceState() {
  const db = await deviceDb();
  const [device, ops, files] = await Promise.all([db.getAll("device"), db.getAll("ops"), db.getAll("files")]);
  return { device, ops, files };
}

beforeEach(async () => {
  stubServer();
  // Each case starts with nothing kept on this device.
  await (await loadOutbox()).forgetDevice();
});

afterEach(async () => {
  // Whatever the sync engine started ends before the next case's store is made.
  await (await loadOutbox()).settle();
  vi.unstubAllGlobals();
});

describe("saveEntry", () => {
  it("online: saves the words, then sends each file with its device-made id, and keeps nothing on the device", async () => {
    const saved = entryDto({ id: NEW_ID });
    stubServer({ status: 201, body: saved }, { status: 201, body: mediaDto("m-1", NEW_ID, "boats.png") });
    const qc = new QueryClient();
    const stored: string[] = [];
    const states: string[] = [];
    const outcome = await saveEntry({ entry: null, newId: NEW_ID, payload: payload() }, [photo("m-1")], {
      queryClient: qc,
      onStored: (e) => stored.push(e.id),
      onFile: (id, s) => states.push(`${id}:${s.state}:${s.progress}`),
    });

    expect(outcome).toEqual({ kind: "saved", entry: saved, kept: [], problems: [] });
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      "POST /api/entries",
      `POST /api/entries/${NEW_ID}/media`,
    ]);
    expect(calls[0]!.body).toMatchObject({ id: NEW_ID, title: "Harbour walk", tags: ["sea"] });
    expect(calls[1]!.body).toMatchObject({ id: "m-1" });
    expect(stored).toEqual([NEW_ID]);
    expect(states).toEqual(["m-1:waiting:0", "m-1:uploading:0", "m-1:uploading:1", "m-1:done:1"]);
    expect(qc.getQueryData(qk.entry(NEW_ID))).toEqual(saved);
    const kept = await deviceState();
    expect(kept.device).toEqual([]);
    expect(kept.ops).toEqual([]);
  });

  it("server unreachable: the entry and its files are kept in IndexedDB, to be sent later", async () => {
    stubServer("no answer");
    const outcome = await saveEntry({ entry: null, newId: NEW_ID, payload: payload() }, [
      photo("m-1"),
      photo("m-2", "gulls.png"),
    ]);

    expect(outcome).toEqual({ kind: "kept-on-device", id: NEW_ID });
    await (await loadOutbox()).settle();
    const kept = await deviceState();
    expect(kept.device).toHaveLength(1);
    expect(kept.device[0]!.entry).toMatchObject({ id: NEW_ID, title: "Harbour walk", content: payload().content });
    expect(kept.device[0]!.pending_media.map((m) => m.filename)).toEqual(["boats.png", "gulls.png"]);
    expect(kept.ops.map((o) => o.kind)).toEqual(["save", "upload", "upload"]);
    expect(kept.ops[0]).toMatchObject({ kind: "save", entry_id: NEW_ID, create: true });
    expect(kept.files.map((f) => f.media_id).sort()).toEqual(["m-1", "m-2"]);
    expect(kept.files.every((f) => f.entry_id === NEW_ID && f.blob.size === 4)).toBe(true);
  });

  it("a server error (5xx), asked twice, is unreachable too: kept on the device", async () => {
    stubServer(
      { status: 503, body: { error: { message: "Down for a moment", code: "UNAVAILABLE" } } },
      { status: 503, body: { error: { message: "Still down", code: "UNAVAILABLE" } } },
    );
    const outcome = await saveEntry({ entry: null, newId: NEW_ID, payload: payload() }, [], { retryDelayMs: 0 });
    expect(outcome.kind).toBe("kept-on-device");
    expect(calls.filter((c) => c.url === "/api/entries")).toHaveLength(2);
    expect((await deviceState()).device.map((d) => d.id)).toEqual([NEW_ID]);
  });

  it("an edit the server refuses with 409 (changed elsewhere): the server's version stays, this one is kept as a flagged copy", async () => {
    const base = entryDto({ updated_at: "2026-11-20T09:00:00.000Z" });
    stubServer({
      status: 409,
      body: { error: { message: "The entry changed since you opened it", code: "CONFLICT" } },
    });
    const outcome = await saveEntry(
      {
        entry: base,
        newId: NEW_ID,
        payload: payload({ content: "My version, written on the train." }),
        removedMediaIds: ["old-media"],
      },
      [photo("m-3")],
    );

    expect(calls[0]).toMatchObject({
      method: "PUT",
      url: `/api/entries/${base.id}`,
      body: { base_updated_at: base.updated_at },
    });
    expect(outcome.kind).toBe("conflict-copy");
    if (outcome.kind !== "conflict-copy") return;
    expect(outcome.of).toBe(base.id);
    expect(outcome.id).not.toBe(base.id);
    await (await loadOutbox()).settle();
    const kept = await deviceState();
    expect(kept.device.map((d) => d.id)).toEqual([outcome.id]);
    expect(kept.device[0]!.entry).toMatchObject({
      title: "Harbour walk (copy from this device)",
      content: "My version, written on the train.",
      conflict_of: base.id,
    });
    // The copy is a new entry: made on the server with the copy's id, its file goes with it, and no removal is sent.
    expect(kept.ops.map((o) => o.kind)).toEqual(["save", "upload"]);
    expect(kept.ops[0]).toMatchObject({ entry_id: outcome.id, create: true, conflict_of: base.id });
    expect(kept.files.map((f) => [f.media_id, f.entry_id])).toEqual([["m-3", outcome.id]]);
  });

  it("a refusal (4xx) is the server's word: thrown for the editor to show, nothing kept on the device", async () => {
    stubServer({ status: 400, body: { error: { message: "Content is too long", code: "VALIDATION_ERROR" } } });
    const err = await saveEntry({ entry: null, newId: NEW_ID, payload: payload() }, [photo("m-1")]).catch(
      (e: unknown) => e,
    );

    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 400, code: "VALIDATION_ERROR", message: "Content is too long" });
    expect(calls).toHaveLength(1);
    const kept = await deviceState();
    expect(kept.device).toEqual([]);
    expect(kept.ops).toEqual([]);
    expect(kept.files).toEqual([]);
  });

  it("after the words are saved: a refused file is a problem of that file, and once the server is gone the rest wait on the device", async () => {
    const saved = entryDto({ id: NEW_ID });
    stubServer(
      { status: 201, body: saved },
      {
        status: 415,
        body: { error: { message: "This kind of file is not supported", code: "UNSUPPORTED_MEDIA_TYPE" } },
      },
      "no answer",
    );
    const outcome = await saveEntry({ entry: null, newId: NEW_ID, payload: payload() }, [
      photo("m-1", "notes.xyz"),
      photo("m-2"),
      photo("m-3", "gulls.png"),
    ]);

    expect(outcome.kind).toBe("saved");
    if (outcome.kind !== "saved") return;
    expect(outcome.problems).toEqual([
      { id: "m-1", message: '"notes.xyz" was not uploaded: This kind of file is not supported' },
    ]);
    expect(outcome.kept).toEqual(["m-2", "m-3"]);
    await (await loadOutbox()).settle();
    const kept = await deviceState();
    expect(kept.ops.map((o) => o.kind === "upload" && o.media_id)).toEqual(["m-2", "m-3"]);
    expect(kept.files.map((f) => f.media_id).sort()).toEqual(["m-2", "m-3"]);
    expect(kept.device[0]).toMatchObject({ id: NEW_ID, on_server: true });
  });

  it("an entry whose latest version waits on the device: the save joins it there without asking the server", async () => {
    const outcome = await saveEntry({ entry: entryDto(), newId: NEW_ID, payload: payload(), onDevice: true }, []);
    expect(outcome).toEqual({ kind: "kept-on-device", id: entryDto().id });
    expect(calls.filter((c) => c.url.startsWith("/api/entries/") && c.method === "PUT")).toHaveLength(0);
  });
});
