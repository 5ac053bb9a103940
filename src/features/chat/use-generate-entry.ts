"use client";
import { useCallback, useState } from "react";
import { summarizeConversation } from "@/client/chat";
import { useCreateEntry } from "@/client/entries";
import { MAX_CHAT_HISTORY } from "@/contracts/ai-constants";
import type { EntryDto } from "@/contracts/entries";
import { entryFromSummary, isBlankMessage, type ChatMessage } from "@/domain/chat";

export type GenerateState = "idle" | "generating" | "saving";

/**
 * Generate Entry: the conversation is summarised by the model, its mood score mapped to a mood, and the
 * entry created. Failure notices are not part of the conversation that is summarised.
 */
export function useGenerateEntry(onCreated: (entry: EntryDto) => void) {
  const create = useCreateEntry();
  const [state, setState] = useState<GenerateState>("idle");
  const [error, setError] = useState<unknown>(null);

  const generate = useCallback(
    async (messages: readonly ChatMessage[]) => {
      const conversation = messages
        .filter((m) => !m.error && !isBlankMessage(m.content))
        .slice(-MAX_CHAT_HISTORY)
        .map((m) => ({ role: m.role, content: m.content }));
      if (!conversation.length) return;
      setError(null);
      setState("generating");
      try {
        const summary = await summarizeConversation(conversation);
        setState("saving");
        const entry = await create.mutateAsync(entryFromSummary(summary));
        onCreated(entry);
      } catch (err) {
        setError(err);
      } finally {
        setState("idle");
      }
    },
    [create, onCreated],
  );

  return { state, busy: state !== "idle", error, generate, dismissError: () => setError(null) };
}
