"use client";
import clsx from "clsx";
import { CalendarRange } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { lazyWhenShown } from "@/components/lazy";

const ReviewsMenuPanel = lazyWhenShown<{ open: boolean; id: string; onClose: () => void }>(
  () => import("./reviews-menu-panel").then((m) => m.ReviewsMenuPanel),
  (p) => p.open,
);

/**
 * "Reviews": a week, a month or a year, the current one or the one before, on demand (Home and the
 * Timeline). A plain disclosure, so that it adds next to nothing to the page's first load.
 */
export function ReviewsMenu({ className }: { className?: string }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <div className={clsx("relative", className)}>
      <Button
        variant="secondary"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
        className="h-10"
      >
        <CalendarRange className="h-4 w-4" aria-hidden />
        Reviews
      </Button>
      <ReviewsMenuPanel open={open} id={panelId} onClose={() => setOpen(false)} />
    </div>
  );
}
