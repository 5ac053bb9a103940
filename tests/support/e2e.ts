import Database from "better-sqlite3";
import path from "node:path";
import { expect, type APIRequestContext, type Page } from "@playwright/test";

/** The SQLite file of the running test server (see playwright.config.ts). */
export function e2eDbFile(): string {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error("E2E_DATA_DIR is not set; run the browser tests through playwright.config.ts");
  return path.join(dir, "journal.db");
}

/**
 * The cloud models the browser tests use (the fake model server answers for them), allowed as the person
 * would allow them in the consent step. tests/e2e/companion.spec.ts goes through the real step instead.
 */
export const E2E_CLOUD_MODELS = [
  "gemini/gemma-3n-e4b-it",
  "gemini/gemma-3n-e2b-it",
  "gemini/gemini-2.5-flash",
  "gemini/gemini-2.5-flash-lite",
  "openai/gpt-4o",
  "openai/gpt-4o-mini",
];

/**
 * Empties the journal between tests, through a second connection to the server's SQLite file
 * (the triggers keep the search index in step; the server notices writes by other connections).
 * The test cloud models stay allowed unless `withoutConsent` (as `POST /api/ai/consent` would store them).
 */
export function resetJournal(opts: { keepConfig?: boolean; withoutConsent?: boolean } = {}): void {
  const db = new Database(e2eDbFile(), { timeout: 10_000 });
  try {
    db.exec("BEGIN IMMEDIATE");
    db.exec(
      `DELETE FROM "entries"; DELETE FROM "tags"; DELETE FROM "deleted_entries"; DELETE FROM "checkins"; DELETE FROM "checkin_activities"; DELETE FROM "templates"; DELETE FROM "memory_facts";${opts.keepConfig ? "" : ` DELETE FROM "config";`}`,
    );
    if (opts.withoutConsent) db.prepare(`DELETE FROM "config" WHERE "key" = 'ai_cloud_consent'`).run();
    else {
      const now = new Date().toISOString();
      db.prepare(
        `INSERT INTO "config" ("key", "value", "updated_at") VALUES ('ai_cloud_consent', ?, ?)
         ON CONFLICT ("key") DO UPDATE SET "value" = excluded."value", "updated_at" = excluded."updated_at"`,
      ).run(JSON.stringify(Object.fromEntries(E2E_CLOUD_MODELS.map((m) => [m, now]))), now.replace("Z", "+00:00"));
    }
    db.exec("COMMIT");
  } finally {
    db.close();
  }
}

export interface SeedEntry {
  title?: string;
  content: string;
  tags?: string[];
  ai_mood_score?: number | null;
  ai_summary?: string | null;
  ai_themes?: string[];
  mood?: string | null;
  created_at?: string;
  location_name?: string;
}

/** Creates entries through the real API, as the app would. */
export async function createEntries(
  request: APIRequestContext,
  entries: SeedEntry[],
): Promise<{ id: string; title: string }[]> {
  const out: { id: string; title: string }[] = [];
  for (const e of entries) {
    const res = await request.post("/api/entries", { data: e });
    expect(res.status(), await res.text()).toBe(201);
    out.push(await res.json());
  }
  return out;
}

/** Collects console errors and failed requests of a page, to assert a journey ran clean. */
export function watchPage(page: Page) {
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(`pageerror: ${e.message}`));
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(`console: ${m.text()}`);
  });
  return errors;
}

/** The two screens every journey is walked on: a desktop window and a 390x844 phone. */
export const SCREEN_FORMS = [
  { name: "desktop", viewport: { width: 1280, height: 900 } },
  { name: "phone", viewport: { width: 390, height: 844 } },
] as const;
