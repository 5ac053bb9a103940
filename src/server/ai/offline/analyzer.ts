import "server-only";
import type { ChatTurn, ConversationSummaryDto, SupportDto, TextAnalysisDto } from "@/contracts/ai";
import { SUMMARY_DEFAULTS } from "@/domain/constants";
import { moodBand, type MoodBand } from "@/domain/mood";
import { moodFromSentiment } from "./mood";
import { analyze } from "./nlp";
import { primaryEmotion, suggestedTagsOf, themesOf } from "./themes";
import { summaryOf, firstPersonEntry } from "./summary";

export { chatReplyOffline, companionReply, type JournalNote } from "./companion";
export { growthOffline, insightsSummaryOffline, type RangeFacts, type DayFacts } from "./insights";
export { moodFromSentiment } from "./mood";

/**
 * The built-in offline analyzer (model name local/offline). It needs no network and no model download.
 * Mood: VADER sentence sentiment plus rules for contrast, understatement and life events (mood.ts), mapped
 * onto 1..10 so that the spec's bands fall where the text reads. Themes and tags: lemmas from wink-nlp
 * matched to theme word lists (themes.ts). Summary: the arc of the entry in one or two sentences
 * (summary.ts). Every function here is pure and synchronous, JSON in and JSON out, linear in the text and
 * bounded (text.ts caps what is analysed).
 */

/** How a theme reads after "about" in a question. */
const THEME_PHRASE: Record<string, string> = {
  work: "work",
  family: "your family",
  friends: "your friends",
  relationship: "your relationship",
  health: "your health",
  sleep: "your sleep",
  exercise: "moving your body",
  food: "the food",
  travel: "the trip",
  home: "home",
  money: "money",
  pets: "your pet",
  learning: "your studies",
  creative: "your creative work",
  hobby: "your hobby",
  nature: "being outdoors",
  weather: "the weather",
  grief: "your loss",
  reading: "what you read",
  gratitude: "what you are grateful for",
  goals: "your goals",
  reflection: "what you noticed",
};

export function themePhrase(theme: string | undefined): string | undefined {
  if (!theme) return undefined;
  return THEME_PHRASE[theme] ?? `the ${theme}`;
}

function questionsFor(band: MoodBand, theme: string | undefined): string[] {
  const about = themePhrase(theme);
  switch (band) {
    case "positive":
      return [
        about ? `What about ${about} made this feel so good?` : "What made today feel so good?",
        "How could you bring more of this into the coming days?",
        "Who or what would you like to thank for it?",
      ];
    case "neutral":
      return [
        about ? `What stood out to you about ${about} today?` : "What stood out to you most today?",
        "Is there something you would like to do differently tomorrow?",
        "What is one small thing that could lift your day?",
      ];
    case "negative":
      return [
        about ? `What feels heaviest about ${about} right now?` : "What feels heaviest right now?",
        "What is one kind thing you could do for yourself today?",
        "Who could you reach out to for support?",
      ];
  }
}

export function analyzeTextOffline(content: string): TextAnalysisDto {
  const f = analyze(content);
  const mood = moodFromSentiment(f.sentiment);
  const band = moodBand(mood);
  const themes = themesOf(f);
  return {
    mood_score: mood,
    primary_emotion: primaryEmotion(f, band),
    themes,
    summary: summaryOf(f, band),
    suggested_tags: suggestedTagsOf(f, themes),
    follow_up_questions: questionsFor(band, themes[0]),
  };
}

// ---------------------------------------------------------------- conversation summary

/**
 * A conversation turned into the person's own entry: what they shared, in the first person, as prose.
 * Greetings, thanks, questions to the companion and one-word answers are left out.
 */
export function summarizeConversationOffline(conversation: readonly ChatTurn[]): ConversationSummaryDto {
  const shared = conversation.filter((t) => t.role === "user").map((t) => t.content);
  const content = firstPersonEntry(shared);
  const f = analyze(content);
  const themes = themesOf(f);
  const tags: string[] = [...SUMMARY_DEFAULTS.tags];
  for (const t of suggestedTagsOf(f, themes)) if (!tags.includes(t) && tags.length < 5) tags.push(t);
  return {
    title: themes[0] ? `${SUMMARY_DEFAULTS.title}: ${themes[0]}` : SUMMARY_DEFAULTS.title,
    content: content || "I took a moment to talk things through.",
    mood_score: moodFromSentiment(f.sentiment),
    tags,
  };
}

// ---------------------------------------------------------------- motivational support

export function supportOffline(content: string): SupportDto {
  const f = analyze(content);
  const theme = themePhrase(themesOf(f)[0]);
  return {
    affirmation: "You are doing the best you can, and that is enough. Your feelings are valid.",
    motivational_phrases: [
      "One step at a time is still moving forward.",
      "Hard moments pass, even when it doesn't feel that way.",
      theme ? `You don't have to solve everything about ${theme} today.` : "You don't have to solve everything today.",
    ],
    evening_suggestions: [
      "Take a few slow, deep breaths before bed.",
      "Write down one thing that went okay today, however small.",
      "Put your phone away a little earlier and rest.",
    ],
    tomorrow_suggestions: [
      "Start the day with one small, kind thing for yourself.",
      "Reach out to someone you trust, even with a short message.",
      "Step outside for a few minutes of fresh air.",
    ],
    gentle_reminder:
      "You are not alone. If you are thinking about harming yourself, call or text 988 (Suicide & Crisis Lifeline) or your local emergency number right now.",
  };
}
