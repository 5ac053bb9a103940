import { describe, expect, it } from "vitest";
import type { EntryDto } from "@/contracts/entries";
import { addRecentSearch } from "@/domain/search";
import {
  calendarDayCover,
  CELL_TITLE_LENGTH,
  DAY_PREVIEW_LENGTH,
  dayEntryView,
  entryCountText,
  activeFilterCount,
  calendarWeeks,
  dayFilters,
  dayLabel,
  DEFAULT_FILTERS,
  entryCardView,
  filtersToQuery,
  hasActiveQuery,
  monthLabel,
  parseTimelineParams,
  resultCountText,
  shiftMonth,
  shortDayLabel,
  timelineSearchParams,
  toTimelineEntry,
  withOverflow,
  wordCountLabel,
  type TimelineFilters,
  type TimelineState,
} from "@/domain/timeline";

const NY = "America/New_York";
const TOKYO = "Asia/Tokyo";

const f = (patch: Partial<TimelineFilters>): TimelineFilters => ({ ...DEFAULT_FILTERS, tags: [], ...patch });

function dto(patch: Partial<EntryDto> = {}): EntryDto {
  return {
    id: "0193a1b2-0000-7000-8000-000000000001",
    title: "A walk by the river",
    content: "We walked by the river.",
    created_at: "2026-11-21T15:00:00.000Z",
    updated_at: "2026-11-21T15:00:00.000Z",
    mood: "calm",
    ai_mood_score: 7.5,
    ai_summary: "A calm walk.",
    ai_themes: null,
    location_name: null,
    location_lat: null,
    location_lng: null,
    word_count: 0,
    conflict_of: null,
    tags: [],
    media_files: [],
    ...patch,
  };
}

function media(n: number): EntryDto["media_files"] {
  return Array.from({ length: n }, (_, i) => ({
    id: `m${i}`,
    entry_id: "e",
    file_type: i % 3 === 0 ? "image" : i % 3 === 1 ? "video" : "audio",
    filename: `file-${i}`,
    mime_type: "image/jpeg",
    size: 1000,
    url: `/api/media/m${i}`,
    thumbnail_url: i % 3 === 0 ? `/api/media/m${i}?thumb=1` : null,
    created_at: "2026-11-21T15:00:00.000Z",
  }));
}

