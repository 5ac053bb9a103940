import { SafetyPlanInputSchema } from "@/contracts/safety-plan";
import { json, parseJson, route } from "@/server/http/request";
import { getSafetyPlan, saveSafetyPlan } from "@/server/safety-plan/service";

/** The person's safety plan: GET answers it (empty steps when none), PUT saves all six steps. */
export const GET = route(async () => json({ plan: await getSafetyPlan() }));

export const PUT = route(async (req) => {
  const plan = await parseJson(req, SafetyPlanInputSchema);
  return json({ plan: await saveSafetyPlan(plan) });
});
