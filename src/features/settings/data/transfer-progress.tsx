"use client";
import { useSyncExternalStore } from "react";
import { formatBytes } from "@/domain/home";
import { progressPercent, progressStore, type TransferProgress } from "@/client/data";

export function useTransferProgress(): TransferProgress | null {
  return useSyncExternalStore(progressStore.subscribe, progressStore.get, () => null);
}

function label(p: TransferProgress, percent: number | null): string {
  if (p.phase === "export") {
    return percent === null ? `Preparing your export... ${formatBytes(p.done)}` : `Exporting... ${percent}% (${formatBytes(p.done)} of about ${formatBytes(p.total)})`;
  }
  if (p.phase === "upload") return `Uploading... ${percent ?? 0}% (${formatBytes(p.done)} of ${formatBytes(p.total)})`;
  return "Importing your entries... This can take a while for a large journal.";
}

/** Shows how far an export or an import has come; nothing when none is running. */
export function TransferProgressBar() {
  const p = useTransferProgress();
  if (!p) return null;
  const percent = progressPercent(p);
  const text = label(p, percent);
  return (
    <div className="mt-3 max-w-md" data-testid="transfer-progress">
      <p className="text-xs text-stone-600" aria-live="polite">
        {text}
      </p>
      <div
        className="mt-1 h-2 overflow-hidden rounded-full bg-stone-200"
        role="progressbar"
        aria-label={p.phase === "export" ? "Export progress" : "Import progress"}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent ?? undefined}
        aria-valuetext={text}
      >
        <div className={percent === null ? "h-full w-1/3 animate-pulse bg-brand-500" : "h-full bg-brand-600 transition-[width]"} style={percent === null ? undefined : { width: `${percent}%` }} />
      </div>
    </div>
  );
}
