"use client";
import Link from "next/link";
import { useConfig } from "@/client/config";
import { PROTOCOL_PATH } from "@/domain/crisis/support-content";
import { readCrisisTally, tallyWords } from "@/domain/crisis/tally";

/** How many times crisis support was shown, per year (counts only), and why the count exists. */
export function CrisisTally({ className }: { className?: string }) {
  const config = useConfig();
  const tally = config.data ? readCrisisTally(config.data.config) : [];
  return (
    <div className={className} data-testid="crisis-tally">
      <p className="text-sm font-medium text-stone-800">
        Crisis support shown:{" "}
        <span className="font-normal text-stone-700">
          {config.isPending ? "…" : tally.length ? tally.map(tallyWords).join(" · ") : "not yet"}
        </span>
      </p>
      <p className="mt-0.5 text-xs text-stone-500">
        Reverie counts, per year, how many times it offered crisis support, so that whoever hosts it for others can
        report how often that happened. The count holds no words, no dates and nothing that points to an entry or a
        chat; it never leaves this server, and Clear All Data keeps it.{" "}
        <Link href={PROTOCOL_PATH} className="font-medium text-brand-700 underline underline-offset-2">
          How Reverie responds
        </Link>
      </p>
    </div>
  );
}
