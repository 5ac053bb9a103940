import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { enqueue, nextToSend, outcomeOf, type CheckInOp, type OutboxOp } from "@/domain/outbox";

/**
 * Check-ins through the device outbox, by property: random sequences of check-ins made, changed and
 * deleted on this device while offline, answers lost on the wire (sent again later), and deletes made
 * on another device, run through the outbox's own rules (enqueue, nextToSend, outcomeOf) against a
 * model of the check-ins API with tombstones. Every sequence, once the queue is drained, must leave
 * the server with exactly the person's last version of each check-in (nothing lost), never a second
 * one (nothing twice), and never one that was deleted (deleted stays deleted).
 */

interface Server {
  rows: Map<string, { mood: number; note: string }>;
  tombstones: Set<string>;
  creates: number;
}

type Answer = { status: number; code?: string };

function serve(server: Server, op: CheckInOp): Answer {
  const id = op.entry_id;
  const row = server.rows.get(id);
  if (op.action === "create") {
    if (row) {
      const same = row.mood === op.body?.mood && row.note === (op.body?.note ?? "");
      return same ? { status: 200 } : { status: 409, code: "CONFLICT" };
    }
    if (server.tombstones.has(id)) return { status: 410, code: "CHECKIN_DELETED" };
    server.rows.set(id, { mood: op.body!.mood!, note: op.body?.note ?? "" });
    server.creates++;
    return { status: 201 };
  }
  if (op.action === "update") {
    if (!row) return server.tombstones.has(id) ? { status: 410, code: "CHECKIN_DELETED" } : { status: 404 };
    server.rows.set(id, {
      mood: op.body?.mood ?? row.mood,
      note: op.body?.note === undefined ? row.note : (op.body.note ?? ""),
    });
    return { status: 200 };
  }
  if (!row) return { status: 404, code: "NOT_FOUND" };
  server.rows.delete(id);
  server.tombstones.add(id);
  return { status: 200 };
}

type Step =
  | { kind: "create"; mood: number; note: string }
  | { kind: "edit"; pick: number; mood?: number; note?: string }
  | { kind: "delete"; pick: number }
  | { kind: "remote-delete"; pick: number }
  | { kind: "send"; lose: boolean };

const mood = fc.integer({ min: 1, max: 10 });
const note = fc.constantFrom("", "walk", "tired", "good talk");
const stepArb: fc.Arbitrary<Step> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant("create" as const), mood, note }) },
  {
    weight: 4,
    arbitrary: fc.record(
      { kind: fc.constant("edit" as const), pick: fc.nat(), mood, note },
      { requiredKeys: ["kind", "pick"] },
    ),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("delete" as const), pick: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("remote-delete" as const), pick: fc.nat() }) },
  { weight: 5, arbitrary: fc.record({ kind: fc.constant("send" as const), lose: fc.boolean() }) },
);