describe("date-range filter to API query", () => {
  it("sends no dates for 'all'", () => {
    expect(filtersToQuery("", f({}), new Date("2026-11-21T15:00:00Z"), NY)).toEqual({});
  });

  it("today is the person's local day, also on the day clocks spring forward (23 hours)", () => {
    const q = filtersToQuery("", f({ dateRange: "today" }), new Date("2026-03-08T18:00:00Z"), NY);
    expect(q).toEqual({ date_from: "2026-03-08T05:00:00.000Z", date_to: "2026-03-09T04:00:00.000Z" });
  });

  it("today depends on the zone: the same instant is a different day in New York and Tokyo", () => {
    const now = new Date("2026-11-21T03:00:00Z");
    expect(filtersToQuery("", f({ dateRange: "today" }), now, NY)).toEqual({
      date_from: "2026-11-20T05:00:00.000Z",
      date_to: "2026-11-21T05:00:00.000Z",
    });
    expect(filtersToQuery("", f({ dateRange: "today" }), now, TOKYO)).toEqual({
      date_from: "2026-11-20T15:00:00.000Z",
      date_to: "2026-11-21T15:00:00.000Z",
    });
  });

  it("week starts 7 local days back and runs to the end of today", () => {
    const q = filtersToQuery("", f({ dateRange: "week" }), new Date("2026-11-21T15:00:00Z"), NY);
    expect(q).toEqual({ date_from: "2026-11-14T05:00:00.000Z", date_to: "2026-11-22T05:00:00.000Z" });
  });

  it("a week back across the autumn clock change keeps local midnight", () => {
    const q = filtersToQuery("", f({ dateRange: "week" }), new Date("2026-11-05T15:00:00Z"), NY);
    // 29 October is still summer time (UTC-4), 6 November is winter time (UTC-5).
    expect(q).toEqual({ date_from: "2026-10-29T04:00:00.000Z", date_to: "2026-11-06T05:00:00.000Z" });
  });

  it("month is one calendar month back; the 31st falls back to the last day of February", () => {
    expect(filtersToQuery("", f({ dateRange: "month" }), new Date("2026-03-31T15:00:00Z"), NY).date_from).toBe(
      "2026-02-28T05:00:00.000Z",
    );
    // 2028 is a leap year.
    expect(filtersToQuery("", f({ dateRange: "month" }), new Date("2028-03-31T15:00:00Z"), NY).date_from).toBe(
      "2028-02-29T05:00:00.000Z",
    );
  });

  it("month back from January lands in December of the year before", () => {
    const q = filtersToQuery("", f({ dateRange: "month" }), new Date("2027-01-15T15:00:00Z"), NY);
    expect(q).toEqual({ date_from: "2026-12-15T05:00:00.000Z", date_to: "2027-01-16T05:00:00.000Z" });
  });

  it("year is one year back; 29 February falls back to 28 February", () => {
    expect(filtersToQuery("", f({ dateRange: "year" }), new Date("2028-02-29T15:00:00Z"), NY).date_from).toBe(
      "2027-02-28T05:00:00.000Z",
    );
    expect(filtersToQuery("", f({ dateRange: "year" }), new Date("2026-11-21T15:00:00Z"), NY).date_from).toBe(
      "2025-11-21T05:00:00.000Z",
    );
  });

  it("year back at New Year's Eve in Tokyo uses Tokyo's day", () => {
    const q = filtersToQuery("", f({ dateRange: "year" }), new Date("2026-12-31T16:00:00Z"), TOKYO);
    expect(q).toEqual({ date_from: "2025-12-31T15:00:00.000Z", date_to: "2027-01-01T15:00:00.000Z" });
  });

  it("custom applies only when both ends are set, and includes both days", () => {
    const now = new Date("2026-11-21T15:00:00Z");
    expect(filtersToQuery("", f({ dateRange: "custom", customDateStart: "2026-11-01" }), now, NY)).toEqual({});
    expect(filtersToQuery("", f({ dateRange: "custom", customDateEnd: "2026-11-01" }), now, NY)).toEqual({});
    expect(
      filtersToQuery(
        "",
        f({ dateRange: "custom", customDateStart: "2026-11-01", customDateEnd: "2026-11-03" }),
        now,
        NY,
      ),
    ).toEqual({
      date_from: "2026-11-01T04:00:00.000Z",
      date_to: "2026-11-04T05:00:00.000Z",
    });
  });

  it("a custom range given backwards is read the right way round", () => {
    const q = filtersToQuery(
      "",
      f({ dateRange: "custom", customDateStart: "2026-11-03", customDateEnd: "2026-11-01" }),
      new Date(),
      NY,
    );
    expect(q).toEqual({ date_from: "2026-11-01T04:00:00.000Z", date_to: "2026-11-04T05:00:00.000Z" });
  });

  it("a single leap day as a custom range is exactly 24 hours", () => {
    const q = filtersToQuery("", dayFilters("2028-02-29"), new Date(), "UTC");
    expect(q).toEqual({ date_from: "2028-02-29T00:00:00.000Z", date_to: "2028-03-01T00:00:00.000Z" });
  });
});

describe("other filters to API query", () => {
  const now = new Date("2026-11-21T15:00:00Z");
  it("maps mood bands, tags and media, and leaves out what is not set", () => {
    expect(filtersToQuery("", f({ mood: "positive" }), now, NY)).toEqual({ mood: "positive" });
    expect(filtersToQuery("", f({ mood: "negative", tags: ["work", "family"] }), now, NY)).toEqual({
      mood: "negative",
      tags: ["work", "family"],
    });
    expect(filtersToQuery("", f({ hasMedia: true }), now, NY)).toEqual({ has_media: true });
    expect(filtersToQuery("", f({ hasMedia: false }), now, NY)).toEqual({ has_media: false });
  });

  it("trims the search and drops a blank one", () => {
    expect(filtersToQuery("  river walk ", f({}), now, NY)).toEqual({ search: "river walk" });
    expect(filtersToQuery("   ", f({}), now, NY)).toEqual({});
  });

  it("counts active filters; an incomplete custom range does not count", () => {
    expect(activeFilterCount(f({}))).toBe(0);
    expect(activeFilterCount(f({ dateRange: "custom", customDateStart: "2026-11-01" }))).toBe(0);
    expect(activeFilterCount(f({ dateRange: "week", mood: "neutral", tags: ["a", "b"], hasMedia: false }))).toBe(4);
    expect(hasActiveQuery(" ", f({}))).toBe(false);
    expect(hasActiveQuery("x", f({}))).toBe(true);
    expect(hasActiveQuery("", f({ hasMedia: true }))).toBe(true);
  });

  it("a calendar day opens a custom range of that day and nothing else", () => {
    expect(dayFilters("2026-11-21")).toEqual({
      dateRange: "custom",
      customDateStart: "2026-11-21",
      customDateEnd: "2026-11-21",
      mood: "all",
      tags: [],
      hasMedia: undefined,
    });
  });
});

