/**
 * Rules of writing offline that need no I/O: whether an edit sent again after a lost answer is
 * already what the journal holds.
 */

/** A value as stored or as an edit would write it. */
export type SyncValue = string | number | boolean | null | Date | readonly string[];

function sameValue(stored: SyncValue | undefined, wanted: SyncValue): boolean {
  if (wanted instanceof Date || stored instanceof Date) {
    if (!(wanted instanceof Date) || !(stored instanceof Date)) return false;
    return stored.getTime() === wanted.getTime();
  }
  if (Array.isArray(wanted) || Array.isArray(stored)) {
    if (!Array.isArray(wanted) || !Array.isArray(stored)) return false;
    if (wanted.length !== stored.length) return false;
    const a = [...(stored as readonly string[])].sort();
    const b = [...(wanted as readonly string[])].sort();
    return a.every((v, i) => v === b[i]);
  }
  return (stored ?? null) === wanted;
}

/**
 * True when every field the edit writes already holds the value it would write: the stored entry
 * is this edit (sent again after its answer was lost), so a stale `base_updated_at` is no conflict.
 * Instants compare by their millisecond, lists (tags) as sets; fields the edit leaves out are not compared.
 */
export function holdsEdit(
  stored: Readonly<Record<string, SyncValue | undefined>>,
  wanted: Readonly<Record<string, SyncValue | undefined>>,
): boolean {
  return Object.entries(wanted).every(([key, value]) => value === undefined || sameValue(stored[key], value));
}

/**
 * The `updated_at` a write gives an entry: now, but always after the one it had, so that two edits in
 * the same millisecond still differ and a device's stale base is always seen as stale.
 */
export function nextUpdatedAt(previous: Date | null, now: Date): Date {
  if (previous && now.getTime() <= previous.getTime()) return new Date(previous.getTime() + 1);
  return now;
}
