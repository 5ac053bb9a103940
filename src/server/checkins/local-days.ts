import "server-only";

/**
 * Local days of many instants at the cost of arithmetic. The zone's offset from UTC is constant
 * between its transitions (summer time, law changes): they are found once per zone and year (a probe
 * a week, then a bisection to the second) and kept, and an instant's local day is the instant plus
 * the offset of its segment, in whole days. Days are numbered from 1970-01-01 (day 0).
 */

const MS_PER_DAY = 86_400_000;
const PROBE_MS = 7 * MS_PER_DAY;

const offsetFormats = new Map<string, Intl.DateTimeFormat>();

/** The zone's offset from UTC at an instant, in milliseconds ("GMT+05:30" is 19,800,000). */
export function offsetAt(tz: string, ms: number): number {
  let f = offsetFormats.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", { timeZone: tz, timeZoneName: "longOffset" });
    offsetFormats.set(tz, f);
  }
  const name = f.formatToParts(ms).find((p) => p.type === "timeZoneName")?.value ?? "GMT";
  const m = /^GMT([+-])(\d{2}):(\d{2})(?::(\d{2}))?$/u.exec(name);
  if (!m) return 0;
  const abs = (Number(m[2]) * 3600 + Number(m[3]) * 60 + Number(m[4] ?? 0)) * 1000;
  return m[1] === "-" ? -abs : abs;
}

/** Where the offset is constant: each segment starts at `start` (the first one at -Infinity) and runs to the next. */
export interface OffsetSegment {
  start: number;
  offset: number;
}

/** The transitions of one UTC year, kept per zone: a zone's rules do not change while the app runs. */
const yearCache = new Map<string, OffsetSegment[]>();
const MAX_CACHED_YEARS = 4000;

function yearSegments(tz: string, year: number): OffsetSegment[] {
  const key = `${tz}|${year}`;
  const cached = yearCache.get(key);
  if (cached) return cached;
  const from = Date.UTC(year, 0, 1);
  const to = Date.UTC(year + 1, 0, 1) - 1;
  const out: OffsetSegment[] = [{ start: from, offset: offsetAt(tz, from) }];
  let prevMs = from;
  let prev = out[0]!.offset;
  for (let t = Math.min(from + PROBE_MS, to); ; t = Math.min(t + PROBE_MS, to)) {
    const here = offsetAt(tz, t);
    if (here !== prev) {
      // Bisect (prevMs, t] to the first second with the new offset.
      let lo = prevMs;
      let hi = t;
      while (hi - lo > 1000) {
        const mid = lo + Math.floor((hi - lo) / 2000) * 1000;
        if (mid <= lo) break;
        if (offsetAt(tz, mid) === prev) lo = mid;
        else hi = mid;
      }
      out.push({ start: hi, offset: here });
      prev = here;
    }
    prevMs = t;
    if (t >= to) break;
  }
  if (yearCache.size >= MAX_CACHED_YEARS) yearCache.clear();
  yearCache.set(key, out);
  return out;
}

/** The zone's offsets over [from, to] (milliseconds since 1970), from the first year's start to the last's end. */
export function offsetSegments(tz: string, from: number, to: number): OffsetSegment[] {
  const first = Math.max(1, new Date(from).getUTCFullYear());
  const last = Math.min(9999, Math.max(first, new Date(to).getUTCFullYear()));
  const out: OffsetSegment[] = [];
  for (let y = first; y <= last; y++) {
    for (const s of yearSegments(tz, y)) {
      if (!out.length) out.push({ start: -Infinity, offset: s.offset });
      else if (out[out.length - 1]!.offset !== s.offset) out.push(s);
    }
  }
  return out;
}

/** The local day number (0 is 1970-01-01) of an instant, given the zone's segments (binary search). */
export function localDayNumber(segments: readonly OffsetSegment[], ms: number): number {
  let lo = 0;
  let hi = segments.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (segments[mid]!.start <= ms) lo = mid;
    else hi = mid - 1;
  }
  return Math.floor((ms + segments[lo]!.offset) / MS_PER_DAY);
}

/** "YYYY-MM-DD" of a day number (0 is 1970-01-01). */
export function dayNumberKey(n: number): string {
  return new Date(n * MS_PER_DAY).toISOString().slice(0, 10);
}
