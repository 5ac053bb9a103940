/**
 * Rules of Recently deleted without I/O: when a deleted entry is gone for good, and the short text the
 * list shows for it.
 */
import { stripMarkers } from "./richtext-parse";

/** How long a deleted entry stays in Recently deleted before it is gone for good. */
export const TRASH_RETENTION_DAYS = 30;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The instant a deleted entry is purged: 30 days after it was deleted. */
export function purgeAt(deletedAt: Date): Date {
  return new Date(deletedAt.getTime() + TRASH_RETENTION_DAYS * DAY_MS);
}

/** Entries deleted before this instant are purged at `now`. */
export function purgeCutoff(now: Date): Date {
  return new Date(now.getTime() - TRASH_RETENTION_DAYS * DAY_MS);
}

/** Whole days left before a deleted entry is purged (0 on its last day), never negative. */
export function daysLeft(deletedAt: Date, now: Date): number {
  return Math.max(0, Math.ceil((purgeAt(deletedAt).getTime() - now.getTime()) / DAY_MS) - 1);
}

/** "Deleted for good in 12 days", "... tomorrow", "... today". */
export function purgeLabel(deletedAt: Date, now: Date): string {
  const d = daysLeft(deletedAt, now);
  if (d <= 0) return "Deleted for good today";
  if (d === 1) return "Deleted for good tomorrow";
  return `Deleted for good in ${d} days`;
}

/** The first words of an entry's text without markers, on one line. */
export function trashExcerpt(content: string, max = 140): string {
  const flat = stripMarkers(content).replace(/\s+/gu, " ").trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max);
  const space = cut.lastIndexOf(" ");
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
