import { z } from "zod";
import { MAX_SAFETY_PLAN_STEP_CHARS } from "./safety-plan-constants";

/**
 * The safety plan's schemas: the six steps of the Stanley-Brown plan, in the person's own words (one
 * item per line). Stored with the journal, exported in journal.json, shown on Get help and in the
 * support modal. The steps and rules without zod are in ./safety-plan-constants.
 */
export {
  EMPTY_SAFETY_PLAN,
  MAX_SAFETY_PLAN_STEP_CHARS,
  SAFETY_PLAN_STEPS,
  isEmptySafetyPlan,
  stepItems,
  type SafetyPlanDto,
  type SafetyPlanInput,
  type SafetyPlanStepKey,
} from "./safety-plan-constants";

const step = z
  .string({ message: "must be text" })
  .max(MAX_SAFETY_PLAN_STEP_CHARS, `must be at most ${MAX_SAFETY_PLAN_STEP_CHARS} characters`)
  .transform((s) => s.replace(/\r\n?/gu, "\n").trim());

/** PUT /api/safety-plan: every step, each possibly empty. Unknown fields are refused. */
export const SafetyPlanInputSchema = z.strictObject({
  warning_signs: step,
  coping_strategies: step,
  distractions: step,
  people_to_ask: step,
  professionals: step,
  safe_environment: step,
});

/** As it sits in journal.json. */
export const ExportedSafetyPlanSchema = SafetyPlanInputSchema.extend({ updated_at: z.iso.datetime({ offset: true }) });
export type ExportedSafetyPlan = z.infer<typeof ExportedSafetyPlanSchema>;
