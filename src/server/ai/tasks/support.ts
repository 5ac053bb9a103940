import "server-only";
import { SupportSchema, type MotivationalSupportResponse } from "@/contracts/ai";
import { countCrisisSupportShown } from "@/server/config/crisis-tally";
import { currentModel } from "../current";
import { runOffline } from "../offline-run";
import { personalContext, structuredSystem } from "../prompts";
import { generateStructured } from "../structured";

/**
 * The words of the support panel ("You're Not Alone"). The editor asks for them only when the crisis check
 * (with the mood) says support is due, and opens the panel with them; so each answer given adds to the year's
 * count of crisis support shown (counts only: src/domain/crisis/tally.ts).
 */
export async function motivationalSupport(content: string, signal?: AbortSignal): Promise<MotivationalSupportResponse> {
  const model = await currentModel();
  if (model.kind === "offline") {
    const support = await runOffline("supportOffline", content);
    await countCrisisSupportShown();
    return { success: true, support, model: model.name };
  }
  const support = await generateStructured({
    model,
    task: "motivational-support",
    system: structuredSystem("motivational-support", await personalContext()),
    messages: [{ role: "user", content: `What the person wrote:\n"""\n${content}\n"""` }],
    schema: SupportSchema,
    signal,
  });
  await countCrisisSupportShown();
  return { success: true, support, model: model.name };
}
