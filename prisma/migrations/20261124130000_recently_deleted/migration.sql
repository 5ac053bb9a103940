-- Recently deleted: a deleted entry is kept here for 30 days before it is gone for good.
-- The entry leaves the "entries" table (so lists, search, statistics, the calendar, On this day and
-- chat never see it) and its full JSON form is kept in "snapshot": its fields, tag names and media
-- rows. The media files stay on disk until the entry is purged; restoring puts everything back under
-- the same id.
CREATE TABLE "deleted_entries" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "title" TEXT NOT NULL DEFAULT '',
    "created_at" DATETIME NOT NULL,
    "deleted_at" DATETIME NOT NULL,
    "snapshot" TEXT NOT NULL
);

CREATE INDEX "deleted_entries_deleted_at_idx" ON "deleted_entries"("deleted_at");
