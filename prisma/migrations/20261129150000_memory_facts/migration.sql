-- What Reverie remembers: short facts about the person that they confirmed ("Sam is your sister"). Kept in
-- the journal's database (encrypted with it), exported, imported and cleared with it; sent only to the
-- configured model as context for chat.
CREATE TABLE "memory_facts" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "text" TEXT NOT NULL,
    "text_key" TEXT NOT NULL,
    "source" TEXT NOT NULL DEFAULT 'manual',
    "created_at" DATETIME NOT NULL,
    "updated_at" DATETIME NOT NULL
);
CREATE UNIQUE INDEX "memory_facts_text_key_key" ON "memory_facts"("text_key");
