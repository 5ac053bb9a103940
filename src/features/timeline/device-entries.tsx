"use client";
import { CloudUpload, FileAudio, Film, ImageIcon, Pencil, Trash2 } from "lucide-react";
import Link from "next/link";
import { useEffect, useState } from "react";
import { deviceFile, readOffline, thumbnailUrl, useOutboxStatus } from "@/client/device";
import { deleteOnDevice } from "@/client/entries";
import { useEntry } from "@/client/entries/use-entry";
import { useToast } from "@/components/feedback/toast";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/dialog";
import type { EntryDto } from "@/contracts/entries";
import { mediaKindOf } from "@/domain/media";
import { type DeviceEntry, type OfflineFilter } from "@/domain/outbox";
import { matchesSearch } from "@/domain/search";
import { resultCountText, toTimelineEntry } from "@/domain/timeline";
import { BackToTimeline } from "@/features/entry/back-to-timeline";
import { EntryBody } from "@/features/entry/entry-body";
import { EntryCard, SourceBadge } from "./entry-card";

/**
 * What only this device has: entries written while the server was unreachable (waiting to sync), the
 * reading copy of recent entries when the server cannot be reached, and their files kept in IndexedDB.
 * The cards and the reader are the Timeline's and the entry page's own, with a badge saying where the entry lives.
 */

/** An object URL for a blob this device keeps, for as long as it is shown. */
function useKeptUrl(load: (() => Promise<Blob | string | null | undefined>) | null, key: string): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!load) return;
    let made: string | null = null;
    let alive = true;
    void load().then((b) => {
      made = b ? (typeof b === "string" ? b : URL.createObjectURL(b)) : null;
      if (alive) setUrl(made);
      else if (made) URL.revokeObjectURL(made);
    });
    return () => {
      alive = false;
      if (made) URL.revokeObjectURL(made);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the key names what is loaded
  }, [key]);
  return url;
}

const MEDIA_ICON = { image: ImageIcon, video: Film, audio: FileAudio } as const;

function KeptThumb({ mediaId, label }: { mediaId: string; label: string }) {
  const url = useKeptUrl(() => thumbnailUrl(mediaId), mediaId);
  // eslint-disable-next-line @next/next/no-img-element -- a blob kept on the device, not a page asset
  return url ? <img src={url} alt={label} className="h-16 w-16 rounded-lg object-cover ring-1 ring-stone-200" /> : null;
}

/** A file waiting on the device, shown from the kept file itself. */
function PendingThumb({ media }: { media: DeviceEntry["pending_media"][number] }) {
  const kind = mediaKindOf(media.type) ?? "audio";
  const url = useKeptUrl(kind === "image" ? () => deviceFile(media.id) : null, media.id);
  const Icon = MEDIA_ICON[kind];
  return url ? (
    // eslint-disable-next-line @next/next/no-img-element -- a file kept on the device until it is uploaded
    <img
      src={url}
      alt={`${media.filename} (waiting to be added)`}
      className="h-16 w-16 rounded-lg object-cover opacity-90 ring-1 ring-brand-200"
    />
  ) : (
    <span className="inline-flex h-16 items-center gap-1 rounded-lg bg-stone-50 px-2 text-xs text-stone-600 ring-1 ring-stone-200">
      <Icon className="h-4 w-4" aria-hidden />
      {media.filename}
    </span>
  );
}

/** The files of an entry as this device has them: kept thumbnails (`limit` of them) and files waiting to be added. */
function KeptMedia({
  entry,
  device,
  limit,
  className,
}: {
  entry: EntryDto;
  device?: DeviceEntry;
  limit?: number;
  className: string;
}) {
  if (!entry.media_files.length && !device?.pending_media.length) return null;
  return (
    <div className={className}>
      {entry.media_files.slice(0, limit).map((m) => (
        <KeptThumb key={m.id} mediaId={m.id} label={m.filename} />
      ))}
      {device?.pending_media.map((m) => (
        <PendingThumb key={m.id} media={m} />
      ))}
    </div>
  );
}

/** Entries as the device has them, as the Timeline's cards: its version waiting to sync, or the reading copy. */
function KeptList({ items, now, tz }: { items: { entry: EntryDto; device?: DeviceEntry }[]; now: Date; tz: string }) {
  return (
    <ol className="space-y-4">
      {items.map(({ entry, device }) => (
        <li key={entry.id}>
          <EntryCard
            entry={toTimelineEntry(entry)}
            source={device ? "device" : "copy"}
            problem={device?.problem}
            media={<KeptMedia entry={entry} device={device} limit={4} className="mt-3 flex flex-wrap gap-2" />}
            now={now}
            tz={tz}
          />
        </li>
      ))}
    </ol>
  );
}

/** Entries written on this device that wait for the server, above the Timeline's list. */
export function DeviceSection({
  entries,
  search,
  now,
  tz,
}: {
  entries: DeviceEntry[];
  search: string;
  now: Date;
  tz: string;
}) {
  const shown = entries.filter(
    (d) => !d.deleted && (!search || matchesSearch({ ...d.entry, tags: d.entry.tags }, search)),
  );
  if (!shown.length) return null;
  return (
    <section aria-labelledby="waiting-heading" data-testid="waiting-section" className="mb-6">
      <h2
        id="waiting-heading"
        className="mb-3 flex items-center gap-2 text-xs font-semibold uppercase tracking-wide text-brand-800"
      >
        <CloudUpload className="h-4 w-4" aria-hidden />
        On this device, waiting to sync ({shown.length})
      </h2>
      <KeptList items={shown.map((d) => ({ entry: d.entry, device: d }))} now={now} tz={tz} />
    </section>
  );
}

