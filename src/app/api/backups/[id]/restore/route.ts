import { SnapshotIdSchema } from "@/contracts/backups";
import { restoreSnapshot } from "@/server/backup/service";
import { json, parseWith, route } from "@/server/http/request";

/** Restores a snapshot; the journal as it was is snapshotted first (its id is in `undo`). */
export const POST = route<{ id: string }>(async (_req, { id }) =>
  json(await restoreSnapshot(parseWith(SnapshotIdSchema, id, "Snapshot id"))),
);
