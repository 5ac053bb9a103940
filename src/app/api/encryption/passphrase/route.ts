import { ChangePassphraseSchema } from "@/contracts/encryption";
import { changePassphrase } from "@/server/crypto/service";
import { json, parseJson, route } from "@/server/http/request";

/** Changes the passphrase (the current one is required); with the passphrase as the lock, this browser is signed in again. */
export const POST = route(async (req) => {
  const { current, next } = await parseJson(req, ChangePassphraseSchema);
  const { status, cookie } = await changePassphrase(req, current, next);
  return json(status, { headers: { "cache-control": "no-store", ...(cookie ? { "Set-Cookie": cookie } : {}) } });
});
