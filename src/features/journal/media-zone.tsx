"use client";
import clsx from "clsx";
import {
  AlertCircle,
  Brain,
  Check,
  FileAudio,
  FileVideo,
  ImagePlus,
  Loader2,
  Plus,
  RotateCcw,
  Trash2,
  Upload,
  X,
} from "lucide-react";
import Link from "next/link";
import { useId, useRef, useState, type DragEvent } from "react";
import type { MediaFileDto } from "@/contracts/entries";
import { MAX_MEDIA_LABEL } from "@/domain/constants";
import { PHOTO_INSIGHTS_NEED } from "@/domain/models";
import type { MediaKind } from "@/domain/media";

export interface NewMedia {
  id: string;
  file: File;
  kind: MediaKind;
  previewUrl: string;
  /** "unsupported": the current model cannot read this kind of file (a quiet note says so, never a modal). */
  analysis: "analyzing" | "done" | "failed" | "none" | "unsupported";
  /** A voice recording made in the editor (its words went into the text when they could). */
  recording?: boolean;
  description?: string;
  transcription?: string;
  upload?: { state: "waiting" | "uploading" | "done" | "failed"; progress: number; error?: string };
}

function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(0)} KB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}

function KindIcon({ kind, className }: { kind: MediaKind; className?: string }) {
  if (kind === "audio") return <FileAudio className={className} aria-hidden />;
  if (kind === "video") return <FileVideo className={className} aria-hidden />;
  return <ImagePlus className={className} aria-hidden />;
}

/**
 * Media drop zone and file picker (spec sections 4 and 5), the files waiting to be saved with their
 * insights and upload progress, and (when editing) the entry's stored media, which can be removed.
 */
