-- The person's safety plan (the six steps of the Stanley-Brown plan), one row: id is always 1.
-- Each step is the person's own words, one item per line.
CREATE TABLE "safety_plan" (
    "id" INTEGER NOT NULL PRIMARY KEY CHECK ("id" = 1),
    "warning_signs" TEXT NOT NULL,
    "coping_strategies" TEXT NOT NULL,
    "distractions" TEXT NOT NULL,
    "people_to_ask" TEXT NOT NULL,
    "professionals" TEXT NOT NULL,
    "safe_environment" TEXT NOT NULL,
    "updated_at" DATETIME NOT NULL
);
