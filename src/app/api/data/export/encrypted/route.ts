import { EncryptedExportSchema, EXPORT_ESTIMATE_HEADER } from "@/contracts/data";
import { exportJournalEncrypted } from "@/server/data/encrypted-export";
import { parseJson, route } from "@/server/http/request";

/** The whole journal as a zip encrypted with age under the passphrase given (POST, so the passphrase never sits in a URL). */
export const POST = route(async (req) => {
  const { passphrase } = await parseJson(req, EncryptedExportSchema);
  const { body, estimatedSize, filename } = await exportJournalEncrypted(passphrase);
  return new Response(body, {
    headers: {
      "Content-Type": "application/octet-stream",
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
      [EXPORT_ESTIMATE_HEADER]: String(estimatedSize),
    },
  });
});
