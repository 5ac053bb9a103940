-- Statistics that stay quick however large the journal grows.

-- 1. The totals (entries, words, average mood, this month and this year) are read from one covering
--    index instead of every entry's row, where these columns lie after the text. It also serves every
--    newest-first listing, as the index on "created_at" alone did.
CREATE INDEX "entries_created_at_word_count_ai_mood_score_idx" ON "entries"("created_at", "word_count", "ai_mood_score");
DROP INDEX "entries_created_at_idx";

-- 2. How many times each theme is used, kept by triggers, so that the most common themes are read from
--    a small table rather than by expanding every entry's themes. Counted as the statistics count them:
--    text items of a valid JSON value, trimmed and lower-cased, empty ones left out.
CREATE TABLE "theme_counts" (
    "theme" TEXT NOT NULL PRIMARY KEY,
    "uses" INTEGER NOT NULL
);

INSERT INTO "theme_counts" ("theme", "uses")
SELECT lower(trim(j.value)), count(*) FROM "entries" e, json_each(e."ai_themes") j
WHERE e."ai_themes" IS NOT NULL AND json_valid(e."ai_themes") AND j.type = 'text' AND trim(j.value) <> ''
GROUP BY lower(trim(j.value));

CREATE TRIGGER "entries_themes_after_insert" AFTER INSERT ON "entries"
WHEN new."ai_themes" IS NOT NULL AND json_valid(new."ai_themes") BEGIN
    INSERT INTO "theme_counts" ("theme", "uses")
    SELECT lower(trim(j.value)), 1 FROM json_each(new."ai_themes") j WHERE j.type = 'text' AND trim(j.value) <> ''
    ON CONFLICT ("theme") DO UPDATE SET "uses" = "uses" + 1;
END;

CREATE TRIGGER "entries_themes_after_delete" AFTER DELETE ON "entries"
WHEN old."ai_themes" IS NOT NULL AND json_valid(old."ai_themes") BEGIN
    UPDATE "theme_counts" SET "uses" = "uses" - (
        SELECT count(*) FROM json_each(old."ai_themes") j WHERE j.type = 'text' AND lower(trim(j.value)) = "theme_counts"."theme"
    ) WHERE "theme" IN (SELECT lower(trim(j.value)) FROM json_each(old."ai_themes") j WHERE j.type = 'text' AND trim(j.value) <> '');
    DELETE FROM "theme_counts" WHERE "uses" <= 0;
END;

-- An update takes the old themes away and adds the new ones (two triggers, each guarded by its own WHEN).
CREATE TRIGGER "entries_themes_after_update_old" AFTER UPDATE OF "ai_themes" ON "entries"
WHEN old."ai_themes" IS NOT NULL AND json_valid(old."ai_themes") BEGIN
    UPDATE "theme_counts" SET "uses" = "uses" - (
        SELECT count(*) FROM json_each(old."ai_themes") j WHERE j.type = 'text' AND lower(trim(j.value)) = "theme_counts"."theme"
    ) WHERE "theme" IN (SELECT lower(trim(j.value)) FROM json_each(old."ai_themes") j WHERE j.type = 'text' AND trim(j.value) <> '');
    DELETE FROM "theme_counts" WHERE "uses" <= 0;
END;

CREATE TRIGGER "entries_themes_after_update_new" AFTER UPDATE OF "ai_themes" ON "entries"
WHEN new."ai_themes" IS NOT NULL AND json_valid(new."ai_themes") BEGIN
    INSERT INTO "theme_counts" ("theme", "uses")
    SELECT lower(trim(j.value)), 1 FROM json_each(new."ai_themes") j WHERE j.type = 'text' AND trim(j.value) <> ''
    ON CONFLICT ("theme") DO UPDATE SET "uses" = "uses" + 1;
END;
