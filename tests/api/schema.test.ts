import Database from "better-sqlite3";
import { createHash } from "node:crypto";
import { appendFileSync, cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import * as list from "@/app/api/entries/route";
import { closeDb, db } from "@/server/db/client";
import { defaultMigrationsDir, listMigrations, migrate } from "@/server/db/migrator";
import { databasePath } from "@/server/storage/paths";
import { sqlInstant } from "@/server/entries/mapping";
import { call } from "../support/http";

const scratch = mkdtempSync(path.join(os.tmpdir(), "reverie-schema-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/* ---------- a small reader for schema.prisma ---------- */

interface SchemaField {
  name: string;
  column: string;
  type: string;
  optional: boolean;
  list: boolean;
  id: boolean;
  unique: boolean;
  relation?: { fields: string[]; references: string[]; onDelete?: string };
}
interface SchemaModel {
  name: string;
  table: string;
  fields: SchemaField[];
  compoundId?: string[];
  indexes: string[][];
}

const SCALARS = new Set(["String", "Int", "Float", "DateTime", "Boolean", "BigInt", "Decimal", "Bytes", "Json"]);
const listArg = (s: string) =>
  s
    .split(",")
    .map((x) => x.trim())
    .filter(Boolean);

function readPrismaSchema(file: string): SchemaModel[] {
  const text = readFileSync(file, "utf8");
  const models: SchemaModel[] = [];
  for (const m of text.matchAll(/^model\s+(\w+)\s*\{([\s\S]*?)^\}/gmu)) {
    const model: SchemaModel = { name: m[1], table: m[1], fields: [], indexes: [] };
    for (const raw of m[2].split("\n")) {
      const line = raw.replace(/\/\/.*$/u, "").trim();
      if (!line) continue;
      if (line.startsWith("@@")) {
        const map = /^@@map\("([^"]+)"\)/u.exec(line);
        if (map) model.table = map[1];
        const id = /^@@id\(\[([^\]]+)\]\)/u.exec(line);
        if (id) model.compoundId = listArg(id[1]);
        const idx = /^@@index\(\[([^\]]+)\]\)/u.exec(line);
        if (idx) model.indexes.push(listArg(idx[1]));
        continue;
      }
      const f = /^(\w+)\s+(\w+)(\[\])?(\?)?\s*(.*)$/u.exec(line);
      if (!f) throw new Error(`Cannot read schema line: ${line}`);
      const attrs = f[5];
      const rel = /@relation\(fields:\s*\[([^\]]+)\],\s*references:\s*\[([^\]]+)\](?:,\s*onDelete:\s*(\w+))?/u.exec(
        attrs,
      );
      model.fields.push({
        name: f[1],
        type: f[2],
        list: !!f[3],
        optional: !!f[4],
        column: /@map\("([^"]+)"\)/u.exec(attrs)?.[1] ?? f[1],
        id: /@id\b/u.test(attrs),
        unique: /@unique\b/u.test(attrs),
        relation: rel ? { fields: listArg(rel[1]), references: listArg(rel[2]), onDelete: rel[3] } : undefined,
      });
    }
    models.push(model);
  }
  return models;
}

const SQLITE_TYPE: Record<string, string> = {
  String: "TEXT",
  Int: "INTEGER",
  Float: "REAL",
  DateTime: "DATETIME",
  Boolean: "BOOLEAN",
  Bytes: "BLOB",
};

const schemaFile = path.join(process.cwd(), "prisma", "schema.prisma");
const MODELS = readPrismaSchema(schemaFile);
const MIGRATIONS = listMigrations(defaultMigrationsDir());
const MIGRATION_NAMES = MIGRATIONS.map((m) => m.name);

function freshDb(name: string): string {
  const file = path.join(scratch, name);
  migrate(file);
  return file;
}

