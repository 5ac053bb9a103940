import "fake-indexeddb/auto";
import fc from "fast-check";
import { vi } from "vitest";
import type { EntryDto } from "@/contracts/entries";

/**
 * The outbox's property: whatever the network, the reloads and the second tab do, once the network is
 * back and the queue is sent, the server holds exactly the last saved version of every entry (the
 * deleted ones gone), each photo once, and the device keeps nothing more.
 *
 * The device is the app's own outbox code (src/client/outbox: IndexedDB queue and sync engine) over an
 * in-memory IndexedDB (fake-indexeddb), each tab its own instance of the modules, sharing one database
 * and Node's Web Locks as two tabs of a browser do. The browser's `fetch` is a stand-in that hands each
 * request to a server (the in-memory model or the real route handlers) and can cut the network, lose an
 * answer after the server applied the request, or hold a request on the wire while the person keeps
 * writing. The oracle is what the person last saved.
 */

export interface ServerEntry {
  id: string;
  title: string;
  content: string;
  conflict_of: string | null;
  media: string[];
}

export interface ServerSnapshot {
  entries: ServerEntry[];
  /** Media files stored (each stored upload counts once). */
  files: number;
  /** Media the server has records of (entries and Recently deleted): `files` must equal it. */
  recordedMedia: number;
}

export interface OutboxServer {
  handle(req: Request): Promise<Response>;
  /** The entry as the server holds it, read directly (what an editor opened from the server starts from). */
  get(id: string): Promise<EntryDto | null>;
  snapshot(): Promise<ServerSnapshot>;
  reset(): Promise<void>;
}

// ------------------------------------------------------------------ the actions

type Tab = 0 | 1;
export type Action =
  | { t: "create"; tab: Tab; photo: boolean }
  | { t: "edit"; tab: Tab; e: number; photo: boolean; remove: boolean }
  | { t: "delete"; tab: Tab; e: number }
  /** The tab sends what waits (awaited to the end). */
  | { t: "sync"; tab: Tab }
  /** The tab starts sending; its next request is held on the wire until `release`. */
  | { t: "send-held"; tab: Tab }
  /** The held request arrives; its answer comes back, is lost, or the request never arrived. */
  | { t: "release"; how: "deliver" | "lose" | "drop" }
  | { t: "net"; up: boolean }
  /** The next request reaches the server and its answer is lost. */
  | { t: "lose-next" }
  /** The next request never reaches the server. */
  | { t: "fail-next" }
  /** The tab's page is loaded again: its memory goes, IndexedDB stays (a request on the wire is cut). */
  | { t: "reload"; tab: Tab; landed: boolean };

const tabArb = fc.constantFrom<Tab>(0, 1);
export const actionArb: fc.Arbitrary<Action> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ t: fc.constant("create" as const), tab: tabArb, photo: fc.boolean() }) },
  {
    weight: 6,
    arbitrary: fc.record({
      t: fc.constant("edit" as const),
      tab: tabArb,
      e: fc.nat(7),
      photo: fc.boolean(),
      remove: fc.boolean(),
    }),
  },
  { weight: 1, arbitrary: fc.record({ t: fc.constant("delete" as const), tab: tabArb, e: fc.nat(7) }) },
  { weight: 2, arbitrary: fc.record({ t: fc.constant("sync" as const), tab: tabArb }) },
  { weight: 3, arbitrary: fc.record({ t: fc.constant("send-held" as const), tab: tabArb }) },
  {
    weight: 3,
    arbitrary: fc.record({
      t: fc.constant("release" as const),
      how: fc.constantFrom("deliver" as const, "lose" as const, "drop" as const),
    }),
  },
  { weight: 2, arbitrary: fc.record({ t: fc.constant("net" as const), up: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant("lose-next" as const) }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant("fail-next" as const) }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant("reload" as const), tab: tabArb, landed: fc.boolean() }) },
);

export const sequenceArb = (maxLength: number, size: fc.SizeForArbitrary = "small") =>
  fc.array(actionArb, { minLength: 1, maxLength, size });

// ------------------------------------------------------------------ the device's tabs

