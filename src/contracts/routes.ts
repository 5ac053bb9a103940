/**
 * The API as the browser calls it: one line per route, "METHOD /path" (the path as under src/app/api,
 * with its [params]) to what it answers, what body it takes and what query. Request types come from the
 * zod schemas the route parses (their input side), answers from the DTOs the route returns. The browser
 * imports this module for its types only (zod stays on the server); the typed caller in
 * src/client/routes.ts turns a key into the request, so a call cannot name a path, a method or an
 * answer the table does not hold. A test holds the table against src/server/http/route-policy.ts.
 *
 * A new route: one line here, then `call("METHOD /path", ...)` in its resource module under src/client.
 */
import type { z } from "zod";
import type {
  AnalyzeImageRequestSchema,
  AnalyzePsychologicalImageRequestSchema,
  AnalyzeTextRequestSchema,
  AnalyzeImageResponse,
  AnalyzeTextResponse,
  ChatRequestSchema,
  CrisisCheckDto,
  DetectCrisisRequestSchema,
  GrowthInsightsResponse,
  InsightsRequestSchema,
  InsightsResponse,
  MotivationalSupportRequestSchema,
  MotivationalSupportResponse,
  PsychologicalImageResponse,
  SummarizeConversationRequestSchema,
  SummarizeConversationResponse,
  TranscribeAudioResponse,
  TranscriptionSetupDto,
} from "./ai";
import type { AskRequestSchema, AskResponse, EmbeddingProgressDto } from "./ask";
import type { AuthStatusDto, LoginSchema } from "./auth";
import type { ReviewAnswerDto, ReviewListDto, ReviewRequestSchema } from "./reviews";
import type {
  ReminderSettingsDto,
  ReminderSettingsSchema,
  ReminderTodayDto,
  ReminderTodayQuerySchema,
} from "./reminders";
import type {
  ActivityCreateSchema,
  ActivityDto,
  ActivityUpdateSchema,
  CheckInCreateSchema,
  CheckInDto,
  CheckInRangeQuerySchema,
  CheckInUpdateSchema,
  CorrelationsDto,
  PixelsDto,
  PixelsQuerySchema,
} from "./checkins";
import type { BackupStatusDto, RestoreResultDto as SnapshotRestoreDto, SnapshotDto } from "./backups";
import type {
  CloudConsentRequestSchema,
  CloudConsentsDto,
  ConfigDto,
  ConfigSetSchema,
  ConfigureModelSchema,
  ModelsDto,
  ModelTestResultDto,
} from "./config";
import type {
  ClearRequestSchema,
  ClearResultDto,
  BookQuerySchema,
  EncryptedExportSchema,
  ImportFromUploadSchema,
  MarkdownExportQuerySchema,
  ImportReportDto,
  ImportUploadDto,
} from "./data";
import type {
  ChangePassphraseSchema,
  DisableEncryptionSchema,
  EnableEncryptionSchema,
  EncryptionStatusDto,
  UnlockSchema,
} from "./encryption";
import type {
  CalendarMonthDto,
  CalendarQuerySchema,
  EntryCreateSchema,
  EntryDto,
  EntryListQuerySchema,
  EntryPageDto,
  EntryUpdateSchema,
  MediaFileDto,
  StatisticsDto,
  StatisticsQuerySchema,
  TagCountDto,
} from "./entries";
import type { OnThisDayDto, OnThisDayQuerySchema, StorageUsageDto } from "./home";
import type { SafetyPlanDto } from "./safety-plan-constants";
import type { SafetyPlanInputSchema } from "./safety-plan";
import type {
  MemoryDto,
  MemoryFactCreateSchema,
  MemoryFactDto,
  MemoryFactUpdateSchema,
  MemoryProposalsDto,
  MemoryProposeSchema,
  MemorySettingsSchema,
} from "./memory";
import type { TemplateCreateSchema, TemplateDto, TemplateUpdateSchema } from "./templates";
import type { EmptyTrashSchema, PurgeResultDto, RestoreResultDto, TrashListDto } from "./trash";

/** What a route answers (`response`), takes as its body (`body`) and as its query (`query`); types only. */
export interface ApiRoute<Res, Body, Query> {
  readonly response: Res;
  readonly body: Body;
  readonly query: Query;
}
/** A route's line in the table (the value is empty: only its type and its key matter). */
const r = <Res, Body = undefined, Query = undefined>() => ({}) as ApiRoute<Res, Body, Query>;
type In<S extends z.ZodType> = z.input<S>;

