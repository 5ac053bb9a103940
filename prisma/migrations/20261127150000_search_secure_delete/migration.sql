-- Words deleted for good leave the search index at once. With FTS5's secure-delete option, deleting an
-- entry's row removes its terms from the index, where before a delete marker was added beside them and
-- the terms stayed in older index segments until a merge happened to rewrite them.
INSERT INTO "entries_fts" ("entries_fts", "rank") VALUES ('secure-delete', 1);
-- What earlier deletes left in older segments goes now: one merge of the whole index.
INSERT INTO "entries_fts" ("entries_fts") VALUES ('optimize');
