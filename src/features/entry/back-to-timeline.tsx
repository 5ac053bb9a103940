"use client";
import { ArrowLeft } from "lucide-react";
import Link from "next/link";

const CLASS =
  "inline-flex items-center gap-1.5 rounded-lg px-2 py-1.5 text-sm font-medium text-stone-600 hover:bg-stone-100 hover:text-stone-900";

/** "Back to Timeline": a link to it, or, for a reader shown in place on the Timeline, a button that closes it. */
export function BackToTimeline({ onClose }: { onClose?: () => void }) {
  const label = (
    <>
      <ArrowLeft className="h-4 w-4" aria-hidden />
      Back to Timeline
    </>
  );
  if (onClose)
    return (
      <button type="button" onClick={onClose} className={CLASS}>
        {label}
      </button>
    );
  return (
    <Link href="/timeline" className={CLASS}>
      {label}
    </Link>
  );
}
