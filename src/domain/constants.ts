/** Constants of the product, each stated once. */

export const APP_NAME = "Reverie";
export const APP_VERSION = "0.1.0";
export const APP_BUILD = "2025.01.08";
/** Where "Report an Issue" leads: a page of the app on how to report a problem (and, when ISSUE_TRACKER_URL is set, where). */
export const REPORT_ISSUE_PATH = "/report";
export const STORAGE_PREFIX = "reverie:";
export const storageKey = (name: string) => `${STORAGE_PREFIX}${name}`;

export const MAX_MEDIA_BYTES = 10 * 1024 * 1024;
export const MAX_MEDIA_LABEL = "10MB";
export const MAX_TAGS = 10;
export const MAX_TAG_LENGTH = 50;
export const MAX_TAG_SUGGESTIONS = 5;
export const QUICK_PICK_TAG_COUNT = 6;

/** The fixed list of 20 suggested tags (spec section 5). */
export const SUGGESTED_TAGS = [
  "work",
  "personal",
  "travel",
  "family",
  "friends",
  "health",
  "exercise",
  "food",
  "hobby",
  "learning",
  "reflection",
  "gratitude",
  "goals",
  "mood",
  "weather",
  "weekend",
  "morning",
  "evening",
  "creative",
  "productive",
] as const;

/** Generous but finite limits on text, documented in the README. */
export const MAX_TITLE_CHARS = 500;
export const MAX_CONTENT_CHARS = 1_000_000;
export const MAX_SUMMARY_CHARS = 20_000;
export const MAX_LOCATION_CHARS = 500;
export const MAX_JSON_BODY_BYTES = 2 * 1024 * 1024;
export const MAX_CONFIG_VALUE_CHARS = 100_000;

export const ANALYSIS_MIN_CHARS = 50;
export const ANALYSIS_DEBOUNCE_MS = 1000;
export const PREVIEW_LENGTH = 200;
export const CARD_MEDIA_LIMIT = 4;
export const CARD_TAG_LIMIT = 3;
export const RECENT_SEARCHES_KEPT = 5;
export const RECENT_SEARCH_MIN_LENGTH = 3;
export const RELATIVE_DATE_WINDOW_DAYS = 7;
export const INSIGHTS_WINDOW_DAYS = 30;
export const INSIGHTS_TOP_N = 3;
export const HTTP_TIMEOUT_MS = 30_000;
export const TOAST_DURATION_MS = 3000;
export const COPY_CONFIRMATION_MS = 2000;
export const CHAT_CONTEXT_MESSAGES = 10;
export const CHAT_INPUT_MAX_HEIGHT_PX = 120;
export const EDITOR_ROWS = 12;
export const EDITOR_ROWS_JOURNAL_PAGE = 16;
export const CRISIS_HOTLINE = "988";
export const RECORDING_FILENAME = "recording.wav";

export const DEFAULT_INSIGHTS_SUMMARY = "Start journaling to see AI-generated insights about your patterns and growth.";

export const SUMMARY_DEFAULTS = {
  title: "Chat Reflection",
  mood_score: 5,
  tags: ["chat", "reflection"],
} as const;

export const GREETING_PROMPTS = [
  "How are you feeling today?",
  "What's been on your mind lately?",
  "Tell me about something that made you smile recently.",
  "Is there anything you'd like to talk through?",
  "What would you like to reflect on today?",
] as const;
