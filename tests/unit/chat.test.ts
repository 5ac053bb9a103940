import { describe, expect, it } from "vitest";
import {
  chatErrorText,
  entryFromSummary,
  excerpt,
  generatedEntryMood,
  historyForModel,
  inputPlaceholder,
  isBlankMessage,
  parseCitations,
  parseStoredHistory,
  pickGreeting,
  searchTerms,
  type ChatMessage,
} from "@/domain/chat";
import { GREETING_PROMPTS } from "@/domain/constants";

const msg = (i: number, extra: Partial<ChatMessage> = {}): ChatMessage => ({
  id: `m${i}`,
  role: i % 2 ? "assistant" : "user",
  content: `message ${i}`,
  timestamp: new Date(2026, 0, 1, 10, i).toISOString(),
  ...extra,
});

describe("blank messages", () => {
  it.each(["", " ", "\n\n", "\t \u00a0", null, undefined])("%j is blank", (t) => expect(isBlankMessage(t)).toBe(true));
  it.each(["a", " hi ", "\n.\n"])("%j is not blank", (t) => expect(isBlankMessage(t)).toBe(false));
});

describe("history sent to the model", () => {
  it("is the last 10 messages, role and content only, oldest first", () => {
    const messages = Array.from({ length: 14 }, (_, i) =>
      msg(i, { context: [{ id: "e", title: null, created_at: null }] }),
    );
    const h = historyForModel(messages);
    expect(h).toHaveLength(10);
    expect(h[0]).toEqual({ role: "user", content: "message 4" });
    expect(h.at(-1)).toEqual({ role: "assistant", content: "message 13" });
    expect(Object.keys(h[3]).sort()).toEqual(["content", "role"]);
  });

  it("leaves out failure notices and blank messages before counting", () => {
    const messages = [
      ...Array.from({ length: 10 }, (_, i) => msg(i)),
      msg(10, { content: "again?" }),
      msg(11, { role: "assistant", content: chatErrorText("Model failed"), error: true }),
      msg(12, { content: "   " }),
    ];
    const h = historyForModel(messages);
    expect(h.map((t) => t.content)).toEqual([...Array.from({ length: 9 }, (_, i) => `message ${i + 1}`), "again?"]);
  });

  it("is empty for an empty conversation", () => expect(historyForModel([])).toEqual([]));
});

describe("texts", () => {
  it("error message uses the error's text, or the unexpected-error text", () => {
    expect(chatErrorText("Model overloaded")).toBe("Sorry, I encountered an error: Model overloaded");
    expect(chatErrorText("")).toBe("Sorry, I encountered an error: An unexpected error occurred");
    expect(chatErrorText(undefined)).toBe("Sorry, I encountered an error: An unexpected error occurred");
  });

  it("placeholder depends on whether the conversation is empty", () => {
    expect(inputPlaceholder(0)).toBe("Today I feel good!");
    expect(inputPlaceholder(1)).toBe("Type your message...");
    expect(inputPlaceholder(30)).toBe("Type your message...");
  });

  it("greeting is one of the five prompts, each reachable", () => {
    expect(GREETING_PROMPTS).toHaveLength(5);
    const picked = [0, 0.19, 0.2, 0.45, 0.6, 0.8, 0.999999].map((r) => pickGreeting(() => r));
    expect(picked[0]).toBe(GREETING_PROMPTS[0]);
    expect(picked.at(-1)).toBe(GREETING_PROMPTS[4]);
    expect(new Set(picked)).toEqual(new Set(GREETING_PROMPTS));
    expect(pickGreeting(() => 1)).toBe(GREETING_PROMPTS[4]);
    expect(GREETING_PROMPTS).toContain(pickGreeting());
  });
});

describe("generated entry", () => {
  it.each([
    [10, "positive"],
    [7, "positive"],
    [6.9, "neutral"],
    [6, "neutral"],
    [4, "neutral"],
    [3.9, "negative"],
    [1, "negative"],
  ] as const)("mood score %s becomes %s", (score, mood) => expect(generatedEntryMood(score)).toBe(mood));

  it("carries title, content, mood, tags and the creation time", () => {
    const now = new Date("2026-05-02T18:30:00.000Z");
    expect(
      entryFromSummary(
        { title: "Evening walk", content: "We talked about the walk.", mood_score: 8, tags: ["walk", "evening"] },
        now,
      ),
    ).toEqual({
      title: "Evening walk",
      content: "We talked about the walk.",
      mood: "positive",
      tags: ["walk", "evening"],
      created_at: "2026-05-02T18:30:00.000Z",
      ai_mood_score: 8,
      ai_model: null,
    });
    // The model that summarised the conversation is what produced the mood score.
    expect(
      entryFromSummary({ title: "t", content: "c", mood_score: 3, tags: [] }, now, "gemini/gemini-2.5-flash").ai_model,
    ).toBe("gemini/gemini-2.5-flash");
  });

  it("falls back to the summary defaults", () => {
    const e = entryFromSummary({ title: "  ", content: "x", mood_score: Number.NaN, tags: [] });
    expect(e).toMatchObject({
      title: "Chat Reflection",
      mood: "neutral",
      tags: ["chat", "reflection"],
      ai_mood_score: 5,
    });
  });
});

