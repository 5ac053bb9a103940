import { describe, expect, it } from "vitest";
import type { EntryDto } from "@/contracts/entries";
import {
  applySave,
  backoffMs,
  conflictCopyTitle,
  enqueue,
  filterOffline,
  lockEntriesWarning,
  newestFirst,
  offlineFilterOf,
  offlineText,
  outcomeOf,
  retarget,
  isUnreachable,
  nextToSend,
  problemOf,
  queueWaits,
  refusedBeforeSending,
  waitingLabel,
  waitingNote,
  type OutboxOp,
  type SaveOp,
} from "@/domain/outbox";

const at = "2026-11-24T10:00:00.000Z";
const payload = (content: string, title = "") => ({
  title,
  content,
  mood: null,
  tags: [],
  created_at: at,
  ai_summary: null,
  ai_mood_score: null,
  ai_themes: null,
});
const save = (entry_id: string, seq: number, create = true, content = "x"): SaveOp => ({
  seq,
  kind: "save",
  entry_id,
  create,
  payload: payload(content),
  queued_at: at,
});
const upload = (entry_id: string, seq: number, media_id: string): OutboxOp => ({
  seq,
  kind: "upload",
  entry_id,
  media_id,
  filename: `${media_id}.png`,
  type: "image/png",
  size: 10,
  queued_at: at,
});

describe("enqueue", () => {
  it("folds a later save of the same entry into the waiting one, keeping its place and create flag", () => {
    const q = [save("a", 1), save("b", 2)];
    const { queue } = enqueue(q, {
      kind: "save",
      entry_id: "a",
      create: false,
      payload: payload("newer"),
      queued_at: at,
    });
    expect(queue).toHaveLength(2);
    expect(queue[0]).toMatchObject({ seq: 1, entry_id: "a", create: true, payload: { content: "newer" } });
  });

  it("never changes the operation on its way to the server: the new save is appended", () => {
    const { queue } = enqueue(
      [save("a", 1)],
      { kind: "save", entry_id: "a", create: false, payload: payload("newer"), queued_at: at },
      1,
    );
    expect(queue).toHaveLength(2);
    expect((queue[0] as SaveOp).payload.content).toBe("x");
    expect((queue[1] as SaveOp).payload.content).toBe("newer");
  });

  it("keeps both saves when an upload of the entry sits between them (order matters)", () => {
    const { queue } = enqueue([save("a", 1), upload("a", 2, "m1")], {
      kind: "save",
      entry_id: "a",
      create: false,
      payload: payload("later"),
      queued_at: at,
    });
    expect(queue.map((o) => o.kind)).toEqual(["save", "upload", "save"]);
  });

  it("forgets an entry that never reached the server when it is deleted, with its files", () => {
    const { queue, droppedMedia } = enqueue([save("a", 1), upload("a", 2, "m1"), save("b", 3)], {
      kind: "delete",
      entry_id: "a",
      queued_at: at,
    });
    expect(queue.map((o) => o.entry_id)).toEqual(["b"]);
    expect(droppedMedia).toEqual(["m1"]);
  });

  it("sends the delete when the create is already on its way (its answer may land)", () => {
    const { queue } = enqueue(
      [save("a", 1), upload("a", 2, "m1")],
      { kind: "delete", entry_id: "a", queued_at: at },
      1,
    );
    expect(queue.map((o) => o.kind)).toEqual(["save", "delete"]);
  });

  it("replaces waiting edits of a server entry by its delete", () => {
    const { queue } = enqueue([save("a", 1, false)], { kind: "delete", entry_id: "a", queued_at: at });
    expect(queue.map((o) => o.kind)).toEqual(["delete"]);
  });

  it("cancels an upload that has not gone when its file is removed again", () => {
    const { queue, droppedMedia } = enqueue([save("a", 1), upload("a", 2, "m1")], {
      kind: "remove-media",
      entry_id: "a",
      media_id: "m1",
      queued_at: at,
    });
    expect(queue.map((o) => o.kind)).toEqual(["save"]);
    expect(droppedMedia).toEqual(["m1"]);
    const kept = enqueue([save("a", 1)], {
      kind: "remove-media",
      entry_id: "a",
      media_id: "server-media",
      queued_at: at,
    });
    expect(kept.queue.map((o) => o.kind)).toEqual(["save", "remove-media"]);
  });
});

