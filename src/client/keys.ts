/** Query keys, in one place so that invalidations match what screens read. No screen writes a key of its own. */
export const qk = {
  entries: ["entries"] as const,
  entryList: (filters: unknown) => ["entries", "list", filters] as const,
  /** The Timeline's paged list (an infinite query: its data has pages, unlike entryList). */
  timeline: (filters: unknown) => ["entries", "timeline", filters] as const,
  /** Every Timeline list, whatever its filters. */
  timelines: ["entries", "timeline"] as const,
  /** The one-row query that tells whether the journal has entries (and how many). */
  journalSize: ["entries", "size"] as const,
  entry: (id: string) => ["entries", "detail", id] as const,
  calendar: (month: string, tz: string) => ["entries", "calendar", month, tz] as const,
  tags: ["entries", "tags"] as const,
  onThisDay: (today: string, tz: string) => ["entries", "on-this-day", today, tz] as const,
  statistics: ["statistics"] as const,
  /** The reviews made (a map of period to entry, with the days each links to). */
  reviews: ["reviews"] as const,
  /** Check-ins, their figures (often together, Year in Pixels) and the activity chips. */
  checkins: ["checkins"] as const,
  checkinList: (from: string, to: string, tz: string) => ["checkins", "list", from, to, tz] as const,
  correlations: (from: string, to: string, tz: string) => ["checkins", "correlations", from, to, tz] as const,
  pixels: (year: number, tz: string) => ["checkins", "pixels", year, tz] as const,
  activities: ["checkins", "activities"] as const,
  insights: ["insights"] as const,
  patterns: (start: string, end: string, tz: string) => ["insights", "patterns", start, end, tz] as const,
  growth: (start: string, end: string, tz: string) => ["insights", "growth", start, end, tz] as const,
  config: ["config"] as const,
  models: ["config", "models"] as const,
  /** Cloud models the person allowed (under config, so a settings reset reloads it). */
  consents: ["config", "consents"] as const,
  storage: ["storage"] as const,
  safetyPlan: ["safety-plan"] as const,
  /** Templates for new entries (built-ins and the person's own). */
  templates: ["templates"] as const,
  /** The reminder schedule and feed link (under config, so a settings reset reloads it). */
  reminders: ["config", "reminders"] as const,
  /** Whether something was written on a local day (under entries: every save and check-in reloads it). */
  wroteToday: (day: string, tz: string) => ["entries", "wrote-today", day, tz] as const,
  backups: ["backups"] as const,
  trash: ["trash"] as const,
  encryption: ["encryption"] as const,
  authStatus: ["auth-status"] as const,
  /** What this browser keeps for reading offline (its size). */
  readingCopy: ["device", "reading-copy"] as const,
};