describe("citations", () => {
  const refs = [
    { id: "0193a1b2-aaaa-7000-8000-000000000001", title: "Trail day", created_at: "2026-03-04T10:00:00.000Z" },
    { id: "0193a1b2-aaaa-7000-8000-000000000002", title: null, created_at: "2026-03-05T10:00:00.000Z" },
  ];
  const [a, b] = refs;

  it("numbers cited entries in order of first citation", () => {
    const r = parseCitations(
      `You hiked with Juno [entry:${b.id}]. Later [entry:${a.id}] and again [entry:${b.id}].`,
      refs,
    );
    expect(r.text).toBe("You hiked with Juno [1]. Later [2] and again [1].");
    expect(r.cited).toEqual([b, a]);
  });

  it("reads lenient spellings and lists", () => {
    const r = parseCitations(
      `See [Entry: ${a.id}] and [entry:${a.id}, entry:${b.id}] and [entry:${b.id}; ${a.id}].`,
      refs,
    );
    expect(r.text).toBe("See [1] and [1][2] and [2][1].");
    expect(r.cited.map((c) => c.id)).toEqual([a.id, b.id]);
  });

  it("removes citations of ids it was not given, with the space before them", () => {
    const r = parseCitations(`I remember [entry:made-up-id]. Also [entry:${a.id}, entry:nope].`, refs);
    expect(r.text).toBe("I remember. Also [1].");
    expect(r.cited).toEqual([a]);
  });

  it("without known entries every citation is removed and text stays otherwise unchanged", () => {
    expect(parseCitations(`Hello [entry:${a.id}] there [link](https://example.com)`, undefined)).toEqual({
      text: "Hello there [link](https://example.com)",
      cited: [],
    });
    expect(parseCitations("No citations [here] or [entry] or [entry:].", refs).text).toBe(
      "No citations [here] or [entry] or [entry:].",
    );
  });
});

describe("stored history", () => {
  it("keeps valid messages and drops the rest", () => {
    const raw = [
      { id: "a", role: "user", content: "Hi", timestamp: "2026-01-01T00:00:00.000Z" },
      {
        role: "assistant",
        content: "Hello",
        timestamp: "2026-01-01T00:00:01.000Z",
        context: [{ id: "e1", title: "T", created_at: null }, { nope: 1 }],
      },
      { role: "system", content: "x" },
      { role: "user", content: 42 },
      null,
      "text",
      { id: "b", role: "assistant", content: "Sorry, I encountered an error: x", error: true },
    ];
    const h = parseStoredHistory(raw);
    expect(h).toHaveLength(3);
    expect(h[0]).toEqual({ id: "a", role: "user", content: "Hi", timestamp: "2026-01-01T00:00:00.000Z" });
    expect(h[1]).toMatchObject({
      id: "stored-1",
      role: "assistant",
      content: "Hello",
      context: [{ id: "e1", title: "T", created_at: null }],
    });
    expect(h[2]).toMatchObject({ id: "b", error: true, timestamp: "1970-01-01T00:00:00.000Z" });
  });

  it.each([null, undefined, {}, "[]", 5])("%j is no history", (raw) => expect(parseStoredHistory(raw)).toEqual([]));

  it("keeps the support card's signal of a safety reply, and drops a malformed one", () => {
    const h = parseStoredHistory([
      {
        id: "a",
        role: "assistant",
        content: "Are you safe right now?",
        timestamp: "2026-01-01T00:00:00.000Z",
        support: { kind: "self", country: "GB" },
      },
      { id: "b", role: "assistant", content: "Hi", timestamp: "2026-01-01T00:00:00.000Z", support: { kind: 3 } },
    ]);
    expect(h[0]!.support).toEqual({ kind: "self", country: "GB" });
    expect(h[1]).not.toHaveProperty("support");
  });
});

