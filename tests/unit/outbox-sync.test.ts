import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_MEDIA_BYTES } from "@/domain/constants";
import { mediaTooLargeMessage } from "@/domain/media";
import { OutboxHarness, type Action } from "../support/outbox-property";
import { ModelServer } from "../support/outbox-model-server";

/**
 * The device outbox's own code (IndexedDB queue and sync engine, over fake-indexeddb) against the
 * in-memory entries API, in the sequences that lost a newer version before (attack report H1) and the
 * ones the property test found, kept as fixed cases.
 */

const server = new ModelServer();
const harness = new OutboxHarness(server);
beforeAll(() => harness.start());
afterAll(() => harness.stop());

const holds = async (actions: Action[]) => expect(await harness.run(actions)).toEqual([]);

describe("a newer version written offline is never lost (H1)", () => {
  it("photo then edit: save (create), a photo, save again, then the network returns", async () => {
    await holds([
      { t: "net", up: false },
      { t: "create", tab: 0, photo: true },
      { t: "edit", tab: 0, e: 0, photo: false, remove: false },
    ]);
  });

  it("edit while sending: the entry is saved again while its create is on the wire", async () => {
    await holds([
      { t: "create", tab: 0, photo: false },
      { t: "send-held", tab: 0 },
      { t: "edit", tab: 0, e: 0, photo: false, remove: false },
      { t: "release", how: "deliver" },
    ]);
  });

  it("edit after a lost answer: the create landed, its answer did not, the entry is saved again", async () => {
    await holds([
      { t: "create", tab: 0, photo: false },
      { t: "send-held", tab: 0 },
      { t: "release", how: "lose" },
      { t: "edit", tab: 0, e: 0, photo: true, remove: false },
      { t: "edit", tab: 0, e: 0, photo: false, remove: true },
    ]);
  });

  it("edit in a second tab while the first tab sends the create", async () => {
    await holds([
      { t: "create", tab: 0, photo: true },
      { t: "send-held", tab: 0 },
      { t: "edit", tab: 1, e: 0, photo: false, remove: false },
      { t: "release", how: "deliver" },
    ]);
  });

  it("the page is loaded again while the create is on the wire (it landed), then the entry is edited", async () => {
    await holds([
      { t: "create", tab: 0, photo: false },
      { t: "send-held", tab: 0 },
      { t: "reload", tab: 0, landed: true },
      { t: "edit", tab: 0, e: 0, photo: false, remove: false },
    ]);
  });

  it("an edit of a server entry sent, its answer lost, edited again: no conflict copy, the last edit wins", async () => {
    await holds([
      { t: "create", tab: 0, photo: false },
      { t: "sync", tab: 0 },
      { t: "edit", tab: 0, e: 0, photo: false, remove: false },
      { t: "lose-next" },
      { t: "sync", tab: 0 },
      { t: "edit", tab: 0, e: 0, photo: false, remove: false },
    ]);
  });

  it("deleted while its create is on the wire and the answer is lost: gone from the server", async () => {
    await holds([
      { t: "create", tab: 0, photo: true },
      { t: "send-held", tab: 1 },
      { t: "delete", tab: 0, e: 0 },
      { t: "release", how: "lose" },
    ]);
  });
});

