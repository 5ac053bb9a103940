import "server-only";
import { CrisisAssessmentSchema, type CrisisCheckDto } from "@/contracts/ai";
import { combineCrisis, detectRiskLanguage, type CrisisAssessment } from "@/domain/crisis";
import { HttpError } from "@/server/http/errors";
import { currentModel, currentModelName } from "../current";
import { structuredSystem } from "../prompts";
import { generateStructured } from "../structured";

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
        schema: CrisisAssessmentSchema,
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