describe("search terms of a message", () => {
  it("keeps meaningful words of 3+ characters, lower-cased, once each", () => {
    expect(searchTerms("I went hiking with Juno on the Ridge trail, and the trail was muddy!")).toEqual([
      "went",
      "hiking",
      "juno",
      "ridge",
      "trail",
      "muddy",
    ]);
  });

  it("drops stop-words, contractions and short numbers", () => {
    expect(searchTerms("I'm feeling good today, what do you think? It's 10 am and I've got 2024 plans")).toEqual([
      "2024",
      "plans",
    ]);
    expect(searchTerms("How are you?")).toEqual([]);
    expect(searchTerms("")).toEqual([]);
  });

  it("handles other scripts, possessives and curly apostrophes", () => {
    expect(searchTerms("Grüße aus München — Juno’s Geburtstag; 東京タワー")).toEqual([
      "grüße",
      "aus",
      "münchen",
      "juno",
      "geburtstag",
      "東京タワー",
    ]);
  });

  it("keeps the most specific words when there are too many, in their order, earlier first on ties", () => {
    const t = searchTerms("sun garden wonderful rain neighbourhood tea bicycle walk lake mountains", 5);
    expect(t).toEqual(["garden", "wonderful", "neighbourhood", "bicycle", "mountains"]);
    expect(searchTerms("aaa bbb ccc ddd", 2)).toEqual(["aaa", "bbb"]);
  });

  it("quotes and FTS syntax are ordinary characters", () => {
    expect(searchTerms('"dog" OR cat* NEAR(walk) -park')).toEqual(["dog", "cat", "near", "walk", "park"]);
  });
});

describe("excerpt", () => {
  const long = `${"Morning coffee and emails. ".repeat(40)}Then the climbing gym with Sam was wonderful. ${"Evening reading. ".repeat(40)}`;

  it("keeps short text whole", () => expect(excerpt("  A short entry.  ", ["entry"], 100)).toBe("A short entry."));

  it("is a window around the first matching term, cut at words, with ellipses", () => {
    const e = excerpt(long, ["climbing"], 200);
    expect(e).toContain("climbing gym with Sam");
    expect(e.startsWith("...")).toBe(true);
    expect(e.endsWith("...")).toBe(true);
    expect(e.length).toBeLessThanOrEqual(206);
    expect(e.slice(3, 4)).not.toBe(" ");
  });

  it("starts at the beginning without a match", () => {
    const e = excerpt(long, ["zebra"], 100);
    expect(e.startsWith("Morning coffee")).toBe(true);
    expect(e.endsWith("...")).toBe(true);
  });

  it("a match near the end shows the end", () => {
    const text = `${"word ".repeat(100)}final sunset`;
    const e = excerpt(text, ["sunset"], 50);
    expect(e.endsWith("final sunset")).toBe(true);
    expect(e.startsWith("...")).toBe(true);
  });
});

describe("Generate Entry again", () => {
  const msg = (id: string, role: "user" | "assistant", content: string, error = false) => ({
    id,
    role,
    content,
    timestamp: "2026-01-01T00:00:00Z",
    ...(error ? { error } : {}),
  });
  it("asks only when no message was added since the last entry", async () => {
    const { shouldAskBeforeGenerating, lastCountedMessage, parseGeneratedFrom } = await import("@/domain/chat");
    const conv = [msg("1", "user", "hi"), msg("2", "assistant", "hello")];
    expect(shouldAskBeforeGenerating(null, conv)).toBe(false);
    expect(shouldAskBeforeGenerating({ entry_id: "e", last_message_id: "2" }, conv)).toBe(true);
    expect(
      shouldAskBeforeGenerating({ entry_id: "e", last_message_id: "2" }, [...conv, msg("3", "user", "more")]),
    ).toBe(false);
    // A failure notice or a blank message is not something new to write about.
    expect(
      shouldAskBeforeGenerating({ entry_id: "e", last_message_id: "2" }, [
        ...conv,
        msg("4", "assistant", "Sorry", true),
        msg("5", "user", "  "),
      ]),
    ).toBe(true);
    expect(lastCountedMessage([msg("x", "assistant", "Sorry", true)])).toBeNull();
    expect(parseGeneratedFrom({ entry_id: 1 })).toBeNull();
    expect(parseGeneratedFrom({ entry_id: "a", last_message_id: "b", extra: 1 })).toEqual({
      entry_id: "a",
      last_message_id: "b",
    });
  });
});
