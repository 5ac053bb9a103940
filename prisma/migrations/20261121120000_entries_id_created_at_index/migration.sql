-- A covering index from an entry's id to its date: a search's matches are put in date order from it
-- alone, without reading each entry's row (where the date lies after the text).
CREATE INDEX "entries_id_created_at_idx" ON "entries"("id", "created_at");
