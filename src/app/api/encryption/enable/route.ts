import { EnableEncryptionSchema } from "@/contracts/encryption";
import { enableEncryption } from "@/server/crypto/service";
import { json, parseJson, route } from "@/server/http/request";

/** Encrypts the journal, its media and its snapshots with a new passphrase. */
export const POST = route(async (req) => {
  const { passphrase } = await parseJson(req, EnableEncryptionSchema);
  const { status, cookie } = await enableEncryption(req, passphrase);
  return json(status, { headers: cookie ? { "Set-Cookie": cookie } : {} });
});
