-- Conflict copies: an entry written on a device while the same entry was changed (or deleted)
-- elsewhere is saved as a new entry that names the one it conflicts with. No foreign key: the
-- original may be deleted, and the copy must stay.
ALTER TABLE "entries" ADD COLUMN "conflict_of" TEXT;
