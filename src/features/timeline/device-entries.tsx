"use client";
import clsx from "clsx";
import { AlertTriangle, ArrowLeft, CloudOff, CloudUpload, FileAudio, Film, ImageIcon, MapPin, Pencil, Trash2 } from "lucide-react";
import Link from "next/link";
import { useEffect, useState } from "react";
import { loadOutbox, useOutboxStatus } from "@/client/outbox/status";
import { useKeptEntry } from "@/client/outbox/use-kept-entry";
import { useToast } from "@/components/feedback/toast";
import { RichText } from "@/components/richtext/rich-text";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/dialog";
import type { EntryDto } from "@/contracts/entries";
import { fullDateTime, relativeDate } from "@/domain/dates";
import { moodStyle } from "@/domain/mood";
import { type DeviceEntry, type OfflineFilter } from "@/domain/outbox";
import { stripMarkers } from "@/domain/richtext";
import { matchesSearch } from "@/domain/search";
import { preview } from "@/domain/text";
import { resultCountText, wordCountLabel } from "@/domain/timeline";

/**
 * The Timeline's view of what this device keeps: entries written while the server was unreachable
 * (waiting to sync), the reading copy of recent entries when the server cannot be reached, and a
 * reader for either, opened in place (`/timeline#entry=<id>`) because an entry's own address needs the server.
 */

/** Opens the reader in place, without asking the server for a page. */
export function readerHref(id: string): string {
  return `/timeline#entry=${encodeURIComponent(id)}`;
}

function openReader(id: string) {
  window.location.hash = `entry=${encodeURIComponent(id)}`;
}

/** A kept thumbnail as an object URL for as long as the card is shown. */
function useKeptThumbnail(mediaId: string | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!mediaId) return;
    let made: string | null = null;
    let alive = true;
    void loadOutbox()
      .then((m) => m.thumbnailUrl(mediaId))
      .then((u) => {
        made = u;
        if (alive) setUrl(u);
        else if (u) URL.revokeObjectURL(u);
      });
    return () => {
      alive = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [mediaId]);
  return url;
}

/** A file waiting on the device, shown from the kept file itself. */
function useDeviceFileUrl(mediaId: string | undefined, isImage: boolean): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!mediaId || !isImage) return;
    let made: string | null = null;
    let alive = true;
    void loadOutbox()
      .then((m) => m.deviceFile(mediaId))
      .then((blob) => {
        if (!blob || !alive) return;
        made = URL.createObjectURL(blob);
        setUrl(made);
      });
    return () => {
      alive = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [mediaId, isImage]);
  return url;
}

const MEDIA_ICON = { image: ImageIcon, video: Film, audio: FileAudio } as const;
const kindOf = (type: string): keyof typeof MEDIA_ICON => (type.startsWith("image/") ? "image" : type.startsWith("video/") ? "video" : "audio");

function KeptThumb({ mediaId, label }: { mediaId: string; label: string }) {
  const url = useKeptThumbnail(mediaId);
  if (!url) return null;
  // eslint-disable-next-line @next/next/no-img-element -- a blob kept on the device, not a page asset
  return <img src={url} alt={label} className="h-16 w-16 rounded-lg object-cover ring-1 ring-stone-200" />;
}

function PendingThumb({ media }: { media: DeviceEntry["pending_media"][number] }) {
  const kind = kindOf(media.type);
  const url = useDeviceFileUrl(media.id, kind === "image");
  const Icon = MEDIA_ICON[kind];
  return url ? (
    // eslint-disable-next-line @next/next/no-img-element -- a file kept on the device until it is uploaded
    <img src={url} alt={`${media.filename} (waiting to be added)`} className="h-16 w-16 rounded-lg object-cover opacity-90 ring-1 ring-brand-200" />
  ) : (
    <span className="inline-flex h-16 items-center gap-1 rounded-lg bg-stone-50 px-2 text-xs text-stone-600 ring-1 ring-stone-200">
      <Icon className="h-4 w-4" aria-hidden />
      {media.filename}
    </span>
  );
}

type CardBadge = "waiting" | "problem" | "offline-copy";

function Badge({ kind, problem }: { kind: CardBadge; problem?: string | null }) {
  if (kind === "problem")
    return (
      <span className="inline-flex items-center gap-1 rounded-full bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-900 ring-1 ring-amber-200" title={problem ?? undefined}>
        <AlertTriangle className="h-3.5 w-3.5" aria-hidden />
        Needs your attention
      </span>
    );
  if (kind === "waiting")
    return (
      <span data-testid="waiting-badge" className="inline-flex items-center gap-1 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-800 ring-1 ring-brand-200">
        <CloudUpload className="h-3.5 w-3.5" aria-hidden />
        Waiting to sync
      </span>
    );
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-stone-100 px-2 py-0.5 text-xs font-medium text-stone-700 ring-1 ring-stone-200">
      <CloudOff className="h-3.5 w-3.5" aria-hidden />
      Offline copy
    </span>
  );
}