describe("a database built from the migrations matches schema.prisma", () => {
  const file = freshDb("structure.db");
  const sql = new Database(file, { readonly: true });
  afterAll(() => sql.close());

  it("reads every model of the schema", () => {
    expect(MODELS.map((m) => m.name)).toEqual([
      "Entry",
      "EntryEmbedding",
      "Tag",
      "EntryTag",
      "MediaFile",
      "Config",
      "SafetyPlan",
      "ThemeCount",
      "DeletedEntry",
      "EntryTombstone",
      "CheckIn",
      "CheckInTombstone",
      "CheckInActivity",
      "Template",
      "MemoryFact",
    ]);
    expect(MODELS.every((m) => m.fields.length > 0)).toBe(true);
  });

  for (const model of MODELS) {
    it(`${model.name} -> table "${model.table}": columns, types, nullability, keys, indexes, relations`, () => {
      const columns = sql.prepare(`PRAGMA table_info("${model.table}")`).all() as {
        name: string;
        type: string;
        notnull: number;
        pk: number;
      }[];
      expect(columns.length, `table ${model.table} exists`).toBeGreaterThan(0);
      const scalars = model.fields.filter((f) => SCALARS.has(f.type));
      // Same set of columns, no more, no less.
      expect(columns.map((c) => c.name).sort()).toEqual(scalars.map((f) => f.column).sort());
      for (const f of scalars) {
        const c = columns.find((col) => col.name === f.column)!;
        expect(c.type, `${model.table}.${f.column} type`).toBe(SQLITE_TYPE[f.type]);
        expect(c.notnull === 1, `${model.table}.${f.column} NOT NULL`).toBe(!f.optional);
      }
      const pk = columns
        .filter((c) => c.pk > 0)
        .sort((a, b) => a.pk - b.pk)
        .map((c) => c.name);
      const schemaPk = model.compoundId
        ? model.compoundId.map((n) => model.fields.find((f) => f.name === n)!.column)
        : model.fields.filter((f) => f.id).map((f) => f.column);
      expect(pk).toEqual(schemaPk);

      const indexes = (
        sql.prepare(`PRAGMA index_list("${model.table}")`).all() as { name: string; unique: number; origin: string }[]
      ).map((i) => ({
        ...i,
        cols: (sql.prepare(`PRAGMA index_info("${i.name}")`).all() as { name: string }[]).map((x) => x.name),
      }));
      for (const f of model.fields.filter((x) => x.unique)) {
        expect(
          indexes.some((i) => i.unique === 1 && i.cols.length === 1 && i.cols[0] === f.column),
          `unique ${f.column}`,
        ).toBe(true);
      }
      for (const idx of model.indexes) {
        const cols = idx.map((n) => model.fields.find((f) => f.name === n)!.column);
        expect(
          indexes.some((i) => JSON.stringify(i.cols) === JSON.stringify(cols)),
          `index on ${cols.join(",")}`,
        ).toBe(true);
      }

      const fks = sql.prepare(`PRAGMA foreign_key_list("${model.table}")`).all() as {
        table: string;
        from: string;
        to: string;
        on_delete: string;
      }[];
      const relations = model.fields.filter((f) => f.relation);
      expect(fks).toHaveLength(relations.length);
      for (const f of relations) {
        const target = MODELS.find((m) => m.name === f.type)!;
        const from = model.fields.find((x) => x.name === f.relation!.fields[0])!.column;
        const to = target.fields.find((x) => x.name === f.relation!.references[0])!.column;
        const fk = fks.find((k) => k.from === from);
        expect(fk, `foreign key ${from}`).toMatchObject({
          table: target.table,
          to,
          on_delete: (f.relation!.onDelete ?? "NO ACTION").replace("Cascade", "CASCADE"),
        });
      }
    });
  }

  it("has no tables beyond the schema's, the migrations table and the search index", () => {
    const tables = (
      sql.prepare(`SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name`).all() as { name: string }[]
    ).map((t) => t.name);
    const expected = [
      ...MODELS.map((m) => m.table),
      "_prisma_migrations",
      "entry_search_keys",
      "entries_fts",
      "entries_stem",
      "sqlite_sequence",
    ];
    const ftsShadow = tables.filter((t) => t.startsWith("entries_fts_") || t.startsWith("entries_stem_"));
    expect(tables.filter((t) => !ftsShadow.includes(t)).sort()).toEqual(expected.sort());
  });

  it("has the search index (FTS5, trigram), and the triggers that keep it, the theme counts and the stated moods", () => {
    const fts = sql.prepare(`SELECT sql FROM sqlite_master WHERE name = 'entries_fts'`).get() as { sql: string };
    expect(fts.sql).toMatch(/USING fts5/iu);
    expect(fts.sql).toMatch(/tokenize='trigram'/u);
    for (const col of ["title", "content", "tags", "ai_summary"]) expect(fts.sql).toContain(col);
    const stem = sql.prepare(`SELECT sql FROM sqlite_master WHERE name = 'entries_stem'`).get() as { sql: string };
    expect(stem.sql).toMatch(/tokenize='porter unicode61/u);
    for (const col of ["title", "content", "tags", "ai_summary"]) expect(stem.sql).toContain(col);
    const triggers = sql
      .prepare(`SELECT name, tbl_name FROM sqlite_master WHERE type = 'trigger' ORDER BY name`)
      .all() as { name: string; tbl_name: string }[];
    expect(triggers).toEqual([
      { name: "checkins_stated_mood_after_delete", tbl_name: "checkins" },
      { name: "checkins_stated_mood_after_insert", tbl_name: "checkins" },
      { name: "checkins_stated_mood_after_update", tbl_name: "checkins" },
      { name: "entries_fts_after_delete", tbl_name: "entries" },
      { name: "entries_fts_after_insert", tbl_name: "entries" },
      { name: "entries_fts_after_update", tbl_name: "entries" },
      { name: "entries_stated_mood_after_insert", tbl_name: "entries" },
      { name: "entries_stem_after_key", tbl_name: "entry_search_keys" },
      { name: "entries_stem_after_update", tbl_name: "entries" },
      { name: "entries_stem_before_delete", tbl_name: "entries" },
      { name: "entries_themes_after_delete", tbl_name: "entries" },
      { name: "entries_themes_after_insert", tbl_name: "entries" },
      { name: "entries_themes_after_update_new", tbl_name: "entries" },
      { name: "entries_themes_after_update_old", tbl_name: "entries" },
      { name: "entry_tags_fts_after_delete", tbl_name: "entry_tags" },
      { name: "entry_tags_fts_after_insert", tbl_name: "entry_tags" },
      { name: "entry_tags_stem_after_delete", tbl_name: "entry_tags" },
      { name: "entry_tags_stem_after_insert", tbl_name: "entry_tags" },
    ]);
  });
});

describe("every model and field can be written and read back through the Prisma client", () => {
  it("Entry, Tag, EntryTag, MediaFile and Config", async () => {
    const prisma = await db();
    const created = new Date("2026-03-08T10:15:30.123Z");
    const entry = {
      id: "0190c3f0-aaaa-7000-8000-000000000001",
      title: "Every field",
      content: "Content with ünïcödé and 😀",
      createdAt: created,
      updatedAt: new Date("2026-03-09T00:00:00.000Z"),
      mood: "hopeful",
      aiMoodScore: 7.25,
      statedMood: 8,
      aiSummary: "A summary",
      aiThemes: '["hope","spring"]',
      aiModel: "local/offline",
      aiQuestions: '["What helped?"]',
      locationName: "Lisbon",
      locationLat: 38.7223,
      locationLng: -9.1393,
      wordCount: 5,
      conflictOf: "0190c3f0-cccc-7000-8000-000000000003",
    };
    await prisma.entry.create({ data: entry });
    const tag = await prisma.tag.create({ data: { name: "spring" } });
    expect(tag.id).toBeGreaterThan(0);
    await prisma.entryTag.create({ data: { entryId: entry.id, tagId: tag.id } });
    const media = {
      id: "0190c3f0-bbbb-7000-8000-000000000002",
      entryId: entry.id,
      fileType: "image",
      filename: "photo.png",
      storedName: "0190c3f0-bbbb-7000-8000-000000000002.png",
      mimeType: "image/png",
      size: 12345,
      thumbnailName: "0190c3f0-bbbb-7000-8000-000000000002.thumb.webp",
      createdAt: new Date("2026-03-08T10:16:00.000Z"),
    };
    await prisma.mediaFile.create({ data: media });
    const cfg = { key: "personal_info", value: "Likes tea", updatedAt: new Date("2026-03-08T11:00:00.000Z") };
    await prisma.config.create({ data: cfg });

    const back = await prisma.entry.findUniqueOrThrow({
      where: { id: entry.id },
      include: { tags: { include: { tag: true } }, mediaFiles: true },
    });
    const { tags, mediaFiles, ...scalars } = back;
    expect(scalars).toEqual(entry);
    expect(tags).toEqual([{ entryId: entry.id, tagId: tag.id, tag: { id: tag.id, name: "spring" } }]);
    expect(mediaFiles).toEqual([media]);
    expect(await prisma.config.findUniqueOrThrow({ where: { key: cfg.key } })).toEqual(cfg);

    // Nullable fields take null; updates read back.
    const nulls = {
      mood: null,
      aiMoodScore: null,
      statedMood: null,
      aiSummary: null,
      aiThemes: null,
      locationName: null,
      locationLat: null,
      locationLng: null,
    };
    await prisma.entry.update({ where: { id: entry.id }, data: { ...nulls, title: "", wordCount: 0 } });
    expect(await prisma.entry.findUniqueOrThrow({ where: { id: entry.id } })).toEqual({
      ...entry,
      ...nulls,
      title: "",
      wordCount: 0,
    });
    await prisma.mediaFile.update({ where: { id: media.id }, data: { thumbnailName: null } });
    expect((await prisma.mediaFile.findUniqueOrThrow({ where: { id: media.id } })).thumbnailName).toBeNull();
    await prisma.config.update({ where: { key: cfg.key }, data: { value: "" } });
    expect((await prisma.config.findUniqueOrThrow({ where: { key: cfg.key } })).value).toBe("");

    // Defaults of the schema apply.
    const minimal = await prisma.entry.create({
      data: { id: "0190c3f0-cccc-7000-8000-000000000003", content: "x", createdAt: created, updatedAt: created },
    });
    expect(minimal).toMatchObject({ title: "", wordCount: 0, mood: null });

    // DateTime is stored as the text that raw SQL compares against (sqlInstant).
    const raw = new Database(databasePath(), { readonly: true });
    const row = raw.prepare(`SELECT created_at, typeof(created_at) AS t FROM entries WHERE id = ?`).get(entry.id) as {
      created_at: string;
      t: string;
    };
    raw.close();
    expect(row).toEqual({ created_at: sqlInstant(created), t: "text" });
    expect(row.created_at).toBe("2026-03-08T10:15:30.123+00:00");

    // Cascades: deleting the entry removes its tag links and media rows, but not the tag.
    await prisma.entry.delete({ where: { id: entry.id } });
    expect(await prisma.entryTag.count()).toBe(0);
    expect(await prisma.mediaFile.count()).toBe(0);
    expect(await prisma.tag.count()).toBe(1);
    await prisma.entry.delete({ where: { id: minimal.id } });
    await prisma.tag.deleteMany({});
    await prisma.config.deleteMany({});
  });

  it("enforces the unique and foreign-key constraints", async () => {
    const prisma = await db();
    await prisma.tag.create({ data: { name: "dup" } });
    await expect(prisma.tag.create({ data: { name: "dup" } })).rejects.toThrow();
    await expect(prisma.entryTag.create({ data: { entryId: "missing", tagId: 1 } })).rejects.toThrow();
    await prisma.tag.deleteMany({});
  });
});

describe("migrations are recorded as prisma migrate deploy records them", () => {
  it("has one row per migration, in order, with the SHA-256 checksum of its file", () => {
    const file = freshDb("recorded.db");
    const sql = new Database(file, { readonly: true });
    const rows = sql
      .prepare(`SELECT * FROM "_prisma_migrations" ORDER BY "started_at", "migration_name"`)
      .all() as Record<string, unknown>[];
    sql.close();
    expect(MIGRATION_NAMES[0]).toBe("20261121000000_init");
    expect(rows.map((r) => r.migration_name)).toEqual(MIGRATION_NAMES);
    MIGRATIONS.forEach((m, i) => {
      const checksum = createHash("sha256").update(readFileSync(m.file)).digest("hex");
      expect(rows[i]).toMatchObject({
        migration_name: m.name,
        checksum,
        rolled_back_at: null,
        logs: null,
        applied_steps_count: 1,
      });
      expect(rows[i]!.finished_at).toEqual(expect.any(String));
      expect(Number.isNaN(Date.parse(rows[i]!.started_at as string))).toBe(false);
    });
  });

  it("brings a journal made by the first migration up to date and keeps its entries", () => {
    const first = path.join(scratch, "first-only");
    mkdirSync(path.join(first, MIGRATIONS[0]!.name), { recursive: true });
    cpSync(MIGRATIONS[0]!.file, path.join(first, MIGRATIONS[0]!.name, "migration.sql"));
    const file = path.join(scratch, "upgraded.db");
    expect(migrate(file, first)).toEqual({ applied: [MIGRATIONS[0]!.name], alreadyApplied: 0 });
    const before = new Database(file);
    before
      .prepare(
        `INSERT INTO "entries" ("id", "content", "created_at", "updated_at") VALUES ('e1', 'kept through the upgrade', '2026-01-01T00:00:00.000+00:00', '2026-01-01T00:00:00.000+00:00')`,
      )
      .run();
    before.close();
    expect(migrate(file)).toEqual({ applied: MIGRATION_NAMES.slice(1), alreadyApplied: 1 });
    const after = new Database(file, { readonly: true });
    expect(after.prepare(`SELECT "content" FROM "entries" WHERE "id" = 'e1'`).get()).toEqual({
      content: "kept through the upgrade",
    });
    expect(
      after.prepare(`SELECT count(*) AS n FROM "entries_fts" WHERE "entries_fts" MATCH '"through the upgrade"'`).get(),
    ).toEqual({ n: 1 });
    expect((after.prepare("PRAGMA integrity_check").get() as { integrity_check: string }).integrity_check).toBe("ok");
    after.close();
  });

  it("applying twice is a no-op", () => {
    const file = path.join(scratch, "twice.db");
    expect(migrate(file)).toEqual({ applied: MIGRATION_NAMES, alreadyApplied: 0 });
    const sql = new Database(file);
    sql
      .prepare(`INSERT INTO config (key, value, updated_at) VALUES ('kept', 'yes', '2026-01-01T00:00:00.000+00:00')`)
      .run();
    sql.close();
    expect(migrate(file)).toEqual({ applied: [], alreadyApplied: MIGRATION_NAMES.length });
    const after = new Database(file, { readonly: true });
    expect((after.prepare(`SELECT count(*) AS n FROM "_prisma_migrations"`).get() as { n: number }).n).toBe(
      MIGRATION_NAMES.length,
    );
    expect(after.prepare(`SELECT value FROM config WHERE key = 'kept'`).get()).toEqual({ value: "yes" });
    after.close();
  });

  it("refuses a migration that was edited after it was applied", () => {
    const dir = path.join(scratch, "edited-migrations");
    cpSync(defaultMigrationsDir(), dir, { recursive: true });
    const file = path.join(scratch, "edited.db");
    migrate(file, dir);
    appendFileSync(path.join(dir, "20261121000000_init", "migration.sql"), "\n-- an edit\n");
    expect(() => migrate(file, dir)).toThrow(/changed after it was applied/u);
  });

  it("rolls back a failing migration and records nothing for it", () => {
    const dir = path.join(scratch, "failing-migrations");
    cpSync(defaultMigrationsDir(), dir, { recursive: true });
    mkdirSync(path.join(dir, "29991231000000_broken"));
    writeFileSync(
      path.join(dir, "29991231000000_broken", "migration.sql"),
      `CREATE TABLE "half_done" ("id" TEXT);\nTHIS IS NOT SQL;\n`,
    );
    const file = path.join(scratch, "failing.db");
    expect(() => migrate(file, dir)).toThrow();
    const sql = new Database(file, { readonly: true });
    const names = (
      sql.prepare(`SELECT migration_name FROM "_prisma_migrations"`).all() as { migration_name: string }[]
    ).map((r) => r.migration_name);
    const half = sql.prepare(`SELECT name FROM sqlite_master WHERE name = 'half_done'`).get();
    sql.close();
    expect(names).toEqual(MIGRATION_NAMES);
    expect(half).toBeUndefined();
  });
});

describe("search survives VACUUM and a renumbering of the entries' implicit rowids", () => {
  it("finds exactly the right entries afterwards", async () => {
    const words = [
      "amber",
      "basil",
      "cobalt",
      "dune",
      "ember",
      "fjord",
      "garnet",
      "harbor",
      "indigo",
      "juniper",
      "kestrel",
      "lagoon",
    ];
    const ids: Record<string, string> = {};
    for (const w of words) {
      const r = await call(list.POST, {
        method: "POST",
        path: "/api/entries",
        body: { title: `Entry ${w}`, content: `Today: ${w} and more.`, tags: [`tag-${w}`] },
      });
      ids[w] = r.body.id;
    }
    // Make holes: delete every other entry, so VACUUM has rows to move.
    const prisma = await db();
    const removed = words.filter((_, i) => i % 2 === 0);
    for (const w of removed) await prisma.entry.delete({ where: { id: ids[w] } });
    const kept = words.filter((w) => !removed.includes(w));

    await closeDb();
    const sql = new Database(databasePath());
    const before = sql.prepare(`SELECT id, rowid AS r FROM entries ORDER BY id`).all() as { id: string; r: number }[];
    sql.exec("VACUUM");
    // SQLite's VACUUM keeps rowids in practice but is documented to be free to renumber them (and a
    // table rebuild does). Renumber them here the way it may, in reverse order, to be sure.
    const renumber = sql.prepare(`UPDATE entries SET rowid = ? WHERE id = ?`);
    sql.transaction(() => before.forEach((b, i) => renumber.run(10_000 - i, b.id)))();
    const after = sql.prepare(`SELECT id, rowid AS r FROM entries ORDER BY id`).all() as { id: string; r: number }[];
    sql.close();
    expect(after.map((a) => a.id)).toEqual(before.map((b) => b.id));
    expect(after.map((a) => a.r)).not.toEqual(before.map((b) => b.r));

    for (const w of words) {
      for (const q of [w, `tag-${w}`, w.slice(0, 2)]) {
        const r = await call(list.GET, { path: `/api/entries?search=${encodeURIComponent(q)}` });
        const got = (r.body as { id: string }[]).map((e) => e.id);
        const want = kept
          .filter(
            (k) =>
              k.includes(q) ||
              `tag-${k}`.includes(q) ||
              `entry ${k}`.includes(q) ||
              `today: ${k} and more.`.includes(q),
          )
          .map((k) => ids[k]);
        expect(got.sort(), `search ${q}`).toEqual(want.sort());
      }
    }
  });
});
