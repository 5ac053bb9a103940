import { AlertTriangle, History } from "lucide-react";
import type { AccessMode } from "@/server/security/space";

/** Notices the server knows at render time: a journal open on a Space on purpose, a restore at start. */
export function ServerNotices({
  mode,
  restored,
}: {
  mode: AccessMode;
  restored: { id: string; created_at: string; entries: number } | null;
}) {
  return (
    <>
      {mode === "open-on-purpose" && (
        <div
          role="alert"
          className="border-b border-amber-300 bg-amber-50 px-4 py-2 text-center text-sm text-amber-900"
        >
          <AlertTriangle className="mr-1 inline h-4 w-4 align-[-2px]" aria-hidden />
          This journal is open to anyone who has its address (ALLOW_OPEN_JOURNAL=1). Set the secret APP_PASSWORD in the
          Space&apos;s settings to close it.
        </div>
      )}
      {restored && (
        <div role="status" className="border-b border-sky-200 bg-sky-50 px-4 py-2 text-center text-sm text-sky-900">
          <History className="mr-1 inline h-4 w-4 align-[-2px]" aria-hidden />
          The journal&apos;s database was missing when the app started, so it was restored from the snapshot of{" "}
          <time dateTime={restored.created_at}>{restored.created_at.replace("T", " ").slice(0, 19)} UTC</time> (
          {restored.entries} {restored.entries === 1 ? "entry" : "entries"}). Settings lists every snapshot under
          Backups.
        </div>
      )}
    </>
  );
}
