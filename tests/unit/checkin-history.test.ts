import { describe, expect, it } from "vitest";
import { groupCheckInsByDay, withPendingChanges, type HistoryCheckIn } from "@/domain/checkin-history";
import { moveTo } from "@/domain/checkins";
import { outcomeOf, type CheckInOp } from "@/domain/outbox";

const c = (id: string, at: string, mood = 6, extra: Partial<HistoryCheckIn> = {}): HistoryCheckIn => ({
  id,
  mood,
  activities: [],
  note: "",
  at,
  entry_id: null,
  ...extra,
});

describe("groupCheckInsByDay", () => {
  it("groups by the person's local day, days and check-ins newest first, with each day's average", () => {
    const list = [
      c("a", "2026-03-01T23:30:00Z", 8), // 2 March in Tokyo
      c("b", "2026-03-01T02:00:00Z", 4), // 1 March in Tokyo
      c("c", "2026-03-02T05:00:00Z", 2), // 2 March in Tokyo
    ];
    const tokyo = groupCheckInsByDay(list, "Asia/Tokyo");
    expect(tokyo.map((d) => [d.day, d.checkins.map((x) => x.id), d.average])).toEqual([
      ["2026-03-02", ["c", "a"], 5],
      ["2026-03-01", ["b"], 4],
    ]);
    // The same instants in New York fall on other days.
    const ny = groupCheckInsByDay(list, "America/New_York");
    expect(ny.map((d) => [d.day, d.checkins.map((x) => x.id)])).toEqual([
      ["2026-03-02", ["c"]],
      ["2026-03-01", ["a"]],
      ["2026-02-28", ["b"]],
    ]);
  });

  it("orders two check-ins of the same instant by id, as the server does", () => {
    const at = "2026-03-01T10:00:00Z";
    expect(groupCheckInsByDay([c("a", at), c("b", at)], "UTC")[0]!.checkins.map((x) => x.id)).toEqual(["b", "a"]);
  });

  it("gives no days for no check-ins", () => {
    expect(groupCheckInsByDay([], "UTC")).toEqual([]);
  });
});

describe("withPendingChanges", () => {
  const made = (id: string, b: Partial<HistoryCheckIn>) =>
    b.mood !== undefined && b.at !== undefined ? c(id, b.at, b.mood, b) : null;

  it("lays the device's waiting changes over the server's list, in order", () => {
    const server = [c("a", "2026-03-02T10:00:00Z", 4), c("b", "2026-03-01T10:00:00Z", 6)];
    const out = withPendingChanges(
      server,
      [
        { id: "a", action: "update", body: { mood: 9, note: "better" } },
        { id: "b", action: "delete" },
        { id: "n", action: "create", body: { mood: 2, at: "2026-03-03T10:00:00Z", activities: ["work"] } },
        { id: "n", action: "update", body: { mood: 3 } },
      ],
      made,
    );
    expect(out.map((x) => [x.id, x.mood, x.note])).toEqual([
      ["n", 3, ""],
      ["a", 9, "better"],
    ]);
    expect(out[0]!.activities).toEqual(["work"]);
    // The server's list is not changed.
    expect(server[0]!.mood).toBe(4);
  });

  it("a change of a check-in the list does not hold (deleted elsewhere, or on an older page) adds nothing", () => {
    expect(withPendingChanges([], [{ id: "x", action: "update", body: { mood: 5 } }], made)).toEqual([]);
  });

  it("a waiting create already on the server shows the server's row with the device's fields", () => {
    const out = withPendingChanges(
      [c("a", "2026-03-02T10:00:00Z", 4)],
      [{ id: "a", action: "create", body: { mood: 7, at: "2026-03-02T10:00:00Z" } }],
      made,
    );
    expect(out.map((x) => x.mood)).toEqual([7]);
  });
});

describe("moveTo: the person's order of chips", () => {
  const order = ["a", "b", "c", "d"];
  it.each([
    ["c", 0, ["c", "a", "b", "d"]],
    ["a", 1, ["b", "a", "c", "d"]],
    ["b", 0, ["b", "a", "c", "d"]],
    ["a", 3, ["b", "c", "d", "a"]],
    ["a", 99, ["b", "c", "d", "a"]],
    ["d", -2, ["d", "a", "b", "c"]],
    ["c", 2, ["a", "b", "c", "d"]],
    ["z", 0, ["a", "b", "c", "d"]],
  ])("moves %s to %i", (id, index, want) => {
    expect(moveTo(order, id, index)).toEqual(want);
    expect(order).toEqual(["a", "b", "c", "d"]);
  });
});

describe("the outbox's answers for check-ins", () => {
  const op = (action: CheckInOp["action"]): CheckInOp => ({
    kind: "checkin",
    entry_id: "c1",
    action,
    ...(action === "delete" ? {} : { body: { mood: 5 } }),
    queued_at: "2026-11-27T10:00:00.000Z",
  });
  it("a tombstone's 410 ends every operation of the check-in: it stays deleted", () => {
    for (const action of ["create", "update", "delete"] as const) {
      expect(outcomeOf(op(action), 410, "CHECKIN_DELETED", "This check-in was deleted.")).toEqual({ kind: "gone" });
    }
  });
  it("a create meeting the same id with other values (it landed, then changed elsewhere) is done", () => {
    expect(outcomeOf(op("create"), 409, "CONFLICT")).toEqual({ kind: "done" });
  });
  it("bad input stays refused, and an unreachable server is tried again", () => {
    expect(outcomeOf(op("update"), 400, "VALIDATION_FAILED", "mood must be a whole number from 1 to 10")).toEqual({
      kind: "refused",
      message: "mood must be a whole number from 1 to 10",
    });
    expect(outcomeOf(op("delete"), 503).kind).toBe("retry");
  });
});
