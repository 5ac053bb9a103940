/**
 * Shows how the entry list's search is answered: the query plan of the app's own SQL (built by
 * buildListSql, the function the service uses) and the median time of a few searches against an
 * equivalent LIKE scan over the same rows.
 *
 *   npm run seed -- --entries 10000 --reset      # once, to have a journal worth measuring
 *   npm run explain:search [-- --db file:./data/journal.db] [--runs 50]
 *
 * Plain Node runs this file with the hooks of scripts/src-hooks.ts (npm run loads them).
 */
import { keyFromEnvironment } from "../src/server/keys/keyfile.ts";
import { openDatabase } from "../src/server/db/keyed.ts";
import { existsSync } from "node:fs";
import path from "node:path";
import { MIN_INDEXED_QUERY_LENGTH } from "../src/domain/search.ts";
import { buildListSql, type EntryFilter, searchText } from "../src/server/entries/query.ts";

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i === -1 ? undefined : process.argv[i + 1];
}

const url = arg("db") ?? process.env.DATABASE_URL ?? "file:./data/journal.db";
const file = path.resolve(process.cwd(), url.replace(/^file:/u, ""));
const runs = Number(arg("runs") ?? 50);
if (!existsSync(file)) {
  console.error(`No database at ${file}. Run: npm run seed -- --entries 10000`);
  process.exit(1);
}

const db = openDatabase(file, keyFromEnvironment(file), { readonly: true });
const total = (db.prepare(`SELECT count(*) AS n FROM "entries"`).get() as { n: number }).n;
console.log(
  `Database ${file}: ${total} entries. SQLite ${(db.prepare("SELECT sqlite_version() AS v").get() as { v: string }).v}.`,
);
if (total < 10_000)
  console.log(`(Fewer than 10000 entries; for the reference figures run: npm run seed -- --entries 10000 --reset)`);

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

function time(fn: () => unknown): number {
  fn(); // warm the page cache and the statement
  const ms: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    fn();
    ms.push(performance.now() - t);
  }
  return median(ms);
}

function plan(sql: string, params: unknown[]): string[] {
  const rows = db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as {
    id: number;
    parent: number;
    detail: string;
  }[];
  const parent = new Map(rows.map((r) => [r.id, r.parent]));
  return rows.map((r) => {
    let depth = 0;
    for (let p = r.parent; p !== 0 && depth < 20; depth++) p = parent.get(p) ?? 0;
    return `${"  ".repeat(depth + 2)}${r.detail}`;
  });
}

/** The same meaning as the app's search, answered by scanning every row with LIKE (ASCII case folding). */
function likeSql(q: string, page: boolean) {
  const p = `%${q.replace(/[\\%_]/gu, (c) => `\\${c}`)}%`;
  const where = `WHERE (e."title" LIKE @p ESCAPE '\\' OR e."content" LIKE @p ESCAPE '\\' OR e."ai_summary" LIKE @p ESCAPE '\\'
    OR EXISTS (SELECT 1 FROM "entry_tags" et JOIN "tags" t ON t."id" = et."tag_id" WHERE et."entry_id" = e."id" AND t."name" LIKE @p ESCAPE '\\'))`;
  return {
    select: `SELECT e."id" AS id FROM "entries" e ${where} ORDER BY e."created_at" DESC, e."id" DESC${page ? " LIMIT 20 OFFSET 0" : ""}`,
    count: `SELECT count(*) AS n FROM "entries" e ${where}`,
    params: [{ p }],
  };
}

const cases: { label: string; filter: EntryFilter }[] = [
  { label: "rare phrase", filter: { search: "Marie Curie" } },
  { label: "rare word, other case", filter: { search: "WATERCOLOURS" } },
  { label: "common word", filter: { search: "grateful" } },
  { label: "tag name", filter: { search: "book-club" } },
  { label: "non-ASCII", filter: { search: "münchen" } },
  { label: "search + tag + mood", filter: { search: "dinner", tags: ["family"], mood: "positive" } },
  { label: "2 characters (scan)", filter: { search: "zo" } },
];

const rows: string[][] = [];
for (const { label, filter } of cases) {
  const q = searchText(filter.search);
  const indexed = [...q].length >= MIN_INDEXED_QUERY_LENGTH;
  const page = buildListSql(filter, { limit: 20, offset: 0 });
  const all = buildListSql(filter);
  console.log(`\n${label}: ${JSON.stringify(filter)}`);
  console.log("  list (page of 20):");
  const selectPlan = plan(page.select, page.selectParams);
  for (const line of selectPlan) console.log(line);
  console.log("  count:");
  for (const line of plan(page.count, page.countParams)) console.log(line);
  const usesFts = selectPlan.some((l) => /VIRTUAL TABLE INDEX \d+:M/u.test(l));
  console.log(
    `  served from the FTS index: ${usesFts ? "yes" : "no"}${indexed ? "" : " (queries under 3 characters are scanned)"}`,
  );
  if (indexed && !usesFts) process.exitCode = 1;

  const ids = (db.prepare(all.select).all(...all.selectParams) as { id: string }[]).map((r) => r.id);
  const selectStmt = db.prepare(page.select);
  const countStmt = db.prepare(page.count);
  const allStmt = db.prepare(all.select);
  const appPage = time(() => {
    selectStmt.all(...page.selectParams);
    countStmt.get(...page.countParams);
  });
  const appAll = time(() => allStmt.all(...all.selectParams));

  let likePage = "";
  let likeAll = "";
  let same = "";
  if (!filter.tags && !filter.mood && q) {
    const lp = likeSql(q, true);
    const la = likeSql(q, false);
    const likeIds = (db.prepare(la.select).all(...la.params) as { id: string }[]).map((r) => r.id);
    // LIKE folds ASCII only, so compare on ASCII queries.
    same = /^[\x20-\x7e]*$/u.test(q) ? (JSON.stringify(likeIds) === JSON.stringify(ids) ? "yes" : "NO") : "n/a";
    if (same === "NO") process.exitCode = 1;
    const ls = db.prepare(lp.select);
    const lc = db.prepare(lp.count);
    const lAll = db.prepare(la.select);
    likePage = time(() => {
      ls.all(...lp.params);
      lc.get(...lp.params);
    }).toFixed(2);
    likeAll = time(() => lAll.all(...la.params)).toFixed(2);
  }
  rows.push([label, String(ids.length), appPage.toFixed(2), likePage, appAll.toFixed(2), likeAll, same]);
}

console.log(`\nMedian of ${runs} runs, milliseconds (page = first 20 ids + total count; all = every matching id):`);
const head = ["query", "matches", "app page", "LIKE page", "app all", "LIKE all", "same ids"];
const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
const line = (r: string[]) => r.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join("  ");
console.log(line(head));
for (const r of rows) console.log(line(r));
db.close();
