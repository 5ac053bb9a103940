import { describe, expect, it, vi } from "vitest";
import {
  appendParagraph,
  askedEntryDay,
  batchTask,
  buildSavePayload,
  emptyFields,
  fieldsDiffer,
  instantForDay,
  localDateInputValue,
  parseDraft,
  parseThemes,
  runBatch,
  shouldAnalyze,
  supportDecision,
  type BatchItem,
} from "@/domain/editor";

class FakeFile {
  constructor(readonly name: string) {}
}
const isFile = (v: unknown): v is FakeFile => v instanceof FakeFile;

describe("shouldAnalyze", () => {
  it("runs only when trimmed content is longer than 50 characters", () => {
    expect(shouldAnalyze("x".repeat(50))).toBe(false);
    expect(shouldAnalyze(`   ${"x".repeat(50)}   `)).toBe(false);
    expect(shouldAnalyze("x".repeat(51))).toBe(true);
  });
});

describe("batch analysis rule", () => {
  it("text only for strings; image or audio only for files; others skipped", () => {
    const f = new FakeFile("a.png");
    expect(batchTask({ id: "1", kind: "text", data: "hello" }, isFile)).toBe("text");
    expect(batchTask({ id: "2", kind: "text", data: f }, isFile)).toBe("skip");
    expect(batchTask({ id: "3", kind: "image", data: f }, isFile)).toBe("image");
    expect(batchTask({ id: "4", kind: "image", data: "base64..." }, isFile)).toBe("skip");
    expect(batchTask({ id: "5", kind: "audio", data: f }, isFile)).toBe("audio");
    expect(batchTask({ id: "6", kind: "video", data: f }, isFile)).toBe("skip");
    expect(batchTask({ id: "7", kind: "pdf", data: f }, isFile)).toBe("skip");
  });

  it("one failure is logged and does not stop the others", async () => {
    const items: BatchItem<FakeFile>[] = [
      { id: "a", kind: "image", data: new FakeFile("a.png") },
      { id: "b", kind: "audio", data: new FakeFile("b.wav") },
      { id: "c", kind: "video", data: new FakeFile("c.mp4") },
      { id: "d", kind: "text", data: "words" },
    ];
    const onError = vi.fn();
    const run = vi.fn(async (task: string, item: BatchItem<FakeFile>) => {
      if (item.id === "a") throw new Error("model refused");
      return `${task}:${item.id}`;
    });
    const out = await runBatch(items, isFile, run, onError);
    expect(out).toEqual([
      { id: "a", status: "failed", task: "image", error: new Error("model refused") },
      { id: "b", status: "done", task: "audio", result: "audio:b" },
      { id: "c", status: "skipped" },
      { id: "d", status: "done", task: "text", result: "text:d" },
    ]);
    expect(run).toHaveBeenCalledTimes(3);
    expect(onError).toHaveBeenCalledTimes(1);
    expect(onError.mock.calls[0]![0].id).toBe("a");
  });
});

describe("supportDecision", () => {
  it("follows the crisis rule on the first offer", () => {
    expect(supportDecision({ crisis_detected: true, severity: "high" }, 8, null)).toBe(true);
    expect(supportDecision({ crisis_detected: false, severity: "moderate" }, 4, null)).toBe(true);
    expect(supportDecision({ crisis_detected: false, severity: "moderate" }, 5, null)).toBe(false);
    expect(supportDecision({ crisis_detected: false, severity: "moderate" }, null, null)).toBe(false);
    expect(supportDecision({ crisis_detected: false, severity: "low" }, 1, null)).toBe(false);
    expect(supportDecision(null, 1, null)).toBe(false);
  });
  it("offers at most once per session unless the severity rises", () => {
    expect(supportDecision({ crisis_detected: false, severity: "moderate" }, 3, "moderate")).toBe(false);
    expect(supportDecision({ crisis_detected: true, severity: "high" }, 3, "moderate")).toBe(true);
    expect(supportDecision({ crisis_detected: true, severity: "high" }, 3, "high")).toBe(false);
  });
});

describe("appendParagraph", () => {
  it("adds the text after a blank line", () => {
    expect(appendParagraph("Morning notes.", "Went for a walk.")).toBe("Morning notes.\n\nWent for a walk.");
    expect(appendParagraph("Morning notes.\n\n  ", " Went. ")).toBe("Morning notes.\n\nWent.");
  });
  it("starts the content when empty and ignores blank additions", () => {
    expect(appendParagraph("", "Hello")).toBe("Hello");
    expect(appendParagraph("Keep", "   ")).toBe("Keep");
  });
});

describe("dates", () => {
  it("formats the local day for the date input", () => {
    expect(localDateInputValue(new Date(2026, 0, 5, 23, 59))).toBe("2026-01-05");
  });
  it("puts the chosen day at the given time of day", () => {
    const at = instantForDay("2026-03-04", new Date(2026, 6, 1, 14, 30, 15));
    expect([at.getFullYear(), at.getMonth(), at.getDate(), at.getHours(), at.getMinutes(), at.getSeconds()]).toEqual([
      2026, 2, 4, 14, 30, 15,
    ]);
    const now = new Date();
    expect(instantForDay("garbage", now)).toBe(now);
  });
});

