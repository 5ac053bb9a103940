import { z } from "zod";

/** A snapshot id: the UTC time it was taken, e.g. 20261124T021500123Z (a suffix -N when two share a millisecond). */
export const SnapshotIdSchema = z.string().regex(/^\d{8}T\d{9}Z(-\d+)?$/u, "Unknown snapshot id");

/** One snapshot as GET /api/backups lists it. */
export interface SnapshotDto {
  id: string;
  created_at: string;
  reason: string;
  file: string;
  bytes: number;
  entries: number;
  media_files: number;
  tags: number;
  media_bytes: number;
  media_new: number;
  verified: { integrity: string; counts: string };
  took_ms: number;
  /** The parts of took_ms: the copy (VACUUM INTO), its check, the media. */
  copy_ms: number;
  verify_ms: number;
  media_ms: number;
}

export interface BackupStatusDto {
  snapshots: SnapshotDto[];
  backup_dir: string;
  automatic: boolean;
  delay_seconds: number | null;
  unsaved_since: string | null;
  last_error: string | null;
  restored_at_start: SnapshotDto | null;
}

export interface RestoreResultDto {
  restored: SnapshotDto;
  /** The snapshot of the journal as it was just before the restore: restoring it undoes the restore. */
  undo: SnapshotDto | null;
}