/** One entry kept on the device, as a card that opens the reader. */
export function DeviceCard({ entry, badge, device, now, tz }: { entry: EntryDto; badge: CardBadge; device?: DeviceEntry; now: Date; tz: string }) {
  const title = entry.title.trim() || "Untitled entry";
  const mood = moodStyle(entry.ai_mood_score);
  return (
    <article
      data-testid="device-card"
      data-entry-id={entry.id}
      aria-label={title}
      className={clsx("relative rounded-2xl border bg-white p-5 shadow-sm", badge === "offline-copy" ? "border-stone-200" : "border-brand-200")}
    >
      <header className="flex items-start gap-3">
        <span role="img" aria-label={mood.label} className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-stone-50 text-xl ring-1 ring-stone-200">
          {mood.emoji}
        </span>
        <div className="min-w-0 flex-1">
          <h3 className="text-base font-semibold leading-snug text-stone-900">
            <a
              href={readerHref(entry.id)}
              onClick={(e) => {
                e.preventDefault();
                openReader(entry.id);
              }}
              className={clsx("after:absolute after:inset-0 after:rounded-2xl hover:text-brand-700", !entry.title.trim() && "italic text-stone-500")}
            >
              {title}
            </a>
          </h3>
          <p className="mt-0.5 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-stone-500">
            <time dateTime={entry.created_at} title={fullDateTime(entry.created_at, tz)}>
              {relativeDate(entry.created_at, now, tz)}
            </time>
            <span aria-hidden>·</span>
            <span>{wordCountLabel(entry.word_count)}</span>
            <Badge kind={device?.problem ? "problem" : badge} problem={device?.problem} />
            {entry.conflict_of && <span className="rounded-full bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-900 ring-1 ring-amber-200">Conflicted copy</span>}
          </p>
        </div>
      </header>
      <p className="mt-3 line-clamp-3 text-sm leading-relaxed text-stone-700">{preview(stripMarkers(entry.content).trim())}</p>
      {device?.problem && <p className="relative z-10 mt-2 text-sm text-amber-900">{device.problem}</p>}
      {(entry.media_files.length > 0 || (device?.pending_media.length ?? 0) > 0) && (
        <div className="mt-3 flex flex-wrap gap-2">
          {entry.media_files.slice(0, 4).map((m) => (
            <KeptThumb key={m.id} mediaId={m.id} label={m.filename} />
          ))}
          {device?.pending_media.map((m) => <PendingThumb key={m.id} media={m} />)}
        </div>
      )}
      {entry.tags.length > 0 && (
        <ul className="mt-3 flex flex-wrap gap-1.5" aria-label="Tags">
          {entry.tags.map((t) => (
            <li key={t.name} className="rounded-full bg-stone-100 px-2.5 py-0.5 text-xs text-stone-700">
              #{t.name}
            </li>
          ))}
        </ul>
      )}
    </article>
  );
}