describe("form state and drafts", () => {
  const base = emptyFields("2026-05-01");
  it("notices any change the person would lose", () => {
    expect(fieldsDiffer(base, { ...base })).toBe(false);
    expect(fieldsDiffer(base, { ...base, content: "x" })).toBe(true);
    expect(fieldsDiffer(base, { ...base, tags: ["work"] })).toBe(true);
    expect(fieldsDiffer(base, { ...base, date: "2026-05-02" })).toBe(true);
    expect(fieldsDiffer(base, { ...base, lat: 1, lng: 2 })).toBe(true);
  });
  it("reads a stored draft defensively", () => {
    expect(parseDraft(null)).toBeNull();
    expect(parseDraft({ version: 2, content: "x" })).toBeNull();
    expect(parseDraft({ version: 1, content: "   " })).toBeNull();
    expect(
      parseDraft({ version: 1, content: "Dear diary", tags: ["Work", "work", 3], date: "nope", lat: "x" }),
    ).toEqual({
      version: 1,
      saved_at: "",
      title: "",
      content: "Dear diary",
      tags: ["work"],
      date: "",
      locationName: "",
      lat: null,
      lng: null,
    });
  });
});

describe("buildSavePayload", () => {
  const fields = {
    ...emptyFields("2026-05-01"),
    title: "  A day ",
    content: "Text",
    tags: ["work"],
    locationName: " Park ",
    lat: 1.5,
    lng: 2.5,
  };
  const created = new Date("2026-05-01T12:00:00.000Z");
  it("maps the analysis: mood from the primary emotion, themes JSON-encoded", () => {
    expect(
      buildSavePayload(fields, created, {
        mood_score: 8,
        primary_emotion: "joyful",
        themes: ["friends", "sun"],
        summary: "Nice.",
      }),
    ).toEqual({
      title: "A day",
      content: "Text",
      mood: "joyful",
      tags: ["work"],
      created_at: "2026-05-01T12:00:00.000Z",
      ai_summary: "Nice.",
      ai_mood_score: 8,
      ai_themes: '["friends","sun"]',
      ai_model: null,
      ai_questions: null,
      location_name: "Park",
      location_lat: 1.5,
      location_lng: 2.5,
    });
  });
  it("keeps what produced the analysis: the fresh one's model, else the previous one's", () => {
    const fresh = { mood_score: 4, primary_emotion: "tired", themes: [], summary: "Long day.", model: "local/offline" };
    expect(buildSavePayload(fields, created, fresh).ai_model).toBe("local/offline");
    const previous = {
      mood: "calm",
      ai_mood_score: 6,
      ai_summary: "Old",
      ai_themes: null,
      ai_model: "ollama/gemma3:4b",
    };
    expect(buildSavePayload(fields, created, null, previous).ai_model).toBe("ollama/gemma3:4b");
    expect(buildSavePayload(fields, created, fresh, previous).ai_model).toBe("local/offline");
    expect(buildSavePayload(fields, created, null, { ...previous, ai_model: undefined }).ai_model).toBeNull();
  });
  it("keeps the previous analysis when there is no new one", () => {
    const p = buildSavePayload({ ...fields, locationName: "" }, created, null, {
      mood: "calm",
      ai_mood_score: 6,
      ai_summary: "Old",
      ai_themes: '["a"]',
    });
    expect(p).toMatchObject({
      mood: "calm",
      ai_mood_score: 6,
      ai_summary: "Old",
      ai_themes: '["a"]',
      location_name: null,
    });
    expect(buildSavePayload(fields, created, null)).toMatchObject({
      mood: null,
      ai_mood_score: null,
      ai_summary: null,
      ai_themes: null,
    });
  });
  it("parses stored themes", () => {
    expect(parseThemes('["a","b"]')).toEqual(["a", "b"]);
    expect(parseThemes("not json")).toEqual([]);
    expect(parseThemes(null)).toEqual([]);
  });
});

describe("actionBarOffset", () => {
  it("sits above the tab bar when no keyboard is open", async () => {
    const { actionBarOffset } = await import("@/domain/editor");
    expect(actionBarOffset({ innerHeight: 844, viewportHeight: 844, viewportOffsetTop: 0, tabBarHeight: 57.4 })).toBe(
      57,
    );
    expect(actionBarOffset({ innerHeight: 800, viewportHeight: null, viewportOffsetTop: 0, tabBarHeight: 0 })).toBe(0);
  });
  it("sits right above an on-screen keyboard that covers the page", async () => {
    const { actionBarOffset } = await import("@/domain/editor");
    expect(actionBarOffset({ innerHeight: 844, viewportHeight: 508, viewportOffsetTop: 0, tabBarHeight: 57 })).toBe(
      336,
    );
    // Scrolled while the keyboard is open: the visual viewport moved down.
    expect(actionBarOffset({ innerHeight: 844, viewportHeight: 508, viewportOffsetTop: 100, tabBarHeight: 57 })).toBe(
      236,
    );
    // A few pixels of browser chrome are not a keyboard.
    expect(actionBarOffset({ innerHeight: 844, viewportHeight: 820, viewportOffsetTop: 0, tabBarHeight: 57 })).toBe(57);
  });
});

describe("a new entry asked for a day (calendar's Write about this day)", () => {
  const ask = (qs: string) => askedEntryDay(new URLSearchParams(qs), "2026-11-27");
  it("takes a real day up to today and nothing else", () => {
    expect(ask("date=2026-11-23")).toBe("2026-11-23");
    expect(ask("date=2026-11-27")).toBe("2026-11-27");
    expect(ask("date=2026-11-28")).toBeNull();
    expect(ask("date=2026-02-30")).toBeNull();
    expect(ask("date=yesterday")).toBeNull();
    expect(ask("")).toBeNull();
  });
});
