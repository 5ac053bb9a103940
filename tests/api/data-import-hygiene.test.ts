import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import * as importRoute from "@/app/api/data/import/route";
import { db } from "@/server/db/client";
import { resetConfig } from "@/server/config/service";
import { importBody, MULTIPART_TYPE, rawZip } from "../support/data-fixtures";
import { call } from "../support/http";

let png: Buffer;

function journal(config: Record<string, string>, entries: unknown[]) {
  return JSON.stringify({
    format: "reverie-journal",
    version: 1,
    app: { name: "Reverie", version: "0.1.0" },
    exported_at: "2025-01-01T00:00:00.000Z",
    config,
    entries,
  });
}

function entry(id: string, extra: Record<string, unknown> = {}) {
  return {
    id,
    title: `Entry ${id}`,
    content: `Words of ${id}.`,
    created_at: "2025-01-01T10:00:00.000Z",
    updated_at: "2025-01-01T10:00:00.000Z",
    mood: null,
    ai_mood_score: null,
    ai_summary: null,
    ai_themes: null,
    location_name: null,
    location_lat: null,
    location_lng: null,
    word_count: 3,
    tags: [],
    media_files: [],
    ...extra,
  };
}

async function importZip(zip: Buffer) {
  return call(importRoute.POST, {
    method: "POST",
    path: "/api/data/import",
    rawBody: new Uint8Array(importBody(zip, "export.zip")),
    headers: { "content-type": MULTIPART_TYPE },
  });
}

beforeAll(async () => {
  png = await sharp({ create: { width: 8, height: 8, channels: 3, background: { r: 9, g: 9, b: 9 } } })
    .png()
    .toBuffer();
});

describe("an imported file cannot change sensitive settings (finding 11)", () => {
  it("never takes ai_model or unknown keys; takes the allowed preferences", async () => {
    await resetConfig();
    const zip = rawZip([
      {
        name: "journal.json",
        data: journal(
          {
            ai_model: "openai/gpt-4o",
            personal_info: "From the file.",
            cultural_context: "Provence",
            theme_unknown: "x",
            ollama_base_url: "http://evil",
          },
          [entry("cfg-1")],
        ),
      },
    ]);
    const r = await importZip(zip);
    expect(r.status).toBe(200);
    expect(r.body.config_imported).toBe(2);
    const prisma = await db();
    const keys = (await prisma.config.findMany()).map((c) => c.key).sort();
    expect(keys).toEqual(["cultural_context", "personal_info"]);
  });
});

describe("imported names and tags are cleaned like uploaded ones (finding 12)", () => {
  it("removes CR/LF and bidi overrides and caps the length", async () => {
    const longName = `${"n".repeat(990)}.png`;
    const zip = rawZip([
      {
        name: "journal.json",
        data: journal({}, [
          entry("clean-1", {
            tags: ["evil\u202Etxt.exe", "two\r\nlines"],
            media_files: [
              {
                id: "m-crlf",
                file_type: "image",
                filename: "inject\r\nSet-Cookie: x=1.png",
                mime_type: "image/png",
                size: 0,
                created_at: "2025-01-01T10:00:00.000Z",
                path: "media/m-crlf.png",
              },
              {
                id: "m-rtl",
                file_type: "image",
                filename: "photo\u202Egnp.exe",
                mime_type: "image/png",
                size: 0,
                created_at: "2025-01-01T10:00:00.000Z",
                path: "media/m-rtl.png",
              },
              {
                id: "m-long",
                file_type: "image",
                filename: longName,
                mime_type: "image/png",
                size: 0,
                created_at: "2025-01-01T10:00:00.000Z",
                path: "media/m-long.png",
              },
            ],
          }),
        ]),
      },
      { name: "media/m-crlf.png", data: png },
      { name: "media/m-rtl.png", data: png },
      { name: "media/m-long.png", data: png },
    ]);
    const r = await importZip(zip);
    expect(r.status).toBe(200);
    expect(r.body, JSON.stringify(r.body)).toMatchObject({ imported: 1 });
    const prisma = await db();
    const media = await prisma.mediaFile.findMany({ where: { entryId: "clean-1" }, orderBy: { id: "asc" } });
    expect(media).toHaveLength(3);
    for (const m of media) {
      expect(m.filename).not.toMatch(/[\r\n\u202E]/u);
      expect(Array.from(m.filename).length).toBeLessThanOrEqual(255);
    }
    expect(media.find((m) => m.id === "m-crlf")!.filename).toBe("injectSet-Cookie: x=1.png");
    expect(media.find((m) => m.id === "m-rtl")!.filename).toBe("photognp.exe");
    expect(media.find((m) => m.id === "m-long")!.filename.endsWith(".png")).toBe(true);
    const tags = (await prisma.tag.findMany()).map((t) => t.name).sort();
    expect(tags).toEqual(["eviltxt.exe", "two lines"]);
  });
});

describe("a JSON bomb in an import is refused by its structure (finding 4)", () => {
  const head =
    '{"format":"reverie-journal","version":1,"app":{"name":"Reverie","version":"0.1.0"},"exported_at":"2025-01-01T00:00:00.000Z","config":{},"entries":';

  it("millions of tiny values: refused while streaming, nothing written", async () => {
    // 1.5 million empty objects (4.5 MB stored): each one costs memory once parsed.
    const bomb = Buffer.concat([Buffer.from(`${head}[`), Buffer.from("{},".repeat(1_500_000)), Buffer.from("{}]}")]);
    const r = await importZip(rawZip([{ name: "journal.json", data: bomb }]));
    expect(r.status).toBe(400);
    expect(r.body.error.message).toMatch(/"journal\.json" was refused: .*more than/u);
    const prisma = await db();
    expect(await prisma.entry.count({ where: { id: { startsWith: "bomb" } } })).toBe(0);
  });

  it("nesting too deep: refused, for a journal.json sent alone too", async () => {
    const deep = `${head}${"[".repeat(5000)}${"]".repeat(5000)}}`;
    const r = await call(importRoute.POST, {
      method: "POST",
      path: "/api/data/import",
      rawBody: new Uint8Array(importBody(Buffer.from(deep), "journal.json")),
      headers: { "content-type": MULTIPART_TYPE },
    });
    expect(r.status).toBe(400);
    expect(r.body.error.message).toMatch(/The file was refused: it is nested more than 64 levels deep/u);
  });

  it("broken JSON is still reported as such", async () => {
    const r = await importZip(rawZip([{ name: "journal.json", data: `${head}[` }]));
    expect(r.status).toBe(400);
    expect(r.body.error.message).toMatch(/is not valid JSON/u);
  });
});
