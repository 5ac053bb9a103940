-- Templates: a named body (in the editor's markers) and a JSON list of prompts. The built-in ones are
-- written on first use and known by "built_in" (their key in src/domain/templates.ts; null for the
-- person's own). At most one template is the default for new entries.
CREATE TABLE "templates" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL,
    "name_key" TEXT NOT NULL,
    "body" TEXT NOT NULL DEFAULT '',
    "prompts" TEXT NOT NULL DEFAULT '[]',
    "position" INTEGER NOT NULL,
    "hidden" BOOLEAN NOT NULL DEFAULT false,
    "built_in" TEXT,
    "is_default" BOOLEAN NOT NULL DEFAULT false,
    "created_at" DATETIME NOT NULL,
    "updated_at" DATETIME NOT NULL
);
CREATE UNIQUE INDEX "templates_name_key_key" ON "templates"("name_key");
CREATE UNIQUE INDEX "templates_built_in_key" ON "templates"("built_in");
