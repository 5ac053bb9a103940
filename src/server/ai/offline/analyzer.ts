import "server-only";
import type { ChatTurn, ConversationSummaryDto, SupportDto, TextAnalysisDto } from "@/contracts/ai";
import { SUMMARY_DEFAULTS } from "@/domain/constants";
import { moodBand, type MoodBand } from "@/domain/mood";
import { analyze, type TextFeatures } from "./nlp";
import { emotionDetail, primaryEmotion, suggestedTagsOf, themesOf } from "./themes";
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

/** Questions that follow how the entry feels: its emotion first, its band when the emotion says nothing specific. */
const EMOTION_QUESTIONS: Record<string, (about: string | undefined) => string[]> = {
  grateful: (about) => [
    "Who or what would you like to thank for it?",
    about
      ? `What does ${about} give you that you would like to remember?`
      : "What would you like to remember about it?",
  ],
  proud: () => ["What did it take to get here?", "How would you like to mark it?"],
  relieved: () => ["What helped you through the waiting?", "What would you like to do now that the weight is off?"],
  excited: () => ["What are you most looking forward to?", "How could you savour the days until then?"],
  loving: () => ["What would you like this person to know?", "What moment from today would you like to keep?"],
  amused: () => ["What made it so funny?", "Who would you like to share it with?"],
  hopeful: () => ["What is one small step towards it?", "What makes this feel possible now?"],
  calm: () => ["What helped you feel this steady?", "How could you find a moment like this again?"],
  anxious: () => [
    "What is the worry telling you, and how likely is it really?",
    "What would help you feel a little safer right now?",
  ],
  afraid: () => ["What would help you feel a little safer right now?", "Who could be with you in this?"],
  angry: () => [
    "What would you like the other person to understand?",
    "What do you need now that the moment has passed?",
  ],
  frustrated: () => ["What is in your control here, and what is not?", "What would make tomorrow go a little easier?"],
  disappointed: () => ["What did you hope for?", "What would you say to a friend in the same place?"],
  embarrassed: () => [
    "Would anyone else remember this as clearly as you do?",
    "What would you say to a friend it happened to?",
  ],
  guilty: () => ["What would you say to a friend who did the same?", "Is there something you would like to put right?"],
  grieving: () => ["What do you miss most?", "What would you like to remember about them?"],
  lonely: () => [
    "Who could you reach out to, even with a short message?",
    "What kind of company would feel good right now?",
  ],
  tired: () => ["What could you set down or say no to this week?", "What would real rest look like for you?"],
  sad: () => ["What feels heaviest right now?", "What is one kind thing you could do for yourself today?"],
};

/**
 * Reflection questions from what the entry is about (its first theme) and how it feels (its emotion and band); a
 * day with two halves is asked about both. Few and gentle: this is a basic reading.
 */
function questionsFor(band: MoodBand, theme: string | undefined, emotion: string, mixed: boolean): string[] {
  const about = themePhrase(theme);
  const out: string[] = [];
  if (mixed) out.push("How do the good part and the hard part of the day sit together for you?");
  const byEmotion = EMOTION_QUESTIONS[emotion];
  if (byEmotion) out.push(...byEmotion(about));
  else if (band === "positive")
    out.push(about ? `What about ${about} made this feel good?` : "What made today feel good?");
  else if (band === "negative")
    out.push(about ? `What feels heaviest about ${about} right now?` : "What feels heaviest right now?");
  else out.push(about ? `What stood out to you about ${about}?` : "What stood out to you most today?");
  out.push(
    band === "positive"
      ? "What would you like to remember about today?"
      : band === "negative"
        ? "What is one kind thing you could do for yourself today?"
        : "Is there anything you would like to carry into tomorrow?",
  );
  return [...new Set(out)].slice(0, 3);
}

export function analyzeTextOffline(content: string): TextAnalysisDto {
  const f = analyze(content);
  const mood = f.mood.mood;
  const band = moodBand(mood);
  const themes = themesOf(f);
  const emotion = primaryEmotion(f, band);
  const mixed = f.sentences.some((s) => s.score >= 0.3) && f.sentences.some((s) => s.score <= -0.3);
  return {
    mood_score: mood,
    primary_emotion: emotion,
    themes,
    summary: summaryOf(f, band),
    suggested_tags: suggestedTagsOf(f, themes),
    follow_up_questions: questionsFor(
      band,
      themes.find((t) => t in THEME_PHRASE),
      emotion,
      mixed,
    ),
  };
}

// ---------------------------------------------------------------- conversation summary

/**
 * A title from what the person shared: the feeling their words name ("A lonely week"), else the shape of
 * the day or week as the summary reads it ("A hard day", "A day that turned around").
 */
export function conversationTitle(f: TextFeatures): string {
  const band = moodBand(f.mood.mood);
  const span = /\b(?:this|the whole|all|last|past) week\b|\bweek (?:has|was)\b/iu.test(f.text) ? "week" : "day";
  const d = emotionDetail(f, band);
  if (band !== "neutral" && d.cued) return `${/^[aeiou]/iu.test(d.emotion) ? "An" : "A"} ${d.emotion} ${span}`;
  const label = summaryOf(f, band).split(":")[0]?.trim();
  return label && label.length <= 60 && !label.endsWith(".") ? label : SUMMARY_DEFAULTS.title;
}

/**
 * A conversation turned into the person's own entry: what they shared, in the first person, as prose.
 * Greetings, thanks, questions to the companion and one-word answers are left out.
 */
export function summarizeConversationOffline(conversation: readonly ChatTurn[]): ConversationSummaryDto {
  const shared = conversation.filter((t) => t.role === "user").map((t) => t.content);
  const content = firstPersonEntry(shared);
  const f = analyze(content);
  const themes = themesOf(f);
  // Tags and title come from what was said: the content's own tags first, then "reflection".
  const tags: string[] = [];
  for (const t of [...suggestedTagsOf(f, themes), "reflection"]) if (!tags.includes(t) && tags.length < 5) tags.push(t);
  return {
    title: content ? conversationTitle(f) : SUMMARY_DEFAULTS.title,
    content: content || "I took a moment to talk things through.",
    mood_score: f.mood.mood,
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