describe("enqueue: an operation that may be on the server is never changed", () => {
  it("queues a later save after a sent save instead of folding into it (its replay stays exact)", () => {
    const sent = { ...save("a", 1, true, "v1"), sent: true };
    const { queue } = enqueue([sent], {
      kind: "save",
      entry_id: "a",
      create: true,
      payload: payload("v2"),
      queued_at: at,
    });
    expect(queue).toHaveLength(2);
    expect(queue[0]).toBe(sent);
    expect((queue[1] as SaveOp).payload.content).toBe("v2");
    // A third save folds into the second, which has not gone yet.
    const third = enqueue(
      queue.map((o, i) => ({ ...o, seq: i + 1 })),
      { kind: "save", entry_id: "a", create: true, payload: payload("v3"), queued_at: at },
    );
    expect(third.queue.map((o) => (o as SaveOp).payload.content)).toEqual(["v1", "v3"]);
  });

  it("sends the delete after a create that was sent (in any tab), and keeps that create", () => {
    const sent = { ...save("a", 1), sent: true };
    const { queue, droppedMedia } = enqueue([sent, upload("a", 2, "m1")], {
      kind: "delete",
      entry_id: "a",
      queued_at: at,
    });
    expect(queue.map((o) => o.kind)).toEqual(["save", "delete"]);
    expect(droppedMedia).toEqual(["m1"]);
  });

  it("does not cancel an upload that was sent: the removal is sent after it", () => {
    const sent = { ...upload("a", 2, "m1"), sent: true };
    const { queue, droppedMedia } = enqueue([save("a", 1, false), sent], {
      kind: "remove-media",
      entry_id: "a",
      media_id: "m1",
      queued_at: at,
    });
    expect(queue.map((o) => o.kind)).toEqual(["save", "upload", "remove-media"]);
    expect(droppedMedia).toEqual([]);
  });
});

describe("refusals wait for the person", () => {
  it("skips a refused file and sends the rest of its entry; a refused save holds its entry back, not the others", () => {
    const q: OutboxOp[] = [
      { ...upload("a", 1, "big"), refused: "too large" },
      save("a", 2, false),
      { ...save("b", 3), refused: "too long" },
      upload("b", 4, "m"),
      save("c", 5),
    ];
    expect(nextToSend(q)?.seq).toBe(2);
    expect(nextToSend(q.slice(2))?.seq).toBe(5);
    expect(nextToSend([{ ...save("b", 3), refused: "too long" }])).toBeUndefined();
    expect(problemOf(q, "a")).toBe("too large");
    expect(problemOf(q, "c")).toBeNull();
  });

  it("does not send a file over 10 MB at all, and names the limit", () => {
    const big = { ...upload("a", 1, "m"), size: 10 * 1024 * 1024 + 1, filename: "long.mp4" } as OutboxOp;
    expect(refusedBeforeSending(big)).toEqual({
      kind: "refused",
      message: 'File "long.mp4" is too large. Maximum size is 10MB.',
    });
    expect(refusedBeforeSending({ ...big, size: 10 * 1024 * 1024 } as OutboxOp)).toBeNull();
    expect(refusedBeforeSending(save("a", 1))).toBeNull();
  });

  it("answers a 413 to an upload with the 10 MB message, whatever the server said", () => {
    expect(
      outcomeOf(
        { ...upload("a", 1, "m"), filename: "sea.png" } as OutboxOp,
        413,
        "PAYLOAD_TOO_LARGE",
        "Request body is too large (limit 1000 bytes).",
      ),
    ).toEqual({
      kind: "refused",
      message: 'File "sea.png" is too large. Maximum size is 10MB.',
    });
  });

  it("keeps the device's version as a copy when a create meets other words under its id (409)", () => {
    expect(outcomeOf(save("a", 1, true), 409, "CONFLICT").kind).toBe("conflict");
  });
});

