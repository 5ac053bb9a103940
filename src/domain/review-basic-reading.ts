/**
 * A review's words when no model writes the prose: questions for the next period, and the body that says the
 * evidence in plain language, in the editor's markers.
 */
import { NOUN, weekdayDate } from "./review-periods";
import type { CountChange, MoodPoint, ReviewEvidence } from "./reviews";
import { BULLET_PREFIX } from "./richtext-markers";

/** Three questions for the next period, from what the evidence found. */
export function nextQuestions(ev: ReviewEvidence): string[] {
  const next = `next ${NOUN[ev.bounds.period]}`;
  const out: string[] = [];
  const rising = ev.themes.find((t) => t.count > t.before && t.count >= 2);
  if (rising)
    out.push(`${cap(rising.name)} came up more often than before: what would you like to notice about it ${next}?`);
  if (ev.hardest)
    out.push(
      `What helped you on ${weekdayDate(ev.hardest.date)}, and what would you want close by on a day like that?`,
    );
  if (ev.best)
    out.push(`What made ${weekdayDate(ev.best.date)} a good day, and how could you make room for more of it?`);
  if (ev.good_activities.length)
    out.push(`Which of the things that went with your better days will you plan for ${next}?`);
  const fallback = [
    `What do you want more of ${next}?`,
    `What would you like to let go of before the ${next} starts?`,
    `Who would you like to spend time with ${next}?`,
  ];
  for (const f of fallback) if (out.length < 3) out.push(f);
  return out.slice(0, 3);
}

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

function changeWords(c: CountChange, prevNoun: string): string {
  if (c.before === 0) return `new since the ${prevNoun} before`;
  if (c.count > c.before) return `up from ${c.before}`;
  if (c.count < c.before) return `down from ${c.before}`;
  return `as often as the ${prevNoun} before`;
}

/** How the mood moved: the first and last thirds of the curve compared. */
function moodMovement(curve: readonly MoodPoint[]): string | null {
  if (curve.length < 3) return null;
  const third = Math.max(1, Math.floor(curve.length / 3));
  const avg = (xs: readonly MoodPoint[]) => Math.round((xs.reduce((a, p) => a + p.mood, 0) / xs.length) * 10) / 10;
  const a = avg(curve.slice(0, third));
  const b = avg(curve.slice(-third));
  if (Math.abs(b - a) < 0.5) return `It stayed about the same from start to end (${a} to ${b}).`;
  return `It ${b > a ? "rose" : "fell"} from about ${a} at the start to ${b} at the end.`;
}

/** The line that labels a review written from counted evidence, without a model. */
export const BASIC_READING_NOTE = "*A basic reading, counted from your entries and check-ins: no AI model wrote it.*";

/** The review body without a model: the evidence in plain language, in the editor's markers. */
export function offlineReviewBody(ev: ReviewEvidence): string {
  const noun = NOUN[ev.bounds.period];
  const n = ev.numbers;
  const parts: string[] = [BASIC_READING_NOTE];
  parts.push(
    `You wrote ${plural(n.entries, "entry", "entries")} on ${plural(n.days_written, "day")} this ${noun} ` +
      `(${plural(n.words, "word")})${n.checkins ? ` and checked in ${plural(n.checkins, "time")}` : ""}.`,
  );
  if (n.entries === 0 && n.checkins === 0) {
    parts.push(`There is nothing written for this ${noun} yet, and that is all right.`);
  }

  const mood: string[] = ["**Mood**"];
  if (ev.average_mood === null) mood.push(`No mood was recorded this ${noun}.`);
  else {
    const inferred = ev.curve.length - ev.stated_days;
    const source =
      ev.stated_days && inferred
        ? `${plural(ev.stated_days, "day")} from your check-ins, ${plural(inferred, "day")} read from your writing`
        : ev.stated_days
          ? "from your check-ins"
          : "read from your writing";
    mood.push(
      `Your mood averaged ${ev.average_mood} out of 10 over ${plural(ev.curve.length, "day")} with a mood (${source}).`,
    );
    const moved = moodMovement(ev.curve);
    if (moved) mood.push(moved);
  }
  parts.push(mood.join("\n"));

  if (ev.best || ev.hardest) {
    const days: string[] = ["**Days that stood out**"];
    if (ev.best)
      days.push(`${BULLET_PREFIX}Best day: ${weekdayDate(ev.best.date)}, ${ev.best.mood} (“${ev.best.entry_title}”)`);
    if (ev.hardest)
      days.push(
        `${BULLET_PREFIX}Hardest day: ${weekdayDate(ev.hardest.date)}, ${ev.hardest.mood} (“${ev.hardest.entry_title}”)`,
      );
    parts.push(days.join("\n"));
  }

  if (ev.themes.length || ev.faded.length) {
    const t: string[] = ["**What came up most**"];
    for (const c of ev.themes)
      t.push(`${BULLET_PREFIX}${cap(c.name)}: ${plural(c.count, "entry", "entries")}, ${changeWords(c, noun)}`);
    if (ev.faded.length) t.push(`Less present than the ${noun} before: ${ev.faded.join(", ")}.`);
    parts.push(t.join("\n"));
  }

  if (ev.people.length) {
    const p: string[] = ["**People you wrote about**"];
    for (const c of ev.people)
      p.push(`${BULLET_PREFIX}${c.name}: ${plural(c.count, "entry", "entries")}, ${changeWords(c, noun)}`);
    parts.push(p.join("\n"));
  }

  if (ev.good_activities.length) {
    parts.push(
      ["**What went with your better days**", ...ev.good_activities.map((s) => `${BULLET_PREFIX}${s}`)].join("\n"),
    );
  }

  if (ev.quotes.length) {
    parts.push(
      ["**In your own words**", ...ev.quotes.map((q) => `${BULLET_PREFIX}*“${q.text}”* (${weekdayDate(q.date)})`)].join(
        "\n",
      ),
    );
  }

  parts.push(
    ["**Questions for the next " + noun + "**", ...ev.questions.map((q) => `${BULLET_PREFIX}${q}`)].join("\n"),
  );
  return parts.join("\n\n");
}
