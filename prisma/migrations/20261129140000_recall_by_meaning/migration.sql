-- Recall by meaning. A second full-text index beside the trigram one: words, stemmed by the Porter
-- stemmer ("walking", "walked" and "walks" are one word), ranked by BM25. Like "entries_fts" it is
-- contentless (the text stays in "entries"), keyed by the stable rowid of "entry_search_keys", and
-- deleting a row removes its terms at once (secure-delete).
CREATE VIRTUAL TABLE "entries_stem" USING fts5(
    title, content, tags, ai_summary,
    content='', contentless_delete=1, tokenize='porter unicode61 remove_diacritics 2'
);
INSERT INTO "entries_stem" ("entries_stem", "rank") VALUES ('secure-delete', 1);

-- Every entry already written, once.
INSERT INTO "entries_stem" (rowid, title, content, tags, ai_summary)
SELECT k."rowid", e."title", e."content",
    (SELECT group_concat(t."name", char(31)) FROM "entry_tags" et JOIN "tags" t ON t."id" = et."tag_id" WHERE et."entry_id" = e."id"),
    e."ai_summary"
FROM "entries" e JOIN "entry_search_keys" k ON k."entry_id" = e."id";

-- Kept in step with the entries by the same events as the trigram index. An entry's key is made by the
-- trigram index's insert trigger, so the stemmed row is written when the key appears; on delete the row
-- goes before the key does.
CREATE TRIGGER "entries_stem_after_key" AFTER INSERT ON "entry_search_keys" BEGIN
    INSERT INTO "entries_stem" (rowid, title, content, tags, ai_summary)
    SELECT new."rowid", e."title", e."content",
        (SELECT group_concat(t."name", char(31)) FROM "entry_tags" et JOIN "tags" t ON t."id" = et."tag_id" WHERE et."entry_id" = e."id"),
        e."ai_summary"
    FROM "entries" e WHERE e."id" = new."entry_id";
END;

CREATE TRIGGER "entries_stem_after_update" AFTER UPDATE OF "title", "content", "ai_summary" ON "entries" BEGIN
    DELETE FROM "entries_stem" WHERE rowid = (SELECT "rowid" FROM "entry_search_keys" WHERE "entry_id" = old."id");
    INSERT INTO "entries_stem" (rowid, title, content, tags, ai_summary)
    SELECT k."rowid", new."title", new."content",
        (SELECT group_concat(t."name", char(31)) FROM "entry_tags" et JOIN "tags" t ON t."id" = et."tag_id" WHERE et."entry_id" = new."id"),
        new."ai_summary"
    FROM "entry_search_keys" k WHERE k."entry_id" = new."id";
END;

CREATE TRIGGER "entries_stem_before_delete" BEFORE DELETE ON "entries" BEGIN
    DELETE FROM "entries_stem" WHERE rowid = (SELECT "rowid" FROM "entry_search_keys" WHERE "entry_id" = old."id");
END;

CREATE TRIGGER "entry_tags_stem_after_insert" AFTER INSERT ON "entry_tags" BEGIN
    DELETE FROM "entries_stem" WHERE rowid = (SELECT "rowid" FROM "entry_search_keys" WHERE "entry_id" = new."entry_id");
    INSERT INTO "entries_stem" (rowid, title, content, tags, ai_summary)
    SELECT k."rowid", e."title", e."content",
        (SELECT group_concat(t."name", char(31)) FROM "entry_tags" et JOIN "tags" t ON t."id" = et."tag_id" WHERE et."entry_id" = e."id"),
        e."ai_summary"
    FROM "entries" e JOIN "entry_search_keys" k ON k."entry_id" = e."id" WHERE e."id" = new."entry_id";
END;

CREATE TRIGGER "entry_tags_stem_after_delete" AFTER DELETE ON "entry_tags" BEGIN
    DELETE FROM "entries_stem" WHERE rowid = (SELECT "rowid" FROM "entry_search_keys" WHERE "entry_id" = old."entry_id");
    INSERT INTO "entries_stem" (rowid, title, content, tags, ai_summary)
    SELECT k."rowid", e."title", e."content",
        (SELECT group_concat(t."name", char(31)) FROM "entry_tags" et JOIN "tags" t ON t."id" = et."tag_id" WHERE et."entry_id" = e."id"),
        e."ai_summary"
    FROM "entries" e JOIN "entry_search_keys" k ON k."entry_id" = e."id" WHERE e."id" = old."entry_id";
END;

-- Embeddings of entries (derived data: made again from the entries at any time). One vector per entry,
-- with the model that made it and its dimension; a vector of another model, or of text that has changed
-- since (content_hash), is made again. A deleted entry's vector goes with it.
CREATE TABLE "entry_embeddings" (
    "entry_id" TEXT NOT NULL PRIMARY KEY,
    "model" TEXT NOT NULL,
    "dimensions" INTEGER NOT NULL,
    "content_hash" TEXT NOT NULL,
    "vector" BLOB NOT NULL,
    "updated_at" DATETIME NOT NULL,
    CONSTRAINT "entry_embeddings_entry_id_fkey" FOREIGN KEY ("entry_id") REFERENCES "entries" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "entry_embeddings_model_idx" ON "entry_embeddings"("model");
