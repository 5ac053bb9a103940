"use client";
import { useMutation } from "@tanstack/react-query";
import { ShieldCheck } from "lucide-react";
import { useState, type FormEvent } from "react";
import { useEncryptionActions, useEncryptionStatus } from "@/client/encryption";
import { LOST_PASSPHRASE_WARNING, MIN_PASSPHRASE_CHARS } from "@/contracts/encryption-constants";
import { ErrorBox } from "@/components/feedback/error-box";
import { useToast } from "@/components/feedback/toast";
import { Button } from "@/components/ui/button";
import { exportAllData } from "@/client/data";

const input = "w-full rounded-lg border border-stone-300 px-3 py-2 text-sm focus:border-brand-500 focus:outline-none";

function Field({
  id,
  label,
  value,
  onChange,
  autoComplete,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (v: string) => void;
  autoComplete: string;
}) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-stone-700">
        {label}
      </label>
      <input
        id={id}
        type="password"
        autoComplete={autoComplete}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className={`mt-1 ${input}`}
      />
    </div>
  );
}

/** App Information, Encryption: turn it on (with the warning first), change the passphrase, turn it off. */
export function EncryptionSection() {
  const toast = useToast();
  const status = useEncryptionStatus();
  const [pass, setPass] = useState("");
  const [again, setAgain] = useState("");
  const [current, setCurrent] = useState("");
  const [understood, setUnderstood] = useState(false);
  const [mismatch, setMismatch] = useState(false);
  const reset = () => {
    setPass("");
    setAgain("");
    setCurrent("");
    setUnderstood(false);
    setMismatch(false);
  };
  const { enable, change, disable } = useEncryptionActions((message) => {
    reset();
    toast.success(message);
  });
  const [exportPass, setExportPass] = useState("");
  const encryptedExport = useMutation({
    mutationFn: () => exportAllData(exportPass),
    onSuccess: () => {
      setExportPass("");
      toast.success("Your encrypted export was downloaded.");
    },
  });
  const busy = enable.isPending || change.isPending || disable.isPending;
  const state = status.data?.state;

  function submitNew(e: FormEvent, run: () => void) {
    e.preventDefault();
    if (pass !== again) return setMismatch(true);
    setMismatch(false);
    run();
  }

  return (
    <div role="group" aria-labelledby="encryption-title" className="mt-6" data-testid="encryption">
      <h3 id="encryption-title" className="flex items-center gap-2 text-sm font-semibold text-stone-900">
        <ShieldCheck className="h-4 w-4 text-brand-600" aria-hidden />
        Encryption
      </h3>
      <p className="mb-4 mt-1 text-sm text-stone-500">
        {state === "plain"
          ? "Your journal is stored on this server's disk in plaintext. Encryption makes the database, photos, recordings and snapshots unreadable without your passphrase."
          : "Your journal, its media and its snapshots are encrypted on disk. The passphrase opens it after each restart."}
      </p>
      {status.error && <ErrorBox title="Could not read the encryption state" error={status.error} />}
      {(enable.error || change.error || disable.error || encryptedExport.error) && (
        <ErrorBox
          title="That did not work"
          error={enable.error ?? change.error ?? disable.error ?? encryptedExport.error}
        />
      )}

      {state === "plain" && (
        <form
          onSubmit={(e) => submitNew(e, () => enable.mutate({ passphrase: pass, understood }))}
          className="space-y-3"
        >
          <p role="note" className="rounded-xl border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950">
            {LOST_PASSPHRASE_WARNING}
          </p>
          <Field
            id="enc-new"
            label={`Passphrase (at least ${MIN_PASSPHRASE_CHARS} characters)`}
            value={pass}
            onChange={setPass}
            autoComplete="new-password"
          />
          <Field
            id="enc-again"
            label="The same passphrase again"
            value={again}
            onChange={setAgain}
            autoComplete="new-password"
          />
          {mismatch && (
            <p role="alert" className="text-sm text-red-700">
              The two passphrases are not the same.
            </p>
          )}
          <label className="flex items-start gap-2 text-sm text-stone-700">
            <input
              type="checkbox"
              checked={understood}
              onChange={(e) => setUnderstood(e.target.checked)}
              className="mt-1"
            />
            <span>I understand that if I lose this passphrase, my journal cannot be recovered.</span>
          </label>
          <Button type="submit" disabled={busy || !understood || pass.length < MIN_PASSPHRASE_CHARS}>
            {enable.isPending ? "Encrypting..." : "Encrypt my journal"}
          </Button>
        </form>
      )}

      {state === "unlocked" && (
        <div className="grid gap-6 md:grid-cols-2">
          <form onSubmit={(e) => submitNew(e, () => change.mutate({ current, next: pass }))} className="space-y-3">
            <h4 className="text-sm font-medium text-stone-900">Change the passphrase</h4>
            <Field
              id="enc-current"
              label="Current passphrase"
              value={current}
              onChange={setCurrent}
              autoComplete="current-password"
            />
            <Field
              id="enc-next"
              label={`New passphrase (at least ${MIN_PASSPHRASE_CHARS} characters)`}
              value={pass}
              onChange={setPass}
              autoComplete="new-password"
            />
            <Field
              id="enc-next-again"
              label="The new passphrase again"
              value={again}
              onChange={setAgain}
              autoComplete="new-password"
            />
            {mismatch && (
              <p role="alert" className="text-sm text-red-700">
                The two passphrases are not the same.
              </p>
            )}
            {status.data?.passphrase_from_environment && (
              <p className="text-sm text-stone-500">
                JOURNAL_PASSPHRASE is set on the server: change it there too, or the next start stays sealed until you
                enter the new one.
              </p>
            )}
            <Button type="submit" disabled={busy || !current || pass.length < MIN_PASSPHRASE_CHARS}>
              {change.isPending ? "Changing..." : "Change passphrase"}
            </Button>
          </form>
          <form
            onSubmit={(e) => {
              e.preventDefault();
              disable.mutate({ passphrase: current });
            }}
            className="space-y-3"
          >
            <h4 className="text-sm font-medium text-stone-900">Turn encryption off</h4>
            <p className="text-sm text-stone-500">
              Every file is rewritten in plaintext. Your export stays available either way.
            </p>
            <Field
              id="enc-off"
              label="Passphrase"
              value={current}
              onChange={setCurrent}
              autoComplete="current-password"
            />
            <Button type="submit" variant="secondary" disabled={busy || !current}>
              {disable.isPending ? "Decrypting..." : "Turn encryption off"}
            </Button>
          </form>
        </div>
      )}

      {state !== "sealed" && (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            encryptedExport.mutate();
          }}
          className="mt-6 space-y-3 border-t border-stone-100 pt-5"
        >
          <h4 className="text-sm font-medium text-stone-900">Encrypted export</h4>
          <p className="text-sm text-stone-500">
            The same export as in Data, encrypted with age under a passphrase you choose for it (it may differ from the
            journal&apos;s). Import Data reads it back with that passphrase; any age tool opens it.
          </p>
          <Field
            id="enc-export"
            label={`Export passphrase (at least ${MIN_PASSPHRASE_CHARS} characters)`}
            value={exportPass}
            onChange={setExportPass}
            autoComplete="new-password"
          />
          <Button
            type="submit"
            variant="secondary"
            disabled={encryptedExport.isPending || exportPass.length < MIN_PASSPHRASE_CHARS}
          >
            {encryptedExport.isPending ? "Exporting..." : "Download encrypted export"}
          </Button>
        </form>
      )}
    </div>
  );
}
