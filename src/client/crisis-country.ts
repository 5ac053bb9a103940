"use client";
import { useQuery } from "@tanstack/react-query";
import { useSyncExternalStore } from "react";
import { CRISIS_COUNTRY_CONFIG_KEY, pickCrisisCountry, type CountrySource } from "@/domain/crisis/country";
import { qk } from "./keys";
import { call } from "./routes";

/**
 * Which country's crisis line to show: the setting, else the browser's time zone and languages. Light on
 * purpose (no table of lines): the chat and Settings need the country, not the numbers; the lines come
 * with ./crisis (useCrisisHelp) where they are shown.
 */

export interface BrowserHints {
  languages: readonly string[];
  timeZone: string | null;
}

let cachedHints: BrowserHints | null = null;
function browserHints(): BrowserHints {
  if (cachedHints) return cachedHints;
  let timeZone: string | null = null;
  try {
    timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone || null;
  } catch {
    /* unknown */
  }
  const languages = navigator.languages?.length ? navigator.languages : navigator.language ? [navigator.language] : [];
  cachedHints = { languages, timeZone };
  return cachedHints;
}
const noSubscribe = () => () => {};

/** The browser's languages and zone; null during the server render. */
export function useBrowserHints(): BrowserHints | null {
  return useSyncExternalStore(noSubscribe, browserHints, () => null);
}

export interface CrisisCountry {
  /** Null: the international answer. */
  country: string | null;
  source: CountrySource;
}

/** Pure choice from what is known; exported for the lock screen, which reads no settings. */
export function chooseCountry(override: string | null | undefined, hints: BrowserHints | null): CrisisCountry {
  return pickCrisisCountry({ override, languages: hints?.languages ?? [], timeZone: hints?.timeZone ?? null });
}

/**
 * The country to show. With `settings: false` (the lock screen) the journal's settings are not asked for.
 * While settings load, or when they cannot be read, the browser's own hints decide.
 */
export function useCrisisCountry({ settings = true }: { settings?: boolean } = {}): CrisisCountry {
  const hints = useBrowserHints();
  const config = useQuery({
    queryKey: qk.config,
    queryFn: ({ signal }) => call("GET /config", { signal }),
    enabled: settings,
    retry: false,
  });
  const override = settings ? config.data?.config[CRISIS_COUNTRY_CONFIG_KEY] : null;
  return chooseCountry(override, hints);
}

/** The country the chat sends: the same choice as the screens make. */
export function currentCrisisCountry(override?: string | null): string | undefined {
  if (typeof window === "undefined") return undefined;
  return chooseCountry(override, browserHints()).country ?? undefined;
}
