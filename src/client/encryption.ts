"use client";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call } from "./routes";
import { qk } from "./keys";

/** Encrypting or decrypting a whole journal can take long. */
const LONG = 30 * 60 * 1000;

export const encryptionQueries = {
  status: () =>
    queryOptions({
      queryKey: qk.encryption,
      queryFn: ({ signal }) => call("GET /encryption", { signal }),
      staleTime: 0,
    }),
};

export const useEncryptionStatus = () => useQuery(encryptionQueries.status());

/** Opens an encrypted journal with its passphrase (the unlock screen). */
export const unlockEncryption = (passphrase: string) => call("POST /encryption/unlock", { body: { passphrase } });

/** Turn encryption on, change the passphrase, turn it off; the status reloads after each. */
export function useEncryptionActions(onDone: (message: string) => void) {
  const qc = useQueryClient();
  const done = (message: string) => {
    onDone(message);
    void qc.invalidateQueries({ queryKey: qk.encryption });
  };
  const enable = useMutation({
    mutationFn: (v: { passphrase: string; understood: boolean }) =>
      // Sent as it is: the server refuses `understood: false` with its own message.
      call("POST /encryption/enable", { body: v as { passphrase: string; understood: true }, timeoutMs: LONG }),
    onSuccess: () => done("Your journal, its media and its snapshots are now encrypted."),
  });
  const change = useMutation({
    mutationFn: (v: { current: string; next: string }) =>
      call("POST /encryption/passphrase", { body: v, timeoutMs: LONG }),
    onSuccess: () => done("The passphrase was changed."),
  });
  const disable = useMutation({
    mutationFn: (v: { passphrase: string }) => call("POST /encryption/disable", { body: v, timeoutMs: LONG }),
    onSuccess: () => done("Encryption is off: your journal is stored in plaintext again."),
  });
  return { enable, change, disable };
}
