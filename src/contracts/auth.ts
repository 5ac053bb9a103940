import { z } from "zod";

export const LoginSchema = z.object({ passcode: z.string().min(1, "Enter your passcode").max(1000) });
export interface AuthStatusDto {
  locked_by_passcode: boolean;
  /** The journal is encrypted and no passcode is set: its passphrase signs browsers in, and Lock signs them out. */
  locked_by_passphrase: boolean;
  /** No passcode, and the server listens beyond loopback: other devices on the network can open it. */
  open_to_network: boolean;
  /** The journal is encrypted at rest: browsers keep no reading copy of it. */
  journal_encrypted: boolean;
}
