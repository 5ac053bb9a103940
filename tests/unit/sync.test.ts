import { describe, expect, it } from "vitest";
import { holdsEdit, nextUpdatedAt } from "@/domain/sync";

describe("holdsEdit", () => {
  const stored = {
    title: "A title",
    content: "Words.",
    mood: "calm",
    createdAt: new Date("2026-11-01T10:00:00.000Z"),
    locationLat: 38.7,
    tags: ["a", "b"],
  };

  it("is true when every value of the edit is already stored", () => {
    expect(holdsEdit(stored, { content: "Words.", title: "A title", tags: ["b", "a"] })).toBe(true);
    expect(holdsEdit(stored, { content: "Words.", createdAt: new Date("2026-11-01T11:00:00.000+01:00") })).toBe(true);
    expect(holdsEdit(stored, { content: "Words.", locationLat: 38.7 })).toBe(true);
  });

  it("leaves out the fields the edit does not name", () => {
    expect(holdsEdit(stored, { content: "Words.", mood: undefined, tags: undefined })).toBe(true);
  });

  it("is false as soon as one value differs", () => {
    expect(holdsEdit(stored, { content: "Other words." })).toBe(false);
    expect(holdsEdit(stored, { content: "Words.", title: "" })).toBe(false);
    expect(holdsEdit(stored, { content: "Words.", mood: null })).toBe(false);
    expect(holdsEdit(stored, { content: "Words.", tags: ["a"] })).toBe(false);
    expect(holdsEdit(stored, { content: "Words.", tags: ["a", "b", "c"] })).toBe(false);
    expect(holdsEdit(stored, { content: "Words.", tags: ["a", "c"] })).toBe(false);
    expect(holdsEdit(stored, { content: "Words.", createdAt: new Date("2026-11-01T10:00:00.001Z") })).toBe(false);
    expect(holdsEdit(stored, { content: "Words.", locationLat: 38.70001 })).toBe(false);
  });

  it("compares null with a missing stored value as equal, and never a date with text or a list with a string", () => {
    expect(holdsEdit({ content: "x" }, { content: "x", mood: null })).toBe(true);
    expect(holdsEdit({ content: "x", mood: "calm" }, { content: "x", mood: null })).toBe(false);
    expect(
      holdsEdit({ createdAt: "2026-11-01T10:00:00.000Z" }, { createdAt: new Date("2026-11-01T10:00:00.000Z") }),
    ).toBe(false);
    expect(holdsEdit({ createdAt: new Date(0) }, { createdAt: "1970-01-01T00:00:00.000Z" })).toBe(false);
    expect(holdsEdit({ tags: "a" }, { tags: ["a"] })).toBe(false);
    expect(holdsEdit({ tags: ["a"] }, { tags: "a" })).toBe(false);
  });

  it("is true for an empty edit", () => {
    expect(holdsEdit(stored, {})).toBe(true);
  });
});

describe("nextUpdatedAt", () => {
  it("is now when now is later than the previous write", () => {
    const now = new Date("2026-11-24T10:00:00.500Z");
    expect(nextUpdatedAt(new Date("2026-11-24T10:00:00.000Z"), now)).toBe(now);
    expect(nextUpdatedAt(null, now)).toBe(now);
  });

  it("is one millisecond after the previous write when now is not later (same millisecond, or a clock set back)", () => {
    const prev = new Date("2026-11-24T10:00:00.000Z");
    expect(nextUpdatedAt(prev, new Date(prev)).toISOString()).toBe("2026-11-24T10:00:00.001Z");
    expect(nextUpdatedAt(prev, new Date("2026-11-24T09:00:00.000Z")).toISOString()).toBe("2026-11-24T10:00:00.001Z");
  });
});
