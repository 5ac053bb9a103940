import "server-only";
import type { ChatRequest, ChatResponse } from "@/contracts/ai";
import { asksIfHuman, honestAnswer, HONEST_RESPONDER, isUnder18Value, UNDER_18_CONFIG_KEY } from "@/domain/companion";
import { getConfigValue } from "@/server/config/service";
import { currentModelName } from "../current";

/**
 * "Are you a real person?", asked in any form, gets the app's truthful fixed answer, whatever model is
 * chosen: no model is resolved or called for it (so it needs no key and no consent). Null otherwise.
 */
export async function honestReply(request: Pick<ChatRequest, "message">): Promise<ChatResponse | null> {
  if (!asksIfHuman(request.message)) return null;
  return { success: true, response: honestAnswer(await currentModelName()), model: HONEST_RESPONDER };
}

/** Whether the person said they are under 18 (Settings): the model's instructions are then stricter. */
export async function isUnder18(): Promise<boolean> {
  return isUnder18Value(await getConfigValue(UNDER_18_CONFIG_KEY));
}
