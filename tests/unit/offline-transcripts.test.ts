import { readFileSync } from "node:fs";
import fc from "fast-check";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { ChatTurn } from "@/contracts/ai";
import { companionReply, type JournalNote } from "@/server/ai/offline/analyzer";
import { whenWritten } from "@/server/ai/offline/companion";
import { ECHO_WORDS, echoShare, MAX_ECHO_SHARE, reflectionOf } from "@/server/ai/offline/reflect";
import { isDirectQuestion } from "@/domain/guided";
import {
  agreementProblems,
  articleProblems,
  casingProblems,
  grammarProblems,
  sentencesOf,
  templateProblems,
} from "../support/grammar-rules";

interface Conversation {
  name: string;
  now: string;
  tz: string;
  journal: (JournalNote & { id: string; created_at: string })[];
  messages: string[];
}

const { conversations } = JSON.parse(
  readFileSync(path.join(process.cwd(), "tests/fixtures/eval/transcripts.json"), "utf8"),
) as { conversations: Conversation[] };

interface Played {
  message: string;
  reply: string;
  cited?: JournalNote;
}

function play(c: Conversation): Played[] {
  const history: ChatTurn[] = [];
  const out: Played[] = [];
  for (const message of c.messages) {
    const r = companionReply(message, history, c.journal, c.now, c.tz);
    out.push({ message, reply: r.text, cited: r.cited });
    history.push({ role: "user", content: message }, { role: "assistant", content: r.text });
  }
  return out;
}

const played = conversations.map((c) => ({ c, turns: play(c) }));