function run(steps: readonly Step[]): string[] {
  const server: Server = { rows: new Map(), tombstones: new Set(), creates: 0 };
  let queue: OutboxOp[] = [];
  let seq = 0;
  let idSeq = 0;
  /** What the person last saw and saved of each check-in (null: they deleted it). */
  const intent = new Map<string, { mood: number; note: string } | null>();
  const deletedElsewhere = new Set<string>();
  const visible = () => [...intent].filter(([id, v]) => v !== null && !deletedElsewhere.has(id)).map(([id]) => id);
  const add = (op: CheckInOp) => {
    queue = enqueue(queue, op).queue.map((o) => (o.seq === undefined ? { ...o, seq: ++seq } : o));
  };
  const at = "2026-11-27T10:00:00.000Z";

  const sendOne = (lose: boolean): boolean => {
    const next = nextToSend(queue) as CheckInOp | undefined;
    if (!next) return false;
    // Marked sent before it goes: from now on nothing folds into it.
    queue = queue.map((o) => (o === next ? { ...o, sent: true } : o));
    const answer = serve(server, next);
    if (lose) return true; // no answer seen: it is sent again, unchanged, later
    const outcome = outcomeOf(next, answer.status, answer.code, "refused");
    if (outcome.kind === "done") queue = queue.filter((o) => o.seq !== next.seq);
    else if (outcome.kind === "gone") queue = queue.filter((o) => o.entry_id !== next.entry_id);
    else if (outcome.kind === "refused") throw new Error(`refused ${next.action} ${answer.status}`);
    else throw new Error(`unexpected ${outcome.kind}`);
    return true;
  };

  for (const s of steps) {
    if (s.kind === "create") {
      const id = `c${++idSeq}`;
      intent.set(id, { mood: s.mood, note: s.note });
      add({ kind: "checkin", entry_id: id, action: "create", body: { mood: s.mood, note: s.note, at }, queued_at: at });
    } else if (s.kind === "edit" || s.kind === "delete") {
      const ids = visible();
      if (!ids.length) continue;
      const id = ids[s.pick % ids.length]!;
      if (s.kind === "delete") {
        intent.set(id, null);
        add({ kind: "checkin", entry_id: id, action: "delete", queued_at: at });
      } else {
        const body = {
          ...(s.mood !== undefined ? { mood: s.mood } : {}),
          ...(s.note !== undefined ? { note: s.note } : {}),
        };
        if (!Object.keys(body).length) continue;
        const was = intent.get(id)!;
        intent.set(id, { mood: s.mood ?? was.mood, note: s.note ?? was.note });
        add({ kind: "checkin", entry_id: id, action: "update", body, queued_at: at });
      }
    } else if (s.kind === "remote-delete") {
      const ids = [...server.rows.keys()];
      if (!ids.length) continue;
      const id = ids[s.pick % ids.length]!;
      serve(server, { kind: "checkin", entry_id: id, action: "delete", queued_at: at });
      deletedElsewhere.add(id);
    } else {
      sendOne(s.lose);
    }
  }
  // The connection comes back for good: everything waiting goes.
  for (let guard = 0; guard < 1000 && sendOne(false); guard++);

  const problems: string[] = [];
  if (queue.length) problems.push(`queue not drained: ${JSON.stringify(queue)}`);
  for (const [id, want] of intent) {
    const got = server.rows.get(id);
    if (deletedElsewhere.has(id) || want === null) {
      if (got) problems.push(`${id} came back after its delete: ${JSON.stringify(got)}`);
    } else if (!got) problems.push(`${id} lost: wanted ${JSON.stringify(want)}`);
    else if (got.mood !== want.mood || got.note !== want.note)
      problems.push(`${id} holds ${JSON.stringify(got)}, the person saved ${JSON.stringify(want)}`);
  }
  if (server.creates > intent.size) problems.push(`${server.creates} creates for ${intent.size} check-ins`);
  return problems;
}

describe("check-ins in the device outbox, by property", () => {
  it("nothing lost, nothing twice, deleted stays deleted (1500 sequences)", () => {
    fc.assert(
      fc.property(fc.array(stepArb, { maxLength: 30 }), (steps) => {
        const problems = run(steps);
        if (problems.length) throw new Error(problems.join("\n"));
      }),
      { numRuns: 1500 },
    );
  });

  it("holds on the cases named: a change queued behind a create whose answer was lost, then deleted elsewhere", () => {
    expect(
      run([
        { kind: "create", mood: 4, note: "" },
        { kind: "send", lose: true },
        { kind: "edit", pick: 0, mood: 9 },
        { kind: "remote-delete", pick: 0 },
      ]),
    ).toEqual([]);
    expect(
      run([
        { kind: "create", mood: 4, note: "" },
        { kind: "send", lose: true },
        { kind: "delete", pick: 0 },
        { kind: "send", lose: true },
      ]),
    ).toEqual([]);
  });
});
