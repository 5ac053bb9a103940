import "server-only";
import type {
  ChatTurn,
  ConversationSummaryDto,
  GrowthInsightsDto,
  SupportDto,
  TextAnalysisDto,
} from "@/contracts/ai";
import { SUGGESTED_TAGS, SUMMARY_DEFAULTS } from "@/domain/constants";
import { MOOD_MAX, MOOD_MIN, moodBand, type MoodBand } from "@/domain/mood";
import { normalizeTag } from "@/domain/tags";
import { analyze, type TextFeatures } from "./nlp";

/**
 * The built-in offline analyzer (model name local/offline). It needs no network and no model download:
 * sentiment, lemmas and keywords come from wink-nlp; the mood score is the sentiment mapped onto 1..10;
 * themes and tags come from the text's keywords and the spec's 20 suggested tags; questions, replies and
 * support come from templates.
 */

/** Sentiment (-1..1) to mood (1..10): 0 is 5, +0.4 is 7 (positive), -0.4 is 3 (negative). */
export function moodFromSentiment(s: number): number {
  return Math.min(MOOD_MAX, Math.max(MOOD_MIN, Math.round(5 + 5 * s)));
}

/** Words that point a keyword at one of the spec's suggested tags. */
const TAG_CUES: Record<(typeof SUGGESTED_TAGS)[number], readonly string[]> = {
  work: ["work", "job", "office", "boss", "manager", "meeting", "deadline", "project", "colleague", "coworker", "career", "client"],
  personal: ["personal", "myself", "self"],
  travel: ["travel", "trip", "flight", "vacation", "holiday", "journey", "airport", "hotel", "abroad"],
  family: ["family", "mom", "mum", "mother", "dad", "father", "sister", "brother", "son", "daughter", "kid", "child", "parent", "grandma", "grandmother", "grandfather", "wife", "husband"],
  friends: ["friend", "buddy", "friendship"],
  health: ["health", "doctor", "sick", "illness", "therapy", "therapist", "medicine", "hospital", "headache", "pain", "sleep"],
  exercise: ["exercise", "run", "running", "gym", "workout", "yoga", "hike", "swim", "bike", "training", "walk"],
  food: ["food", "dinner", "lunch", "breakfast", "meal", "cook", "cooking", "recipe", "restaurant", "coffee"],
  hobby: ["hobby", "guitar", "piano", "game", "painting", "garden", "gardening", "knitting", "photography"],
  learning: ["learn", "learning", "study", "course", "class", "lesson", "school", "book", "lecture"],
  reflection: ["reflect", "reflection", "thought", "journal"],
  gratitude: ["grateful", "thankful", "gratitude", "appreciate", "blessed"],
  goals: ["goal", "plan", "resolution", "ambition", "dream", "target"],
  mood: ["mood", "emotion", "feeling"],
  weather: ["weather", "rain", "sun", "sunshine", "snow", "storm", "cloud", "wind"],
  weekend: ["weekend", "saturday", "sunday"],
  morning: ["morning", "sunrise", "breakfast"],
  evening: ["evening", "night", "sunset", "tonight"],
  creative: ["creative", "write", "writing", "art", "draw", "drawing", "music", "design", "poem", "song"],
  productive: ["productive", "task", "focus", "accomplish", "finish", "progress", "done"],
};

const POSITIVE_EMOTIONS = ["grateful", "excited", "proud", "hopeful", "calm", "happy"] as const;
const NEGATIVE_EMOTIONS = ["anxious", "angry", "sad", "tired"] as const;
const EMOTION_CUES: Record<(typeof POSITIVE_EMOTIONS)[number] | (typeof NEGATIVE_EMOTIONS)[number], readonly string[]> = {
  grateful: ["grateful", "thankful", "gratitude", "appreciate", "blessed"],
  excited: ["excited", "exciting", "thrilled", "eager", "can't wait"],
  proud: ["proud", "accomplished", "achievement", "achieve"],
  hopeful: ["hope", "hopeful", "optimistic"],
  calm: ["calm", "peaceful", "relaxed", "relax", "serene", "rest"],
  happy: ["happy", "joy", "joyful", "glad", "delighted", "wonderful", "great", "laugh", "love", "fun"],
  anxious: ["anxious", "anxiety", "worry", "worried", "nervous", "stress", "stressed", "stressful", "panic", "afraid", "scared", "fear"],
  angry: ["angry", "anger", "furious", "annoyed", "frustrated", "frustrating", "irritated", "mad", "unfair"],
  sad: ["sad", "cry", "lonely", "loneliness", "grief", "miss", "depressed", "heartbroken", "hurt", "lost", "empty"],
  tired: ["tired", "exhausted", "exhausting", "drained", "sleepy", "fatigue", "burnout"],
};

