import { z } from "zod";
import { TRASH_RETENTION_DAYS } from "@/domain/trash";
import type { EntryDto } from "./entries";

export { TRASH_RETENTION_DAYS };

/** An entry in Recently deleted, as the list shows it. */
export interface TrashedEntryDto {
  id: string;
  title: string;
  /** The entry's own date. */
  created_at: string;
  deleted_at: string;
  /** When it will be deleted for good. */
  purge_at: string;
  /** The first words of the text, without markers. */
  excerpt: string;
  tags: string[];
  media_count: number;
}

export interface TrashListDto {
  entries: TrashedEntryDto[];
  retention_days: number;
}

export interface RestoreResultDto {
  success: true;
  entry: EntryDto;
}

export interface PurgeResultDto {
  success: true;
  /** How many entries were deleted for good. */
  purged: number;
}

/** Ids in the trash have the shape of entry ids. */
export const TrashIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/u, "This is not a valid entry id.");

/** Emptying the whole trash must be asked for explicitly. */
const CONFIRM_MESSAGE = 'To empty Recently deleted, send { "confirm": true }.';
export const EmptyTrashSchema = z.object(
  { confirm: z.literal(true, { error: CONFIRM_MESSAGE }) },
  { error: CONFIRM_MESSAGE },
);