describe("outcomeOf", () => {
  it("waits and tries again when there is no answer, a timeout, a 5xx, a 429 or a locked session", () => {
    for (const status of [undefined, 500, 502, 503, 408, 429, 401])
      expect(outcomeOf(save("a", 1), status).kind).toBe("retry");
  });
  it("makes a copy when an edit meets a newer version (409) or an entry deleted elsewhere (404)", () => {
    expect(outcomeOf(save("a", 1, false), 409, "CONFLICT").kind).toBe("conflict");
    expect(outcomeOf(save("a", 1, false), 404).kind).toBe("conflict");
  });
  it("drops a create whose id was deleted meanwhile (410), and counts a delete of a missing entry as done", () => {
    expect(outcomeOf(save("a", 1, true), 410, "ENTRY_DELETED").kind).toBe("gone");
    expect(outcomeOf({ kind: "delete", entry_id: "a", queued_at: at }, 404).kind).toBe("done");
    expect(outcomeOf({ kind: "remove-media", entry_id: "a", media_id: "m", queued_at: at }, 404).kind).toBe("done");
  });
  it("leaves a refused save to the person, with the server's message", () => {
    expect(outcomeOf(save("a", 1), 400, "VALIDATION_ERROR", "content must be at most 50000 characters")).toEqual({
      kind: "refused",
      message: "content must be at most 50000 characters",
    });
    expect(outcomeOf(upload("a", 1, "m"), 413, undefined, "File too large").kind).toBe("refused");
    expect(outcomeOf(save("a", 1), 201).kind).toBe("done");
  });
  it("tells the editor which answers mean 'keep it on the device'", () => {
    expect([undefined, 500, 503, 408, 429].every(isUnreachable)).toBe(true);
    expect([400, 401, 404, 409, 413].some(isUnreachable)).toBe(false);
    // The queue also waits out a locked journal, never a refusal that cannot change.
    expect([undefined, 500, 401, 403, 425].every(queueWaits)).toBe(true);
    expect([400, 404, 409, 413, 415].some(queueWaits)).toBe(false);
  });
});

describe("backoffMs", () => {
  it("doubles from 2 s up to 5 minutes, with at most 20 % jitter", () => {
    expect(backoffMs(1, 0)).toBe(4_000);
    expect(backoffMs(0, 0)).toBe(2_000);
    expect(backoffMs(3, 0)).toBe(16_000);
    expect(backoffMs(50, 0)).toBe(300_000);
    expect(backoffMs(50, 1)).toBe(360_000);
    expect(backoffMs(2, 0.5)).toBe(8_800);
  });
});

describe("retarget", () => {
  it("moves uploads and later saves to the copy, and drops removals and deletes of the server's version", () => {
    const ops: OutboxOp[] = [
      save("b", 1),
      upload("a", 3, "m1"),
      { seq: 4, kind: "remove-media", entry_id: "a", media_id: "m0", queued_at: at },
      save("a", 5, false, "later"),
    ];
    const out = retarget(ops, "a", "copy");
    expect(out.map((o) => [o.kind, o.entry_id])).toEqual([
      ["save", "b"],
      ["upload", "copy"],
      ["save", "copy"],
    ]);
    expect((out[2] as SaveOp).create).toBe(false);
  });
});

