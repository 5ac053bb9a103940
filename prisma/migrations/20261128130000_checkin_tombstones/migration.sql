-- Check-ins deleted (on any device, or by Clear All Data) leave their id here, with no mood, note or
-- activities: a late create or change with that id (a device sending again what it queued before it
-- heard of the delete) is refused with 410 CHECKIN_DELETED instead of bringing the check-in back.
-- Importing a file that holds the check-in is the person's own choice and lifts the tombstone.
CREATE TABLE "checkin_tombstones" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "deleted_at" DATETIME NOT NULL
);
