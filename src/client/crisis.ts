"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useSyncExternalStore } from "react";
import { EMPTY_SAFETY_PLAN, type SafetyPlanDto, type SafetyPlanInput } from "@/contracts/safety-plan-constants";
import { CRISIS_COUNTRY_CONFIG_KEY, pickCrisisCountry, type CountrySource } from "@/domain/crisis/country";
import { helpFor, type CountryHelp } from "@/domain/crisis/lines";
import { call } from "./routes";
import { qk } from "./keys";
import { readLocal, writeLocal } from "./storage";

/**
 * The browser's side of crisis support: which country's line to show (the setting, else the browser's
 * time zone and languages), and the safety plan with a copy in this browser for when the server cannot
 * be reached (under "reverie:safety-plan", removed by Clear All Data like the other private keys).
 */

const SAFETY_PLAN_LOCAL = "safety-plan";

interface BrowserHints {
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

export interface CrisisHelp {
  help: CountryHelp;
  /** Null: the international answer. */
  country: string | null;
  source: CountrySource;
}

/** Pure choice from what is known; exported for the lock screen, which reads no settings. */
export function chooseHelp(override: string | null | undefined, hints: BrowserHints | null): CrisisHelp {
  const { country, source } = pickCrisisCountry({
    override,
    languages: hints?.languages ?? [],
    timeZone: hints?.timeZone ?? null,
  });
  return { help: helpFor(country), country, source };
}

/**
 * The help to show. With `settings: false` (the lock screen) the journal's settings are not asked for.
 * While settings load, or when they cannot be read, the browser's own hints decide.
 */
export function useCrisisHelp({ settings = true }: { settings?: boolean } = {}): CrisisHelp {
  const hints = useBrowserHints();
  const config = useQuery({
    queryKey: qk.config,
    queryFn: ({ signal }) => call("GET /config", { signal }),
    enabled: settings,
    retry: false,
  });
  const override = settings ? config.data?.config[CRISIS_COUNTRY_CONFIG_KEY] : null;
  return chooseHelp(override, hints);
}

/** The country the chat sends: the same choice as the screens make. */
export function currentCrisisCountry(override?: string | null): string | undefined {
  if (typeof window === "undefined") return undefined;
  return chooseHelp(override, browserHints()).country ?? undefined;
}

/** The plan from the server, kept in this browser too; offline, the kept copy is shown. */
export function useSafetyPlan() {
  return useQuery({
    queryKey: qk.safetyPlan,
    queryFn: async ({ signal }) => {
      try {
        const { plan } = await call("GET /safety-plan", { signal });
        writeLocal(SAFETY_PLAN_LOCAL, plan);
        return { plan, offline: false };
      } catch (err) {
        const kept = readLocal<SafetyPlanDto | null>(SAFETY_PLAN_LOCAL, null);
        if (kept) return { plan: kept, offline: true };
        throw err;
      }
    },
    retry: false,
  });
}

export function useSaveSafetyPlan() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (plan: SafetyPlanInput) => call("PUT /safety-plan", { body: plan }),
    onSuccess: ({ plan }) => {
      writeLocal(SAFETY_PLAN_LOCAL, plan);
      qc.setQueryData(qk.safetyPlan, { plan, offline: false });
    },
  });
}

export const emptyPlan = (): SafetyPlanDto => ({ ...EMPTY_SAFETY_PLAN, updated_at: null });