describe("device versions", () => {
  const server: EntryDto = {
    id: "e1",
    title: "Old",
    content: "old text",
    created_at: at,
    updated_at: at,
    mood: "calm",
    ai_mood_score: 6,
    ai_summary: null,
    ai_themes: null,
    location_name: "Lyon",
    location_lat: 45.76,
    location_lng: 4.83,
    word_count: 2,
    tags: [{ name: "old" }],
    media_files: [],
    conflict_of: null,
  };
  it("applies a save's fields, keeping the location the payload leaves out", () => {
    const e = applySave(
      server,
      "e1",
      { ...payload("three new words", "New"), tags: ["walk"] },
      "2026-11-24T11:00:00.000Z",
    );
    expect(e).toMatchObject({
      title: "New",
      content: "three new words",
      word_count: 3,
      tags: [{ name: "walk" }],
      location_name: "Lyon",
      updated_at: "2026-11-24T11:00:00.000Z",
    });
  });
  it("names a conflict copy once", () => {
    expect(conflictCopyTitle("Sunday")).toBe("Sunday (copy from this device)");
    expect(conflictCopyTitle("Sunday (copy from this device)")).toBe("Sunday (copy from this device)");
    expect(conflictCopyTitle("  ")).toBe("Untitled (copy from this device)");
    expect(applySave(null, "c", payload("x"), at, "e1").conflict_of).toBe("e1");
  });
});

describe("reading offline", () => {
  const mk = (id: string, day: number, extra: Partial<EntryDto> = {}): EntryDto => ({
    id,
    title: `Entry ${id}`,
    content: "a walk by the river",
    created_at: `2026-11-${String(day).padStart(2, "0")}T09:00:00.000Z`,
    updated_at: at,
    mood: null,
    ai_mood_score: null,
    ai_summary: null,
    ai_themes: null,
    location_name: null,
    location_lat: null,
    location_lng: null,
    word_count: 5,
    tags: [],
    media_files: [],
    conflict_of: null,
    ...extra,
  });
  const entries = [
    mk("a", 1, { content: "Grateful for the Watercolours class", ai_mood_score: 8, tags: [{ name: "art" }] }),
    mk("b", 5, { ai_mood_score: 3 }),
    mk("c", 9, { title: "München", ai_mood_score: 5 }),
  ];
  it("searches like the server: case-insensitive substring over title, content and tags", () => {
    expect(filterOffline(entries, { search: "watercolours" }).map((e) => e.id)).toEqual(["a"]);
    expect(filterOffline(entries, { search: "MÜNCHEN" }).map((e) => e.id)).toEqual(["c"]);
    expect(filterOffline(entries, { search: "art" }).map((e) => e.id)).toEqual(["a"]);
    expect(filterOffline(entries, { search: "river" }).map((e) => e.id)).toEqual(["c", "b"]);
  });
  it("filters by mood band, tags, dates, newest first", () => {
    expect(filterOffline(entries, { mood: "negative" }).map((e) => e.id)).toEqual(["b"]);
    expect(filterOffline(entries, { tags: ["art"] }).map((e) => e.id)).toEqual(["a"]);
    expect(
      filterOffline(
        entries,
        offlineFilterOf({ date_from: "2026-11-04T00:00:00.000Z", date_to: "2026-11-06T00:00:00.000Z" }),
      ).map((e) => e.id),
    ).toEqual(["b"]);
    expect(filterOffline(entries, {}).map((e) => e.id)).toEqual(["c", "b", "a"]);
  });
  it("keeps the newest 200", () => {
    const many = Array.from({ length: 250 }, (_, i) => mk(`e${i}`, 1 + (i % 28)));
    const kept = newestFirst(many);
    expect(kept).toHaveLength(200);
    expect(Date.parse(kept[0].created_at)).toBeGreaterThanOrEqual(Date.parse(kept[199].created_at));
  });
});