/**
 * The lexicon's sentiment, nudged by emotion words it lacks ("exhausting", "drained", "cried"): each
 * affirmed positive emotion word adds 0.15, each negative one takes 0.15 away (at most three each).
 */
export function textSentiment(f: TextFeatures): number {
  const words = new Set(f.affirmed);
  const hits = (names: readonly string[]) =>
    Math.min(3, names.reduce((n, e) => n + EMOTION_CUES[e as keyof typeof EMOTION_CUES].filter((c) => words.has(c)).length, 0));
  const s = f.sentiment + 0.15 * (hits(POSITIVE_EMOTIONS) - hits(NEGATIVE_EMOTIONS));
  return Math.max(-1, Math.min(1, s));
}

function primaryEmotion(f: TextFeatures, band: MoodBand): string {
  const words = new Set(f.affirmed);
  const allowed: readonly string[] =
    band === "positive" ? POSITIVE_EMOTIONS : band === "negative" ? NEGATIVE_EMOTIONS : [...NEGATIVE_EMOTIONS, ...POSITIVE_EMOTIONS];
  let best: string | undefined;
  let bestHits = 0;
  for (const emotion of allowed) {
    const hits = EMOTION_CUES[emotion as keyof typeof EMOTION_CUES].filter((c) => words.has(c)).length;
    if (hits > bestHits) {
      best = emotion;
      bestHits = hits;
    }
  }
  if (best) return best;
  if (band === "positive") return textSentiment(f) >= 0.5 ? "happy" : "content";
  if (band === "negative") return "sad";
  return "neutral";
}

function tagsFromWords(words: readonly string[]): string[] {
  const set = new Set(words);
  return SUGGESTED_TAGS.filter((tag) => set.has(tag) || TAG_CUES[tag].some((c) => set.has(c)));
}

function themesOf(f: TextFeatures): string[] {
  const tagThemes = tagsFromWords(f.lemmas).filter((t) => t !== "mood" && t !== "personal");
  const out: string[] = [];
  for (const t of [...tagThemes, ...f.keywords]) if (!out.includes(t)) out.push(t);
  return out.slice(0, 5);
}

function suggestedTagsOf(f: TextFeatures): string[] {
  const out: string[] = [];
  for (const t of [...tagsFromWords(f.lemmas), ...f.keywords.slice(0, 3)]) {
    const tag = normalizeTag(t);
    if (tag && !out.includes(tag)) out.push(tag);
  }
  return out.slice(0, 5);
}

