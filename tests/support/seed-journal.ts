/**
 * A deterministic journal for browser tests and benchmarks: realistic texts, tags, moods, places and
 * some media, written straight into a migrated SQLite file in the formats the app stores (instants as
 * "2026-11-21T03:53:27.728+00:00", UUIDv7 ids). The search index fills itself through its triggers.
 */
import Database from "better-sqlite3";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { v7 as uuidv7 } from "uuid";
import { migrate } from "../../src/server/db/migrator.ts";

export interface SeedOptions {
  entries: number;
  /** PRNG seed: the same seed and options give the same journal. */
  seed?: number;
  /** The newest entry is written shortly before this instant. */
  end?: Date;
  /** Average entries per day (older entries reach further back). */
  perDay?: number;
  /** When given, small image files are written here so that thumbnails can be served. */
  uploadsDir?: string;
}

export interface SeedResult {
  entries: number;
  media: number;
  tags: number;
  oldest: string;
  newest: string;
}

function mulberry32(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const OPENINGS = [
  "Woke up before the alarm today and lay there listening to the rain.",
  "Long day at work, but I finally finished the quarterly report.",
  "Took the kids to the park after school; the swings were full of leaves.",
  "Spent the morning in the garden pulling weeds and planting tulip bulbs.",
  "Met Sam for coffee at the little place on Fifth Street.",
  "Went for a run along the river before breakfast.",
  "Could not sleep last night, my mind kept circling the same worries.",
  "Called Mom tonight; we talked for almost an hour.",
  "The train was late again and I missed the first meeting.",
  "Tried a new recipe for lentil soup and it actually turned out well.",
  "Rearranged the living room and it feels like a new apartment.",
  "Read three chapters of the novel Priya lent me.",
  "Yoga class was harder than usual, but I felt lighter afterwards.",
  "Spent the afternoon sorting old photos from the attic.",
  "Our team presented the new design to the client this morning.",
  "Walked to the farmers market and bought far too many peaches.",
  "Had a difficult conversation with my manager about workload.",
  "Finally fixed the leaking kitchen tap myself.",
  "Took a day off and did absolutely nothing, which was wonderful.",
  "Visited Grandpa at the care home; he remembered my name today.",
];
const MIDDLES = [
  "I noticed how much calmer I feel when I put the phone away in the evening.",
  "There is a lot on my plate, and I keep telling myself to take it one step at a time.",
  "The light in the late afternoon was golden and soft across the rooftops.",
  "I want to be more patient with myself when things do not go to plan.",
  "It reminded me how lucky I am to have friends who simply listen.",
  "My shoulders were tense all day; I should stretch more often.",
  "We laughed so much that my cheeks hurt by the end of dinner.",
  "I keep thinking about the trip to Lisbon we are planning for spring.",
  "Work felt meaningful today, like the pieces are finally fitting together.",
  "I felt a wave of sadness out of nowhere and let myself sit with it.",
  "The neighbour's dog followed me halfway down the street again.",
  "I wrote down three things I am grateful for: warm socks, good bread and Sam's jokes.",
  "My energy dipped after lunch, as it always does, and coffee did not help.",
  "I am learning that saying no is also a way of saying yes to myself.",
  "The new project is exciting but the deadline is making me anxious.",
  "Listening to old records while cooking felt like a small celebration.",
  "I cleaned my desk and the whole week suddenly looked more manageable.",
  "I was short with Alex this morning and I want to apologise tomorrow.",
  "The sky cleared in the evening and we could see the first stars.",
  "Practised Spanish for twenty minutes and finally understood the subjunctive.",
];
const CLOSINGS = [
  "Tomorrow I want to start the day slowly.",
  "Going to bed early tonight.",
  "Grateful for small things today.",
  "I hope the weekend brings some rest.",
  "Note to self: drink more water.",
  "Feeling hopeful, all things considered.",
  "Not my best day, but it is over now.",
  "Looking forward to seeing everyone on Saturday.",
];
const TITLES = [
  "Morning thoughts", "A quiet evening", "Rainy day notes", "Park with the kids", "Coffee with Sam", "River run",
  "Restless night", "Call with Mom", "Late train", "Lentil soup success", "New living room", "Reading again",
  "Yoga and breathing", "Old photographs", "Client presentation", "Farmers market", "Hard conversation",
  "Fixing things", "A day off", "Visiting Grandpa", "Small victories", "Weekend plans", "Letting go",
  "Back to routine", "Evening walk", "Sunday reset",
];
const SUMMARIES = [
  "A calm reflection on slowing down and noticing small joys.",
  "Stress about work deadlines, balanced by support from friends.",
  "Gratitude for family time and shared meals.",
  "A tired but hopeful day with moments of connection.",
  "Processing a difficult conversation and setting boundaries.",
  "Enjoyment of nature and physical activity lifted the mood.",
  "Restlessness and worry, with a plan to rest more.",
  "Pride in finishing a long task and learning something new.",
];
const EMOTIONS = ["joy", "content", "calm", "grateful", "hopeful", "tired", "anxious", "sad", "frustrated", "excited"];
const EXTRA_TAGS = ["coffee", "garden", "reading", "running", "music", "kids", "cooking", "sleep", "spanish", "photography", "lisbon"];
const BASE_TAGS = [
  "work", "personal", "travel", "family", "friends", "health", "exercise", "food", "hobby", "learning",
  "reflection", "gratitude", "goals", "mood", "weather", "weekend", "morning", "evening", "creative", "productive",
];
const PLACES = [
  { name: "Home", lat: 40.7128, lng: -74.006 },
  { name: "Riverside Park", lat: 40.8013, lng: -73.972 },
  { name: "Office, Midtown", lat: 40.7549, lng: -73.984 },
  { name: "Lisbon, Portugal", lat: 38.7223, lng: -9.1393 },
  { name: "Grandpa's place", lat: 41.0534, lng: -73.5387 },
];

/** The text form Prisma uses for DateTime in SQLite. */
const sqlInstant = (ms: number) => new Date(ms).toISOString().replace("Z", "+00:00");

/** A tiny valid PNG (1x1, violet), used for every seeded image and thumbnail. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGOoX/kfAATRAmYfBOPGAAAAAElFTkSuQmCC",
  "base64",
);

/** Writes `entries` entries into a migrated copy of the file (created if missing). */
export function seedJournal(dbFile: string, opts: SeedOptions): SeedResult {
  migrate(dbFile);
  const rand = mulberry32(opts.seed ?? 20261121);
  const pick = <T,>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)];
  const end = (opts.end ?? new Date()).getTime();
  const perDay = opts.perDay ?? 3;
  const spanMs = (opts.entries / perDay) * 86_400_000;
  if (opts.uploadsDir) mkdirSync(opts.uploadsDir, { recursive: true });

  const db = new Database(dbFile, { timeout: 30_000 });
  db.pragma("journal_mode = WAL");
  db.pragma("foreign_keys = ON");
  const insertEntry = db.prepare(
    `INSERT INTO "entries" ("id","title","content","created_at","updated_at","mood","ai_mood_score","ai_summary","ai_themes","location_name","location_lat","location_lng","word_count")
     VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)`,
  );
  const insertTag = db.prepare(`INSERT INTO "tags" ("name") VALUES (?) ON CONFLICT("name") DO NOTHING`);
  const tagId = db.prepare(`SELECT "id" FROM "tags" WHERE "name" = ?`);
  const linkTag = db.prepare(`INSERT INTO "entry_tags" ("entry_id","tag_id") VALUES (?,?)`);
  const insertMedia = db.prepare(
    `INSERT INTO "media_files" ("id","entry_id","file_type","filename","stored_name","mime_type","size","thumbnail_name","created_at") VALUES (?,?,?,?,?,?,?,?,?)`,
  );
  const tagIds = new Map<string, number>();
  const idOf = (name: string) => {
    let id = tagIds.get(name);
    if (id === undefined) {
      insertTag.run(name);
      id = (tagId.get(name) as { id: number }).id;
      tagIds.set(name, id);
    }
    return id;
  };

  let media = 0;
  let oldest = end;
  let newest = 0;
  const write = db.transaction(() => {
    db.pragma("defer_foreign_keys = ON");
    for (let i = 0; i < opts.entries; i++) {
      // Newest first, evenly spread with some jitter, so every month of the span has entries.
      const created = Math.round(end - 60_000 - (i / opts.entries) * spanMs - rand() * (spanMs / opts.entries));
      oldest = Math.min(oldest, created);
      newest = Math.max(newest, created);
      const random = new Uint8Array(16).map(() => Math.floor(rand() * 256));
      const id = uuidv7({ msecs: created, random });
      const sentences = [pick(OPENINGS)];
      const n = 1 + Math.floor(rand() * 6);
      for (let s = 0; s < n; s++) sentences.push(pick(MIDDLES));
      sentences.push(pick(CLOSINGS));
      const content = rand() < 0.25 ? `${sentences.slice(0, 3).join(" ")}\n\n${sentences.slice(3).join(" ")}` : sentences.join(" ");
      const scored = rand() < 0.9;
      const score = scored ? Math.round(Math.min(10, Math.max(1, 6 + (rand() + rand() + rand() - 1.5) * 4.5)) * 10) / 10 : null;
      const place = rand() < 0.3 ? pick(PLACES) : null;
      const summary = rand() < 0.8 ? pick(SUMMARIES) : null;
      const tagCount = Math.floor(rand() * 6);
      const tags = new Set<string>();
      for (let t = 0; t < tagCount; t++) tags.add(rand() < 0.8 ? pick(BASE_TAGS) : pick(EXTRA_TAGS));
      const themes = JSON.stringify([...new Set([pick(["work", "family", "health", "rest", "growth", "nature"]), pick(["stress", "gratitude", "connection", "change"])])]);
      // Tag links go in first (foreign keys are checked at commit), so the entry's insert trigger
      // indexes it once with its tags, instead of once per tag.
      for (const t of tags) linkTag.run(id, idOf(t));
      insertEntry.run(
        id,
        pick(TITLES),
        content,
        sqlInstant(created),
        sqlInstant(created + Math.floor(rand() * 3_600_000)),
        scored ? pick(EMOTIONS) : null,
        score,
        summary,
        themes,
        place?.name ?? null,
        place?.lat ?? null,
        place?.lng ?? null,
        content.trim().split(/\s+/u).length,
      );
      if (rand() < 0.12) {
        const files = 1 + Math.floor(rand() * 6);
        for (let m = 0; m < files; m++) {
          const kind = rand() < 0.75 ? "image" : rand() < 0.5 ? "video" : "audio";
          const mediaId = uuidv7({ msecs: created + m, random: new Uint8Array(16).map(() => Math.floor(rand() * 256)) });
          const stored = `${mediaId}.${kind === "image" ? "png" : kind === "video" ? "mp4" : "wav"}`;
          const thumb = kind === "image" ? `${mediaId}.thumb.png` : null;
          insertMedia.run(
            mediaId,
            id,
            kind,
            kind === "image" ? `photo-${m + 1}.png` : kind === "video" ? `clip-${m + 1}.mp4` : `recording-${m + 1}.wav`,
            stored,
            kind === "image" ? "image/png" : kind === "video" ? "video/mp4" : "audio/wav",
            kind === "image" ? PNG.length : 1024,
            thumb,
            sqlInstant(created + m),
          );
          if (opts.uploadsDir && kind === "image") {
            writeFileSync(path.join(opts.uploadsDir, stored), PNG);
            writeFileSync(path.join(opts.uploadsDir, thumb!), PNG);
          }
          media++;
        }
      }
    }
  });
  try {
    write();
  } finally {
    db.close();
  }
  return { entries: opts.entries, media, tags: tagIds.size, oldest: new Date(oldest).toISOString(), newest: new Date(newest).toISOString() };
}
