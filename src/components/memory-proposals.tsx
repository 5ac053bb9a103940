"use client";
import { Brain } from "lucide-react";
import { Button } from "@/components/ui/button";

/** Facts proposed from what the person wrote: kept only with Remember. */
export function MemoryProposals({
  facts,
  onRemember,
  onDismiss,
  busy,
}: {
  facts: string[];
  onRemember: (fact: string) => void;
  onDismiss: (fact: string) => void;
  busy?: boolean;
}) {
  if (!facts.length) return null;
  return (
    <div className="space-y-1.5" data-testid="memory-proposals">
      {facts.map((f) => (
        <div
          key={f}
          role="group"
          aria-label={`Remember: ${f}`}
          className="flex flex-wrap items-center gap-2 rounded-xl border border-sky-200 bg-sky-50 px-3 py-2 text-sm text-sky-950"
        >
          <Brain className="h-4 w-4 shrink-0 text-sky-700" aria-hidden />
          <span className="min-w-0 flex-1">
            Remember that <strong className="font-medium">{f}</strong>?
          </span>
          <Button size="sm" onClick={() => onRemember(f)} disabled={busy}>
            Remember
          </Button>
          <Button size="sm" variant="ghost" onClick={() => onDismiss(f)} disabled={busy}>
            Not now
          </Button>
        </div>
      ))}
    </div>
  );
}
