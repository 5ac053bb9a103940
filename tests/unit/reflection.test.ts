import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { buildSavePayload, savePayloadOf } from "@/domain/editor";
import {
  answerQuestion,
  isAnswered,
  keptQuestions,
  normalizeQuestion,
  parseQuestions,
  questionQuote,
} from "@/domain/reflection";
import { parseRichText } from "@/domain/richtext-parse";

const Q = "What helped a little today?";

describe("answering a reflection question in the entry", () => {
  it("adds the question as a quote and the answer under it, after the entry's words", () => {
    expect(answerQuestion("A long day at work.", Q, "The walk after lunch.")).toBe(
      "A long day at work.\n\n> What helped a little today?\n\nThe walk after lunch.",
    );
  });

  it("trims the answer and the space at the end of the text; an empty entry starts with the quote", () => {
    expect(answerQuestion("Rain.\n\n\n", Q, "  Tea.  \n")).toBe("Rain.\n\n> What helped a little today?\n\nTea.");
    expect(answerQuestion("", Q, "Tea.")).toBe("> What helped a little today?\n\nTea.");
  });

  it("keeps a question on one line", () => {
    expect(questionQuote("What  helped\na little\ttoday? ")).toBe("> What helped a little today?");
    expect(answerQuestion("x", "Who\nhelped?", "Sam.")).toBe("x\n\n> Who helped?\n\nSam.");
  });

  it("keeps an answer of several lines as written", () => {
    expect(answerQuestion("x", Q, "First.\n\n• tea\n• a walk")).toBe(
      "x\n\n> What helped a little today?\n\nFirst.\n\n• tea\n• a walk",
    );
  });

  it("changes nothing for a blank answer or question", () => {
    expect(answerQuestion("Rain.  ", Q, "   \n ")).toBe("Rain.  ");
    expect(answerQuestion("Rain.", "  ", "Tea.")).toBe("Rain.");
  });

  it("adds a second answer under the same question, before the next question, without quoting it twice", () => {
    const once = answerQuestion("Day.", Q, "Tea.");
    const other = answerQuestion(once, "Who did you think of?", "Mum.");
    const twice = answerQuestion(other, Q, "And the walk.");
    expect(twice).toBe(
      "Day.\n\n> What helped a little today?\n\nTea.\n\nAnd the walk.\n\n> Who did you think of?\n\nMum.",
    );
    expect(twice.split(questionQuote(Q)).length - 1).toBe(1);
    // At the end of the text, the answer goes last.
    expect(answerQuestion(once + "\n\n", Q, "More.")).toBe("Day.\n\n> What helped a little today?\n\nTea.\n\nMore.");
  });

  it("knows a question is answered by its quote line, and only then", () => {
    expect(isAnswered("Day.", Q)).toBe(false);
    expect(isAnswered(`I asked myself: ${Q}`, Q)).toBe(false);
    expect(isAnswered(answerQuestion("Day.", Q, "Tea."), Q)).toBe(true);
    expect(isAnswered("> What helped a little today?  \r\nTea.", "What helped  a little today?")).toBe(true);
    expect(isAnswered(answerQuestion("Day.", Q, "Tea."), "Who did you think of?")).toBe(false);
  });

  it("the entry shows the question as a quote and the answer as a paragraph", () => {
    const blocks = parseRichText(answerQuestion("Day.", Q, "The **walk**."));
    expect(blocks.map((b) => b.type)).toEqual(["paragraph", "quote", "paragraph"]);
    expect(blocks[1]).toEqual({ type: "quote", lines: [[{ type: "text", text: Q }]] });
  });

  it("never loses a word of the entry or the answer (any text, any answer)", () => {
    const text = fc.string({ unit: fc.constantFrom("a", "b", " ", "\n", ">", "?", "•", "*"), maxLength: 60 });
    fc.assert(
      fc.property(text, text, text, (content, question, answer) => {
        const out = answerQuestion(content, question, answer);
        if (!normalizeQuestion(question) || !answer.trim()) return out === content;
        const words = (s: string) => s.split(/\s+/u).filter(Boolean);
        const outWords = words(out);
        for (const w of [...words(content), ...words(answer)]) if (!outWords.includes(w)) return false;
        return isAnswered(out, question);
      }),
      { numRuns: 400, seed: 20261129 },
    );
  });
});

describe("the questions kept with an entry", () => {
  it("are saved with a fresh analysis, and kept from the entry without one", () => {
    const fields = { title: "", content: "x", tags: [], date: "2026-11-27", locationName: "", lat: null, lng: null };
    const at = new Date("2026-11-27T12:00:00Z");
    const fresh = buildSavePayload(fields, at, {
      mood_score: 7,
      primary_emotion: "calm",
      themes: [],
      summary: "",
      follow_up_questions: ["What helped?", "Who was there?"],
    });
    expect(JSON.parse(fresh.ai_questions!)).toEqual(["What helped?", "Who was there?"]);
    expect(
      buildSavePayload(fields, at, { mood_score: 7, primary_emotion: "", themes: [], summary: "" }).ai_questions,
    ).toBeNull();
    const kept = buildSavePayload(fields, at, null, {
      mood: null,
      ai_mood_score: 6,
      ai_summary: null,
      ai_themes: null,
      ai_questions: '["Kept?"]',
    });
    expect(kept.ai_questions).toBe('["Kept?"]');
  });

  it("an answer on the entry page saves the entry as it is with the new text", () => {
    const entry = {
      title: "Walk",
      mood: "calm",
      tags: [{ name: "river" }],
      created_at: "2026-11-27T12:00:00.000Z",
      ai_summary: "A walk.",
      ai_mood_score: 7,
      ai_themes: '["nature"]',
      ai_model: "local/offline",
      ai_questions: '["What helped?"]',
    };
    expect(savePayloadOf(entry, "new")).toEqual({ ...entry, content: "new", tags: ["river"] });
  });

  it("are read back only as a list of short questions", () => {
    expect(parseQuestions('["a?","b?"]')).toEqual(["a?", "b?"]);
    expect(parseQuestions("{not json")).toEqual([]);
    expect(parseQuestions('[1,"ok?",""]')).toEqual(["ok?"]);
    expect(parseQuestions(JSON.stringify(Array.from({ length: 12 }, (_, i) => `q${i}?`)))).toHaveLength(10);
    expect(keptQuestions('"x"')).toBeNull();
    expect(keptQuestions(null)).toBeNull();
  });
});
