import "server-only";
import { z } from "zod";
import type { CrisisCheckDto } from "@/contracts/ai";
import { CRISIS_SEVERITIES, combineCrisis, detectRiskLanguage, type CrisisAssessment, type CrisisSeverity } from "@/domain/crisis";
import { HttpError } from "@/server/http/errors";
import { asBoolean, asString, normalizeKeys, type Normalized } from "../coerce";
import { currentModel, currentModelName } from "../current";
import { structuredSystem } from "../prompts";
import { generateStructured } from "../structured";

export const CrisisWireSchema = z.object({
  crisis_detected: z.boolean(),
  severity: z.enum(["none", "low", "moderate", "high"]),
});

export function normalizeCrisis(raw: unknown): Normalized<CrisisAssessment> {
  const o = normalizeKeys(raw, ["crisis_detected", "severity"]);
  if (!o) return { ok: false, issues: ["the answer is not a JSON object"] };
  const detected = asBoolean(o.crisis_detected ?? o.crisis);
  const sev = asString(o.severity ?? o.risk_level, 20)?.toLowerCase().replace("medium", "moderate");
  const issues: string[] = [];
  if (detected === undefined) issues.push("crisis_detected must be true or false");
  if (!sev || !(CRISIS_SEVERITIES as readonly string[]).includes(sev)) issues.push("severity must be none, low, moderate or high");
  if (issues.length) return { ok: false, issues };
  return { ok: true, value: { crisis_detected: detected!, severity: sev as CrisisSeverity } };
}

/**
 * Crisis check. The built-in check (src/domain/crisis: every category, negation and context) always runs and
 * its finding always stands;
 * a configured model's judgement can only raise the severity. When the model is unavailable or fails,
 * the answer is still given from the built-in check, with the model's error in `model_error`.
 */
export async function detectCrisis(content: string, signal?: AbortSignal): Promise<CrisisCheckDto> {
  const rule = detectRiskLanguage(content);
  const name = await currentModelName();
  let modelResult: CrisisAssessment | null = null;
  let modelError: CrisisCheckDto["model_error"];
  try {
    const model = await currentModel();
    if (model.kind === "remote") {
      modelResult = await generateStructured({
        model,
        task: "detect-crisis",
        system: structuredSystem("detect-crisis"),
        messages: [{ role: "user", content: `Text:\n"""\n${content}\n"""` }],
        wireSchema: CrisisWireSchema,
        normalize: normalizeCrisis,
        signal,
      });
    }
  } catch (err) {
    if (!(err instanceof HttpError)) throw err;
    modelError = { code: err.code, message: err.message };
  }
  const combined = combineCrisis(rule, modelResult);
  return {
    success: true,
    ...combined,
    model: name,
    checked_by: modelResult ? ["rules", "model"] : ["rules"],
    ...(modelError ? { model_error: modelError } : {}),
  };
}