export function MediaZone({
  items,
  rejections,
  existing,
  removedIds,
  saving,
  onFiles,
  onRemove,
  onDismissRejections,
  onToggleExisting,
  onDeeper,
  onAddText,
  canReadImages = true,
}: {
  /** false when the model reads no images: photos then offer no insights, and a quiet line says how to enable them */
  canReadImages?: boolean;
  items: NewMedia[];
  rejections: string[];
  existing: MediaFileDto[];
  removedIds: string[];
  saving: boolean;
  onFiles: (files: File[]) => void;
  onRemove: (id: string) => void;
  onDismissRejections: () => void;
  onToggleExisting: (id: string) => void;
  onDeeper: (item: NewMedia) => void;
  onAddText: (text: string) => void;
}) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const inputId = useId();

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    if (saving) return;
    const files = [...e.dataTransfer.files];
    if (files.length) onFiles(files);
  };

  return (
    <section
      aria-labelledby={`${inputId}-title`}
      className="rounded-2xl border border-stone-200 bg-white p-4 shadow-sm"
    >
      <h2 id={`${inputId}-title`} className="text-sm font-medium text-stone-800">
        Photos, video and audio
      </h2>
      <div
        onDragOver={(e) => {
          e.preventDefault();
          if (!saving) setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
        data-testid="drop-zone"
        className={clsx(
          "mt-2 flex flex-col items-center justify-center gap-2 rounded-xl border-2 border-dashed px-4 py-6 text-center transition-colors",
          over ? "border-brand-500 bg-brand-50" : "border-stone-200 bg-stone-50/60",
        )}
      >
        <Upload className="h-6 w-6 text-brand-500" aria-hidden />
        <p className="text-sm text-stone-600">
          Drop files here or{" "}
          <button
            type="button"
            onClick={() => inputRef.current?.click()}
            disabled={saving}
            className="font-medium text-brand-700 underline-offset-2 hover:underline disabled:text-stone-400"
          >
            choose files
          </button>
        </p>
        <p className="text-xs text-stone-500">Images, video or audio, up to {MAX_MEDIA_LABEL} each</p>
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          multiple
          accept="image/*,video/*,audio/*"
          className="sr-only"
          tabIndex={-1}
          aria-label="Add photos, video or audio"
          onChange={(e) => {
            const files = [...(e.target.files ?? [])];
            e.target.value = "";
            if (files.length) onFiles(files);
          }}
        />
      </div>

      {rejections.length > 0 && (
        <div
          role="alert"
          className="mt-3 flex items-start gap-2 rounded-xl border border-red-200 bg-red-50 p-3 text-sm text-red-800"
        >
          <AlertCircle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
          {/* A file's name can be one long word ("IMG-20261127-WA0003.jpg"): it breaks rather than widen the page. */}
          <ul className="min-w-0 flex-1 space-y-1 [overflow-wrap:anywhere]">
            {rejections.map((r) => (
              <li key={r}>{r}</li>
            ))}
          </ul>
          <button
            type="button"
            onClick={onDismissRejections}
            className="rounded p-0.5 hover:bg-red-100"
            aria-label="Dismiss"
          >
            <X className="h-4 w-4" aria-hidden />
          </button>
        </div>
      )}

      {existing.length > 0 && (
        <div className="mt-4">
          <h3 className="text-xs font-semibold uppercase tracking-wide text-stone-500">Attached</h3>
          <ul className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-3">
            {existing.map((m) => {
              const removed = removedIds.includes(m.id);
              return (
                <li
                  key={m.id}
                  className={clsx(
                    "relative overflow-hidden rounded-xl border",
                    removed ? "border-red-200 opacity-60" : "border-stone-200",
                  )}
                >
                  {m.file_type === "image" ? (
                    // eslint-disable-next-line @next/next/no-img-element -- private media served by the app itself
                    <img src={m.thumbnail_url ?? m.url} alt={m.filename} className="h-24 w-full object-cover" />
                  ) : (
                    <div className="flex h-24 items-center justify-center bg-stone-50">
                      <KindIcon kind={m.file_type} className="h-8 w-8 text-stone-400" />
                    </div>
                  )}
                  <div className="flex items-center gap-1 px-2 py-1.5">
                    <span
                      className={clsx(
                        "min-w-0 flex-1 truncate text-xs",
                        removed ? "text-red-700 line-through" : "text-stone-700",
                      )}
                    >
                      {m.filename}
                    </span>
                    <button
                      type="button"
                      onClick={() => onToggleExisting(m.id)}
                      disabled={saving}
                      className="rounded p-1 text-stone-500 hover:bg-stone-100 hover:text-stone-900"
                      aria-label={removed ? `Keep ${m.filename}` : `Remove ${m.filename}`}
                      title={removed ? "Keep" : "Remove when saving"}
                    >
                      {removed ? (
                        <RotateCcw className="h-4 w-4" aria-hidden />
                      ) : (
                        <Trash2 className="h-4 w-4" aria-hidden />
                      )}
                    </button>
                  </div>
                  {removed && <p className="px-2 pb-1.5 text-xs text-red-700">Removed when you save</p>}
                </li>
              );
            })}
          </ul>
        </div>
      )}

      {items.length > 0 && (
        <ul className="mt-4 space-y-2" aria-label="Files to add">
          {items.map((m) => (
            <li key={m.id} className="flex gap-3 rounded-xl border border-stone-200 p-2.5" data-testid="media-item">
              <div className="h-16 w-16 shrink-0 overflow-hidden rounded-lg bg-stone-100">
                {m.kind === "image" ? (
                  // eslint-disable-next-line @next/next/no-img-element -- a local object URL of the chosen file
                  <img src={m.previewUrl} alt="" className="h-full w-full object-cover" />
                ) : (
                  <div className="flex h-full items-center justify-center">
                    <KindIcon kind={m.kind} className="h-7 w-7 text-stone-400" />
                  </div>
                )}
              </div>
              <div className="min-w-0 flex-1">
                <div className="flex items-start gap-2">
                  <p className="min-w-0 flex-1 truncate text-sm font-medium text-stone-900">{m.file.name}</p>
                  <span className="shrink-0 text-xs text-stone-500">{formatBytes(m.file.size)}</span>
                  <button
                    type="button"
                    onClick={() => onRemove(m.id)}
                    disabled={saving}
                    className="-mr-1 -mt-1 shrink-0 rounded p-1 text-stone-400 hover:bg-stone-100 hover:text-stone-800"
                    aria-label={`Remove ${m.file.name}`}
                  >
                    <X className="h-4 w-4" aria-hidden />
                  </button>
                </div>
                {m.kind === "audio" && (
                  <audio controls src={m.previewUrl} preload="metadata" className="mt-1 h-8 w-full max-w-xs" />
                )}
                <div className="mt-1 text-xs" aria-live="polite">
                  {m.analysis === "analyzing" && (
                    <span className="inline-flex items-center gap-1 text-brand-700">
                      <Loader2 className="h-3 w-3 animate-spin" aria-hidden />
                      Getting insights...
                    </span>
                  )}
                  {m.analysis === "failed" && <span className="text-stone-500">No insights for this file.</span>}
                  {m.analysis === "unsupported" && (
                    <p className="text-stone-500" data-testid="media-unsupported-note">
                      {m.kind === "image"
                        ? `${PHOTO_INSIGHTS_NEED}. `
                        : "Kept as audio with your entry. Transcription needs a model that can listen, such as Gemini 2.5 Flash or GPT-4o. "}
                      <Link href="/settings" className="font-medium text-brand-700 underline-offset-2 hover:underline">
                        Choose one in Settings
                      </Link>
                    </p>
                  )}
                  {m.analysis === "none" && m.recording && (
                    <span className="text-stone-500">Your voice recording, kept with the entry.</span>
                  )}
                  {m.analysis === "done" && m.description && <p className="text-stone-600">{m.description}</p>}
                  {m.analysis === "done" && m.transcription && (
                    <div className="text-stone-600">
                      <p className="italic">&ldquo;{m.transcription}&rdquo;</p>
                      <button
                        type="button"
                        onClick={() => onAddText(m.transcription!)}
                        className="mt-1 inline-flex items-center gap-1 font-medium text-brand-700 hover:underline"
                      >
                        <Plus className="h-3 w-3" aria-hidden />
                        Add transcription to entry
                      </button>
                    </div>
                  )}
                </div>
                {m.kind === "image" && !canReadImages && m.analysis !== "unsupported" && (
                  <p className="mt-1 text-xs text-stone-500" data-testid="photo-insights-need">
                    {PHOTO_INSIGHTS_NEED}.{" "}
                    <Link
                      href="/settings#model"
                      className="font-medium text-brand-700 underline-offset-2 hover:underline"
                    >
                      Choose one in Settings
                    </Link>
                  </p>
                )}
                {/* Once the model said it cannot read this photo, no deeper reading is offered: it would only fail. */}
                {m.kind === "image" && canReadImages && m.analysis !== "unsupported" && (
                  <button
                    type="button"
                    onClick={() => onDeeper(m)}
                    disabled={saving}
                    className="mt-1.5 inline-flex items-center gap-1 text-xs font-medium text-brand-700 hover:underline disabled:text-stone-400"
                  >
                    <Brain className="h-3.5 w-3.5" aria-hidden />
                    Deeper psychological insights
                  </button>
                )}
                {m.upload && (
                  <div className="mt-2">
                    {m.upload.state === "failed" ? (
                      <p className="flex items-center gap-1 text-xs text-red-700 [overflow-wrap:anywhere]">
                        <AlertCircle className="h-3.5 w-3.5 shrink-0" aria-hidden />
                        Upload failed: {m.upload.error}
                      </p>
                    ) : m.upload.state === "done" ? (
                      <p className="flex items-center gap-1 text-xs text-green-700">
                        <Check className="h-3.5 w-3.5" aria-hidden />
                        Uploaded
                      </p>
                    ) : (
                      <div className="flex items-center gap-2">
                        <progress
                          className="h-1.5 flex-1 overflow-hidden rounded-full [&::-webkit-progress-bar]:bg-stone-100 [&::-webkit-progress-value]:bg-brand-600 [&::-moz-progress-bar]:bg-brand-600"
                          value={Math.round(m.upload.progress * 100)}
                          max={100}
                          aria-label={`Uploading ${m.file.name}`}
                        />
                        <span className="w-10 text-right text-xs tabular-nums text-stone-600">
                          {Math.round(m.upload.progress * 100)}%
                        </span>
                      </div>
                    )}
                  </div>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
