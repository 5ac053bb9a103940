"use client";
import { useEffect, useState, type FormEvent, type ReactNode } from "react";
import { useCrisisHelp } from "@/client/crisis";
import { errorMessage } from "@/client/errors";
import { clearAtTheDoor } from "@/client/lock";
import { LocalLine } from "@/components/crisis/local-line";
import { Button } from "@/components/ui/button";

/**
 * A closed journal's door: one secret field (the passcode of a locked journal, the passphrase of an
 * encrypted one) with its error, and the person's crisis line below, readable without opening anything.
 * Nothing private stays readable in this browser while the door is shown (an expired session, a sealed
 * restart); entries not yet sent stay until the journal is open again.
 */
export function SecretDoor({
  icon,
  title,
  intro,
  field,
  action,
  busyAction,
  open,
}: {
  icon: ReactNode;
  title: string;
  intro: ReactNode;
  /** The field's id and label: "passcode" / "Passcode". */
  field: { id: string; label: string };
  action: string;
  busyAction: string;
  /** Opens the journal with the secret; throws to show its message. */
  open: (secret: string) => Promise<void>;
}) {
  // The crisis line is static data: shown without unlocking, and without reading any setting.
  const { help } = useCrisisHelp({ settings: false });
  const [secret, setSecret] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => clearAtTheDoor(), []);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await open(secret);
    } catch (err) {
      setError(errorMessage(err));
      setSecret("");
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="mx-auto mt-16 max-w-sm rounded-2xl border border-stone-200 bg-white p-8 shadow-sm">
      <div className="mb-4 flex h-12 w-12 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        {icon}
      </div>
      <h1 className="text-xl font-semibold text-stone-900">{title}</h1>
      <p className="mt-1 text-sm text-stone-600">{intro}</p>
      <form onSubmit={submit} className="mt-6 space-y-3">
        <label htmlFor={field.id} className="block text-sm font-medium text-stone-700">
          {field.label}
        </label>
        <input
          id={field.id}
          type="password"
          autoComplete="current-password"
          autoFocus
          value={secret}
          onChange={(e) => setSecret(e.target.value)}
          className="w-full rounded-lg border border-stone-300 px-3 py-2 focus:border-brand-500 focus:outline-none"
        />
        {error && (
          <p role="alert" className="text-sm text-red-700">
            {error}
          </p>
        )}
        <Button type="submit" disabled={busy || !secret} className="w-full justify-center">
          {busy ? busyAction : action}
        </Button>
      </form>
      <aside aria-label="Need to talk to someone?" className="mt-6 border-t border-stone-200 pt-4">
        <p className="mb-2 text-sm font-medium text-stone-800">Need to talk to someone now?</p>
        <LocalLine help={help} compact />
      </aside>
    </div>
  );
}
