/**
 * Fills a journal database with realistic, deterministic entries for development and benchmarks.
 *
 *   npm run seed -- --entries 10000 [--db file:./data/journal.db] [--uploads ./uploads] [--seed 42]
 *                   [--media 0.05] [--tz UTC] [--now 2026-11-21T12:00:00Z] [--reset | --append]
 *
 * The same seed, count and --now give the same database. Without --now the entries end today.
 * Rows are written with better-sqlite3 in one transaction, in exactly the formats Prisma uses
 * (DateTime as "2026-11-21T03:53:27.728+00:00", UUIDv7 ids); the search index follows by its triggers.
 * Plain Node runs this file with the hooks of scripts/src-hooks.ts (npm run loads them; see node-args.ts).
 */
import Database from "better-sqlite3";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import sharp from "sharp";
import { v7 as uuidv7 } from "uuid";
import { SUGGESTED_TAGS } from "../src/domain/constants.ts";
import { addDaysToKey, isValidTimeZone, localDayKey, startOfLocalDay } from "../src/domain/dates.ts";
import { wordCount } from "../src/domain/text.ts";
import { isEncryptedJournal } from "../src/server/keys/keyfile.ts";
import { migrate } from "../src/server/db/migrator.ts";
import { sqlInstant } from "../src/server/entries/query.ts";

export interface SeedOptions {
  /** Absolute or relative path of the SQLite file (a "file:" prefix is accepted). */
  dbFile: string;
  uploadDir: string;
  entries: number;
  seed?: number;
  /** Fraction of entries that get one or two images (0..1). */
  media?: number;
  /** The zone whose local days and times the entries follow. */
  tz?: string;
  /** The moment the journal ends; entries lie in the ~3 years before it. */
  now?: Date;
  /** Delete the journal's entries, tags and media first. */
  reset?: boolean;
  /** Add to a journal that already has entries. */
  append?: boolean;
}

export interface SeedResult {
  entries: number;
  tags: number;
  entryTags: number;
  mediaFiles: number;
  withScore: number;
  days: number;
  ms: number;
}

/* ---------------- deterministic randomness ---------------- */

export type Rng = () => number;

