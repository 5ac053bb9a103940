-- Entries deleted for good (Delete for good, Empty, the 30-day purge, Clear All Data) leave their id
-- here, with no words: a late create with that id (a device sending again a create whose answer was
-- lost) is refused with 410 ENTRY_DELETED instead of bringing the entry back. Importing a file that
-- holds the entry is the person's own choice and lifts the tombstone.
CREATE TABLE "entry_tombstones" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "deleted_at" DATETIME NOT NULL
);
