"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { EMPTY_SAFETY_PLAN, type SafetyPlanDto, type SafetyPlanInput } from "@/contracts/safety-plan-constants";
import { helpFor, type CountryHelp } from "@/domain/crisis/lines";
import { chooseCountry, useCrisisCountry, type BrowserHints, type CrisisCountry } from "./crisis-country";
import { call } from "./routes";
import { qk } from "./keys";
import { readLocal, writeLocal } from "./storage";

export { currentCrisisCountry, useBrowserHints, useCrisisCountry } from "./crisis-country";

/**
 * The browser's side of crisis support: which country's line to show (the setting, else the browser's
 * time zone and languages), and the safety plan with a copy in this browser for when the server cannot
 * be reached (under "reverie:safety-plan", removed by Clear All Data like the other private keys).
 */

const SAFETY_PLAN_LOCAL = "safety-plan";

export interface CrisisHelp extends CrisisCountry {
  help: CountryHelp;
}

/** Pure choice from what is known, with the country's lines; exported for the lock screen, which reads no settings. */
export function chooseHelp(override: string | null | undefined, hints: BrowserHints | null): CrisisHelp {
  const chosen = chooseCountry(override, hints);
  return { ...chosen, help: helpFor(chosen.country) };
}

/** The help to show: the country (./crisis-country) and its lines. */
export function useCrisisHelp(opts: { settings?: boolean } = {}): CrisisHelp {
  const chosen = useCrisisCountry(opts);
  return { ...chosen, help: helpFor(chosen.country) };
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
