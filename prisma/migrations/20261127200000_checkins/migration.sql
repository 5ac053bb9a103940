-- Check-ins: the person's own mood (1 to 10) and what they did, alone or belonging to an entry.
-- The id is made by the device, so sending a check-in again never makes a second one. "activities"
-- holds the names of the chips as a JSON list of strings. "entry_id" names the entry the check-in
-- belongs to (no foreign key: the entry may still be on its way from the device, or in Recently deleted).
CREATE TABLE "checkins" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "mood" INTEGER NOT NULL,
    "activities" TEXT NOT NULL DEFAULT '[]',
    "note" TEXT NOT NULL DEFAULT '',
    "at" DATETIME NOT NULL,
    "entry_id" TEXT,
    "created_at" DATETIME NOT NULL,
    "updated_at" DATETIME NOT NULL
);
CREATE INDEX "checkins_at_idx" ON "checkins"("at");
CREATE INDEX "checkins_entry_id_at_idx" ON "checkins"("entry_id", "at");

-- The person's activity chips: a default set is written on first use; they can be added, renamed and hidden.
CREATE TABLE "checkin_activities" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "hidden" BOOLEAN NOT NULL DEFAULT false,
    "created_at" DATETIME NOT NULL,
    "updated_at" DATETIME NOT NULL
);
CREATE UNIQUE INDEX "checkin_activities_name_key" ON "checkin_activities"("name");

-- An entry's stated mood: the mood of its latest check-in, kept by the triggers below. It wins over
-- the analyzer's inferred mood ("ai_mood_score") wherever moods are read (src/domain/checkins.ts).
ALTER TABLE "entries" ADD COLUMN "stated_mood" REAL;

-- The statistics' covering index carries the stated mood too (the average mood reads both).
DROP INDEX "entries_created_at_word_count_ai_mood_score_idx";
CREATE INDEX "entries_created_at_word_count_ai_mood_score_stated_mood_idx" ON "entries"("created_at", "word_count", "ai_mood_score", "stated_mood");

CREATE TRIGGER "checkins_stated_mood_after_insert" AFTER INSERT ON "checkins"
WHEN new."entry_id" IS NOT NULL BEGIN
    UPDATE "entries" SET "stated_mood" = (
        SELECT c."mood" FROM "checkins" c WHERE c."entry_id" = "entries"."id" ORDER BY c."at" DESC, c."id" DESC LIMIT 1
    ) WHERE "id" = new."entry_id";
END;

CREATE TRIGGER "checkins_stated_mood_after_update" AFTER UPDATE OF "mood", "entry_id", "at" ON "checkins"
WHEN old."entry_id" IS NOT NULL OR new."entry_id" IS NOT NULL BEGIN
    UPDATE "entries" SET "stated_mood" = (
        SELECT c."mood" FROM "checkins" c WHERE c."entry_id" = "entries"."id" ORDER BY c."at" DESC, c."id" DESC LIMIT 1
    ) WHERE "id" IN (old."entry_id", new."entry_id");
END;

CREATE TRIGGER "checkins_stated_mood_after_delete" AFTER DELETE ON "checkins"
WHEN old."entry_id" IS NOT NULL BEGIN
    UPDATE "entries" SET "stated_mood" = (
        SELECT c."mood" FROM "checkins" c WHERE c."entry_id" = "entries"."id" ORDER BY c."at" DESC, c."id" DESC LIMIT 1
    ) WHERE "id" = old."entry_id";
END;

-- An entry that comes (back) in (restored from Recently deleted, imported, or synced after its
-- check-in) takes the mood of its check-ins.
CREATE TRIGGER "entries_stated_mood_after_insert" AFTER INSERT ON "entries"
WHEN EXISTS (SELECT 1 FROM "checkins" c WHERE c."entry_id" = new."id") BEGIN
    UPDATE "entries" SET "stated_mood" = (
        SELECT c."mood" FROM "checkins" c WHERE c."entry_id" = new."id" ORDER BY c."at" DESC, c."id" DESC LIMIT 1
    ) WHERE "id" = new."id";
END;
