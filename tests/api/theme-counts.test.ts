import Database from "better-sqlite3";
import { beforeEach, describe, expect, it } from "vitest";
import * as list from "@/app/api/entries/route";
import * as one from "@/app/api/entries/[id]/route";
import * as stats from "@/app/api/entries/statistics/route";
import * as clear from "@/app/api/data/clear/route";
import { db } from "@/server/db/client";
import { bumpDataVersion } from "@/server/entries/version";
import { databasePath } from "@/server/storage/paths";
import { call } from "../support/http";

/**
 * The most common themes are read from "theme_counts", which triggers keep. Whatever happens to the
 * entries, the table must say exactly what expanding every entry's themes says.
 */

const EXPANDED = `SELECT lower(trim(j.value)) AS theme, count(*) AS uses FROM "entries" e, json_each(e."ai_themes") j
  WHERE e."ai_themes" IS NOT NULL AND json_valid(e."ai_themes") AND j.type = 'text' AND trim(j.value) <> ''
  GROUP BY lower(trim(j.value)) ORDER BY theme`;

function counts(): { kept: { theme: string; uses: number }[]; expanded: { theme: string; uses: number }[] } {
  const raw = new Database(databasePath(), { readonly: true });
  try {
    return {
      kept: raw.prepare(`SELECT "theme", "uses" FROM "theme_counts" ORDER BY "theme"`).all() as {
        theme: string;
        uses: number;
      }[],
      expanded: raw.prepare(EXPANDED).all() as { theme: string; uses: number }[],
    };
  } finally {
    raw.close();
  }
}

async function create(body: Record<string, unknown>): Promise<string> {
  const r = await call(list.POST, { method: "POST", path: "/api/entries", body });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.id as string;
}

async function update(id: string, body: Record<string, unknown>): Promise<void> {
  const r = await call(one.PUT, { method: "PUT", path: `/api/entries/${id}`, body, params: { id } });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
}

async function topThemes(): Promise<{ theme: string; count: number }[]> {
  const r = await call(stats.GET, { path: "/api/entries/statistics?tz=UTC" });
  expect(r.status).toBe(200);
  return r.body.most_common_themes;
}

beforeEach(async () => {
  const prisma = await db();
  await prisma.entry.deleteMany({});
  bumpDataVersion();
});

describe("theme counts kept by triggers", () => {
  it("follow creates, updates and deletes through the API, and the statistics read them", async () => {
    const a = await create({ content: "a", ai_themes: ["Work", " work ", "Family"] });
    const b = await create({ content: "b", ai_themes: JSON.stringify(["family", "Rest", ""]) });
    const c = await create({ content: "c", ai_themes: ["rest", "WORK"] });
    await create({ content: "d" });
    const first = counts();
    expect(first.kept).toEqual(first.expanded);
    expect(first.kept.map((t) => t.theme)).toEqual(["family", "rest", "work"]);
    expect(first.kept.find((t) => t.theme === "work")!.uses).toBeGreaterThanOrEqual(3);
    expect(await topThemes()).toEqual(
      [...first.kept]
        .sort((x, y) => y.uses - x.uses || x.theme.localeCompare(y.theme))
        .map((t) => ({ theme: t.theme, count: t.uses })),
    );

    await update(a, { content: "a, edited", ai_themes: ["Family", "travel"] });
    await update(b, { content: "b, edited (themes left as they were)" });
    await update(c, { content: "c", ai_themes: null });
    let { kept, expanded } = counts();
    expect(kept).toEqual(expanded);
    expect(kept).toEqual([
      { theme: "family", uses: 2 },
      { theme: "rest", uses: 1 },
      { theme: "travel", uses: 1 },
    ]);

    expect((await call(one.DELETE, { method: "DELETE", path: `/api/entries/${b}`, params: { id: b } })).status).toBe(
      200,
    );
    ({ kept, expanded } = counts());
    expect(kept).toEqual(expanded);
    expect(kept).toEqual([
      { theme: "family", uses: 1 },
      { theme: "travel", uses: 1 },
    ]);
    expect(await topThemes()).toEqual([
      { theme: "family", count: 1 },
      { theme: "travel", count: 1 },
    ]);
  });

  it("agree with the expanded themes for stored values the API would not accept (imports, older rows)", () => {
    const raw = new Database(databasePath());
    try {
      const insert = raw.prepare(
        `INSERT INTO "entries" ("id", "content", "created_at", "updated_at", "ai_themes") VALUES (?, 'x', '2026-01-01T00:00:00.000+00:00', '2026-01-01T00:00:00.000+00:00', ?)`,
      );
      const values = [
        '["Sleep", 3, null, {"a": 1}, "sleep", "  "]',
        "not json",
        '{"k": "Sleep", "n": 2}',
        '"sleep"',
        "[]",
        "",
        null,
        '["Ünïcode", "ünïcode"]',
      ];
      values.forEach((v, i) => insert.run(`raw-${i}`, v));
      let { kept, expanded } = counts();
      expect(kept).toEqual(expanded);
      expect(kept.find((t) => t.theme === "sleep")?.uses).toBe(4);

      // Changing themes from and to invalid values, and changing other fields only.
      raw.prepare(`UPDATE "entries" SET "ai_themes" = '["sleep"]' WHERE "id" = 'raw-1'`).run();
      raw.prepare(`UPDATE "entries" SET "ai_themes" = 'broken' WHERE "id" = 'raw-0'`).run();
      raw.prepare(`UPDATE "entries" SET "content" = 'y' WHERE "id" = 'raw-2'`).run();
      raw.prepare(`UPDATE "entries" SET "ai_themes" = "ai_themes"`).run();
      ({ kept, expanded } = counts());
      expect(kept).toEqual(expanded);

      raw.prepare(`DELETE FROM "entries" WHERE "id" IN ('raw-2', 'raw-7')`).run();
      ({ kept, expanded } = counts());
      expect(kept).toEqual(expanded);
      expect(kept.every((t) => t.uses > 0)).toBe(true);
    } finally {
      raw.close();
    }
  });

  it("are empty after the whole journal is cleared", async () => {
    await create({ content: "a", ai_themes: ["work", "family"] });
    const r = await call(clear.POST, { method: "POST", path: "/api/data/clear", body: { confirm: true } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(counts().kept).toEqual([]);
    expect(await topThemes()).toEqual([]);
  });
});