interface Engine {
  outbox: typeof import("@/client/outbox/index");
  queue: typeof import("@/client/outbox/queue");
  store: typeof import("@/client/outbox/store");
  /** A send started by `send-held`, still running. */
  sending: Promise<void> | null;
}

/** A fresh instance of the outbox's modules: what a newly loaded page has. */
async function loadEngine(): Promise<Engine> {
  vi.resetModules();
  const outbox = await import("@/client/outbox/index");
  const queue = await import("@/client/outbox/queue");
  const store = await import("@/client/outbox/store");
  return { outbox, queue, store, sending: null };
}

interface Parked {
  release(how: "deliver" | "lose" | "drop"): Promise<void>;
}

interface Net {
  up: boolean;
  loseNext: boolean;
  failNext: boolean;
  holdNext: boolean;
  parked: Parked | null;
  onParked: (() => void) | null;
}

export interface Figures {
  sequences: number;
  actions: number;
  requests: number;
  lostAnswers: number;
  held: number;
  reloads: number;
  lost: number;
  duplicated: number;
}

export const emptyFigures = (): Figures => ({
  sequences: 0,
  actions: 0,
  requests: 0,
  lostAnswers: 0,
  held: 0,
  reloads: 0,
  lost: 0,
  duplicated: 0,
});

interface OracleEntry {
  title: string;
  content: string;
  created_at: string;
  photos: string[];
}

/**
 * The harness: three instances of the outbox (two open tabs, and one for the page loaded again), the
 * stand-in `fetch` and the long timers of the retry plan held back (each try is an action here).
 */
export class OutboxHarness {
  private pool: Engine[] = [];
  private tabs: [Engine, Engine] | null = null;
  private spare: Engine | null = null;
  private net: Net = { up: true, loseNext: false, failNext: false, holdNext: false, parked: null, onParked: null };
  private restore: (() => void)[] = [];
  private counter = 0;
  private photo: Uint8Array<ArrayBuffer> = new Uint8Array([0x89, 0x50, 0x4e, 0x47]);
  figures = emptyFigures();

  constructor(
    readonly server: OutboxServer,
    photo?: Uint8Array<ArrayBuffer>,
  ) {
    if (photo) this.photo = photo;
  }

