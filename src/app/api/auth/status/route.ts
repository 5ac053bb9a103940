import type { AuthStatusDto } from "@/contracts/auth";
import { encryptionStatus } from "@/server/crypto/service";
import { json, route } from "@/server/http/request";
import { openWithoutPasscode } from "@/server/security/exposure";
import { lockEnabled } from "@/server/security/session";

export const GET = route(async () => {
  const encryption = encryptionStatus();
  return json({
    locked_by_passcode: lockEnabled(),
    locked_by_passphrase: encryption.passphrase_is_lock,
    open_to_network: openWithoutPasscode(),
    journal_encrypted: encryption.state !== "plain",
  } satisfies AuthStatusDto);
});
