"use client";
import { CloudUpload } from "lucide-react";
import Link from "next/link";
import { useOutboxStatus } from "@/client/device";
import { browserLocale, browserTimeZone } from "@/client/storage";
import { fullDateTime } from "@/domain/date-format";
import { waitingLabel, waitingNote } from "@/domain/outbox-text";

/** Entries written on this device while the server was unreachable, until they sync. */
export function WaitingPanel() {
  const outbox = useOutboxStatus();
  const waiting = outbox.entries.filter((e) => !e.deleted);
  if (!waiting.length) return null;
  const tz = browserTimeZone();
  const locale = browserLocale();
  return (
    <section
      aria-labelledby="home-waiting"
      data-testid="home-waiting"
      className="rounded-2xl border border-brand-200 bg-brand-50/60 p-4"
    >
      <h2 id="home-waiting" className="flex items-center gap-2 text-sm font-semibold text-brand-900">
        <CloudUpload className="h-4 w-4" aria-hidden />
        {waitingLabel(waiting.length)}
      </h2>
      <p className="mt-1 text-sm text-brand-900/80">
        {waitingNote(waiting.length, outbox.offline || outbox.unreachable, outbox.syncing)}
      </p>
      <ul className="mt-3 space-y-1.5">
        {waiting.slice(0, 5).map((d) => (
          <li key={d.id} className="flex flex-wrap items-baseline gap-x-2 text-sm">
            {/* A full page load: the Timeline reads the fragment as it starts (offline, from the service worker's cache). */}
            {}
            <a
              href={`/timeline#entry=${encodeURIComponent(d.id)}`}
              className="font-medium text-stone-900 hover:text-brand-700 hover:underline"
            >
              {d.entry.title.trim() || "Untitled entry"}
            </a>
            <span className="text-stone-500">{fullDateTime(d.entry.created_at, tz, locale)}</span>
            {d.problem && <span className="text-amber-900">Needs your attention</span>}
          </li>
        ))}
      </ul>
      {waiting.length > 5 && (
        <Link href="/timeline" className="mt-2 inline-block text-sm font-medium text-brand-700 hover:underline">
          See all on the Timeline
        </Link>
      )}
    </section>
  );
}
