import moodEmotions from "../../models/mood-emotions.json" with { type: "json" };

/**
 * The offline analyzer's emotion model and blend: data in models/mood-emotions.json, written by `npm run train:mood`
 * (scripts/eval/train-mood.ts) from the GoEmotions training split. Server-only, like the crisis scorer's weights:
 * only src/server/ai/offline/emotion-model.ts reads it, and it decodes it once per process.
 */
export const MOOD_MODEL_FILE = moodEmotions;
