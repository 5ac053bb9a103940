"use client";
import { Clock, Phone, Siren } from "lucide-react";
import clsx from "clsx";
import Link from "next/link";
import { useLocale } from "@/client/storage";
import { dayKeyLong } from "@/domain/date-format";
import {
  HELPLINE_DIRECTORY_URL,
  isAlwaysOpen,
  phoneFactsLine,
  reachLabel,
  textFactsLine,
  type CountryHelp,
  type PhoneNumber,
} from "@/domain/crisis/lines";

/**
 * When a number answers, what a call costs and where it can be called from ("Open 24/7 · Free to call"),
 * and what the sources do not confirm, so no line looks open when it is closed.
 */
export function PhoneFacts({ phone, className }: { phone: PhoneNumber; className?: string }) {
  return (
    <span className={clsx("block text-xs", className)} data-testid="line-facts">
      {phone.label && <span className="font-medium text-stone-800">{phone.label}: </span>}
      <span className={isAlwaysOpen(phone) ? "text-stone-600" : "font-medium text-amber-800"}>
        {!isAlwaysOpen(phone) && <Clock className="mr-1 inline h-3 w-3 align-[-1px]" aria-hidden />}
        {phoneFactsLine(phone)}
      </span>
      {phone.unconfirmed && (
        <span className="mt-0.5 block text-amber-800" data-testid="line-unconfirmed">
          Not confirmed: {phone.unconfirmed}
        </span>
      )}
    </span>
  );
}

/** Where the row's facts come from, and when they were checked. */
export function LineSource({ help, className }: { help: CountryHelp; className?: string }) {
  const locale = useLocale();
  return (
    <p className={clsx("text-xs text-stone-500", className)} data-testid="line-source">
      Source:{" "}
      <a href={help.source} target="_blank" rel="noreferrer" className="underline underline-offset-2">
        {new URL(help.source).hostname.replace(/^www\./u, "")}
      </a>
      , checked {dayKeyLong(help.checked, locale)}.
    </p>
  );
}

/**
 * The crisis line of a country as tel: links, each with its hours, cost and reach, and the emergency number.
 * Static data only (no journal content), so the lock screen can show it too.
 */
export function LocalLine({
  help,
  compact,
  showSource,
  className,
}: {
  help: CountryHelp;
  compact?: boolean;
  /** Show the row's source and check date (the Get help and protocol pages). */
  showSource?: boolean;
  className?: string;
}) {
  const reach = reachLabel(help.emergency);
  return (
    <div className={clsx("space-y-2", className)} data-testid="local-line" data-country={help.code}>
      {help.line ? (
        <div>
          <p className={clsx("font-medium text-stone-900", compact ? "text-sm" : "text-base")}>
            {help.line.name}
            {help.code !== "INTL" && <span className="font-normal text-stone-600"> · {help.name}</span>}
          </p>
          <ul className="mt-1.5 space-y-2">
            {help.line.phones.map((n) => (
              <li key={n.tel} className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <a
                  href={`tel:${n.tel}`}
                  className="inline-flex shrink-0 items-center gap-1.5 rounded-lg border border-rose-200 bg-white px-3 py-1.5 text-sm font-semibold text-rose-700 hover:bg-rose-50"
                >
                  <Phone className="h-4 w-4" aria-hidden />
                  Call {n.display}
                </a>
                <PhoneFacts phone={n} className="min-w-0 flex-1 basis-48" />
              </li>
            ))}
          </ul>
          {!compact && help.line.text && (
            <p className="mt-1.5 text-sm text-stone-600">
              {help.line.text.says} · {textFactsLine(help.line.text)}
              {help.line.text.unconfirmed && (
                <span className="text-amber-800"> · Not confirmed: {help.line.text.unconfirmed}</span>
              )}
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
      {!compact && help.note && <p className="text-sm text-stone-600">{help.note}</p>}
      <div className="text-sm text-stone-700">
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <Siren className="h-4 w-4 text-rose-600" aria-hidden />
          In danger right now?
          <a href={`tel:${help.emergency.tel}`} className="font-semibold text-rose-700 underline underline-offset-2">
            Call {help.emergency.display}
          </a>
          {reach && <span className="text-xs text-stone-600">({reach})</span>}
        </p>
        {help.moreEmergency && (
          <p className="mt-1 text-xs text-stone-600">
            Also:{" "}
            {help.moreEmergency.map((n, i) => (
              <span key={n.tel}>
                {i > 0 && ", "}
                <a href={`tel:${n.tel}`} className="font-semibold text-rose-700 underline underline-offset-2">
                  {n.display}
                </a>
                {n.label && ` (${n.label})`}
              </span>
            ))}
          </p>
        )}
      </div>
      {showSource && <LineSource help={help} />}
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
