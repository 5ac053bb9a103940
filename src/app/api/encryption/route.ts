import { encryptionStatus } from "@/server/crypto/service";
import { json, route } from "@/server/http/request";

export const dynamic = "force-dynamic";

/** Whether the journal is encrypted, and sealed or unlocked. */
export const GET = route(() => json(encryptionStatus(), { headers: { "cache-control": "no-store" } }));
