/**
 * Reminders to write: the schedule (settings in the Config table), the private calendar feed and
 * whether anything was written today (for the in-app nudge).
 *
 * The feed must answer while the journal is locked or sealed: a calendar app has no passcode and no
 * passphrase, and an encrypted journal cannot be read at all until someone unlocks it. So the feed
 * never reads the journal database. What it needs is published to a small plain file beside the
 * database (`<db>.reminders.json`, mode 0600): the SHA-256 of the token (not the token), the days, the
 * time and the zone. None of it is journal content. The token itself is kept in the Config table under
 * a secret-looking key, so GET /api/config and exports never show it; Settings reads it from here.
 *
 * The published file follows the settings: every save, every reset of the link, a reset of the
 * settings, Clear All Data, and every read of the reminder settings rewrite it when it differs.
 */
import "server-only";
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { readFile, rename, rm, writeFile } from "node:fs/promises";
import { localDayKey, startOfLocalDay, startOfNextLocalDay } from "@/domain/dates";
import { reminderCalendar } from "@/domain/ics";
import {
  REMINDER_KEYS,
  orderDays,
  scheduleFromConfig,
  scheduleToConfig,
  type ReminderSchedule,
} from "@/domain/reminders";
import type { ReminderSettingsDto, ReminderTodayDto } from "@/contracts/reminders";
import { getConfig, getConfigValue, setConfig } from "@/server/config/service";
import { db } from "@/server/db/client";
import { storageLayout } from "@/server/storage/paths";

/** Secret-looking (see isSecretConfigKey): never answered by GET /api/config, never exported, never set by PUT. */
export const FEED_TOKEN_KEY = "reminders.feed_token";
/** 32 random bytes (256 bits), base64url: 43 characters. */
const TOKEN_BYTES = 32;
export const FEED_TOKEN_RE = /^[A-Za-z0-9_-]{43}$/u;

export const feedPath = (token: string) => `/api/reminders/feed/${token}.ics`;

interface PublishedFeed {
  version: 1;
  token_sha256: string;
  schedule: ReminderSchedule;
}

const sha256 = (s: string) => createHash("sha256").update(s).digest();

/** The published feed beside the database. */
export function feedFilePath(): string {
  return `${storageLayout().dbFile}.reminders.json`;
}

async function readPublished(): Promise<PublishedFeed | null> {
  try {
    const raw = JSON.parse(await readFile(feedFilePath(), "utf8")) as Partial<PublishedFeed>;
    if (raw?.version !== 1 || typeof raw.token_sha256 !== "string" || !raw.schedule) return null;
    return raw as PublishedFeed;
  } catch {
    return null;
  }
}

async function publish(feed: PublishedFeed | null): Promise<void> {
  const file = feedFilePath();
  if (!feed) {
    await rm(file, { force: true });
    return;
  }
  const tmp = `${file}.${process.pid}.tmp`;
  await writeFile(tmp, JSON.stringify(feed), { mode: 0o600 });
  await rename(tmp, file);
}

function newToken(): string {
  return randomBytes(TOKEN_BYTES).toString("base64url");
}

async function storedToken(): Promise<string | null> {
  const t = await getConfigValue(FEED_TOKEN_KEY);
  return t && FEED_TOKEN_RE.test(t) ? t : null;
}

/** Rewrites the published file from the settings when it differs (or removes it when there is no token). */
async function syncWith(schedule: ReminderSchedule, token: string | null): Promise<void> {
  const want: PublishedFeed | null = token
    ? { version: 1, token_sha256: sha256(token).toString("hex"), schedule }
    : null;
  const have = await readPublished();
  if (JSON.stringify(have) !== JSON.stringify(want)) await publish(want);
}

/** Brings the published feed in line with the stored settings (after a reset, an import, Clear All Data). */
export async function syncReminderFeed(): Promise<void> {
  await syncWith(scheduleFromConfig(await getConfig()), await storedToken());
}

async function settingsDto(schedule: ReminderSchedule, token: string): Promise<ReminderSettingsDto> {
  await syncWith(schedule, token);
  return {
    enabled: schedule.enabled,
    days: schedule.days,
    time: schedule.time,
    tz: schedule.tz,
    feed_path: feedPath(token),
  };
}

