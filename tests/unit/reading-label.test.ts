import { describe, expect, it } from "vitest";
import type { EntryDto } from "@/contracts/entries";
import { EntryInputSchema } from "@/contracts/entries";
import { readingModelName, storedReadingSource } from "@/domain/models";
import { basicReadingNote, entryCardView, moodSourceNote, toTimelineEntry } from "@/domain/timeline";

const NOW = new Date("2026-11-27T12:00:00.000Z");

function entry(over: Partial<EntryDto> = {}): EntryDto {
  return {
    id: "e1",
    title: "Reef",
    content: "Snorkelling with Dad.",
    created_at: "2026-11-26T10:00:00.000Z",
    updated_at: "2026-11-26T10:00:00.000Z",
    mood: "joyful",
    ai_mood_score: 6,
    stated_mood: null,
    ai_summary: "A day at the reef.",
    ai_themes: null,
    ai_model: "local/offline",
    location_name: null,
    location_lat: null,
    location_lng: null,
    word_count: 3,
    conflict_of: null,
    tags: [],
    media_files: [],
    ...over,
  };
}

describe("what produced a stored reading", () => {
  it("reads model names and leaves anything else unknown", () => {
    expect(readingModelName("local/offline")).toBe("local/offline");
    expect(readingModelName(" gemini/gemini-2.5-flash ")).toBe("gemini/gemini-2.5-flash");
    expect(readingModelName("someone/else's model")).toBeNull();
    expect(readingModelName(undefined)).toBeNull();
    expect(readingModelName(42)).toBeNull();
  });

  it("labels an offline reading as basic, a cloud one as cloud, and an unknown one not at all", () => {
    expect(storedReadingSource("local/offline")).toEqual({ kind: "offline", label: "Basic reading, no AI model" });
    expect(storedReadingSource("gemini/gemini-2.5-flash")).toEqual({
      kind: "cloud",
      label: "Read by Gemini (cloud model): the text was sent to Google",
    });
    expect(storedReadingSource(null)).toBeNull();
    expect(storedReadingSource(undefined)).toBeNull();
  });

  it("is refused in a save payload unless it is a model name", () => {
    expect(EntryInputSchema.safeParse({ content: "x", ai_model: "local/offline" }).success).toBe(true);
    expect(EntryInputSchema.safeParse({ content: "x", ai_model: null }).success).toBe(true);
    expect(EntryInputSchema.safeParse({ content: "x", ai_model: "../etc" }).success).toBe(false);
  });
});

describe("the Timeline card's mood chip", () => {
  it("says a basic reading in its accessible name and tooltip", () => {
    const v = entryCardView(toTimelineEntry(entry()), NOW, "Europe/London", "en-GB");
    expect(v.moodLabel).toBe("Mood: Good (6 out of 10, basic reading, no AI model)");
    expect(v.moodTitle).toBe("Good · 6/10 (basic reading, no AI model)");
  });

  it("names a cloud model as such, and says nothing of an unknown source", () => {
    const cloud = toTimelineEntry(entry({ ai_model: "openai/gpt-4o-mini" }));
    expect(moodSourceNote(cloud)).toBe("read by OpenAI (cloud model)");
    const unknown = entryCardView(toTimelineEntry(entry({ ai_model: null })), NOW, "Europe/London", "en-GB");
    expect(unknown.moodLabel).toBe("Mood: Good (6 out of 10)");
    expect(toTimelineEntry(entry({ ai_model: undefined })).reading).toBeNull();
  });

  it("shows a stated mood as the person's own", () => {
    const v = entryCardView(toTimelineEntry(entry({ stated_mood: 9 })), NOW, "Europe/London", "en-GB");
    expect(v.moodScore).toBe(9);
    expect(v.moodLabel).toBe("Mood: Great (9 out of 10, you said)");
  });
});

describe("the one line above the Timeline's list", () => {
  it("appears only when a shown entry has a basic reading", () => {
    const offline = toTimelineEntry(entry());
    const cloud = toTimelineEntry(entry({ id: "e2", ai_model: "gemini/gemini-2.5-flash" }));
    const unread = toTimelineEntry(entry({ id: "e3", ai_mood_score: null, ai_summary: null, ai_model: null }));
    expect(basicReadingNote([offline, unread])).toBe("Moods and summaries here are a basic reading, no AI model");
    expect(basicReadingNote([offline, cloud])).toBe("Some moods and summaries here are a basic reading, no AI model");
    expect(basicReadingNote([cloud, unread])).toBeNull();
    expect(basicReadingNote([])).toBeNull();
  });
});