describe("entry card view model", () => {
  const now = new Date("2026-11-21T15:00:00Z");

  it("derives the Timeline view model, with word_count by whitespace split", () => {
    const e = toTimelineEntry(
      dto({
        content: "  One\ttwo\n\nthree   four ",
        location_name: "Lisbon",
        location_lat: 38.7,
        location_lng: -9.1,
        tags: [{ name: "travel" }, { name: "family" }],
        media_files: media(1),
        word_count: 99,
      }),
    );
    expect(e.word_count).toBe(4);
    expect(e.mood_score).toBe(7.5);
    expect(e.location).toEqual({ name: "Lisbon", lat: 38.7, lng: -9.1 });
    expect(e.tags).toEqual(["travel", "family"]);
    expect(e.media).toEqual([
      { id: "m0", type: "image", filename: "file-0", url: "/api/media/m0", thumbnail_url: "/api/media/m0?thumb=1" },
    ]);
    expect(toTimelineEntry(dto()).location).toBeNull();
  });

  it("shows relative dates: Today, Yesterday, up to 7 days ago, then a short date", () => {
    const at = (iso: string, tz = NY) =>
      entryCardView(toTimelineEntry(dto({ created_at: iso })), now, tz, "en-US").relativeDate;
    expect(at("2026-11-21T05:00:00Z")).toBe("Today");
    expect(at("2026-11-21T04:59:59Z")).toBe("Yesterday");
    expect(at("2026-11-19T12:00:00Z")).toBe("2 days ago");
    expect(at("2026-11-14T12:00:00Z")).toBe("7 days ago");
    expect(at("2026-11-13T12:00:00Z")).toBe("Nov 13, 2026");
    // "now" is 10:00 on the 21st in New York and midnight starting the 22nd in Tokyo.
    expect(at("2026-11-21T14:30:00Z")).toBe("Today");
    expect(at("2026-11-21T14:30:00Z", TOKYO)).toBe("Yesterday");
    expect(at("2026-11-21T15:00:00Z", TOKYO)).toBe("Today");
  });

  it("cuts the preview at 200 characters plus '...'", () => {
    const exact = "a".repeat(200);
    expect(entryCardView(toTimelineEntry(dto({ content: exact })), now, NY, "en-US").preview).toBe(exact);
    const long = `${"b".repeat(200)}cdef`;
    expect(entryCardView(toTimelineEntry(dto({ content: long })), now, NY, "en-US").preview).toBe(
      `${"b".repeat(200)}...`,
    );
  });

  it("shows the preview without rich-text markers", () => {
    const v = entryCardView(toTimelineEntry(dto({ content: "A **bold** day and an *easy* walk." })), now, NY, "en-US");
    expect(v.preview).toBe("A bold day and an easy walk.");
    expect(v.words).toBe("7 words");
  });

  it("picks the mood emoji by the 8 / 6 / 4 bands and says when the mood is unknown", () => {
    const emoji = (s: number | null) =>
      entryCardView(toTimelineEntry(dto({ ai_mood_score: s })), now, NY, "en-US").mood;
    expect(emoji(8).emoji).toBe("😄");
    expect(emoji(7.9).emoji).toBe("🙂");
    expect(emoji(6).emoji).toBe("🙂");
    expect(emoji(5.9).emoji).toBe("😐");
    expect(emoji(4).emoji).toBe("😐");
    expect(emoji(3.9).emoji).toBe("😔");
    expect(emoji(null).label).toBe("Unknown mood");
  });

  it("shows up to 4 media and 3 tags with a '+n' for the rest", () => {
    const v = entryCardView(
      toTimelineEntry(dto({ media_files: media(6), tags: ["a", "b", "c", "d", "e"].map((name) => ({ name })) })),
      now,
      NY,
      "en-US",
    );
    expect(v.media.visible.map((m) => m.id)).toEqual(["m0", "m1", "m2", "m3"]);
    expect(v.media.more).toBe(2);
    expect(v.tags).toEqual({ visible: ["a", "b", "c"], more: 2 });
    const few = entryCardView(toTimelineEntry(dto({ media_files: media(4), tags: [{ name: "a" }] })), now, NY, "en-US");
    expect(few.media.more).toBe(0);
    expect(few.tags).toEqual({ visible: ["a"], more: 0 });
  });

  it("links to the entry and to its editor", () => {
    const v = entryCardView(toTimelineEntry(dto()), now, NY, "en-US");
    expect(v.href).toBe("/entry/0193a1b2-0000-7000-8000-000000000001");
    expect(v.editHref).toBe("/journal/edit/0193a1b2-0000-7000-8000-000000000001");
  });

  it("leaves out an empty summary and location", () => {
    const v = entryCardView(toTimelineEntry(dto({ ai_summary: "  ", location_name: "" })), now, NY, "en-US");
    expect(v.summary).toBeNull();
    expect(v.location).toBeNull();
  });
});

