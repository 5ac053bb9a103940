"use client";
import { useSearchParams } from "next/navigation";
import { useEffect, useState, type FormEvent } from "react";
import { KeyRound } from "lucide-react";
import { useCrisisHelp } from "@/client/crisis";
import { unlockEncryption } from "@/client/encryption";
import { LocalLine } from "@/components/crisis/local-line";
import { errorMessage } from "@/client/errors";
import { Button } from "@/components/ui/button";
import { APP_NAME } from "@/domain/constants";
import { safeNextPath } from "@/domain/redirect";
import { clearAtTheDoor } from "@/client/lock";

/** The encrypted journal's door: its passphrase opens it (after each restart, and for each browser when no passcode is set). */
export function UnlockScreen() {
  // As at the lock screen: the crisis line is static data, shown while the journal is closed (the app's
  // navigation, Get help included, is not on this screen).
  const { help } = useCrisisHelp({ settings: false });
  const params = useSearchParams();
  const [passphrase, setPassphrase] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // As at the lock screen: nothing private stays readable in this browser (a session that ended, or a
  // sealed restart); entries not yet sent stay until the journal is open again.
  useEffect(() => clearAtTheDoor(), []);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await unlockEncryption(passphrase);
      // A full load: the client router may hold answers (redirects here) from while the journal was sealed.
      window.location.replace(safeNextPath(params.get("next")));
    } catch (err) {
      setError(errorMessage(err));
      setPassphrase("");
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="mx-auto mt-16 max-w-sm rounded-2xl border border-stone-200 bg-white p-8 shadow-sm">
      <div className="mb-4 flex h-12 w-12 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        <KeyRound className="h-6 w-6" aria-hidden />
      </div>
      <h1 className="text-xl font-semibold text-stone-900">Your journal is encrypted</h1>
      <p className="mt-1 text-sm text-stone-600">
        Enter the passphrase to open {APP_NAME}. It stays only in the server&apos;s memory until it restarts.
      </p>
      <form onSubmit={submit} className="mt-6 space-y-3">
        <label htmlFor="passphrase" className="block text-sm font-medium text-stone-700">
          Passphrase
        </label>
        <input
          id="passphrase"
          type="password"
          autoComplete="current-password"
          autoFocus
          value={passphrase}
          onChange={(e) => setPassphrase(e.target.value)}
          className="w-full rounded-lg border border-stone-300 px-3 py-2 focus:border-brand-500 focus:outline-none"
        />
        {error && (
          <p role="alert" className="text-sm text-red-700">
            {error}
          </p>
        )}
        <Button type="submit" disabled={busy || !passphrase} className="w-full justify-center">
          {busy ? "Opening..." : "Open journal"}
        </Button>
      </form>
      <aside aria-label="Need to talk to someone?" className="mt-6 border-t border-stone-200 pt-4">
        <p className="mb-2 text-sm font-medium text-stone-800">Need to talk to someone now?</p>
        <LocalLine help={help} compact />
      </aside>
    </div>
  );
}
