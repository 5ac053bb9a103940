import "server-only";
import type { ChatRequest, ChatResponse, ChatSupportSignal } from "@/contracts/ai";
import {
  decideChatSafety,
  safetyReply,
  SAFETY_RESPONDER,
  wordingSeed,
  type SafetyKind,
} from "@/domain/crisis/chat-safety";
import { CRISIS_COUNTRY_CONFIG_KEY } from "@/domain/crisis/country";
import { helpFor, isCrisisCountry, type CountryHelp } from "@/domain/crisis/lines";
import { getConfigValue } from "@/server/config/service";
import { countCrisisSupportShown } from "@/server/config/crisis-tally";
import { hasSafetyPlan } from "@/server/safety-plan/service";

/**
 * The chat's safety net on the server. It runs before any model is resolved or called: a message that
 * shows risk (read with the person's recent turns) is answered by the app itself, whatever model is
 * chosen, and a model's reply that gives methods or means is replaced by the same kind of answer. Every
 * such answer shows the support card, so each one adds to the year's count of crisis support shown.
 */

/** The country for the reply: the one the browser picked, else the one set in Settings, else none. */
export async function chatHelp(request: Pick<ChatRequest, "country">): Promise<CountryHelp> {
  if (request.country) return helpFor(request.country);
  const stored = (await getConfigValue(CRISIS_COUNTRY_CONFIG_KEY))?.trim();
  return helpFor(stored && isCrisisCountry(stored) ? stored : null);
}

async function replyFor(
  kind: SafetyKind,
  request: ChatRequest,
  check: ReturnType<typeof decideChatSafety>["check"],
  signalKind: ChatSupportSignal["kind"],
): Promise<ChatResponse & { support: ChatSupportSignal }> {
  const [help, hasPlan] = await Promise.all([chatHelp(request), hasSafetyPlan(), countCrisisSupportShown()]);
  const response = safetyReply({ kind, check, help, hasPlan, seed: wordingSeed(request.message) });
  return { success: true, response, model: SAFETY_RESPONDER, support: { kind: signalKind, country: help.code } };
}

/** The app's own answer when the message (with the recent turns) shows risk; null when a model may answer. */
export async function safetyAnswer(
  request: ChatRequest,
): Promise<(ChatResponse & { support: ChatSupportSignal }) | null> {
  const decision = decideChatSafety(request.conversation_history, request.message);
  if (!decision.kind) return null;
  return replyFor(decision.kind, request, decision.check, decision.kind);
}

/** The answer that replaces a model's reply that gave methods or means. */
export async function replacementAnswer(request: ChatRequest): Promise<ChatResponse & { support: ChatSupportSignal }> {
  const decision = decideChatSafety(request.conversation_history, request.message);
  return replyFor(decision.kind === "other" ? "other" : "self", request, decision.check, "replaced");
}