/** The settings, with the feed's path (a token is made on first use). */
export async function getReminders(): Promise<ReminderSettingsDto> {
  let token = await storedToken();
  if (!token) {
    token = newToken();
    await setConfig({ [FEED_TOKEN_KEY]: token });
  }
  return settingsDto(scheduleFromConfig(await getConfig()), token);
}

export async function saveReminders(
  input: Pick<ReminderSchedule, "enabled" | "days" | "time" | "tz">,
  now = new Date(),
): Promise<ReminderSettingsDto> {
  const schedule: ReminderSchedule = {
    enabled: input.enabled,
    days: orderDays(input.days),
    time: input.time,
    tz: input.tz,
    since: localDayKey(now, input.tz),
  };
  const token = (await storedToken()) ?? newToken();
  await setConfig({ ...scheduleToConfig(schedule), [FEED_TOKEN_KEY]: token });
  return settingsDto(schedule, token);
}

/** A new link: the old one answers 404 from this moment. */
export async function resetFeedLink(): Promise<ReminderSettingsDto> {
  const token = newToken();
  await setConfig({ [FEED_TOKEN_KEY]: token });
  return settingsDto(scheduleFromConfig(await getConfig()), token);
}

/**
 * The calendar for a presented token, or null when it is not the current one. Reads only the
 * published file: works while the journal is locked or sealed, and reveals nothing of it.
 */
export async function reminderFeed(presented: string, appUrl: string, now = new Date()): Promise<string | null> {
  if (!FEED_TOKEN_RE.test(presented)) return null;
  const feed = await readPublished();
  if (!feed || !/^[0-9a-f]{64}$/u.test(feed.token_sha256)) return null;
  // Both sides are 32-byte digests: compared in constant time.
  if (!timingSafeEqual(sha256(presented), Buffer.from(feed.token_sha256, "hex"))) return null;
  // The published values are read back through the settings' own checks.
  const p = feed.schedule;
  const s = scheduleFromConfig({
    [REMINDER_KEYS.enabled]: String(p.enabled),
    [REMINDER_KEYS.days]: Array.isArray(p.days) ? p.days.join(",") : "",
    [REMINDER_KEYS.time]: String(p.time),
    [REMINDER_KEYS.tz]: String(p.tz),
    [REMINDER_KEYS.since]: typeof p.since === "string" ? p.since : undefined,
  });
  // The calendar changes only with the schedule, the address and the local day: built once per day.
  const key = `${JSON.stringify(s)}|${appUrl}|${feed.token_sha256}|${localDayKey(now, s.tz)}`;
  const hit = builtFeeds.get(key);
  if (hit !== undefined) return hit;
  const body = reminderCalendar({ schedule: s, appUrl, uid: `${feed.token_sha256.slice(0, 24)}@reverie`, now });
  if (builtFeeds.size >= 16) builtFeeds.clear();
  builtFeeds.set(key, body);
  return body;
}

/** Calendars already built today (a handful: one per address the app is reached at). */
const builtFeeds = new Map<string, string>();

/** Whether an entry or a check-in falls on a local day. */
export async function wroteOn(day: string, tz: string): Promise<ReminderTodayDto> {
  const start = startOfLocalDay(day, tz);
  const end = startOfNextLocalDay(day, tz);
  const prisma = await db();
  const [entry, checkin] = await Promise.all([
    prisma.entry.findFirst({ where: { createdAt: { gte: start, lt: end } }, select: { id: true } }),
    prisma.checkIn.findFirst({ where: { at: { gte: start, lt: end } }, select: { id: true } }),
  ]);
  return { date: day, wrote: entry !== null || checkin !== null };
}

/** The app's address as the request reached it (a proxy's X-Forwarded-Proto/-Host first; hosts are checked earlier). */
export function appUrlOf(req: Request): string {
  const url = new URL(req.url);
  const first = (v: string | null) => v?.split(",")[0]?.trim() || null;
  const proto = first(req.headers.get("x-forwarded-proto")) ?? url.protocol.replace(/:$/u, "");
  const host = first(req.headers.get("x-forwarded-host")) ?? req.headers.get("host") ?? url.host;
  return `${proto === "https" ? "https" : "http"}://${host}/`;
}
