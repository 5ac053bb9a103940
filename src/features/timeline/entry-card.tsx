"use client";
import { browserLocale } from "@/client/storage";
import clsx from "clsx";
import {
  AlertTriangle,
  CloudOff,
  CloudUpload,
  FileAudio,
  Film,
  ImageIcon,
  MapPin,
  MoreHorizontal,
  Sparkles,
} from "lucide-react";
import Link from "next/link";
import { memo, useRef, useState, type ReactNode } from "react";
import { useDeleteEntry, useForgetEntry, type EntrySource } from "@/client/entries";
import { lazyPart, useStandIn } from "@/components/lazy";
import { ConfirmDialog } from "@/components/ui/dialog";
import { useToast } from "@/components/feedback/toast";
import { UndoDelete, UNDO_TOAST_MS } from "@/components/feedback/undo-delete";
import { fullDateTime } from "@/domain/date-format";
import { TRASH_RETENTION_DAYS } from "@/domain/trash";
import { entryCardView, overflowLabel, type TimelineEntry, type TimelineMedia } from "@/domain/timeline";
import { CARD_MENU_TRIGGER_CLASS } from "./card-menu-class";

export const DELETE_FAILED_MESSAGE = "Failed to delete entry. Please try again.";
export const QUEUED_DELETE_MESSAGE = "The entry will be deleted from your journal when the connection returns.";

const MOOD_TINT: Record<string, string> = {
  green: "bg-green-50 ring-green-200",
  lime: "bg-lime-50 ring-lime-200",
  amber: "bg-amber-50 ring-amber-200",
  red: "bg-red-50 ring-red-200",
  gray: "bg-stone-50 ring-stone-200",
};

/** Opens an entry in the Timeline's reader, in place (`/timeline#entry=<id>`): its own address needs the server. */
export function readerHref(id: string): string {
  return `/timeline#entry=${encodeURIComponent(id)}`;
}

