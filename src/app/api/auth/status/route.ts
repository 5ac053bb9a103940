import type { AuthStatusDto } from "@/contracts/auth";
import { encryptionStatus } from "@/server/crypto/service";
import { json, route } from "@/server/http/request";
import { openWithoutPasscode } from "@/server/security/exposure";
import { lockEnabled } from "@/server/security/session";

export const GET = route(async () =>
  json({
    locked_by_passcode: lockEnabled(),
    open_to_network: openWithoutPasscode(),
    journal_encrypted: encryptionStatus().state !== "plain",
  } satisfies AuthStatusDto),
);
