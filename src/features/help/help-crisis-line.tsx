"use client";
import Link from "next/link";
import { useCrisisHelp } from "@/client/crisis";
import { ChangeCountryLink, LocalLine } from "@/components/crisis/local-line";

/**
 * The person's own crisis line in the User Guide: the country chosen in Settings (else the browser's zone and
 * languages), as every other screen shows it, with where its numbers come from and when they were checked.
 */
export function HelpCrisisLine() {
  const { help } = useCrisisHelp();
  return (
    <div
      className="rounded-xl border border-rose-200 bg-rose-50/40 p-4 [&_li]:ml-0 [&_li]:list-none"
      data-testid="help-crisis-line"
    >
      <LocalLine help={help} compact showSource />
      <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1">
        <Link href="/get-help" className="text-xs font-medium text-stone-700 underline underline-offset-2">
          Get help: other countries and your safety plan
        </Link>
        <ChangeCountryLink />
      </p>
    </div>
  );
}
