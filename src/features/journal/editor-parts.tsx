"use client";
import { RotateCcw } from "lucide-react";
import { Skeleton } from "@/components/ui/skeleton";
import type { TextAnalysisDto } from "@/contracts/ai";
import type { EntryDto } from "@/contracts/entries";
import { localDateInputValue, parseThemes, type EditorFields } from "@/domain/editor";
import type { DeviceEntry } from "@/domain/outbox";

/** The editor's smaller parts: its skeleton, its notes, and how an entry becomes its fields. */

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
    follow_up_questions: [],
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