describe("texts", () => {
  it("says how many entries were found", () => {
    expect(resultCountText(0)).toBe("0 entries found");
    expect(resultCountText(1)).toBe("1 entry found");
    expect(resultCountText(2)).toBe("2 entries found");
    expect(resultCountText(10000)).toBe("10,000 entries found");
  });

  it("counts words in the singular and plural", () => {
    expect(wordCountLabel(1)).toBe("1 word");
    expect(wordCountLabel(0)).toBe("0 words");
    expect(wordCountLabel(1234)).toBe("1,234 words");
  });

  it("withOverflow never shows a negative rest", () => {
    expect(withOverflow([1, 2], 4)).toEqual({ visible: [1, 2], more: 0 });
    expect(withOverflow([1, 2, 3], 0)).toEqual({ visible: [], more: 3 });
  });
});

describe("recent searches", () => {
  it("adds only queries longer than 2 characters that are new, most recent first, 5 kept", () => {
    let r: string[] = [];
    r = addRecentSearch(r, "ab");
    expect(r).toEqual([]);
    r = addRecentSearch(r, "  abc ");
    expect(r).toEqual(["abc"]);
    r = addRecentSearch(r, "ABC");
    expect(r).toEqual(["abc"]);
    for (const q of ["one", "two", "three", "four", "five"]) r = addRecentSearch(r, q);
    expect(r).toEqual(["five", "four", "three", "two", "one"]);
  });
});

describe("address bar", () => {
  const full: TimelineState = {
    view: "list",
    search: "river walk",
    filters: {
      dateRange: "custom",
      customDateStart: "2026-11-01",
      customDateEnd: "2026-11-21",
      mood: "neutral",
      tags: ["work", "family"],
      hasMedia: false,
    },
    month: "2026-11",
    day: "2026-11-14",
  };

  it("round-trips a full state", () => {
    const qs = timelineSearchParams(full);
    expect(qs).toBe(
      "view=list&q=river+walk&range=custom&from=2026-11-01&to=2026-11-21&mood=neutral&tag=work&tag=family&media=without&month=2026-11&day=2026-11-14",
    );
    expect(parseTimelineParams(new URLSearchParams(qs))).toEqual(full);
  });

  it("leaves defaults out: the calendar with no filters is the bare address", () => {
    expect(timelineSearchParams({ view: "calendar", search: "", filters: f({}), month: null, day: null })).toBe("");
    expect(parseTimelineParams(new URLSearchParams(""))).toEqual({
      view: "calendar",
      search: "",
      filters: f({}),
      month: null,
      day: null,
    });
  });

  it("keeps one end of a custom range while the other is being chosen", () => {
    const s = parseTimelineParams(new URLSearchParams("view=list&range=custom&from=2026-11-01"));
    expect(s.filters).toEqual(f({ dateRange: "custom", customDateStart: "2026-11-01" }));
  });

  it("ignores malformed values instead of failing", () => {
    const s = parseTimelineParams(
      new URLSearchParams(
        "view=grid&range=decade&from=2026-02-30&mood=happy&media=maybe&month=2026-13&tag=%20&tag=Work&tag=work&day=2026-02-30",
      ),
    );
    expect(s).toEqual({ view: "calendar", search: "", filters: f({ tags: ["work"] }), month: null, day: null });
  });

  it("drops custom dates when the range is not custom", () => {
    expect(parseTimelineParams(new URLSearchParams("range=week&from=2026-11-01&to=2026-11-02")).filters).toEqual(
      f({ dateRange: "week" }),
    );
  });
});

