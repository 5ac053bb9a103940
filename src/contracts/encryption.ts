import { z } from "zod";
import { MIN_PASSPHRASE_CHARS } from "./encryption-constants";

export { LOST_PASSPHRASE_WARNING, MIN_PASSPHRASE_CHARS } from "./encryption-constants";
const MAX_PASSPHRASE_CHARS = 1024;

const passphrase = z.string().min(1, "Enter the passphrase").max(MAX_PASSPHRASE_CHARS);
const newPassphrase = z
  .string()
  .min(MIN_PASSPHRASE_CHARS, `The passphrase needs at least ${MIN_PASSPHRASE_CHARS} characters`)
  .max(MAX_PASSPHRASE_CHARS);

export const UnlockSchema = z.object({ passphrase });

/** Turning encryption on needs the person to confirm they understand a lost passphrase cannot be recovered. */
export const EnableEncryptionSchema = z.object({
  passphrase: newPassphrase,
  understood: z.literal(true, { error: "Confirm that you understand a lost passphrase cannot be recovered" }),
});

export const ChangePassphraseSchema = z.object({ current: passphrase, next: newPassphrase });

export const DisableEncryptionSchema = z.object({ passphrase });

/** "plain": not encrypted; "sealed": encrypted, waiting for the passphrase; "unlocked": encrypted and open. */
export interface EncryptionStatusDto {
  state: "plain" | "sealed" | "unlocked";
  /** Encrypted with no APP_PASSWORD: each browser signs in with the passphrase. */
  passphrase_is_lock: boolean;
  /** JOURNAL_PASSPHRASE is set in the environment. */
  passphrase_from_environment: boolean;
}