/** mulberry32: small, fast, good enough for test data. */
export function makeRng(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const int = (rng: Rng, min: number, max: number) => min + Math.floor(rng() * (max - min + 1));
const pick = <T>(rng: Rng, list: readonly T[]): T => list[Math.floor(rng() * list.length)]!;
const chance = (rng: Rng, p: number) => rng() < p;
function pickSome<T>(rng: Rng, list: readonly T[], n: number): T[] {
  const pool = [...list];
  const out: T[] = [];
  while (out.length < n && pool.length) out.push(pool.splice(Math.floor(rng() * pool.length), 1)[0]!);
  return out;
}
function randomBytes(rng: Rng, n: number): Uint8Array {
  const b = new Uint8Array(n);
  for (let i = 0; i < n; i++) b[i] = Math.floor(rng() * 256);
  return b;
}

/* ---------------- what people write about ---------------- */

const NAMES = ["Maya", "Jonas", "Priya", "Sam", "Grandma", "Leo", "Aiko", "Tomás", "Zoë", "Noah", "Fatima", "Ines"];
const PLACES = [
  "the park",
  "the lake",
  "the office",
  "the farmers market",
  "the library",
  "the old town",
  "the beach",
  "the café on the corner",
  "the trailhead",
  "the station",
];
const FOODS = [
  "ramen",
  "a lemon tart",
  "shakshuka",
  "pasta with basil",
  "dumplings",
  "a crêpe",
  "lentil soup",
  "tacos",
  "sourdough toast",
  "pho",
];
const ACTIVITIES = ["a long walk", "a 5k run", "yoga", "a swim", "a bike ride", "stretching", "climbing", "a hike"];
const BOOKS = [
  "a novel about the sea",
  "a book on habits",
  "a biography of Marie Curie",
  "poetry by Mary Oliver",
  "a sci-fi story",
  "a cookbook",
];
const FEELINGS = [
  "lighter",
  "calmer",
  "tired but content",
  "restless",
  "hopeful",
  "a bit anxious",
  "proud",
  "grateful",
  "drained",
  "curious",
];

type Theme =
  | "work"
  | "family"
  | "friends"
  | "health"
  | "exercise"
  | "food"
  | "travel"
  | "hobby"
  | "learning"
  | "reflection"
  | "gratitude"
  | "goals"
  | "weather"
  | "creative"
  | "productive";

const SENTENCES: Record<Theme, readonly string[]> = {
  work: [
    "The team meeting ran long and nobody agreed on the roadmap.",
    "I finally shipped the feature I had been fighting with all week.",
    "My manager asked for the report two days early, which threw off my plans.",
    "Spent most of the afternoon untangling a bug that turned out to be a typo.",
    "Had a good one-on-one with {name}; we talked about what comes next for me.",
    "The inbox never seems to get smaller, no matter how early I start.",
    "Presented the quarterly numbers and it went better than I feared.",
    "Worked from {place} today, which helped me focus.",
  ],
  family: [
    "Called {name} tonight and we laughed about old holidays.",
    "Dinner with the family was loud and warm and exactly what I needed.",
    "{name} is having a hard time and I am not sure how to help.",
    "We spent the afternoon sorting through old photos at Grandma's.",
    "The kids built a fort in the living room and refused to take it down.",
    "Visited my parents; Dad told the same story again and I didn't mind.",
    "Had an argument with {name} about something small that felt big.",
  ],
  friends: [
    "Met {name} at {place} and we talked for hours.",
    "Game night with friends; I lost every round and still had fun.",
    "{name} sent me a voice message that made my whole day.",
    "I have been meaning to reach out to {name} for weeks and finally did.",
    "Brunch with the usual crew, too much coffee and good gossip.",
    "Felt a little left out when I saw the photos from the party.",
  ],
  health: [
    "Woke up with a headache that didn't go away until the evening.",
    "Slept almost eight hours for the first time in a while.",
    "The doctor's appointment was reassuring, the results look fine.",
    "My back has been stiff all week; I need to sit less.",
    "Drank more water and skipped the second coffee; I feel {feeling}.",
    "Anxiety was loud today, so I tried the breathing exercise again.",
    "Took a nap in the afternoon and felt human again.",
  ],
  exercise: [
    "Did {activity} before breakfast and felt {feeling} afterwards.",
    "Legs are sore from yesterday, but I still went for {activity}.",
    "Beat my best time on the loop around {place}.",
    "Skipped the workout again; tomorrow, for real.",
    "Joined {name} for {activity}; having company makes it easier.",
  ],
  food: [
    "Cooked {food} from scratch and it actually turned out well.",
    "Tried the new place near {place}; the {food} was worth the wait.",
    "Ate lunch at my desk again, which I keep promising to stop doing.",
    "Baked bread this morning and the whole flat smelled wonderful.",
    "{name} taught me how to make {food}.",
  ],
  travel: [
    "The train to München was delayed but the views made up for it.",
    "Landed late, found the hotel, and walked around {place} in the dark.",
    "Packing always takes me longer than I expect.",
    "Got lost in the narrow streets and found the best little café.",
    "Spent the day exploring {place} with no plan at all.",
    "Flight home tomorrow; I am ready for my own bed.",
  ],
  hobby: [
    "Spent the evening in the garden; the tomatoes are finally red.",
    "Practiced guitar for an hour and the chord change is getting easier.",
    "Worked on the puzzle; only the sky pieces are left.",
    "Started knitting a scarf for {name}.",
    "Took photos at {place} in the golden hour light.",
  ],
  learning: [
    "Read a chapter of {book} before bed.",
    "Finished the online course module on statistics.",
    "Learned ten new Spanish words and forgot three of them.",
    "Watched a lecture about the history of maps and took notes.",
    "{name} explained how compound interest works and it finally clicked.",
  ],
  reflection: [
    "I keep noticing that I say yes to things I don't want to do.",
    "Looking back at this month, I have been kinder to myself.",
    "Wondering whether I am on the right path or just on a path.",
    "Some days are just ordinary, and that is fine.",
    "I felt {feeling} most of the day without knowing why.",
    "Writing this down helps me see that the worry was smaller than it seemed.",
  ],
  gratitude: [
    "Grateful for {name}, who always checks in.",
    "Three good things today: sunshine, {food}, and a quiet evening.",
    "Thankful that my body carried me through {activity}.",
    "Small win: the plant I almost killed has a new leaf.",
    "Grateful for a slow morning with nowhere to be.",
  ],
  goals: [
    "Set three goals for the week and wrote them on a sticky note.",
    "Halfway to my savings goal for the trip.",
    "I want to read twelve books this year; this is number {count}.",
    "Reviewed my goals and dropped one that no longer matters.",
    "Made a plan to get to bed by eleven every night this week.",
  ],
  weather: [
    "Rain all day; the kind that makes you want to stay under a blanket.",
    "First properly warm day of the year, everyone was outside.",
    "Snow in the morning, slush by noon.",
    "The storm kept me up half the night.",
    "Grey and windy, but the air felt clean.",
  ],
  creative: [
    "Wrote two pages of the short story I keep putting off.",
    "Sketched {place} from memory; the proportions are off but I like it.",
    "Played around with watercolours and made a mess, happily.",
    "Had an idea for a song on the way home and recorded it on my phone.",
  ],
  productive: [
    "Cleared the whole to-do list before lunch.",
    "Finally sorted the paperwork that has been sitting on my desk.",
    "Deep cleaned the kitchen and answered every email.",
    "Used the timer method and got four focused blocks done.",
  ],
};

const TITLES: Record<Theme, readonly string[]> = {
  work: ["Long day at work", "Deadline week", "A small win at work", "Meetings, meetings", "Shipped it"],
  family: ["Family dinner", "Calling home", "Sunday with family", "Old photos"],
  friends: ["Catching up with {name}", "Game night", "Brunch", "Friends"],
  health: ["Rest day", "Listening to my body", "Better sleep", "Doctor's visit"],
  exercise: ["Morning run", "Sore legs", "Moving again", "{activity}"],
  food: ["Cooking experiment", "{food}", "New restaurant", "Baking day"],
  travel: ["On the road", "Exploring {place}", "Travel day", "Home again"],
  hobby: ["Garden notes", "Guitar practice", "Weekend project"],
  learning: ["Learning something new", "Reading notes", "Course progress"],
  reflection: ["Thinking out loud", "Checking in with myself", "Ordinary day", "Looking back"],
  gratitude: ["Three good things", "Grateful", "Small joys"],
  goals: ["Weekly goals", "Progress check", "Plans"],
  weather: ["Rainy day", "Sunshine", "Storm"],
  creative: ["Creative hour", "Sketchbook", "Writing again"],
  productive: ["Productive day", "Getting things done"],
};

const THEMES = Object.keys(SENTENCES) as Theme[];
const MOOD_SHIFT: Record<Theme, number> = {
  work: -0.8,
  family: 0.6,
  friends: 1.2,
  health: -1,
  exercise: 0.8,
  food: 0.8,
  travel: 1.2,
  hobby: 1,
  learning: 0.5,
  reflection: -0.2,
  gratitude: 1.8,
  goals: 0.4,
  weather: 0,
  creative: 1,
  productive: 0.9,
};
const ABSTRACT_THEMES = ["stress", "connection", "rest", "growth", "balance", "self-care", "change", "routine"];
const CUSTOM_TAGS = ["garden", "book-club", "kids", "side-project", "therapy", "running", "café", "music"];
const POSITIVE_WORDS = ["joyful", "grateful", "content", "excited", "calm", "proud", "hopeful"];
const NEUTRAL_WORDS = ["reflective", "tired", "curious", "okay", "pensive", "restless"];
const NEGATIVE_WORDS = ["anxious", "sad", "frustrated", "stressed", "lonely", "overwhelmed"];
const LOCATIONS: readonly [string, number, number][] = [
  ["Home", 52.52, 13.405],
  ["Lisbon", 38.7223, -9.1393],
  ["Office", 52.5, 13.42],
  ["Tempelhofer Feld", 52.4731, 13.4039],
  ["München", 48.1351, 11.582],
  ["Kyoto", 35.0116, 135.7681],
  ["Brooklyn", 40.6782, -73.9442],
  ["Lake Tegel", 52.58, 13.26],
];
const SUMMARIES = [
  "Wrote about {a} and {b}; the overall tone was {mood}.",
  "A {mood} entry centred on {a}.",
  "Reflections on {a}, with some thoughts about {b}.",
  "The day revolved around {a}; feeling {mood}.",
];

function fill(rng: Rng, template: string): string {
  return template
    .replace(/\{name\}/gu, () => pick(rng, NAMES))
    .replace(/\{place\}/gu, () => pick(rng, PLACES))
    .replace(/\{food\}/gu, () => pick(rng, FOODS))
    .replace(/\{activity\}/gu, () => pick(rng, ACTIVITIES))
    .replace(/\{book\}/gu, () => pick(rng, BOOKS))
    .replace(/\{feeling\}/gu, () => pick(rng, FEELINGS))
    .replace(/\{count\}/gu, () => String(int(rng, 2, 11)));
}

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

interface SeedEntry {
  id: string;
  title: string;
  content: string;
  createdAt: Date;
  updatedAt: Date;
  mood: string | null;
  score: number | null;
  summary: string | null;
  themes: string | null;
  location: [string, number, number] | null;
  tags: string[];
  media: number;
}

function composeEntry(rng: Rng, createdAt: Date, localHour: number, weekend: boolean, mediaShare: number): SeedEntry {
  const themes = pickSome(rng, THEMES, int(rng, 1, 3));
  // Content: a few sentences per theme, sometimes in paragraphs.
  const sentences: string[] = [];
  for (const t of themes) for (let i = int(rng, 1, 4); i > 0; i--) sentences.push(fill(rng, pick(rng, SENTENCES[t])));
  if (chance(rng, 0.3)) sentences.push(fill(rng, pick(rng, SENTENCES.reflection)));
  const paragraphs: string[] = [];
  for (let i = 0; i < sentences.length;) {
    const n = int(rng, 2, 4);
    paragraphs.push(sentences.slice(i, i + n).join(" "));
    i += n;
  }
  let content = paragraphs.join("\n\n");
  if (chance(rng, 0.05))
    content += `\n\n• ${fill(rng, "{food}")}\n• ${fill(rng, "{activity}")}\n• call {name}`.replace(
      "{name}",
      pick(rng, NAMES),
    );
  if (chance(rng, 0.04)) content = `**${capitalize(pick(rng, FEELINGS))}.** ${content}`;

  const title = chance(rng, 0.08) ? "" : fill(rng, capitalize(pick(rng, TITLES[themes[0]!])));

  let raw = 5.6 + themes.reduce((a, t) => a + MOOD_SHIFT[t], 0) / themes.length + (rng() + rng() + rng() - 1.5) * 3;
  raw = Math.min(10, Math.max(1, raw));
  const analysed = !chance(rng, 0.08);
  const score = analysed ? (chance(rng, 0.6) ? Math.round(raw) : Math.round(raw * 10) / 10) : null;
  const band = score === null ? null : score >= 7 ? POSITIVE_WORDS : score >= 4 ? NEUTRAL_WORDS : NEGATIVE_WORDS;
  const mood = band ? pick(rng, band) : chance(rng, 0.3) ? pick(rng, NEUTRAL_WORDS) : null;

  const themeNames: string[] = [...themes];
  if (chance(rng, 0.5)) themeNames.push(pick(rng, ABSTRACT_THEMES));
  const summary =
    analysed && chance(rng, 0.9)
      ? capitalize(
          pick(rng, SUMMARIES)
            .replace("{a}", themeNames[0]!)
            .replace("{b}", themeNames[1] ?? pick(rng, ABSTRACT_THEMES))
            .replace("{mood}", mood ?? "mixed"),
        )
      : null;
  const aiThemes = analysed ? JSON.stringify([...new Set(themeNames)].slice(0, 3)) : null;

  const tags = new Set<string>();
  const tagCount = pick(rng, [0, 1, 1, 2, 2, 2, 3, 3, 4]);
  const suggested = SUGGESTED_TAGS as readonly string[];
  for (const t of themes) if (tags.size < tagCount && suggested.includes(t) && chance(rng, 0.8)) tags.add(t);
  while (tags.size < tagCount) {
    const r = rng();
    if (r < 0.15) tags.add(pick(rng, CUSTOM_TAGS));
    else if (r < 0.3)
      tags.add(weekend ? "weekend" : localHour < 11 ? "morning" : localHour >= 18 ? "evening" : pick(rng, suggested));
    else tags.add(pick(rng, suggested));
  }

  const edited = chance(rng, 0.1);
  const updatedAt = edited ? new Date(createdAt.getTime() + int(rng, 5, 72 * 60) * 60_000) : createdAt;
  const location = chance(rng, 0.2)
    ? (() => {
        const [name, lat, lng] = pick(rng, LOCATIONS);
        return [
          name,
          Math.round((lat + (rng() - 0.5) * 0.02) * 1e6) / 1e6,
          Math.round((lng + (rng() - 0.5) * 0.02) * 1e6) / 1e6,
        ] as [string, number, number];
      })()
    : null;
  const media = chance(rng, mediaShare) ? (chance(rng, 0.25) ? 2 : 1) : 0;
  const id = uuidv7({ msecs: createdAt.getTime(), random: randomBytes(rng, 16) });
  return {
    id,
    title,
    content,
    createdAt,
    updatedAt,
    mood,
    score,
    summary,
    themes: aiThemes,
    location,
    tags: [...tags],
    media,
  };
}

/** Local days (oldest first) with how many entries each gets: active runs and breaks, the last two weeks unbroken. */
function planDays(rng: Rng, count: number, today: string, span = 1095): string[] {
  const days: string[] = [];
  let active = true;
  let left = int(rng, 5, 30);
  for (let i = span; i >= 0; i--) {
    const day = addDaysToKey(today, -i);
    if (i <= 14 || active) days.push(day);
    if (--left <= 0) {
      active = !active;
      left = active ? int(rng, 4, 40) : int(rng, 1, 6);
    }
  }
  // Every recent day gets an entry first, then the rest spread over the active days (most recent first
  // when there are fewer entries than days).
  const recent = days.slice(-15);
  const out: string[] = [];
  for (let i = recent.length - 1; i >= 0 && out.length < count; i--) out.push(recent[i]!);
  while (out.length < count) out.push(days[Math.floor(rng() * days.length)]!);
  return out;
}

const LOCAL_MINUTES: readonly [number, number][] = [
  [6 * 60, 9 * 60],
  [12 * 60, 14 * 60],
  [18 * 60, 22 * 60],
  [22 * 60, 23 * 60 + 59],
];

/* ---------------- images ---------------- */

async function makeImages(rng: Rng, n: number): Promise<{ png: Buffer; webp: Buffer }[]> {
  const out: { png: Buffer; webp: Buffer }[] = [];
  for (let i = 0; i < n; i++) {
    const width = 96;
    const height = 64;
    const [r1, g1, b1, r2, g2, b2] = Array.from({ length: 6 }, () => int(rng, 0, 255));
    const pixels = Buffer.alloc(width * height * 3);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const t = (x + y) / (width + height);
        const o = (y * width + x) * 3;
        pixels[o] = Math.round(r1! * (1 - t) + r2! * t);
        pixels[o + 1] = Math.round(g1! * (1 - t) + g2! * t);
        pixels[o + 2] = Math.round(b1! * (1 - t) + b2! * t);
      }
    }
    const png = await sharp(pixels, { raw: { width, height, channels: 3 } })
      .png()
      .toBuffer();
    const webp = await sharp(png).resize(48).webp({ quality: 70 }).toBuffer();
    out.push({ png, webp });
  }
  return out;
}

