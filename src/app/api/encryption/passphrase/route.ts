import { ChangePassphraseSchema } from "@/contracts/encryption";
import { changePassphrase } from "@/server/crypto/service";
import { json, parseJson, route } from "@/server/http/request";

/** Changes the passphrase (the current one is required). */
export const POST = route(async (req) => {
  const { current, next } = await parseJson(req, ChangePassphraseSchema);
  return json(await changePassphrase(req, current, next));
});
