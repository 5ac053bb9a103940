"use client";
import { useRouter, useSearchParams } from "next/navigation";
import { useEffect, useState, type FormEvent } from "react";
import { Lock } from "lucide-react";
import { login } from "@/client/auth";
import { useCrisisHelp } from "@/client/crisis";
import { LocalLine } from "@/components/crisis/local-line";
import { errorMessage } from "@/client/errors";
import { clearAtTheDoor } from "@/client/lock";
import { Button } from "@/components/ui/button";
import { APP_NAME } from "@/domain/constants";
import { safeNextPath } from "@/domain/redirect";

export function LockScreen() {
  // The crisis line is static data: shown without unlocking, and without reading any setting.
  const { help } = useCrisisHelp({ settings: false });
  const router = useRouter();
  const params = useSearchParams();
  const [passcode, setPasscode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // A locked journal leaves nothing private readable in this browser (an expired session included).
  useEffect(() => clearAtTheDoor(), []);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await login(passcode);
      router.replace(safeNextPath(params.get("next")));
      router.refresh();
    } catch (err) {
      setError(errorMessage(err));
      setPasscode("");
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="mx-auto mt-16 max-w-sm rounded-2xl border border-stone-200 bg-white p-8 shadow-sm">
      <div className="mb-4 flex h-12 w-12 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        <Lock className="h-6 w-6" aria-hidden />
      </div>
      <h1 className="text-xl font-semibold text-stone-900">{APP_NAME} is locked</h1>
      <p className="mt-1 text-sm text-stone-600">Enter your passcode to open your journal.</p>
      <form onSubmit={submit} className="mt-6 space-y-3">
        <label htmlFor="passcode" className="block text-sm font-medium text-stone-700">
          Passcode
        </label>
        <input
          id="passcode"
          type="password"
          autoComplete="current-password"
          autoFocus
          value={passcode}
          onChange={(e) => setPasscode(e.target.value)}
          className="w-full rounded-lg border border-stone-300 px-3 py-2 focus:border-brand-500 focus:outline-none"
        />
        {error && (
          <p role="alert" className="text-sm text-red-700">
            {error}
          </p>
        )}
        <Button type="submit" disabled={busy || !passcode} className="w-full justify-center">
          {busy ? "Unlocking..." : "Unlock"}
        </Button>
      </form>
      <aside aria-label="Need to talk to someone?" className="mt-6 border-t border-stone-200 pt-4">
        <p className="mb-2 text-sm font-medium text-stone-800">Need to talk to someone now?</p>
        <LocalLine help={help} compact />
      </aside>
    </div>
  );
}