describe("a request that can never succeed is not sent again and again", () => {
  it("a file over 10 MB waits on the device with the limit named, the entry and its other file are sent", async () => {
    const outbox = await import("@/client/outbox/index");
    const { deviceDb } = await import("@/client/outbox/store");
    const requests: string[] = [];
    const id = "00000000-0000-4000-8000-00000000a413";
    const big = {
      id: "00000000-0000-4000-8000-00000000b413",
      blob: new Blob([new Uint8Array(MAX_MEDIA_BYTES + 1)], { type: "video/mp4" }),
      filename: "long.mp4",
      type: "video/mp4",
    };
    const small = {
      id: "00000000-0000-4000-8000-00000000c413",
      blob: new Blob([new Uint8Array([1, 2, 3])], { type: "image/png" }),
      filename: "small.png",
      type: "image/png",
    };
    const handle = server.handle.bind(server);
    server.handle = (req) => {
      requests.push(`${req.method} ${new URL(req.url).pathname}`);
      return handle(req);
    };
    try {
      await outbox.queueSave({
        id,
        base: null,
        payload: {
          title: "Holiday",
          content: "A long video and a photo.",
          mood: null,
          tags: [],
          created_at: "2026-11-20T08:00:00.000Z",
          ai_summary: null,
          ai_mood_score: null,
          ai_themes: null,
        },
        newMedia: [big, small],
      });
      for (let i = 0; i < 3; i++) await outbox.syncNow();
      // The entry went; the big file was never sent (the server would refuse it, whatever happens), the small one went after it.
      expect(requests).toEqual(["POST /api/entries", `POST /api/entries/${id}/media`]);
      expect((await server.get(id))?.media_files.map((m) => m.id)).toEqual([small.id]);
      const db = await deviceDb();
      const device = await db.get("device", id);
      expect(device?.problem).toContain(mediaTooLargeMessage("long.mp4"));
      expect(device?.problem).toBe(
        `File "long.mp4" is too large. Maximum size is 10MB. It is kept on this device and was not added to the entry.`,
      );
      expect(device?.pending_media.map((m) => m.id)).toEqual([big.id]);
      expect((await db.get("files", big.id))?.blob.size).toBe(MAX_MEDIA_BYTES + 1);
      expect((await db.getAll("ops")).map((o) => o.kind)).toEqual(["upload"]);
      const { outboxStatus } = await import("@/client/outbox/status");
      expect(outboxStatus().unreachable).toBe(false);
      expect(outboxStatus().nextTryAt).toBeNull();

      // The person removes the file: nothing is left to send, nothing is left on the device.
      await outbox.queueSave({
        id,
        base: null,
        payload: {
          title: "Holiday",
          content: "A photo, the video was too long.",
          mood: null,
          tags: [],
          created_at: "2026-11-20T08:00:00.000Z",
          ai_summary: null,
          ai_mood_score: null,
          ai_themes: null,
        },
        removedMediaIds: [big.id],
      });
      await outbox.syncNow();
      expect(requests.slice(2)).toEqual([`PUT /api/entries/${id}`]);
      expect((await server.get(id))?.content).toBe("A photo, the video was too long.");
      expect(await db.getAll("ops")).toEqual([]);
      expect(await db.getAll("files")).toEqual([]);
      expect(await db.getAll("device")).toEqual([]);
    } finally {
      server.handle = handle;
      await outbox.forgetDevice();
    }
  });

  it("a 413 answer to an upload (a server with a lower limit) is not retried: the file waits with the 10 MB message", async () => {
    const outbox = await import("@/client/outbox/index");
    const { deviceDb } = await import("@/client/outbox/store");
    const id = "00000000-0000-4000-8000-00000000d413";
    let uploads = 0;
    const handle = server.handle.bind(server);
    server.handle = async (req) => {
      if (new URL(req.url).pathname.endsWith("/media")) {
        uploads += 1;
        return new Response(
          JSON.stringify({
            error: { message: "Request body is too large (limit 1000 bytes).", code: "PAYLOAD_TOO_LARGE" },
          }),
          { status: 413, headers: { "content-type": "application/json" } },
        );
      }
      return handle(req);
    };
    try {
      const photo = {
        id: "00000000-0000-4000-8000-00000000e413",
        blob: new Blob([new Uint8Array(2000)], { type: "image/png" }),
        filename: "sea.png",
        type: "image/png",
      };
      await outbox.queueSave({
        id,
        base: null,
        payload: {
          title: "",
          content: "The sea.",
          mood: null,
          tags: [],
          created_at: "2026-11-20T08:00:00.000Z",
          ai_summary: null,
          ai_mood_score: null,
          ai_themes: null,
        },
        newMedia: [photo],
      });
      for (let i = 0; i < 4; i++) await outbox.syncNow();
      expect(uploads).toBe(1);
      const db = await deviceDb();
      expect((await db.get("device", id))?.problem).toContain(`File "sea.png" is too large. Maximum size is 10MB.`);
      expect(await db.get("files", photo.id)).toBeDefined();
      expect((await server.get(id))?.content).toBe("The sea.");
    } finally {
      server.handle = handle;
      await outbox.forgetDevice();
    }
  });
});