/** Where an entry shown comes from, when not simply the server: waiting on this device, or the reading copy. */
export function SourceBadge({ source, problem }: { source: EntrySource; problem?: string | null }) {
  if (source === "server") return null;
  if (problem)
    return (
      <span
        className="inline-flex items-center gap-1 rounded-full bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-900 ring-1 ring-amber-200"
        title={problem}
      >
        <AlertTriangle className="h-3.5 w-3.5" aria-hidden />
        Needs your attention
      </span>
    );
  if (source === "device")
    return (
      <span
        data-testid="waiting-badge"
        className="inline-flex items-center gap-1 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-800 ring-1 ring-brand-200"
      >
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

/**
 * One entry on the Timeline (spec section 2). The title link covers the whole card, so a click
 * anywhere opens the entry; the actions menu sits above that layer. An entry this device keeps
 * (`source` "device" or "copy") carries a badge, opens in the reader in place, and shows its files
 * from the device (`media`).
 */
export const EntryCard = memo(function EntryCard({
  entry,
  now,
  tz,
  source = "server",
  problem,
  media,
}: {
  entry: TimelineEntry;
  now: Date;
  tz: string;
  source?: EntrySource;
  problem?: string | null;
  media?: ReactNode;
}) {
  const locale = browserLocale();
  const v = entryCardView(entry, now, tz, locale);
  const titleId = `entry-title-${entry.id}`;
  const title = v.title || "Untitled entry";
  const kept = source !== "server";
  const linkClass = clsx(
    "rounded outline-none after:absolute after:inset-0 after:rounded-2xl after:content-[''] focus-visible:after:outline-2 focus-visible:after:outline-offset-2 focus-visible:after:outline-brand-600 group-hover:text-brand-700",
    !v.title && "italic text-stone-500",
  );
  return (
    <article
      aria-labelledby={titleId}
      data-testid={kept ? "device-card" : "entry-card"}
      data-entry-id={entry.id}
      className={clsx(
        "group relative rounded-2xl border bg-white p-5 shadow-sm transition [contain-intrinsic-size:auto_240px] [content-visibility:auto] focus-within:border-brand-200 hover:border-brand-200 hover:shadow-md",
        source === "device" ? "border-brand-200" : "border-stone-200",
      )}
    >
      <header className="flex items-start gap-3">
        <span
          role="img"
          aria-label={v.moodLabel}
          title={v.moodTitle}
          data-testid="card-mood"
          data-reading={entry.mood_stated ? "stated" : (entry.reading?.kind ?? undefined)}
          className={clsx(
            "flex h-10 w-10 shrink-0 items-center justify-center rounded-full text-xl ring-1",
            MOOD_TINT[v.mood.color],
          )}
        >
          {v.mood.emoji}
        </span>
        <div className="min-w-0 flex-1">
          <h3 id={titleId} className="text-base font-semibold leading-snug text-stone-900">
            {kept ? (
              <a
                href={readerHref(entry.id)}
                onClick={(e) => {
                  e.preventDefault();
                  window.location.hash = `entry=${encodeURIComponent(entry.id)}`;
                }}
                className={linkClass}
              >
                {title}
              </a>
            ) : (
              <Link href={v.href} className={linkClass}>
                {title}
              </Link>
            )}
          </h3>
          <p className="mt-0.5 flex flex-wrap items-center gap-x-2 text-sm text-stone-500">
            <time dateTime={entry.created_at} title={fullDateTime(entry.created_at, tz, locale)}>
              {v.relativeDate}
            </time>
            <span aria-hidden>·</span>
            <span>{v.words}</span>
            {kept && <SourceBadge source={source} problem={problem} />}
            {entry.conflict_of && (
              <>
                <span aria-hidden>·</span>
                <span
                  data-testid="conflict-badge"
                  className="rounded-full bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-900 ring-1 ring-amber-200"
                >
                  Conflicted copy
                </span>
              </>
            )}
            {v.location && (
              <>
                <span aria-hidden>·</span>
                <span className="inline-flex min-w-0 items-center gap-1">
                  <MapPin className="h-3.5 w-3.5 shrink-0" aria-hidden />
                  <span className="sr-only">Location: </span>
                  <span className="truncate">{v.location}</span>
                </span>
              </>
            )}
          </p>
        </div>
        {!kept && <CardMenu entryId={entry.id} title={title} editHref={v.editHref} />}
      </header>

      {v.preview && <p className="mt-3 break-words text-[15px] leading-relaxed text-stone-700">{v.preview}</p>}

      {problem && <p className="relative z-10 mt-2 text-sm text-amber-900">{problem}</p>}

      {v.summary && (
        <div className="mt-3 flex gap-2 rounded-xl bg-brand-50 px-3 py-2 text-sm text-brand-900">
          <Sparkles className="mt-0.5 h-4 w-4 shrink-0 text-brand-500" aria-hidden />
          <p>
            <span className="sr-only">AI summary: </span>
            {v.summary}
          </p>
        </div>
      )}

      {kept
        ? media
        : v.media.visible.length > 0 && (
            <ul aria-label="Media" className="mt-3 grid max-w-[22rem] grid-cols-5 gap-2">
              {v.media.visible.map((m) => (
                <li key={m.id}>
                  <Thumbnail media={m} />
                </li>
              ))}
              {v.media.more > 0 && (
                <li
                  className="flex aspect-square items-center justify-center rounded-lg bg-stone-100 text-sm font-medium text-stone-600"
                  aria-label={`${v.media.more} more media files`}
                >
                  {overflowLabel(v.media.more)}
                </li>
              )}
            </ul>
          )}

      {v.tags.visible.length > 0 && (
        <ul aria-label="Tags" className="mt-3 flex flex-wrap gap-1.5">
          {v.tags.visible.map((t) => (
            <li key={t} className="rounded-full bg-stone-100 px-2.5 py-0.5 text-xs font-medium text-stone-700">
              #{t}
            </li>
          ))}
          {v.tags.more > 0 && (
            <li
              className="rounded-full bg-stone-100 px-2.5 py-0.5 text-xs font-medium text-stone-600"
              aria-label={`${v.tags.more} more tags`}
              title={entry.tags
                .slice(v.tags.visible.length)
                .map((t) => `#${t}`)
                .join(" ")}
            >
              {overflowLabel(v.tags.more)}
            </li>
          )}
        </ul>
      )}
    </article>
  );
});

/** A small square for one media file: the server's thumbnail for images, never the original. */
function Thumbnail({ media }: { media: TimelineMedia }) {
  const [failed, setFailed] = useState(false);
  const Icon = media.type === "video" ? Film : media.type === "audio" ? FileAudio : ImageIcon;
  if (media.type === "image" && media.thumbnail_url && !failed) {
    return (
      // A plain img, as next/image renders it unoptimized (the server made the thumbnail), without its code.
      // eslint-disable-next-line @next/next/no-img-element
      <img
        src={media.thumbnail_url}
        alt={media.filename}
        width={64}
        height={64}
        loading="lazy"
        decoding="async"
        onError={() => setFailed(true)}
        className="aspect-square h-auto w-full rounded-lg bg-stone-100 object-cover"
        style={{ color: "transparent" }}
      />
    );
  }
  return (
    <span
      role="img"
      aria-label={`${media.type}: ${media.filename}`}
      title={media.filename}
      className="flex aspect-square w-full items-center justify-center rounded-lg bg-stone-100 text-stone-500"
    >
      <Icon className="h-6 w-6" aria-hidden />
    </span>
  );
}

/** Radix DropdownMenu is not in the Timeline's first load: each card shows a stand-in until its menu is reached. */
const radixCardMenu = lazyPart(() => import("./card-menu-radix").then((m) => m.RadixCardMenu));

function CardMenu({ entryId, title, editHref }: { entryId: string; title: string; editHref: string }) {
  const standIn = useStandIn(radixCardMenu);
  const Real = standIn.real;
  const label = `Actions for ${title}`;
  const toast = useToast();
  const remove = useDeleteEntry();
  const forget = useForgetEntry();
  const [confirming, setConfirming] = useState(false);
  const [failed, setFailed] = useState(false);
  // The menu item that opened the dialog is gone when it closes: the focus goes back to the menu's button.
  const anchor = useRef<HTMLSpanElement>(null);

  const askToDelete = () => {
    setFailed(false);
    setConfirming(true);
  };
  const onConfirm = () => {
    setFailed(false);
    remove.mutate(entryId, {
      onSuccess: (r) => {
        setConfirming(false);
        forget(entryId);
        if (r.queued) toast.success(QUEUED_DELETE_MESSAGE);
        else toast.success("Entry deleted.", <UndoDelete id={entryId} />, { duration: UNDO_TOAST_MS });
      },
      onError: () => setFailed(true),
    });
  };

  return (
    <>
      <span ref={anchor} className="contents">
        {Real ? (
          <Real
            label={label}
            editHref={editHref}
            onDelete={askToDelete}
            defaultOpen={standIn.defaultOpen}
            autoFocus={standIn.autoFocus}
          />
        ) : (
          <button
            type="button"
            aria-label={label}
            aria-haspopup="menu"
            aria-expanded={false}
            data-state="closed"
            className={CARD_MENU_TRIGGER_CLASS}
            {...standIn.standInProps}
            onPointerDown={(e) => {
              // As radix's trigger: a press opens the menu, and Enter, Space or ArrowDown.
              if (e.button === 0 && !e.ctrlKey) {
                e.preventDefault();
                standIn.open();
              }
            }}
            onKeyDown={(e) => {
              if (e.key === "Enter" || e.key === " " || e.key === "ArrowDown") {
                e.preventDefault();
                standIn.open();
              }
            }}
          >
            <MoreHorizontal className="h-5 w-5" aria-hidden />
          </button>
        )}
      </span>
      <ConfirmDialog
        returnFocus={() => anchor.current?.querySelector<HTMLElement>("button")}
        open={confirming}
        onOpenChange={(open) => {
          if (!remove.isPending) setConfirming(open);
        }}
        title="Delete this entry?"
        message={
          <>
            <span className="block">
              &ldquo;{title}&rdquo; and its media will move to Recently deleted, where you can restore them for{" "}
              {TRASH_RETENTION_DAYS} days.
            </span>
            {failed && (
              <span role="alert" className="mt-3 block rounded-lg bg-red-50 px-3 py-2 font-medium text-red-800">
                {DELETE_FAILED_MESSAGE}
              </span>
            )}
          </>
        }
        confirmLabel={remove.isPending ? "Deleting..." : "Delete"}
        danger
        busy={remove.isPending}
        onConfirm={onConfirm}
      />
    </>
  );
}
