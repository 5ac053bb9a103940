import "server-only";
import {
  advanceGuide,
  startGuide,
  type GuidedFlowId,
  type GuideState,
  type GuideTurn,
  type Reading,
} from "@/domain/guided";
import { MONTH_NAMES, WEEKDAY_NAMES } from "@/domain/dates";
import { moodBand } from "@/domain/mood";
import { analyze } from "./nlp";
import { emotionDetail, suggestedTagsOf, themesOf } from "./themes";
import { capitalize } from "./text";

/**
 * The guided reflections (src/domain/guided.ts) with the offline analyzer reading each answer: its mood,
 * the feeling its words name and the people in it; the summary's tags and mood come from all the answers.
 * Pure and synchronous, run on the analyzer's worker thread.
 */

/** Capitalised words that are never a person: the names of days and months, and "I". */
const NOT_PEOPLE = new Set([...WEEKDAY_NAMES, ...MONTH_NAMES, "I"]);

export function readAnswer(text: string): Reading {
  const f = analyze(text);
  const band = moodBand(f.mood.mood);
  const d = emotionDetail(f, band);
  const people = [...new Set(f.tokens.filter((t) => t.name).map((t) => capitalize(t.normal)))].filter(
    (n) => !NOT_PEOPLE.has(n),
  );
  return { band, people, ...(band !== "neutral" && d.cued ? { feeling: d.emotion } : {}) };
}

export interface GuidedTurnResult extends GuideTurn {
  /** The mood of the whole reflection (1-10), when it ended with a summary. */
  mood_score?: number;
}

/** One turn of a guided reflection: its start, or the answer to its last question. */
export function guidedTurn(input: { start?: GuidedFlowId; state?: GuideState; message: string }): GuidedTurnResult {
  if (input.start) return startGuide(input.start);
  if (!input.state) throw new Error("a guided turn needs a reflection to start or to continue");
  const turn = advanceGuide(input.state, input.message, readAnswer, (answers) => {
    const f = analyze(answers.join("\n"));
    return suggestedTagsOf(f, themesOf(f)).slice(0, 3);
  });
  if (!turn.summary) return turn;
  const all = analyze([...input.state.answers, input.message].join("\n"));
  return { ...turn, mood_score: all.mood.mood };
}
