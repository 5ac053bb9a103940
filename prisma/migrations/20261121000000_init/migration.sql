-- Reverie: first schema.

CREATE TABLE "entries" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "title" TEXT NOT NULL DEFAULT '',
    "content" TEXT NOT NULL,
    "created_at" DATETIME NOT NULL,
    "updated_at" DATETIME NOT NULL,
    "mood" TEXT,
    "ai_mood_score" REAL,
    "ai_summary" TEXT,
    "ai_themes" TEXT,
    "location_name" TEXT,
    "location_lat" REAL,
    "location_lng" REAL,
    "word_count" INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE "tags" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "name" TEXT NOT NULL
);

CREATE TABLE "entry_tags" (
    "entry_id" TEXT NOT NULL,
    "tag_id" INTEGER NOT NULL,

    PRIMARY KEY ("entry_id", "tag_id"),
    CONSTRAINT "entry_tags_entry_id_fkey" FOREIGN KEY ("entry_id") REFERENCES "entries" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "entry_tags_tag_id_fkey" FOREIGN KEY ("tag_id") REFERENCES "tags" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

CREATE TABLE "media_files" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "entry_id" TEXT NOT NULL,
    "file_type" TEXT NOT NULL,
    "filename" TEXT NOT NULL,
    "stored_name" TEXT NOT NULL,
    "mime_type" TEXT NOT NULL,
    "size" INTEGER NOT NULL,
    "thumbnail_name" TEXT,
    "created_at" DATETIME NOT NULL,
    CONSTRAINT "media_files_entry_id_fkey" FOREIGN KEY ("entry_id") REFERENCES "entries" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

CREATE TABLE "config" (
    "key" TEXT NOT NULL PRIMARY KEY,
    "value" TEXT NOT NULL,
    "updated_at" DATETIME NOT NULL
);

CREATE INDEX "entries_created_at_idx" ON "entries"("created_at");
CREATE INDEX "entries_ai_mood_score_idx" ON "entries"("ai_mood_score");
CREATE UNIQUE INDEX "tags_name_key" ON "tags"("name");
CREATE INDEX "entry_tags_tag_id_idx" ON "entry_tags"("tag_id");
CREATE UNIQUE INDEX "media_files_stored_name_key" ON "media_files"("stored_name");
CREATE INDEX "media_files_entry_id_idx" ON "media_files"("entry_id");

-- Full-text search. The FTS rows are keyed by a stable integer from "entry_search_keys" (an INTEGER
-- PRIMARY KEY, which neither VACUUM nor a table rebuild of "entries" renumbers). The index is
-- contentless: it holds only trigrams, the text stays in "entries". Tag names are joined with the
-- unit separator (char 31) so no match can span two tags.
CREATE TABLE "entry_search_keys" (
    "rowid" INTEGER NOT NULL PRIMARY KEY,
    "entry_id" TEXT NOT NULL
);
CREATE UNIQUE INDEX "entry_search_keys_entry_id_key" ON "entry_search_keys"("entry_id");

CREATE VIRTUAL TABLE "entries_fts" USING fts5(
    title, content, tags, ai_summary,
    content='', contentless_delete=1, tokenize='trigram'
);

CREATE TRIGGER "entries_fts_after_insert" AFTER INSERT ON "entries" BEGIN
    INSERT INTO "entry_search_keys" ("entry_id") VALUES (new."id");
    INSERT INTO "entries_fts" (rowid, title, content, tags, ai_summary)
    VALUES (
        (SELECT "rowid" FROM "entry_search_keys" WHERE "entry_id" = new."id"),
        new."title", new."content",
        (SELECT group_concat(t."name", char(31)) FROM "entry_tags" et JOIN "tags" t ON t."id" = et."tag_id" WHERE et."entry_id" = new."id"),
        new."ai_summary"
    );
END;

CREATE TRIGGER "entries_fts_after_update" AFTER UPDATE OF "title", "content", "ai_summary" ON "entries" BEGIN
    DELETE FROM "entries_fts" WHERE rowid = (SELECT "rowid" FROM "entry_search_keys" WHERE "entry_id" = old."id");
    INSERT INTO "entries_fts" (rowid, title, content, tags, ai_summary)
    VALUES (
        (SELECT "rowid" FROM "entry_search_keys" WHERE "entry_id" = new."id"),
        new."title", new."content",
        (SELECT group_concat(t."name", char(31)) FROM "entry_tags" et JOIN "tags" t ON t."id" = et."tag_id" WHERE et."entry_id" = new."id"),
        new."ai_summary"
    );
END;

CREATE TRIGGER "entries_fts_after_delete" AFTER DELETE ON "entries" BEGIN
    DELETE FROM "entries_fts" WHERE rowid = (SELECT "rowid" FROM "entry_search_keys" WHERE "entry_id" = old."id");
    DELETE FROM "entry_search_keys" WHERE "entry_id" = old."id";
END;

CREATE TRIGGER "entry_tags_fts_after_insert" AFTER INSERT ON "entry_tags" BEGIN
    DELETE FROM "entries_fts" WHERE rowid = (SELECT "rowid" FROM "entry_search_keys" WHERE "entry_id" = new."entry_id");
    INSERT INTO "entries_fts" (rowid, title, content, tags, ai_summary)
    SELECT k."rowid", e."title", e."content",
        (SELECT group_concat(t."name", char(31)) FROM "entry_tags" et JOIN "tags" t ON t."id" = et."tag_id" WHERE et."entry_id" = e."id"),
        e."ai_summary"
    FROM "entries" e JOIN "entry_search_keys" k ON k."entry_id" = e."id" WHERE e."id" = new."entry_id";
END;

CREATE TRIGGER "entry_tags_fts_after_delete" AFTER DELETE ON "entry_tags" BEGIN
    DELETE FROM "entries_fts" WHERE rowid = (SELECT "rowid" FROM "entry_search_keys" WHERE "entry_id" = old."entry_id");
    INSERT INTO "entries_fts" (rowid, title, content, tags, ai_summary)
    SELECT k."rowid", e."title", e."content",
        (SELECT group_concat(t."name", char(31)) FROM "entry_tags" et JOIN "tags" t ON t."id" = et."tag_id" WHERE et."entry_id" = e."id"),
        e."ai_summary"
    FROM "entries" e JOIN "entry_search_keys" k ON k."entry_id" = e."id" WHERE e."id" = old."entry_id";
END;