describe("calendar grid", () => {
  it("has Sunday-first weeks padded with neighbouring days", () => {
    // 1 August 2026 is a Saturday: six rows, starting on Sunday 26 July.
    const aug = calendarWeeks("2026-08");
    expect(aug).toHaveLength(6);
    expect(aug[0][0]).toEqual({ date: "2026-07-26", day: 26, inMonth: false });
    expect(aug[0][6]).toEqual({ date: "2026-08-01", day: 1, inMonth: true });
    expect(aug[5][1]).toEqual({ date: "2026-08-31", day: 31, inMonth: true });
    expect(aug[5][6]).toEqual({ date: "2026-09-05", day: 5, inMonth: false });
  });

  it("fits February 2026 (starts on a Sunday, 28 days) in exactly four rows", () => {
    const feb = calendarWeeks("2026-02");
    expect(feb).toHaveLength(4);
    expect(feb.flat().every((c) => c.inMonth)).toBe(true);
  });

  it("includes 29 February in a leap year", () => {
    const days = calendarWeeks("2028-02")
      .flat()
      .filter((c) => c.inMonth)
      .map((c) => c.date);
    expect(days).toHaveLength(29);
    expect(days.at(-1)).toBe("2028-02-29");
  });

  it("steps months across year ends", () => {
    expect(shiftMonth("2026-01", -1)).toBe("2025-12");
    expect(shiftMonth("2026-12", 1)).toBe("2027-01");
    expect(shiftMonth("2026-11", 14)).toBe("2028-01");
    expect(shiftMonth("2026-11", -23)).toBe("2024-12");
  });

  it("names months and days", () => {
    expect(monthLabel("2026-11", "en-US")).toBe("November 2026");
    expect(dayLabel("2026-11-21", "en-US")).toBe("Saturday, November 21, 2026");
    expect(dayLabel("2028-02-29", "en-US")).toBe("Tuesday, February 29, 2028");
    expect(shortDayLabel("2026-01-05", "en-US")).toBe("Jan 5, 2026");
  });
});

describe("calendar day cover", () => {
  const row = (created_at: string, title: string, content = "", photo_id: string | null = null) => ({
    created_at,
    title,
    content,
    photo_id,
  });

  it("shows the title of the day's first entry, in the order written, and the first photo", () => {
    const cover = calendarDayCover([
      row("2026-05-04T23:00:00.000Z", "Good evening", "Dinner.", "p-late"),
      row("2026-05-04T13:00:00.000Z", "  Bright   morning ", "Sun."),
      row("2026-05-04T18:00:00.000Z", "Afternoon", "Walk.", "p-mid"),
    ]);
    expect(cover).toEqual({ title: "Bright morning", photo_id: "p-mid" });
  });

  it("falls back to the opening words, without markers, when the first entry has no title", () => {
    expect(calendarDayCover([row("2026-05-04T13:00:00.000Z", " ", "**Slept** in.\n\nThen *rain*.")]).title).toBe(
      "Slept in. Then rain.",
    );
  });

  it("keeps a long title to the cell's length and has nothing for an empty day", () => {
    const long = "A".repeat(CELL_TITLE_LENGTH + 20);
    expect(calendarDayCover([row("2026-05-04T13:00:00.000Z", long)]).title).toBe(`${"A".repeat(CELL_TITLE_LENGTH)}...`);
    expect(calendarDayCover([])).toEqual({ title: null, photo_id: null });
    expect(calendarDayCover([row("2026-05-04T13:00:00.000Z", "", "   ")]).title).toBeNull();
  });
});

describe("a day's entries under the calendar", () => {
  it("gives title, time in the person's zone, mood and one line of text", () => {
    const v = dayEntryView(
      {
        id: "e 1",
        title: "",
        content: "**Long** walk\nby the river. ".repeat(20),
        created_at: "2026-05-04T13:05:00.000Z",
        updated_at: "2026-05-04T13:05:00.000Z",
        mood: null,
        mood_score: 8.5,
        location: null,
        tags: [],
        media: [],
        ai_summary: null,
        word_count: 1,
      },
      "America/New_York",
      "en-US",
    );
    expect(v.href).toBe("/entry/e%201");
    expect(v.title).toBe("Untitled entry");
    expect(v.time).toBe("9:05 AM");
    expect(v.mood.label).toBe("Great");
    expect(v.preview.startsWith("Long walk by the river. Long walk")).toBe(true);
    expect(v.preview).toHaveLength(DAY_PREVIEW_LENGTH + 3);
    expect(entryCountText(1)).toBe("1 entry");
    expect(entryCountText(1200)).toBe("1,200 entries");
  });
});
