import { DisableEncryptionSchema } from "@/contracts/encryption";
import { disableEncryption } from "@/server/crypto/service";
import { json, parseJson, route } from "@/server/http/request";

/** Decrypts the journal, its media and its snapshots back to plaintext (the passphrase is required). */
export const POST = route(async (req) => {
  const { passphrase } = await parseJson(req, DisableEncryptionSchema);
  return json(await disableEncryption(req, passphrase));
});
