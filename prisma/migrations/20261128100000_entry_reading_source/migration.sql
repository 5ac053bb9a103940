-- What produced an entry's stored reading (its ai_mood_score, ai_summary and ai_themes): the model's name,
-- "local/offline" for the built-in offline analyzer, "gemini/…", "openai/…" or "ollama/…" for a model.
-- NULL when it is not known (entries saved before this column, or imported from an older export).
ALTER TABLE "entries" ADD COLUMN "ai_model" TEXT;
