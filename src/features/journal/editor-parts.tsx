"use client";
import { parseQuestions } from "@/domain/reflection";
import { CalendarDays, Loader2, RotateCcw } from "lucide-react";
import type { CSSProperties, ReactNode, RefObject } from "react";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import type { TextAnalysisDto } from "@/contracts/ai";
import type { EntryDto } from "@/contracts/entries";
import { localDateInputValue, parseThemes, type EditorFields } from "@/domain/editor";
import type { DeviceEntry } from "@/domain/outbox";

/** The editor's smaller parts: its skeleton, heading and action bar, its notes, and how an entry becomes its fields. */

/** The editor's place while the entry loads. */
export function EditorSkeleton({ title }: { title: string }) {
  return (
    <div aria-busy="true">
      <h1 className="text-2xl font-semibold text-stone-900">{title}</h1>
      <p role="status" className="sr-only">
        Loading entry...
      </p>
      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]" data-testid="editor-skeleton">
        <div className="space-y-4">
          <Skeleton className="h-10 w-full rounded-xl" />
          <Skeleton className="h-96 w-full rounded-2xl" />
          <Skeleton className="h-24 w-full rounded-2xl" />
        </div>
        <Skeleton className="h-64 w-full rounded-2xl" />
      </div>
    </div>
  );
}

/** The editor's fields as an entry has them. */
export function editorFieldsOf(e: EntryDto): EditorFields {
  return {
    title: e.title ?? "",
    content: e.content,
    tags: e.tags.map((t) => t.name),
    date: localDateInputValue(new Date(e.created_at)),
    locationName: e.location_name ?? "",
    lat: e.location_lat,
    lng: e.location_lng,
  };
}

/** The analysis an entry carries, as the insights panel shows it (null when it has none). */
export function analysisOf(e: EntryDto): TextAnalysisDto | null {
  if (e.ai_mood_score === null && !e.ai_summary) return null;
  return {
    mood_score: e.ai_mood_score ?? 5,
    primary_emotion: e.mood ?? "",
    themes: parseThemes(e.ai_themes),
    summary: e.ai_summary ?? "",
    suggested_tags: [],
    follow_up_questions: parseQuestions(e.ai_questions),
  };
}

/** The entry's latest version is the one this device keeps: it waits to sync, or the server refused it. */
export function DeviceVersionNote({ device }: { device: DeviceEntry }) {
  const n = device.pending_media.length;
  const text = device.problem
    ? `Not saved to your journal yet: ${device.problem}`
    : `This version is kept on this device and waits to sync.${n ? ` ${n === 1 ? "1 file waits" : `${n} files wait`} to be added.` : ""}`;
  return (
    <p
      role="status"
      data-testid="device-version-note"
      className={`mt-2 rounded-lg px-3 py-1.5 text-sm ${device.problem ? "bg-amber-50 text-amber-900" : "bg-brand-50 text-brand-800"}`}
    >
      {text}
    </p>
  );
}

/** A new entry's draft was found on this device and put back in the editor. */
export function DraftRestored({ onKeep, onStartFresh }: { onKeep: () => void; onStartFresh: () => void }) {
  return (
    <div
      role="status"
      className="mt-4 flex flex-wrap items-center gap-3 rounded-xl border border-brand-200 bg-brand-50 px-4 py-2.5 text-sm text-brand-900"
    >
      <RotateCcw className="h-4 w-4" aria-hidden />
      <span className="flex-1">Your unsaved draft was restored.</span>
      <button type="button" onClick={onKeep} className="font-medium hover:underline">
        Keep writing
      </button>
      <button type="button" onClick={onStartFresh} className="font-medium text-brand-700 hover:underline">
        Start fresh
      </button>
    </div>
  );
}

/** The editor's heading: what it edits, what happens to the words, the device's version, and the entry's day. */
export function EditorHeader(props: {
  title: string;
  isEdit: boolean;
  device?: DeviceEntry;
  date: string;
  onDate: (date: string) => void;
  disabled: boolean;
}) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-3">
      <div>
        <h1 className="text-2xl font-semibold text-stone-900">{props.title}</h1>
        <p className="mt-1 text-sm text-stone-500">
          {props.isEdit
            ? "Changes are saved when you choose Save Changes."
            : "Write freely. Your draft is kept on this device until you save."}
        </p>
        {props.device && <DeviceVersionNote device={props.device} />}
      </div>
      <label className="flex items-center gap-2 text-sm font-medium text-stone-700">
        <CalendarDays className="h-4 w-4 text-stone-500" aria-hidden />
        <span>Date</span>
        <input
          type="date"
          value={props.date}
          onChange={(e) => e.target.value && props.onDate(e.target.value)}
          disabled={props.disabled}
          className="h-10 rounded-xl border border-stone-200 bg-white px-3 text-sm text-stone-900 focus:border-brand-500 focus:outline-none"
        />
      </label>
    </div>
  );
}

/** Cancel and Save: fixed above the tab bar (and the keyboard) on a phone, sticky on wider screens. */
export function EditorActionBar({
  barRef,
  style,
  isEdit,
  dirty,
  saving,
  contentEmpty,
  emptyMessage,
  onCancel,
  cue,
}: {
  /** where the words go, shown quietly at the start of the bar */
  cue?: ReactNode;
  barRef: RefObject<HTMLDivElement | null>;
  style: CSSProperties;
  isEdit: boolean;
  dirty: boolean;
  saving: boolean;
  contentEmpty: boolean;
  emptyMessage: string;
  onCancel: () => void;
}) {
  return (
    <div
      ref={barRef}
      data-testid="editor-action-bar"
      style={style}
      className="fixed inset-x-0 z-30 flex items-center justify-end gap-2 border-t border-stone-200 bg-[#faf9f7]/95 px-4 py-2 backdrop-blur md:sticky md:z-20 md:mx-0 md:gap-3 md:rounded-2xl md:border md:bg-white/95 md:py-3 lg:col-start-1 lg:row-start-3"
    >
      <div className="mr-auto flex min-w-0 items-center gap-3">
        {cue}
        {dirty && !saving && <span className="hidden text-xs text-stone-500 sm:inline">Unsaved changes</span>}
      </div>
      <Button variant="secondary" onClick={onCancel} disabled={saving}>
        Cancel
      </Button>
      <Button
        type="submit"
        aria-disabled={contentEmpty || saving || undefined}
        disabled={saving}
        className={contentEmpty ? "cursor-not-allowed bg-brand-200 hover:bg-brand-200" : undefined}
        title={contentEmpty ? emptyMessage : undefined}
      >
        {saving && <Loader2 className="h-4 w-4 animate-spin" aria-hidden />}
        {saving ? "Saving..." : isEdit ? "Save Changes" : "Save Entry"}
      </Button>
    </div>
  );
}