/** The first sentences, up to about 200 characters, cut at a word with "..." when longer. */
export function leadSummary(f: TextFeatures, text: string, max = 200): string {
  const sentences = f.sentences.map((s) => s.text.trim()).filter(Boolean);
  let out = "";
  for (const s of sentences) {
    if (!out) out = s;
    else if (out.length + 1 + s.length <= max) out = `${out} ${s}`;
    else break;
  }
  if (!out) out = text.trim();
  if (out.length <= max) return out;
  const cut = out.slice(0, max);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(" "), max * 0.6)).trimEnd()}...`;
}

const QUESTIONS: Record<MoodBand, readonly string[]> = {
  positive: [
    "What made {theme} feel so good today?",
    "How could you bring more of this feeling into the coming days?",
    "Who or what would you like to thank for today?",
  ],
  neutral: [
    "What stood out to you most about {theme}?",
    "Is there something you would like to do differently tomorrow?",
    "What is one small thing that could lift your day?",
  ],
  negative: [
    "What feels heaviest about {theme} right now?",
    "What is one kind thing you could do for yourself today?",
    "Who could you reach out to for support?",
  ],
};

function questionsFor(band: MoodBand, theme: string | undefined): string[] {
  return QUESTIONS[band].map((q) => q.replace("{theme}", theme ?? (band === "negative" ? "this" : "today")));
}

export function analyzeTextOffline(content: string): TextAnalysisDto {
  const f = analyze(content);
  const mood = moodFromSentiment(textSentiment(f));
  const band = moodBand(mood);
  const themes = themesOf(f);
  return {
    mood_score: mood,
    primary_emotion: primaryEmotion(f, band),
    themes,
    summary: leadSummary(f, content),
    suggested_tags: suggestedTagsOf(f),
    follow_up_questions: questionsFor(band, themes[0]),
  };
}

// ---------------------------------------------------------------- chat

const CHAT_OPENERS: Record<MoodBand, readonly string[]> = {
  positive: ["That sounds really good.", "I'm glad to hear that.", "What a nice thing to share."],
  neutral: ["Thank you for sharing that.", "I hear you.", "That makes sense."],
  negative: ["That sounds hard, and it's okay to feel this way.", "I'm sorry you're going through this.", "Thank you for telling me; that sounds heavy."],
};

/** A short, kind reply from templates: it reflects the mood and the subject, then asks one question. */
export function chatReplyOffline(message: string, history: readonly ChatTurn[]): string {
  const f = analyze(message);
  const band = moodBand(moodFromSentiment(textSentiment(f)));
  const themes = themesOf(f);
  const openers = CHAT_OPENERS[band];
  const opener = openers[history.length % openers.length];
  const topic = themes[0];
  const reflection = topic ? ` It sounds like ${topic} is on your mind.` : "";
  const question = questionsFor(band, topic)[history.length % 3];
  return `${opener}${reflection} ${question}`;
}

// ---------------------------------------------------------------- conversation summary

export function summarizeConversationOffline(conversation: readonly ChatTurn[]): ConversationSummaryDto {
  const userText = conversation
    .filter((t) => t.role === "user")
    .map((t) => t.content.trim())
    .filter(Boolean);
  const text = userText.join("\n\n") || conversation.map((t) => t.content.trim()).filter(Boolean).join("\n\n");
  const f = analyze(text);
  const themes = themesOf(f);
  const tags: string[] = [...SUMMARY_DEFAULTS.tags];
  for (const t of suggestedTagsOf(f)) if (!tags.includes(t) && tags.length < 5) tags.push(t);
  return {
    title: themes[0] ? `${SUMMARY_DEFAULTS.title}: ${themes[0]}` : SUMMARY_DEFAULTS.title,
    content: text,
    mood_score: moodFromSentiment(textSentiment(f)),
    tags,
  };
}

// ---------------------------------------------------------------- motivational support

export function supportOffline(content: string): SupportDto {
  const f = analyze(content);
  const theme = themesOf(f)[0];
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

// ---------------------------------------------------------------- insights and growth

export interface RangeFacts {
  entry_count: number;
  average_mood: number | null;
  top_emotions: { emotion: string; percentage: number }[];
  top_themes: { theme: string; frequency: number }[];
  /** Trend of the daily averages: last third minus first third, or null with too few days. */
  mood_change: number | null;
}

export function insightsSummaryOffline(facts: RangeFacts): string {
  const parts: string[] = [];
  parts.push(`You wrote ${facts.entry_count} ${facts.entry_count === 1 ? "entry" : "entries"} in this period.`);
  if (facts.average_mood !== null) parts.push(`Your average mood was ${facts.average_mood} out of 10.`);
  if (facts.top_emotions[0]) parts.push(`The feeling that came up most was ${facts.top_emotions[0].emotion} (${facts.top_emotions[0].percentage}% of entries).`);
  if (facts.top_themes.length) parts.push(`Recurring themes: ${facts.top_themes.map((t) => t.theme).join(", ")}.`);
  if (facts.mood_change !== null && Math.abs(facts.mood_change) >= 0.5) {
    parts.push(facts.mood_change > 0 ? "Your mood has been rising lately." : "Your mood has dipped lately; be gentle with yourself.");
  }
  return parts.join(" ");
}

export function growthOffline(facts: RangeFacts): GrowthInsightsDto {
  const theme = facts.top_themes[0]?.theme;
  const low = facts.average_mood !== null && facts.average_mood < 5;
  const outcomes: GrowthInsightsDto["actionable_outcomes"] = [
    {
      title: "Keep a steady journaling rhythm",
      description: `You wrote ${facts.entry_count} ${facts.entry_count === 1 ? "entry" : "entries"}. Pick a regular time of day to write a few lines.`,
      timeframe: "This week",
      category: "behavioral",
    },
    low
      ? {
          title: "Plan one restoring activity",
          description: "Your recent mood has been low. Schedule one small thing that usually helps you recharge.",
          timeframe: "Next 3 days",
          category: "emotional",
        }
      : {
          title: "Notice what lifts you",
          description: "When a good moment happens, write down what led to it, so you can repeat it.",
          timeframe: "Next 2 weeks",
          category: "mindset",
        },
  ];
  if (theme) {
    outcomes.push({
      title: `Reflect on ${theme}`,
      description: `${theme} comes up often in your entries. Write about what you want from it and one step toward that.`,
      timeframe: "This month",
      category: ["family", "friends", "relationship", "partner"].includes(theme) ? "relationship" : "mindset",
    });
  }
  const strengths = ["Consistency in reflecting on your days"];
  if (facts.average_mood !== null && facts.average_mood >= 6) strengths.push("A generally positive outlook");
  if (facts.top_themes.length >= 2) strengths.push("Awareness of the themes that matter to you");
  const areas = low ? ["Finding small sources of rest and joy"] : ["Turning insights into small, concrete steps"];
  if (theme) areas.push(`Your relationship with ${theme}`);
  return {
    actionable_outcomes: outcomes,
    strengths_identified: strengths,
    growth_areas: areas,
    growth_summary: insightsSummaryOffline(facts),
  };
}
