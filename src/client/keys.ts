/** Query keys, in one place so that invalidations match what screens read. */
export const qk = {
  entries: ["entries"] as const,
  entryList: (filters: unknown) => ["entries", "list", filters] as const,
  /** The Timeline's paged list (an infinite query: its data has pages, unlike entryList). */
  timeline: (filters: unknown) => ["entries", "timeline", filters] as const,
  entry: (id: string) => ["entries", "detail", id] as const,
  calendar: (month: string, tz: string) => ["entries", "calendar", month, tz] as const,
  tags: ["entries", "tags"] as const,
  statistics: ["statistics"] as const,
  insights: ["insights"] as const,
  config: ["config"] as const,
  models: ["config", "models"] as const,
  storage: ["storage"] as const,
  safetyPlan: ["safety-plan"] as const,
  backups: ["backups"] as const,
  trash: ["trash"] as const,
  encryption: ["encryption"] as const,
};
