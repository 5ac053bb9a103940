-- The reflection questions offered with an entry's reading (a JSON-encoded list of strings), so they can be
-- answered on the entry page too.
ALTER TABLE "entries" ADD COLUMN "ai_questions" TEXT;
