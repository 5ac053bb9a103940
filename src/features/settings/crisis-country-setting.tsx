"use client";
import { LifeBuoy } from "lucide-react";
import Link from "next/link";
import { chooseCountry, useBrowserHints, useCrisisCountry } from "@/client/crisis-country";
import { useSetCrisisCountry } from "@/client/config";
import { CRISIS_COUNTRY_OPTIONS } from "@/domain/crisis/country";
import { CRISIS_COUNTRY_NAMES } from "@/domain/crisis/line-countries";
import { CrisisTally } from "./crisis-tally";

const AUTOMATIC = "";

/**
 * Which country's crisis line the app shows (support modal, Get help, chat). "Automatic" guesses from
 * this browser's time zone and languages; a choice is stored as the `crisis_country` setting.
 */
export function CrisisCountrySetting({ className }: { className?: string }) {
  const current = useCrisisCountry();
  const hints = useBrowserHints();
  const guessed = chooseCountry(null, hints);
  const value = current.source === "setting" ? (current.country ?? AUTOMATIC) : AUTOMATIC;
  const save = useSetCrisisCountry();
  return (
    <div className={className} id="crisis-support">
      <label htmlFor="crisis-country" className="flex items-center gap-2 text-sm font-medium text-stone-800">
        <LifeBuoy className="h-4 w-4 text-rose-600" aria-hidden />
        Country for crisis lines
      </label>
      <p className="mt-0.5 text-xs text-stone-500">
        The support panel, the Get help page and the chat show this country&apos;s crisis line and emergency number.
      </p>
      <select
        id="crisis-country"
        value={value}
        disabled={save.isPending}
        onChange={(e) => save.mutate(e.target.value)}
        className="mt-2 w-full max-w-sm rounded-lg border border-stone-300 bg-white px-3 py-2 text-sm focus:border-brand-500 focus:outline-none"
      >
        <option value={AUTOMATIC}>
          Automatic ({guessed.country ? CRISIS_COUNTRY_NAMES[guessed.country] : "not known"})
        </option>
        {CRISIS_COUNTRY_OPTIONS.map((o) => (
          <option key={o.code} value={o.code}>
            {o.name}
          </option>
        ))}
      </select>
      {save.isError && (
        <p role="alert" className="mt-1 text-sm text-red-700">
          Failed to save the country. Please try again.
        </p>
      )}
      <p className="mt-2 text-xs text-stone-500">
        Your safety plan is on the{" "}
        <Link href="/get-help#safety-plan" className="font-medium text-brand-700 underline underline-offset-2">
          Get help
        </Link>{" "}
        page.
      </p>
      <CrisisTally className="mt-4" />
    </div>
  );
}
