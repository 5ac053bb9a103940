import "server-only";
import {
  EMPTY_SAFETY_PLAN,
  isEmptySafetyPlan,
  type ExportedSafetyPlan,
  type SafetyPlanDto,
  type SafetyPlanInput,
} from "@/contracts/safety-plan";
import { db } from "@/server/db/client";

/** The plan lives in one row with this id. */
const PLAN_ID = 1;

type Row = {
  warningSigns: string;
  copingStrategies: string;
  distractions: string;
  peopleToAsk: string;
  professionals: string;
  safeEnvironment: string;
  updatedAt: Date;
};

const toDto = (r: Row): SafetyPlanDto => ({
  warning_signs: r.warningSigns,
  coping_strategies: r.copingStrategies,
  distractions: r.distractions,
  people_to_ask: r.peopleToAsk,
  professionals: r.professionals,
  safe_environment: r.safeEnvironment,
  updated_at: r.updatedAt.toISOString(),
});

const toRow = (p: SafetyPlanInput) => ({
  warningSigns: p.warning_signs,
  copingStrategies: p.coping_strategies,
  distractions: p.distractions,
  peopleToAsk: p.people_to_ask,
  professionals: p.professionals,
  safeEnvironment: p.safe_environment,
});

/** The stored plan, or an empty one with `updated_at: null`. */
export async function getSafetyPlan(): Promise<SafetyPlanDto> {
  const prisma = await db();
  const row = await prisma.safetyPlan.findUnique({ where: { id: PLAN_ID } });
  return row ? toDto(row) : { ...EMPTY_SAFETY_PLAN, updated_at: null };
}

export async function hasSafetyPlan(): Promise<boolean> {
  return !isEmptySafetyPlan(await getSafetyPlan());
}

/** Saves every step (an all-empty plan is stored as empty, so the person can start again). */
export async function saveSafetyPlan(plan: SafetyPlanInput, now = new Date()): Promise<SafetyPlanDto> {
  const prisma = await db();
  const data = { ...toRow(plan), updatedAt: now };
  const row = await prisma.safetyPlan.upsert({
    where: { id: PLAN_ID },
    create: { id: PLAN_ID, ...data },
    update: data,
  });
  return toDto(row);
}

/** For journal.json: the plan when anything is written in it, else nothing. */
export async function exportableSafetyPlan(): Promise<ExportedSafetyPlan | undefined> {
  const plan = await getSafetyPlan();
  if (isEmptySafetyPlan(plan) || !plan.updated_at) return undefined;
  return { ...plan, updated_at: plan.updated_at };
}

/**
 * An imported plan is taken only when the journal has no plan of its own yet (nothing written in any
 * step): a plan the person wrote here is never replaced by an older copy from a file. Returns whether
 * it was taken.
 */
export async function importSafetyPlan(plan: ExportedSafetyPlan): Promise<boolean> {
  if (isEmptySafetyPlan(plan) || !isEmptySafetyPlan(await getSafetyPlan())) return false;
  await saveSafetyPlan(plan, new Date(plan.updated_at));
  return true;
}
