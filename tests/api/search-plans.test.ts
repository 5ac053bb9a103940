import Database from "better-sqlite3";
import { beforeAll, describe, expect, it } from "vitest";
import * as list from "@/app/api/entries/route";
import { db } from "@/server/db/client";
import { buildListSql, searchPlan, type SearchPlan } from "@/server/entries/query";
import { readSearchPage } from "@/server/entries/read";
import { bumpDataVersion } from "@/server/entries/version";
import { databasePath } from "@/server/storage/paths";
import { call } from "../support/http";

/**
 * A page of an indexed search can be read three ways (collect, walk, probe); the service picks one by
 * how many entries match. All three must give the same ids in the same order, and the same total.
 */

const N = 400;
const WORDS = ["the", "lighthouse", "grateful", "rare-marker", "Ünïcode", "nothing-matches-this"];

beforeAll(async () => {
  const prisma = await db();
  await prisma.entry.deleteMany({});
  bumpDataVersion();
  const raw = new Database(databasePath());
  const insert = raw.prepare(
    `INSERT INTO "entries" ("id", "title", "content", "created_at", "updated_at", "word_count") VALUES (?, ?, ?, ?, ?, 1)`,
  );
  raw.transaction(() => {
    for (let i = 0; i < N; i++) {
      const words = [
        i % 10 !== 3 ? "the" : "",
        i % 7 === 0 ? "grateful" : "",
        i % 97 === 5 ? "rare-marker" : "",
        i % 3 === 0 ? "Lighthouse" : "",
        i % 50 === 1 ? "ünïcode" : "",
      ];
      // Several entries share a timestamp, so that the id decides their order.
      const at = new Date(Date.UTC(2025, 0, 1) + Math.floor(i / 3) * 3_600_000).toISOString().replace("Z", "+00:00");
      insert.run(
        `0190f0a0-0000-7000-8000-${String(i).padStart(12, "0")}`,
        `Entry ${i}`,
        `Day ${i}: ${words.join(" ")} end.`,
        at,
        at,
      );
    }
  })();
  raw.close();
});

describe("search plans", () => {
  it("picks probe for text in most entries, walk for common text, collect for rare text and empty results", () => {
    expect(searchPlan(96_723, 100_000, 20, 3)).toBe("probe");
    expect(searchPlan(14_610, 100_000, 20, 8)).toBe("walk");
    expect(searchPlan(4_674, 100_000, 20, 7)).toBe("walk");
    expect(searchPlan(1_076, 100_000, 20, 11)).toBe("collect");
    expect(searchPlan(0, 100_000, 20, 3)).toBe("collect");
    expect(searchPlan(50, 0, 20, 3)).toBe("collect");
    // Deep pages need more of the walk, so the same matches can go back to collecting.
    expect(searchPlan(14_610, 100_000, 20_000, 8)).toBe("collect");
  });

  it("every plan returns the same page and total as the others, for every word and several pages", () => {
    const raw = new Database(databasePath(), { readonly: true });
    try {
      for (const word of WORDS) {
        for (const offset of [0, 17, 150, N - 5]) {
          const results = (["collect", "walk", "probe"] as SearchPlan[]).map((plan) => {
            const sql = buildListSql({ search: word }, { limit: 20, offset }, plan);
            return {
              ids: (raw.prepare(sql.select).all(...sql.selectParams) as { id: string }[]).map((r) => r.id),
              total: (raw.prepare(sql.count).get(...sql.countParams) as { n: number }).n,
            };
          });
          expect(results[1], `${word} @${offset} walk`).toEqual(results[0]);
          expect(results[2], `${word} @${offset} probe`).toEqual(results[0]);
        }
      }
      // The collect plan's total counted over the joins agrees with the index-only count.
      const withJoin = buildListSql({ search: "the", mood: "all", tags: [] });
      expect(
        (raw.prepare(`SELECT count(*) AS n FROM (${withJoin.select})`).get(...withJoin.selectParams) as { n: number })
          .n,
      ).toBe((raw.prepare(withJoin.count).get(...withJoin.countParams) as { n: number }).n);
    } finally {
      raw.close();
    }
  });

  it("the service's reader gives the same page and total with every plan, for one-trigram and longer queries", () => {
    const raw = new Database(databasePath(), { readonly: true });
    try {
      for (const word of WORDS) {
        for (const offset of [0, 17, 150, N - 5, N + 3]) {
          const sql = buildListSql({ search: word }, { limit: 20, offset });
          const expected = {
            ids: (raw.prepare(sql.select).all(...sql.selectParams) as { id: string }[]).map((r) => r.id),
            total: (raw.prepare(sql.count).get(...sql.countParams) as { n: number }).n,
          };
          for (const plan of ["collect", "walk", "probe"] as SearchPlan[]) {
            const got = readSearchPage(raw, word, 20, offset, plan);
            expect({ ids: got.ids, total: got.total }, `${word} @${offset} ${plan}`).toEqual(expected);
          }
          const chosen = readSearchPage(raw, word, 20, offset);
          expect({ ids: chosen.ids, total: chosen.total }, `${word} @${offset} (${chosen.plan})`).toEqual(expected);
        }
      }
      expect(readSearchPage(raw, "the", 20, 0).total).toBeGreaterThan(300);
    } finally {
      raw.close();
    }
  });

  it("the API's pages (whatever plan it picks) walk through exactly the matching entries, newest first", async () => {
    for (const word of WORDS) {
      const all = await call(list.GET, { path: `/api/entries?search=${encodeURIComponent(word)}` });
      expect(all.status).toBe(200);
      const expected = (all.body as { id: string }[]).map((e) => e.id);
      const seen: string[] = [];
      let total = -1;
      for (let offset = 0; offset < expected.length + 20; offset += 20) {
        const r = await call(list.GET, {
          path: `/api/entries?search=${encodeURIComponent(word)}&limit=20&offset=${offset}`,
        });
        expect(r.status).toBe(200);
        total = r.body.total;
        seen.push(...(r.body.entries as { id: string }[]).map((e) => e.id));
      }
      expect(total, word).toBe(expected.length);
      expect(seen, word).toEqual(expected);
    }
  });
});