/** A route that answers a stream or a file: read with `routeUrl` and fetch, never as JSON. */
export type RawResponse = Response;
/** The short answer of a write that returns nothing else. */
export interface SuccessDto {
  success: boolean;
}
export interface SafetyPlanAnswerDto {
  plan: SafetyPlanDto;
}
/** summarize-conversation answers a summary, or a failure the model reported. */
type SummaryAnswer = SummarizeConversationResponse | { success?: false; error?: string };

export const API_ROUTES = {
  // ---------- entries and their media
  "GET /entries": r<EntryPageDto, undefined, In<typeof EntryListQuerySchema>>(),
  "POST /entries": r<EntryDto, In<typeof EntryCreateSchema>>(),
  "GET /entries/[id]": r<EntryDto>(),
  "PUT /entries/[id]": r<EntryDto, In<typeof EntryUpdateSchema>>(),
  "DELETE /entries/[id]": r<SuccessDto>(),
  "POST /entries/[id]/media": r<MediaFileDto, FormData>(),
  "DELETE /entries/[id]/media/[mediaId]": r<SuccessDto>(),
  "GET /entries/calendar": r<CalendarMonthDto, undefined, In<typeof CalendarQuerySchema>>(),
  "GET /entries/statistics": r<StatisticsDto, undefined, In<typeof StatisticsQuerySchema>>(),
  "GET /entries/tags": r<{ tags: TagCountDto[] }>(),
  "GET /entries/on-this-day": r<OnThisDayDto, undefined, In<typeof OnThisDayQuerySchema>>(),
  // ---------- check-ins
  "GET /checkins": r<CheckInDto[], undefined, In<typeof CheckInRangeQuerySchema>>(),
  "POST /checkins": r<CheckInDto, In<typeof CheckInCreateSchema>>(),
  "GET /checkins/[id]": r<CheckInDto>(),
  "PUT /checkins/[id]": r<CheckInDto, In<typeof CheckInUpdateSchema>>(),
  "DELETE /checkins/[id]": r<SuccessDto>(),
  "GET /checkins/correlations": r<CorrelationsDto, undefined, In<typeof CheckInRangeQuerySchema>>(),
  "GET /checkins/pixels": r<PixelsDto, undefined, In<typeof PixelsQuerySchema>>(),
  "GET /checkins/activities": r<ActivityDto[]>(),
  "POST /checkins/activities": r<ActivityDto, In<typeof ActivityCreateSchema>>(),
  "PUT /checkins/activities/[id]": r<ActivityDto, In<typeof ActivityUpdateSchema>>(),
  // ---------- reviews (entries tagged "review")
  "GET /reviews": r<ReviewListDto>(),
  "POST /reviews": r<ReviewAnswerDto, In<typeof ReviewRequestSchema>>(),
  // ---------- what Reverie remembers
  "GET /memory": r<MemoryDto>(),
  "POST /memory": r<MemoryFactDto, In<typeof MemoryFactCreateSchema>>(),
  "PUT /memory/[id]": r<MemoryFactDto, In<typeof MemoryFactUpdateSchema>>(),
  "DELETE /memory/[id]": r<SuccessDto>(),
  "PUT /memory/settings": r<MemoryDto, In<typeof MemorySettingsSchema>>(),
  "POST /memory/propose": r<MemoryProposalsDto, In<typeof MemoryProposeSchema>>(),
  "GET /templates": r<TemplateDto[]>(),
  "POST /templates": r<TemplateDto, In<typeof TemplateCreateSchema>>(),
  "PUT /templates/[id]": r<TemplateDto, In<typeof TemplateUpdateSchema>>(),
  "DELETE /templates/[id]": r<SuccessDto>(),
  // ---------- Recently deleted
  "GET /trash": r<TrashListDto>(),
  "DELETE /trash": r<PurgeResultDto, In<typeof EmptyTrashSchema>>(),
  "DELETE /trash/[id]": r<PurgeResultDto>(),
  "POST /trash/[id]/restore": r<RestoreResultDto>(),
  // ---------- AI tasks
  "POST /ai/analyze-text": r<AnalyzeTextResponse, In<typeof AnalyzeTextRequestSchema>>(),
  "POST /ai/detect-crisis": r<CrisisCheckDto, In<typeof DetectCrisisRequestSchema>>(),
  "POST /ai/motivational-support": r<MotivationalSupportResponse, In<typeof MotivationalSupportRequestSchema>>(),
  "POST /ai/analyze-image": r<AnalyzeImageResponse, In<typeof AnalyzeImageRequestSchema>>(),
  "POST /ai/analyze-psychological-image": r<
    PsychologicalImageResponse,
    In<typeof AnalyzePsychologicalImageRequestSchema>
  >(),
  "POST /ai/transcribe-audio": r<TranscribeAudioResponse, FormData>(),
  "GET /ai/transcription": r<TranscriptionSetupDto>(),
  "POST /ai/generate-insights": r<InsightsResponse, In<typeof InsightsRequestSchema>>(),
  "POST /ai/growth-insights": r<GrowthInsightsResponse, In<typeof InsightsRequestSchema>>(),
  "POST /ai/summarize-conversation": r<SummaryAnswer, In<typeof SummarizeConversationRequestSchema>>(),
  "POST /ai/chat": r<RawResponse, In<typeof ChatRequestSchema>>(),
  "POST /ai/ask": r<AskResponse, In<typeof AskRequestSchema>>(),
  "GET /ai/embeddings": r<EmbeddingProgressDto>(),
  "GET /ai/consent": r<CloudConsentsDto>(),
  "POST /ai/consent": r<CloudConsentsDto, In<typeof CloudConsentRequestSchema>>(),
  "DELETE /ai/consent": r<CloudConsentsDto, In<typeof CloudConsentRequestSchema>>(),
  // ---------- lock, settings, safety plan
  "GET /auth/status": r<AuthStatusDto>(),
  "POST /auth/login": r<SuccessDto, In<typeof LoginSchema>>(),
  "POST /auth/logout": r<SuccessDto>(),
  "GET /config": r<ConfigDto>(),
  "PUT /config": r<SuccessDto, In<typeof ConfigSetSchema>>(),
  "GET /config/models": r<ModelsDto>(),
  "POST /config/configure-model": r<SuccessDto, In<typeof ConfigureModelSchema>>(),
  "POST /config/test-model": r<ModelTestResultDto>(),
  "GET /storage": r<StorageUsageDto>(),
  "GET /safety-plan": r<SafetyPlanAnswerDto>(),
  "GET /reminders": r<ReminderSettingsDto>(),
  "PUT /reminders": r<ReminderSettingsDto, In<typeof ReminderSettingsSchema>>(),
  "POST /reminders/link": r<ReminderSettingsDto>(),
  "GET /reminders/today": r<ReminderTodayDto, undefined, In<typeof ReminderTodayQuerySchema>>(),
  "GET /reminders/feed/[token]": r<RawResponse>(),
  "PUT /safety-plan": r<SafetyPlanAnswerDto, In<typeof SafetyPlanInputSchema>>(),
  // ---------- snapshots and encryption
  "GET /backups": r<BackupStatusDto>(),
  "POST /backups": r<SnapshotDto>(),
  "POST /backups/[id]/restore": r<SnapshotRestoreDto>(),
  "GET /encryption": r<EncryptionStatusDto>(),
  "POST /encryption/unlock": r<EncryptionStatusDto, In<typeof UnlockSchema>>(),
  "POST /encryption/enable": r<EncryptionStatusDto, In<typeof EnableEncryptionSchema>>(),
  "POST /encryption/passphrase": r<EncryptionStatusDto, In<typeof ChangePassphraseSchema>>(),
  "POST /encryption/disable": r<EncryptionStatusDto, In<typeof DisableEncryptionSchema>>(),
  // ---------- export, import, clear
  "GET /data/export": r<RawResponse>(),
  "POST /data/export/encrypted": r<RawResponse, In<typeof EncryptedExportSchema>>(),
  "GET /data/export/markdown": r<RawResponse, undefined, In<typeof MarkdownExportQuerySchema>>(),
  "GET /data/export/pdf": r<RawResponse, undefined, In<typeof BookQuerySchema>>(),
  "POST /data/import": r<ImportReportDto, FormData | In<typeof ImportFromUploadSchema>>(),
  "POST /data/import/uploads": r<ImportUploadDto>(),
  "PUT /data/import/uploads/[id]": r<ImportUploadDto, Blob, { offset: number }>(),
  "DELETE /data/import/uploads/[id]": r<undefined>(),
  "POST /data/clear": r<ClearResultDto, In<typeof ClearRequestSchema>>(),
} as const;

export type ApiRoutes = typeof API_ROUTES;