  async start(): Promise<void> {
    const realFetch = globalThis.fetch;
    const realSetTimeout = globalThis.setTimeout;
    globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) => this.fetch(input, init)) as typeof fetch;
    // The retry plan's timers (2 s and more) and the 30 s request timeout never fire: every try is an action.
    globalThis.setTimeout = ((fn: (...a: unknown[]) => void, ms?: number, ...args: unknown[]) =>
      ms !== undefined && ms >= 1000
        ? ({ ref() {}, unref() {}, hasRef: () => false } as unknown as NodeJS.Timeout)
        : realSetTimeout(fn, ms, ...args)) as typeof setTimeout;
    const info = vi.spyOn(console, "info").mockImplementation(() => {});
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    this.restore.push(() => {
      globalThis.fetch = realFetch;
      globalThis.setTimeout = realSetTimeout;
      info.mockRestore();
      warn.mockRestore();
    });
    for (let i = 0; i < 3; i++) this.pool.push(await loadEngine());
  }

  async stop(): Promise<void> {
    await this.forget();
    for (const r of this.restore.reverse()) r();
  }

  private async fetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
    const req = new Request(new URL(String(input), "http://localhost"), init);
    const net = this.net;
    if (!net.up) throw new TypeError("fetch failed");
    if (net.failNext) {
      net.failNext = false;
      throw new TypeError("fetch failed");
    }
    if (net.holdNext) {
      net.holdNext = false;
      return new Promise<Response>((resolve, reject) => {
        net.parked = {
          release: async (how) => {
            net.parked = null;
            if (how === "drop") return reject(new TypeError("fetch failed"));
            this.figures.requests += 1;
            const res = await this.server.handle(req);
            if (how === "lose") {
              this.figures.lostAnswers += 1;
              return reject(new TypeError("fetch failed"));
            }
            resolve(res);
          },
        };
        net.onParked?.();
      });
    }
    this.figures.requests += 1;
    const res = await this.server.handle(req);
    if (net.loseNext && req.method !== "GET") {
      net.loseNext = false;
      this.figures.lostAnswers += 1;
      throw new TypeError("fetch failed");
    }
    return res;
  }

  /** Ends every send and empties the device (between sequences). */
  private async forget(): Promise<void> {
    if (this.net.parked) await this.net.parked.release("drop");
    for (const e of this.pool) {
      await e.sending;
      e.sending = null;
      await e.outbox.settle();
    }
    if (this.pool[0]) await this.pool[0].outbox.forgetDevice();
  }

  private newId(kind: number): string {
    this.counter += 1;
    return `00000000-0000-4000-8${kind}00-${this.counter.toString(16).padStart(12, "0")}`;
  }

  /** Runs one sequence from an empty device and an empty journal; returns what went wrong (nothing: []). */
  async run(actions: readonly Action[]): Promise<string[]> {
    await this.forget();
    await this.server.reset();
    this.net = { up: true, loseNext: false, failNext: false, holdNext: false, parked: null, onParked: null };
    this.tabs = [this.pool[0]!, this.pool[1]!];
    this.spare = this.pool[2]!;
    const oracle = new Map<string, OracleEntry>();
    const deleted = new Set<string>();
    const live = () => [...oracle.keys()];
    this.figures.sequences += 1;

    for (const a of actions) {
      this.figures.actions += 1;
      const tab = "tab" in a ? this.tabs[a.tab] : null;
      const held = this.net.parked !== null;
      switch (a.t) {
        case "create": {
          const id = this.newId(1);
          const n = this.newId(2).slice(-6);
          const created_at = new Date(Date.UTC(2026, 10, 20, 8, this.counter % 60)).toISOString();
          const photos = a.photo ? [this.newId(3)] : [];
          await tab!.outbox.queueSave({
            id,
            base: null,
            payload: payload(`T${n}`, `Words ${n}`, created_at),
            newMedia: photos.map((m) => this.file(m)),
          });
          oracle.set(id, { title: `T${n}`, content: `Words ${n}`, created_at, photos });
          break;
        }
        case "edit": {
          const ids = live();
          if (!ids.length) break;
          const id = ids[a.e % ids.length]!;
          const o = oracle.get(id)!;
          // As the editor does: from the device's version when it has one, else from the server's.
          const device = await tab!.outbox.deviceEntry(id);
          const base = device ? null : await this.server.get(id);
          if (!device && !base) return [`entry ${id} is neither on the device nor on the server before an edit (lost)`];
          const n = this.newId(2).slice(-6);
          const removed = a.remove && o.photos.length ? [o.photos[0]!] : [];
          const added = a.photo ? [this.newId(3)] : [];
          await tab!.outbox.queueSave({
            id,
            base,
            payload: payload(`T${n}`, `Edited ${n}`, o.created_at),
            newMedia: added.map((m) => this.file(m)),
            removedMediaIds: removed,
          });
          oracle.set(id, {
            ...o,
            title: `T${n}`,
            content: `Edited ${n}`,
            photos: [...o.photos.filter((m) => !removed.includes(m)), ...added],
          });
          break;
        }
        case "delete": {
          const ids = live();
          if (!ids.length) break;
          const id = ids[a.e % ids.length]!;
          const device = await tab!.outbox.deviceEntry(id);
          await tab!.outbox.queueDelete(id, device ? null : await this.server.get(id));
          oracle.delete(id);
          deleted.add(id);
          break;
        }
        case "sync":
          if (!held) await tab!.outbox.syncNow();
          break;
        case "send-held": {
          if (held) break;
          this.net.holdNext = true;
          const parked = new Promise<void>((r) => (this.net.onParked = r));
          tab!.sending = tab!.outbox.syncNow();
          await Promise.race([parked, tab!.sending]);
          this.net.onParked = null;
          this.net.holdNext = false;
          if (this.net.parked) this.figures.held += 1;
          else {
            await tab!.sending;
            tab!.sending = null;
          }
          break;
        }
        case "release": {
          if (!held) break;
          await this.net.parked!.release(a.how);
          for (const e of this.tabs) {
            await e.sending;
            e.sending = null;
          }
          break;
        }
        case "net":
          this.net.up = a.up;
          break;
        case "lose-next":
          this.net.loseNext = true;
          break;
        case "fail-next":
          this.net.failNext = true;
          break;
        case "reload": {
          this.figures.reloads += 1;
          const old = tab!;
          // The page goes: a request it had on the wire may have reached the server, its answer never reaches the page.
          if (old.sending && this.net.parked) await this.net.parked.release(a.landed ? "lose" : "drop");
          await old.sending;
          old.sending = null;
          await old.outbox.settle();
          this.tabs[a.tab] = this.spare;
          this.spare = old;
          break;
        }
      }
    }

    // The network is back for good: every tab sends what waits until nothing does.
    this.net.up = true;
    this.net.loseNext = false;
    this.net.failNext = false;
    if (this.net.parked) await this.net.parked.release("deliver");
    for (const e of this.pool) {
      await e.sending;
      e.sending = null;
    }
    for (let round = 0; round < 6; round++) {
      for (const e of [...this.tabs, this.spare]) await e.outbox.syncNow();
      if ((await this.tabs[0].queue.waitingCount()) === 0) break;
    }
    return this.check(oracle, deleted);
  }

  private file(id: string) {
    return {
      id,
      blob: new Blob([this.photo], { type: "image/png" }),
      filename: `${id.slice(-4)}.png`,
      type: "image/png",
    };
  }

  private async check(oracle: Map<string, OracleEntry>, deleted: Set<string>): Promise<string[]> {
    const problems: string[] = [];
    const snap = await this.server.snapshot();
    const onServer = new Map(snap.entries.map((e) => [e.id, e]));
    let lost = 0;
    let duplicated = 0;
    for (const [id, o] of oracle) {
      const s = onServer.get(id);
      if (!s) {
        lost += 1;
        problems.push(`entry ${id} ("${o.content}") is not on the server`);
        continue;
      }
      if (s.content !== o.content || s.title !== o.title) {
        lost += 1;
        problems.push(`entry ${id}: the server holds "${s.content}", the person last saved "${o.content}"`);
      }
      const want = [...o.photos].sort().join(",");
      const have = [...s.media].sort().join(",");
      if (want !== have) {
        const missing = o.photos.filter((m) => !s.media.includes(m));
        const extra = s.media.filter((m) => !o.photos.includes(m));
        lost += missing.length;
        duplicated += extra.length;
        problems.push(`entry ${id}: photos on the server [${have}], saved [${want}]`);
      }
    }
    for (const s of snap.entries) {
      if (oracle.has(s.id)) continue;
      duplicated += 1;
      problems.push(
        deleted.has(s.id)
          ? `entry ${s.id} was deleted but is on the server`
          : `entry ${s.id} ("${s.content}", copy of ${s.conflict_of}) was never saved as such`,
      );
    }
    if (snap.files !== snap.recordedMedia) {
      duplicated += Math.max(0, snap.files - snap.recordedMedia);
      problems.push(`${snap.files} media files stored for ${snap.recordedMedia} media`);
    }
    const db = await this.tabs![0].store.deviceDb();
    const [ops, device, files] = await Promise.all([db.getAll("ops"), db.getAll("device"), db.getAll("files")]);
    if (ops.length)
      problems.push(
        `${ops.length} operations still wait on the device: ${JSON.stringify(ops.map((o) => ({ kind: o.kind, entry: o.entry_id, sent: o.sent })))}; ${JSON.stringify(device.map((d) => d.problem))}`,
      );
    if (device.length && !ops.length) problems.push(`${device.length} device records left with nothing waiting`);
    if (files.length) problems.push(`${files.length} files left on the device`);
    this.figures.lost += lost;
    this.figures.duplicated += duplicated;
    return problems;
  }
}

function payload(title: string, content: string, created_at: string) {
  return { title, content, mood: null, tags: [], created_at, ai_summary: null, ai_mood_score: null, ai_themes: null };
}

/** One line of figures for the test output. */
export function figuresLine(name: string, f: Figures, seed: number, ms: number): string {
  return `${name}: ${f.sequences} sequences, ${f.actions} actions, ${f.requests} requests (${f.lostAnswers} answers lost, ${f.held} held on the wire), ${f.reloads} reloads; lost ${f.lost}, duplicated ${f.duplicated}; seed ${seed}; ${Math.round(ms / 100) / 10} s`;
}