/** Entries written on this device that wait for the server, above the Timeline's list. */
export function DeviceSection({ entries, search, now, tz }: { entries: DeviceEntry[]; search: string; now: Date; tz: string }) {
  const shown = entries.filter((d) => !d.deleted && (!search || matchesSearch({ ...d.entry, tags: d.entry.tags }, search)));
  if (!shown.length) return null;
  return (
    <section aria-labelledby="waiting-heading" data-testid="waiting-section" className="mb-6">
      <h2 id="waiting-heading" className="mb-3 flex items-center gap-2 text-xs font-semibold uppercase tracking-wide text-brand-800">
        <CloudUpload className="h-4 w-4" aria-hidden />
        On this device, waiting to sync ({shown.length})
      </h2>
      <ol className="space-y-4">
        {shown.map((d) => (
          <li key={d.id}>
            <DeviceCard entry={d.entry} device={d} badge="waiting" now={now} tz={tz} />
          </li>
        ))}
      </ol>
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
    void loadOutbox()
      .then((m) => m.readOffline(JSON.parse(key) as OfflineFilter))
      .then(
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
      <ol className="space-y-4">
        {shown.map((e) => (
          <li key={e.id}>
            <DeviceCard entry={e} badge="offline-copy" now={now} tz={tz} />
          </li>
        ))}
      </ol>
    </section>
  );
}

/** One entry, read in place: the device's version, else the server's, else the reading copy. */
export function EntryReader({ id, tz, onClose }: { id: string; tz: string; onClose: () => void }) {
  const toast = useToast();
  const { device, server, unreachable, copy } = useKeptEntry(id);
  const [confirm, setConfirm] = useState(false);

  const entry = device && !device.deleted ? device.entry : (server.data ?? (unreachable ? copy : undefined));
  const back = (
    <button type="button" onClick={onClose} className="inline-flex items-center gap-1.5 rounded-lg px-2 py-1.5 text-sm font-medium text-stone-600 hover:bg-stone-100 hover:text-stone-900">
      <ArrowLeft className="h-4 w-4" aria-hidden />
      Back to Timeline
    </button>
  );
  if (!entry) {
    const missing = device?.deleted || copy === null || (server.isError && !unreachable);
    return (
      <div className="space-y-4" data-testid="entry-reader">
        {back}
        <p role="status" className="rounded-2xl border border-stone-200 bg-white p-5 text-sm text-stone-600">
          {missing ? "This entry is not kept on this device." : "Loading entry..."}
        </p>
      </div>
    );
  }
  const remove = async () => {
    setConfirm(false);
    try {
      const m = await loadOutbox();
      await m.queueDelete(entry.id, device ? null : entry);
      toast.success(device && !device.on_server ? "The entry was removed from this device." : "The entry will be deleted from your journal when the connection returns.");
      onClose();
      void m.syncNow();
    } catch (err) {
      toast.error(err instanceof Error ? err.message : "The entry could not be deleted.", "Failed to delete entry");
    }
  };
  const mood = moodStyle(entry.ai_mood_score);
  return (
    <article className="space-y-4" data-testid="entry-reader" aria-labelledby="reader-title">
      {back}
      <div className="rounded-2xl border border-stone-200 bg-white p-6 shadow-sm">
        <div className="flex flex-wrap items-center gap-2">
          {device ? <Badge kind={device.problem ? "problem" : "waiting"} problem={device.problem} /> : !server.data && <Badge kind="offline-copy" />}
          {entry.conflict_of && <span className="rounded-full bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-900 ring-1 ring-amber-200">Conflicted copy</span>}
        </div>
        <h1 id="reader-title" className="mt-3 text-2xl font-semibold text-stone-900">
          {entry.title.trim() || "Untitled entry"}
        </h1>
        <p className="mt-1 flex flex-wrap items-center gap-x-2 text-sm text-stone-500">
          <time dateTime={entry.created_at}>{fullDateTime(entry.created_at, tz)}</time>
          <span aria-hidden>·</span>
          <span>{wordCountLabel(entry.word_count)}</span>
          {entry.ai_mood_score !== null && (
            <>
              <span aria-hidden>·</span>
              <span>
                {mood.emoji} {mood.label}
              </span>
            </>
          )}
          {entry.location_name && (
            <>
              <span aria-hidden>·</span>
              <span className="inline-flex items-center gap-1">
                <MapPin className="h-3.5 w-3.5" aria-hidden />
                {entry.location_name}
              </span>
            </>
          )}
        </p>
        {device?.problem && <p className="mt-3 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">Not saved to your journal yet: {device.problem}</p>}
        {entry.conflict_of && (
          <p className="mt-3 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
            This is your version from this device. The same entry was changed elsewhere too, and that version was kept as it was.
          </p>
        )}
        <div className="mt-4">
          <RichText text={entry.content} />
        </div>
        {(entry.media_files.length > 0 || (device?.pending_media.length ?? 0) > 0) && (
          <div className="mt-4 flex flex-wrap gap-2">
            {entry.media_files.map((m) => (server.data ? null : <KeptThumb key={m.id} mediaId={m.id} label={m.filename} />))}
            {device?.pending_media.map((m) => <PendingThumb key={m.id} media={m} />)}
          </div>
        )}
        {entry.tags.length > 0 && (
          <ul className="mt-4 flex flex-wrap gap-1.5" aria-label="Tags">
            {entry.tags.map((t) => (
              <li key={t.name} className="rounded-full bg-stone-100 px-2.5 py-0.5 text-xs text-stone-700">
                #{t.name}
              </li>
            ))}
          </ul>
        )}
        <div className="mt-6 flex flex-wrap gap-2">
          <Button asChild variant="secondary">
            {/* A full page load: offline the editor's shell comes from the service worker, and it reads the fragment as it starts. */}
            { }
            <a href={`/journal#entry=${encodeURIComponent(entry.id)}`}>
              <Pencil className="h-4 w-4" aria-hidden />
              Edit
            </a>
          </Button>
          {server.data && (
            <Button asChild variant="ghost">
              <Link href={`/entry/${encodeURIComponent(entry.id)}`}>Open full entry</Link>
            </Button>
          )}
          <Button variant="ghost" onClick={() => setConfirm(true)} className="text-red-700 hover:bg-red-50">
            <Trash2 className="h-4 w-4" aria-hidden />
            Delete
          </Button>
        </div>
      </div>
      <ConfirmDialog
        open={confirm}
        onOpenChange={setConfirm}
        title="Delete entry?"
        message={
          device && !device.on_server
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
