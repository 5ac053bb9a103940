import "server-only";
import type { ChatRequest, ChatResponse } from "@/contracts/ai";
import { asksIfHuman, honestAnswer, HONEST_RESPONDER, isUnder18Value, UNDER_18_CONFIG_KEY } from "@/domain/companion";
import { getConfigValue } from "@/server/config/service";
import { REFLECTION_CARRIES_ON } from "@/domain/guided";
import { currentModelName } from "../current";

/**
 * "Are you a real person?", asked in any form, gets the app's truthful fixed answer, whatever model is
 * chosen: no model is resolved or called for it (so it needs no key and no consent). A guided reflection
 * under way waits where it was: its state comes back unchanged. Null otherwise.
 */
export async function honestReply(request: Pick<ChatRequest, "message" | "guide">): Promise<ChatResponse | null> {
  if (!asksIfHuman(request.message)) return null;
  const answer = honestAnswer(await currentModelName());
  if (!request.guide) return { success: true, response: answer, model: HONEST_RESPONDER };
  return {
    success: true,
    response: `${answer} ${REFLECTION_CARRIES_ON}`,
    model: HONEST_RESPONDER,
    guide: request.guide,
  };
}

/** Whether the person said they are under 18 (Settings): the model's instructions are then stricter. */
export async function isUnder18(): Promise<boolean> {
  return isUnder18Value(await getConfigValue(UNDER_18_CONFIG_KEY));
}