const opening = (s: string) => s.split(/\s+/).slice(0, 2).join(" ").toLowerCase();
const content = (s: string) => (s.toLowerCase().match(/[a-z']{4,}/g) ?? []).filter((w) => w !== "both");
const FIRST_PERSON: Record<string, string> = {
  your: "my",
  you: "i",
  yours: "mine",
  yourself: "myself",
  "you're": "i'm",
  "you've": "i've",
  were: "was",
};

describe("grammar rules catch what they should", () => {
  it("flags a/an, agreement, casing and slot templates", () => {
    expect(articleProblems("It was a awful day and an good one.")).toHaveLength(2);
    expect(articleProblems("An hour, a university, an apple.")).toEqual([]);
    expect(agreementProblems("You was tired. I is here.")).toHaveLength(2);
    expect(casingProblems("that was hard. i'm here.")).toHaveLength(3);
    expect(templateProblems("It sounds like productive is on your mind.")).toHaveLength(1);
    expect(grammarProblems("So you were tired. That sounds exhausting.")).toEqual([]);
  });
});

describe("offline companion transcript suite", () => {
  it("holds at least 50 messages over several conversations", () => {
    expect(conversations.length).toBeGreaterThanOrEqual(5);
    expect(conversations.reduce((n, c) => n + c.messages.length, 0)).toBeGreaterThanOrEqual(50);
  });

  describe.each(played)("$c.name", ({ c, turns }) => {
    it("never repeats a reply", () => {
      const replies = turns.map((t) => t.reply);
      expect(new Set(replies).size).toBe(replies.length);
    });

    it("never opens two replies in a row the same way", () => {
      for (let i = 1; i < turns.length; i++)
        expect(opening(turns[i].reply), `${turns[i - 1].reply}\n${turns[i].reply}`).not.toBe(
          opening(turns[i - 1].reply),
        );
    });

    it("writes every sentence correctly, with no slot-filled template", () => {
      for (const t of turns) expect(grammarProblems(t.reply), t.reply).toEqual([]);
    });

    it("capitalises inside a sentence only names the person wrote with a capital", () => {
      const written = [...c.messages, ...c.journal.map((j) => j.content)].join(" ");
      const names = new Set([...written.matchAll(/(?<![.!?]\s|^)\b([A-Z][\w']*)/g)].map((m) => m[1]));
      for (const n of [
        "I",
        "AI",
        "I'm",
        "Reverie's",
        "Mum",
        "Dad",
        "Monday",
        "Tuesday",
        "Wednesday",
        "Thursday",
        "Friday",
        "Saturday",
        "Sunday",
      ])
        names.add(n);
      for (const t of turns) {
        // The person's own words in quotation marks keep their capitals.
        for (const s of sentencesOf(t.reply.replace(/"[^"]*"/g, "a quote."))) {
          for (const m of s.slice(1).matchAll(/\b([A-Z][\w']*)/g)) {
            if (
              /^(?:January|February|March|April|May|June|July|August|September|October|November|December)$/.test(m[1])
            )
              continue;
            expect(names.has(m[1]), `"${m[1]}" in: ${t.reply}`).toBe(true);
          }
        }
      }
    });

    it("asks at most one question per reply", () => {
      for (const t of turns) expect((t.reply.match(/\?/g) ?? []).length, t.reply).toBeLessThanOrEqual(1);
    });

    it("reflects the person's own words", () => {
      const reflective = turns.filter(
        (t) => t.message.split(/\s+/).length >= ECHO_WORDS && !isDirectQuestion(t.message),
      );
      const hits = reflective.filter((t) => {
        const mine = new Set(content(t.message));
        return content(t.reply).filter((w) => mine.has(w)).length >= 2;
      });
      expect(hits.length / reflective.length).toBeGreaterThanOrEqual(0.8);
    });

    it("cites only real journal entries, with their date and words", () => {
      for (const t of turns) {
        const m = /([A-Z][\w ]*?) you wrote(?: that ([^.]+)\.|: "([^"]+)")/.exec(t.reply);
        if (!m) {
          expect(t.cited).toBeUndefined();
          continue;
        }
        const note = c.journal.find((j) => j.id === t.cited?.id);
        expect(note, t.reply).toBeDefined();
        expect(m[1].toLowerCase()).toBe(whenWritten(note!.created_at, c.now, c.tz).toLowerCase());
        const words = content(m[2] ?? m[3]).map((w) => (m[2] ? (FIRST_PERSON[w] ?? w) : w));
        const source = note!.content.toLowerCase();
        for (const w of words) expect(source, `"${w}" from "${m[2]}"`).toContain(w);
      }
    });
  });

  it("uses the journal when it has related entries", () => {
    const cited = played.flatMap((p) => p.turns.filter((t) => t.cited));
    expect(cited.length).toBeGreaterThanOrEqual(3);
  });

  it("never pairs an earlier message with this one (without a model, a link would be a guess)", () => {
    for (const { turns } of played)
      for (const t of turns) {
        expect(t.reply).not.toMatch(/Earlier you mentioned|the two are connected|what you said before/);
      }
  });

  it("never echoes a short message back", () => {
    for (const { turns } of played)
      for (const t of turns.filter((x) => x.message.split(/\s+/).length < ECHO_WORDS && !isDirectQuestion(x.message))) {
        const mine = content(t.message);
        if (mine.length < 3) continue;
        const back = new Set(content(t.reply).map((w) => FIRST_PERSON[w] ?? w));
        expect(mine.filter((w) => back.has(w)).length / mine.length, t.reply).toBeLessThan(0.7);
      }
  });

  it("never hands a longer one-sentence message back nearly word for word, and still reflects most of them", () => {
    const single = played
      .flatMap((p) => p.turns)
      .filter((t) => t.message.split(/\s+/).length >= ECHO_WORDS && sentencesOf(t.message).length === 1);
    expect(single.length).toBeGreaterThanOrEqual(25);
    let reflected = 0;
    for (const t of single) {
      const r = reflectionOf(t.message);
      if (!r) continue;
      reflected++;
      expect(t.reply.toLowerCase(), t.message).toContain(r.toLowerCase());
      const mine = content(t.message);
      const back = new Set(content(r).map((w) => FIRST_PERSON[w] ?? w));
      expect(mine.filter((w) => back.has(w)).length / mine.length, `${t.message} -> ${r}`).toBeLessThanOrEqual(0.7);
    }
    expect(reflected / single.length).toBeGreaterThanOrEqual(0.75);
  });

  it("property: a reflection of any one-sentence message carries at most 70% of its words", () => {
    const clause = fc.constantFrom(
      "I stayed late at the office three nights in a row",
      "I'm exhausted",
      "my sister called me last night",
      "we talked for two hours about our mum",
      "I kept going over the slides in my head",
      "I feel like I can't say no to anything at work",
      "the kids are heartbroken",
      "I don't know what to tell them",
      "Sam cooked dinner for everyone on Saturday",
      "it was lovely actually",
      "I moved to Osaka two months ago for work",
      "I still don't really know anyone",
      "feeling a bit restless today",
    );
    const join = fc.constantFrom(" and ", ", ", " but ", " so ", " because ", " though ");
    const sentence = fc
      .tuple(clause, fc.array(fc.tuple(join, clause), { maxLength: 3 }), fc.constantFrom(".", "!", ""))
      .map(([first, more, end]) => `${first}${more.map(([j, c]) => j + c).join("")}${end}`)
      .map((s) => s.charAt(0).toUpperCase() + s.slice(1));
    fc.assert(
      fc.property(sentence, (message) => {
        const r = reflectionOf(message);
        if (r === null) return;
        expect(echoShare(r.replace(/\byou\b/giu, "I"), message)).toBeLessThanOrEqual(MAX_ECHO_SHARE + 1e-9);
        const mine = content(message);
        const back = new Set(content(r).map((w) => FIRST_PERSON[w] ?? w));
        expect(mine.filter((w) => back.has(w)).length / mine.length).toBeLessThanOrEqual(0.7);
      }),
      { numRuns: 400 },
    );
  });

  it("answers a direct question honestly, never with a question back", () => {
    const asked = played
      .flatMap((p) => p.turns)
      .filter((t) => isDirectQuestion(t.message) && !/real person|who am i talking to|how are you/i.test(t.message));
    for (const t of asked) {
      expect(t.reply).toMatch(/I can't answer that without an AI model/);
      expect(t.reply).not.toMatch(/\?/);
    }
  });

  it("says honestly what it is when asked", () => {
    const asked = played.flatMap((p) => p.turns).filter((t) => /real person|who am i talking to/i.test(t.message));
    expect(asked.length).toBeGreaterThanOrEqual(2);
    for (const t of asked) {
      expect(t.reply).toMatch(/built-in companion/);
      expect(t.reply).toMatch(/without a language model|not a language model/);
    }
  });

  it("names the feeling when there is one", () => {
    const all = played.flatMap((p) => p.turns);
    const heavy = all.filter((t) => /exhausted|heartbroken|lonely|put down|scares me/i.test(t.message));
    for (const t of heavy)
      expect(t.reply, t.reply).toMatch(
        /sad|exhausting|draining|worn out|lonely|alone|painful|worr|on edge|uncertain|isolating|frustrat|angry|annoyed|heavy/i,
      );
  });
});
