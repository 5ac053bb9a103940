"use client";
import { Phone, Siren } from "lucide-react";
import clsx from "clsx";
import Link from "next/link";
import { HELPLINE_DIRECTORY_URL, type CountryHelp } from "@/domain/crisis/lines";

/**
 * The crisis line of a country as tel: links, with the emergency number. Static data only (no journal
 * content), so the lock screen can show it too.
 */
export function LocalLine({ help, compact, className }: { help: CountryHelp; compact?: boolean; className?: string }) {
  return (
    <div className={clsx("space-y-2", className)} data-testid="local-line" data-country={help.code}>
      {help.line ? (
        <div>
          <p className={clsx("font-medium text-stone-900", compact ? "text-sm" : "text-base")}>
            {help.line.name}
            {help.code !== "INTL" && <span className="font-normal text-stone-600"> · {help.name}</span>}
          </p>
          <ul className="mt-1.5 flex flex-wrap gap-2">
            {help.line.phones.map((n) => (
              <li key={n.tel}>
                <a
                  href={`tel:${n.tel}`}
                  className="inline-flex items-center gap-1.5 rounded-lg border border-rose-200 bg-white px-3 py-1.5 text-sm font-semibold text-rose-700 hover:bg-rose-50"
                >
                  <Phone className="h-4 w-4" aria-hidden />
                  Call {n.display}
                </a>
              </li>
            ))}
          </ul>
          {!compact && (help.line.text || help.line.hours) && (
            <p className="mt-1.5 text-sm text-stone-600">
              {[help.line.text, help.line.hours].filter(Boolean).join(" · ")}
            </p>
          )}
        </div>
      ) : (
        <p className="text-sm text-stone-700">
          Find a free, confidential helpline for where you are at{" "}
          <a
            href={HELPLINE_DIRECTORY_URL}
            target="_blank"
            rel="noreferrer"
            className="font-medium text-rose-700 underline underline-offset-2"
          >
            findahelpline.com
          </a>
          .
        </p>
      )}
      <p className="flex flex-wrap items-center gap-2 text-sm text-stone-700">
        <Siren className="h-4 w-4 text-rose-600" aria-hidden />
        In danger right now?
        <a href={`tel:${help.emergency.tel}`} className="font-semibold text-rose-700 underline underline-offset-2">
          Call {help.emergency.display}
        </a>
      </p>
    </div>
  );
}

/** A small "Change country" link to the setting. */
export function ChangeCountryLink({ className }: { className?: string }) {
  return (
    <Link
      href="/settings#crisis-support"
      className={clsx(
        "text-xs font-medium text-stone-700 underline underline-offset-2 hover:text-stone-900",
        className,
      )}
    >
      Not your country? Change it in Settings
    </Link>
  );
}