/** The Timeline when the server cannot be reached: the reading copy, searched and filtered on the device. */
export function OfflineList({ filter, now, tz }: { filter: OfflineFilter; now: Date; tz: string }) {
  const outbox = useOutboxStatus();
  const [entries, setEntries] = useState<EntryDto[] | null>(null);
  const key = JSON.stringify(filter);
  useEffect(() => {
    let alive = true;
    void readOffline(JSON.parse(key) as OfflineFilter).then(
      (list) => alive && setEntries(list),
      () => alive && setEntries([]),
    );
    return () => {
      alive = false;
    };
  }, [key]);
  if (entries === null) return null;
  const hidden = new Set(outbox.entries.map((d) => d.id));
  const shown = entries.filter((e) => !hidden.has(e.id));
  return (
    <section aria-labelledby="offline-heading" data-testid="offline-list">
      <h2 id="offline-heading" className="mb-1 text-sm font-semibold text-stone-900">
        Reading offline
      </h2>
      <p role="status" className="mb-3 text-sm text-stone-600" data-testid="offline-count">
        {shown.length === 0
          ? filter.search
            ? `No entries kept on this device match \u201c${filter.search}\u201d.`
            : "No entries are kept on this device for reading offline."
          : `${resultCountText(shown.length)} on this device${filter.search ? ` for \u201c${filter.search}\u201d` : ""}. Your whole journal is back when the connection returns.`}
      </p>
      <KeptList items={shown.map((entry) => ({ entry }))} now={now} tz={tz} />
    </section>
  );
}

/** One entry, read in place: the device's version, else the server's, else the reading copy. */
export function EntryReader({ id, tz, onClose }: { id: string; tz: string; onClose: () => void }) {
  const toast = useToast();
  const { entry, source, problem, device, notKept, unreachable, server } = useEntry(id);
  const [confirm, setConfirm] = useState(false);
  const back = <BackToTimeline onClose={onClose} />;
  if (!entry || !source) {
    const missing = notKept || (server.isError && !unreachable);
    return (
      <div className="space-y-4" data-testid="entry-reader">
        {back}
        <p role="status" className="rounded-2xl border border-stone-200 bg-white p-5 text-sm text-stone-600">
          {missing ? "This entry is not kept on this device." : "Loading entry..."}
        </p>
      </div>
    );
  }
  const neverSent = !!device && !device.on_server;
  const remove = async () => {
    setConfirm(false);
    try {
      await deleteOnDevice(entry.id, device ? null : entry);
      toast.success(
        neverSent
          ? "The entry was removed from this device."
          : "The entry will be deleted from your journal when the connection returns.",
      );
      onClose();
    } catch (err) {
      toast.error(err instanceof Error ? err.message : "The entry could not be deleted.", "Failed to delete entry");
    }
  };
  const note = "mt-3 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900";
  const top = (
    <div className="mb-3 flex flex-wrap items-center gap-2 empty:hidden">
      <SourceBadge source={source} problem={problem} />
      {problem && <p className={note}>Not saved to your journal yet: {problem}</p>}
      {entry.conflict_of && (
        <p className={note}>
          This is your version from this device. The same entry was changed elsewhere too, and that version was kept as
          it was.
        </p>
      )}
    </div>
  );
  return (
    <article className="space-y-4" data-testid="entry-reader" aria-labelledby="reader-title">
      {back}
      <EntryBody
        entry={entry}
        tz={tz}
        titleId="reader-title"
        className=""
        top={top}
        media={
          source === "server" ? undefined : (
            <KeptMedia entry={entry} device={device} className="mt-6 flex flex-wrap gap-2" />
          )
        }
      />
      <div className="flex flex-wrap gap-2">
        <Button asChild variant="secondary">
          {/* A full page load: offline the editor's shell comes from the service worker, and it reads the fragment as it starts. */}
          <a href={`/journal#entry=${encodeURIComponent(entry.id)}`}>
            <Pencil className="h-4 w-4" aria-hidden />
            Edit
          </a>
        </Button>
        {source === "server" && (
          <Button asChild variant="ghost">
            <Link href={`/entry/${encodeURIComponent(entry.id)}`}>Open full entry</Link>
          </Button>
        )}
        <Button variant="ghost" onClick={() => setConfirm(true)} className="text-red-700 hover:bg-red-50">
          <Trash2 className="h-4 w-4" aria-hidden />
          Delete
        </Button>
      </div>
      <ConfirmDialog
        open={confirm}
        onOpenChange={setConfirm}
        title="Delete entry?"
        message={
          neverSent
            ? "This entry has not reached your journal yet. Deleting it removes it from this device for good."
            : "It moves to Recently deleted when the connection returns, where it can be restored for 30 days."
        }
        confirmLabel="Delete"
        danger
        onConfirm={() => void remove()}
      />
    </article>
  );
}