/* ---------------- writing ---------------- */

export function resolveDbPath(url: string): string {
  return path.resolve(process.cwd(), url.replace(/^file:/u, ""));
}

export async function seed(options: SeedOptions): Promise<SeedResult> {
  const started = performance.now();
  const tz = options.tz ?? "UTC";
  if (!isValidTimeZone(tz)) throw new Error(`Unknown time zone: ${tz}`);
  if (!Number.isInteger(options.entries) || options.entries < 0)
    throw new Error("--entries must be a whole number of at least 0");
  const mediaShare = options.media ?? 0.05;
  if (!(mediaShare >= 0 && mediaShare <= 1)) throw new Error("--media must be between 0 and 1");
  const now = options.now ?? new Date();
  const rng = makeRng(options.seed ?? 42);
  const dbFile = resolveDbPath(options.dbFile);
  const uploads = path.resolve(options.uploadDir);

  if (isEncryptedJournal(dbFile)) {
    throw new Error(
      `${dbFile} is encrypted. Seed a plaintext journal, then turn encryption on (npm run journal:encrypt).`,
    );
  }
  migrate(dbFile);
  mkdirSync(uploads, { recursive: true });
  const db = new Database(dbFile, { timeout: 15_000 });
  db.pragma("foreign_keys = ON");
  try {
    const existing = (db.prepare(`SELECT count(*) AS n FROM "entries"`).get() as { n: number }).n;
    if (existing > 0 && !options.reset && !options.append) {
      throw new Error(
        `${dbFile} already has ${existing} entries. Pass --reset to delete them first, or --append to add to them.`,
      );
    }

    // Plan every entry first (all randomness in a fixed order), then write.
    const today = localDayKey(now, tz);
    const entries: SeedEntry[] = [];
    for (const day of planDays(rng, options.entries, today)) {
      const [from, to] = pick(rng, LOCAL_MINUTES);
      const start = startOfLocalDay(day, tz).getTime();
      let at = start + int(rng, from, to) * 60_000 + int(rng, 0, 59_999);
      if (at > now.getTime()) at = start + Math.floor(rng() * Math.max(1, now.getTime() - start));
      const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
      entries.push(
        composeEntry(
          rng,
          new Date(at),
          Math.floor((at - start) / 3_600_000),
          weekday === 0 || weekday === 6,
          mediaShare,
        ),
      );
    }
    entries.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : 1));

    const mediaTotal = entries.reduce((a, e) => a + e.media, 0);
    const images = await makeImages(rng, Math.min(mediaTotal, 48));
    const media: {
      id: string;
      entryId: string;
      storedName: string;
      thumbnailName: string;
      filename: string;
      size: number;
      createdAt: Date;
      image: number;
    }[] = [];
    for (const e of entries) {
      for (let i = 0; i < e.media; i++) {
        const createdAt = new Date(e.createdAt.getTime() + (i + 1) * 1000);
        const base = uuidv7({ msecs: createdAt.getTime(), random: randomBytes(rng, 16) });
        const image = int(rng, 0, images.length - 1);
        media.push({
          id: uuidv7({ msecs: createdAt.getTime(), random: randomBytes(rng, 16) }),
          entryId: e.id,
          storedName: `${base}.png`,
          thumbnailName: `${base}.thumb.webp`,
          filename: `${pick(rng, ["IMG", "PXL", "photo", "scan"])}_${String(int(rng, 1, 9999)).padStart(4, "0")}.png`,
          size: images[image]!.png.length,
          createdAt,
          image,
        });
      }
    }

    const removeFiles: string[] = [];
    if (options.reset) {
      for (const r of db.prepare(`SELECT stored_name AS s, thumbnail_name AS t FROM "media_files"`).all() as {
        s: string;
        t: string | null;
      }[]) {
        removeFiles.push(r.s);
        if (r.t) removeFiles.push(r.t);
      }
    }

    const insertEntry = db.prepare(
      `INSERT INTO "entries" ("id", "title", "content", "created_at", "updated_at", "mood", "ai_mood_score", "ai_summary", "ai_themes", "location_name", "location_lat", "location_lng", "word_count")
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    const insertTag = db.prepare(`INSERT INTO "tags" ("name") VALUES (?) ON CONFLICT ("name") DO NOTHING`);
    const tagId = db.prepare(`SELECT "id" FROM "tags" WHERE "name" = ?`).pluck();
    const insertLink = db.prepare(`INSERT INTO "entry_tags" ("entry_id", "tag_id") VALUES (?, ?)`);
    const insertMedia = db.prepare(
      `INSERT INTO "media_files" ("id", "entry_id", "file_type", "filename", "stored_name", "mime_type", "size", "thumbnail_name", "created_at")
       VALUES (?, ?, 'image', ?, ?, 'image/png', ?, ?, ?)`,
    );

    db.transaction(() => {
      if (options.reset) {
        db.exec(`DELETE FROM "entries"; DELETE FROM "tags";`);
      }
      // Tag links go in just before their entry (foreign keys are checked at COMMIT), so the entry's
      // insert trigger indexes title, content, tags and summary in one go instead of once per tag.
      db.pragma("defer_foreign_keys = ON");
      const ids = new Map<string, number>();
      for (const e of entries) {
        for (const name of e.tags) {
          let id = ids.get(name);
          if (id === undefined) {
            insertTag.run(name);
            id = tagId.get(name) as number;
            ids.set(name, id);
          }
          insertLink.run(e.id, id);
        }
        insertEntry.run(
          e.id,
          e.title,
          e.content,
          sqlInstant(e.createdAt),
          sqlInstant(e.updatedAt),
          e.mood,
          e.score,
          e.summary,
          e.themes,
          e.location?.[0] ?? null,
          e.location?.[1] ?? null,
          e.location?.[2] ?? null,
          wordCount(e.content),
        );
      }
      for (const m of media)
        insertMedia.run(m.id, m.entryId, m.filename, m.storedName, m.size, m.thumbnailName, sqlInstant(m.createdAt));
    })();

    for (const f of removeFiles) rmSync(path.join(uploads, path.basename(f)), { force: true });
    for (const m of media) {
      writeFileSync(path.join(uploads, m.storedName), images[m.image]!.png);
      writeFileSync(path.join(uploads, m.thumbnailName), images[m.image]!.webp);
    }

    const count = (sql: string) => (db.prepare(sql).get() as { n: number }).n;
    return {
      entries: count(`SELECT count(*) AS n FROM "entries"`),
      tags: count(`SELECT count(*) AS n FROM "tags"`),
      entryTags: count(`SELECT count(*) AS n FROM "entry_tags"`),
      mediaFiles: count(`SELECT count(*) AS n FROM "media_files"`),
      withScore: count(`SELECT count(*) AS n FROM "entries" WHERE "ai_mood_score" IS NOT NULL`),
      days: new Set(entries.map((e) => localDayKey(e.createdAt, tz))).size,
      ms: Math.round(performance.now() - started),
    };
  } finally {
    db.close();
  }
}

/* ---------------- command line ---------------- */

function parseArgs(argv: string[]): SeedOptions {
  const get = (name: string) => {
    const i = argv.indexOf(`--${name}`);
    if (i === -1) return undefined;
    const v = argv[i + 1];
    if (v === undefined || v.startsWith("--")) throw new Error(`--${name} needs a value`);
    return v;
  };
  const known = new Set(["entries", "db", "uploads", "seed", "media", "tz", "now", "reset", "append"]);
  for (const a of argv) if (a.startsWith("--") && !known.has(a.slice(2))) throw new Error(`Unknown option ${a}`);
  const num = (name: string, fallback: number) => {
    const v = get(name);
    if (v === undefined) return fallback;
    const n = Number(v);
    if (!Number.isFinite(n)) throw new Error(`--${name} must be a number`);
    return n;
  };
  const nowText = get("now");
  const now = nowText === undefined ? undefined : new Date(nowText);
  if (now && Number.isNaN(now.getTime())) throw new Error("--now must be an ISO date-time");
  return {
    entries: num("entries", 1000),
    dbFile: get("db") ?? process.env.DATABASE_URL ?? "file:./data/journal.db",
    uploadDir: get("uploads") ?? process.env.UPLOAD_DIR ?? "./uploads",
    seed: num("seed", 42),
    media: num("media", 0.05),
    tz: get("tz") ?? "UTC",
    now,
    reset: argv.includes("--reset"),
    append: argv.includes("--append"),
  };
}

const isMain = process.argv[1] !== undefined && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href;
if (isMain) {
  try {
    const options = parseArgs(process.argv.slice(2));
    const r = await seed(options);
    console.log(
      `Seeded ${resolveDbPath(options.dbFile)}: ${r.entries} entries on ${r.days} days, ${r.tags} tags (${r.entryTags} links), ` +
        `${r.withScore} with a mood score, ${r.mediaFiles} media files in ${path.resolve(options.uploadDir)}. Took ${(r.ms / 1000).toFixed(2)} s.`,
    );
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    process.exitCode = 1;
  }
}
