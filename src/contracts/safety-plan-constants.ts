/**
 * The safety plan's steps and rules, without zod, so that the browser can use them (the schemas are in
 * ./safety-plan). The six steps of the Stanley-Brown plan, in the person's own words, one item per line.
 */
export const SAFETY_PLAN_STEPS = [
  {
    key: "warning_signs",
    title: "Warning signs",
    hint: "Thoughts, feelings or situations that tell me a crisis may be starting.",
  },
  {
    key: "coping_strategies",
    title: "Things I can do on my own",
    hint: "What helps me take my mind off things, without contacting anyone.",
  },
  {
    key: "distractions",
    title: "People and places that take my mind off things",
    hint: "Who I can be with, and where I can go, to feel a little better.",
  },
  { key: "people_to_ask", title: "People I can ask for help", hint: "Names and numbers of people I trust to talk to." },
  {
    key: "professionals",
    title: "Professionals and services",
    hint: "My doctor, therapist, local crisis line, the nearest emergency department.",
  },
  {
    key: "safe_environment",
    title: "Making my surroundings safer",
    hint: "Steps that keep me safe, like asking someone to hold on to things for me.",
  },
] as const;

export type SafetyPlanStepKey = (typeof SAFETY_PLAN_STEPS)[number]["key"];

export const MAX_SAFETY_PLAN_STEP_CHARS = 4000;

/** Every step, each possibly empty. */
export type SafetyPlanInput = Record<SafetyPlanStepKey, string>;

/** The plan as the API answers it; `updated_at` is null while nothing was ever saved. */
export interface SafetyPlanDto extends SafetyPlanInput {
  updated_at: string | null;
}

export const EMPTY_SAFETY_PLAN: SafetyPlanInput = {
  warning_signs: "",
  coping_strategies: "",
  distractions: "",
  people_to_ask: "",
  professionals: "",
  safe_environment: "",
};

/** A plan with nothing written in any step. */
export const isEmptySafetyPlan = (plan: SafetyPlanInput | null | undefined) =>
  !plan || SAFETY_PLAN_STEPS.every((s) => !plan[s.key].trim());

/** The items of a step: its non-blank lines. */
export const stepItems = (text: string) =>
  text
    .split("\n")
    .map((l) => l.trim())
    .filter(Boolean);
