import { UnlockSchema } from "@/contracts/encryption";
import { openJournal } from "@/server/boot";
import { unlock } from "@/server/crypto/service";
import { json, parseJson, route } from "@/server/http/request";

/** Opens a sealed journal with its passphrase (401 when wrong; nothing on disk is touched then). */
export const POST = route(async (req) => {
  const { passphrase } = await parseJson(req, UnlockSchema);
  const { status, cookie } = await unlock(req, passphrase, openJournal);
  return json(status, { headers: { "cache-control": "no-store", ...(cookie ? { "Set-Cookie": cookie } : {}) } });
});