describe("texts", () => {
  it("counts in plain words", () => {
    expect(waitingLabel(1)).toBe("1 entry waiting to sync");
    expect(waitingLabel(3)).toBe("3 entries waiting to sync");
    expect(offlineText(0)).toMatch(/keep writing/);
    expect(offlineText(2)).toBe(
      "You are offline. 2 entries are saved on this device and will sync when the connection returns.",
    );
    expect(waitingNote(1, true, false)).toBe(
      "Saved on this device. It is sent as soon as your journal can be reached.",
    );
    expect(waitingNote(3, false, true)).toBe("Sending them to your journal now...");
    expect(lockEntriesWarning(1)).toMatch(/^1 entry written on this device has not reached your journal yet/);
  });
});

describe("check-ins in the outbox", () => {
  const checkin = (
    id: string,
    seq: number | undefined,
    action: "create" | "update" | "delete",
    body?: object,
    sent = false,
  ): OutboxOp => ({
    ...(seq === undefined ? {} : { seq }),
    kind: "checkin",
    entry_id: id,
    action,
    ...(body ? { body } : {}),
    queued_at: at,
    ...(sent ? { sent: true } : {}),
  });

  it("queues a create after what waits, and folds a later change into it (one request, still a create)", () => {
    const q = [save("a", 1), checkin("c1", 2, "create", { mood: 4, activities: ["work"] })];
    const { queue } = enqueue(q, checkin("c1", undefined, "update", { mood: 8 }));
    expect(queue).toHaveLength(2);
    expect(queue[1]).toMatchObject({
      seq: 2,
      kind: "checkin",
      action: "create",
      body: { mood: 8, activities: ["work"] },
    });
  });

  it("forgets a check-in deleted before it was ever sent, but sends the delete of one that may be on the server", () => {
    const never = enqueue([checkin("c1", 1, "create", { mood: 5 })], checkin("c1", undefined, "delete"));
    expect(never.queue).toEqual([]);
    const maybe = enqueue([checkin("c1", 1, "create", { mood: 5 }, true)], checkin("c1", undefined, "delete"));
    expect(maybe.queue.map((o) => (o as { action?: string }).action)).toEqual(["create", "delete"]);
    // A change never folds into a create on its way (its answer may be written): it goes after it.
    const onItsWay = enqueue(
      [checkin("c1", 1, "create", { mood: 5 })],
      checkin("c1", undefined, "update", { mood: 6 }),
      1,
    );
    expect(onItsWay.queue).toHaveLength(2);
  });

  it("leaves entries' operations alone", () => {
    const { queue } = enqueue([save("a", 1)], checkin("a-checkin", undefined, "delete"));
    expect(queue).toEqual([save("a", 1), checkin("a-checkin", undefined, "delete")]);
  });

  it("a replayed create is done, a change of one deleted elsewhere is gone, a bad one is refused", () => {
    const create = checkin("c1", 1, "create", { mood: 5 });
    expect(outcomeOf(create, 200)).toEqual({ kind: "done" });
    expect(outcomeOf(create, 201)).toEqual({ kind: "done" });
    expect(outcomeOf(create, undefined).kind).toBe("retry");
    expect(outcomeOf(create, 503).kind).toBe("retry");
    expect(outcomeOf(create, 400, "VALIDATION_FAILED", "mood must be a whole number from 1 to 10")).toEqual({
      kind: "refused",
      message: "mood must be a whole number from 1 to 10",
    });
    expect(outcomeOf(checkin("c1", 1, "update", { mood: 5 }), 404)).toEqual({ kind: "gone" });
    expect(outcomeOf(checkin("c1", 1, "delete"), 404)).toEqual({ kind: "gone" });
  });

  it("a check-in is sent in its turn and never blocked by an entry's refused save", () => {
    const refused = { ...save("a", 1), refused: "Too long" };
    expect(nextToSend([refused, save("a", 2, false), checkin("c1", 3, "create", { mood: 5 })])).toMatchObject({
      seq: 3,
      kind: "checkin",
    });
  });
});
