import "server-only";
import { ExportedEntrySchema, JOURNAL_FORMAT, JOURNAL_FORMAT_VERSION, JournalFileSchema, SAFE_ID_RE } from "@/contracts/data";
import { ExportedSafetyPlanSchema, type ExportedSafetyPlan } from "@/contracts/safety-plan";
import { APP_NAME } from "@/domain/constants";
import { readingModelName } from "@/domain/models";
import { keptQuestions } from "@/domain/reflection";
import { badRequest } from "@/server/http/errors";
import type { MediaCandidate, SourceItem } from "../candidate";

/** The safety plan of an export, or why it cannot be read. */
export type SafetyPlanItem = { ok: true; plan: ExportedSafetyPlan } | { ok: false; reason: string };

function safetyPlanItem(raw: unknown): SafetyPlanItem {
  const parsed = ExportedSafetyPlanSchema.safeParse(raw);
  if (parsed.success) return { ok: true, plan: parsed.data };
  const issue = parsed.error.issues[0];
  return { ok: false, reason: `It is not a valid safety plan (${issue?.path.join(".") || "safety_plan"}: ${issue?.message ?? "invalid"}).` };
}

/** Is this parsed JSON a journal.json of ours? */
export const isReverieJournal = (data: unknown) =>
  typeof data === "object" && data !== null && (data as { format?: unknown }).format === JOURNAL_FORMAT;

/**
 * Our own export: every field kept as it was (ids, dates, mood, AI fields, location, tags), media by
 * their path in the archive. `hasFile` says whether the archive holds a path (false without an archive).
 */
export function reverieItems(
  data: unknown,
  hasFile: (path: string) => boolean,
): {
  items: SourceItem[];
  config: Record<string, string>;
  safetyPlan?: SafetyPlanItem;
  checkins?: { checkins: unknown[]; activities: unknown[] };
  templates?: unknown[];
  memory?: unknown[];
} {
  const parsed = JournalFileSchema.safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw badRequest(`journal.json is not a valid ${APP_NAME} export (${issue?.path.join(".") || "file"}: ${issue?.message ?? "invalid"}).`);
  }
  const journal = parsed.data;
  if (journal.version > JOURNAL_FORMAT_VERSION) {
    throw badRequest(`This export was made by a newer version of ${APP_NAME} (format ${journal.version}); update the app to import it.`);
  }
  const items = journal.entries.map((raw, i): SourceItem => {
    const e = ExportedEntrySchema.safeParse(raw);
    if (!e.success) {
      const rawId = (raw as { id?: unknown } | null)?.id;
      const label = typeof rawId === "string" && SAFE_ID_RE.test(rawId) ? rawId : `entry #${i + 1}`;
      const issue = e.error.issues[0];
      return { ok: false, label, reason: `It is not a valid entry (${issue?.path.join(".") || "entry"}: ${issue?.message ?? "invalid"}).` };
    }
    const x = e.data;
    const media: MediaCandidate[] = x.media_files.map((m) => {
      const inArchive = m.path !== null && m.path.startsWith("media/") && hasFile(m.path);
      return { id: m.id, archivePath: inArchive ? m.path : null, filename: m.filename, declaredType: m.mime_type, createdAt: new Date(m.created_at) };
    });
    return {
      ok: true,
      entry: {
        id: x.id,
        title: x.title,
        content: x.content,
        createdAt: new Date(x.created_at),
        updatedAt: new Date(x.updated_at),
        mood: x.mood,
        aiMoodScore: x.ai_mood_score,
        aiSummary: x.ai_summary,
        aiThemes: x.ai_themes,
        aiModel: readingModelName(x.ai_model),
        aiQuestions: keptQuestions(x.ai_questions),
        locationName: x.location_name,
        locationLat: x.location_lat,
        locationLng: x.location_lng,
        conflictOf: x.conflict_of ?? null,
        tags: x.tags,
        media,
        warnings: [],
      },
    };
  });
  const checkins = journal.checkins || journal.checkin_activities ? { checkins: journal.checkins ?? [], activities: journal.checkin_activities ?? [] } : undefined;
  return {
    items,
    config: journal.config,
    ...(journal.safety_plan === undefined ? {} : { safetyPlan: safetyPlanItem(journal.safety_plan) }),
    ...(checkins ? { checkins } : {}),
    ...(journal.templates ? { templates: journal.templates } : {}),
    ...(journal.memory ? { memory: journal.memory } : {}),
  };
}
