import "server-only";
import { rm } from "node:fs/promises";
import type { ImportReportDto } from "@/contracts/data";
import { ImportFromUploadSchema } from "@/contracts/data";
import { parseJson } from "@/server/http/request";
import { importFile } from "./import";
import { discardStagedUpload, receiveImport, requireStaged } from "./receive";

/**
 * POST /data/import: either a multipart body (`file`, optional `tz`), or JSON naming a staged upload
 * (`upload_id`, optional `tz`) for files larger than one request may carry. The received file is
 * removed afterwards, whatever happens.
 */
export async function importFromRequest(req: Request): Promise<ImportReportDto> {
  const type = req.headers.get("content-type") ?? "";
  if (/^application\/json\b/iu.test(type)) {
    const { upload_id, tz, passphrase } = await parseJson(req, ImportFromUploadSchema);
    const file = await requireStaged(upload_id);
    try {
      return await importFile(file, { tz, passphrase });
    } finally {
      await discardStagedUpload(upload_id);
    }
  }
  const { tempPath, fields } = await receiveImport(req);
  try {
    return await importFile(tempPath, { tz: fields.tz || undefined, passphrase: fields.passphrase || undefined });
  } finally {
    await rm(tempPath, { force: true }).catch(() => {});
  }
}
