"use client";
import { useCallback, useState } from "react";
import { isGone, summarizeConversationWithModel } from "@/client/chat";
import { fetchEntry, useCreateEntry, useDeleteEntry, useUpdateEntry } from "@/client/entries";
import { readLocal, removeLocal, writeLocal } from "@/client/storage";
import { MAX_CHAT_HISTORY } from "@/contracts/ai-constants";
import type { EntryDto, EntryInput } from "@/contracts/entries";
import {
  entryFromSummary,
  isBlankMessage,
  lastCountedMessage,
  parseGeneratedFrom,
  shouldAskBeforeGenerating,
  type ChatMessage,
  type ConversationSummary,
  type GeneratedFrom,
} from "@/domain/chat";

export type GenerateState = "idle" | "generating" | "saving";
/** "new" makes another entry; "update" rewrites the entry made last from this conversation. */
export type GenerateMode = "new" | "update";

/** The entry made last from the conversation kept in this browser (cleared with New Chat). */
export const GENERATED_FROM_KEY = "chat-generated-entry";

/** What Undo puts back: a new entry is deleted (to Recently deleted); an updated one gets its old words. */
export type GenerateUndo = { kind: "created"; id: string } | { kind: "updated"; id: string; previous: EntryInput };

function previousInput(e: EntryDto): EntryInput {
  return {
    id: e.id,
    title: e.title,
    content: e.content,
    mood: e.mood,
    tags: e.tags.map((t) => t.name),
    created_at: e.created_at,
    ai_mood_score: e.ai_mood_score,
    ai_model: e.ai_model ?? null,
  };
}

/**
 * Generate Entry: the conversation is summarised by the model, its mood score mapped to a mood, and the
 * entry created (the spec's flow). Generating again with no new message since asks first (the caller
 * shows the question when `needsChoice` says so) and can update that entry instead of making another.
 * Failure notices are not part of the conversation that is summarised.
 */
export function useGenerateEntry(onDone: (entry: EntryDto, undo: GenerateUndo) => void) {
  const create = useCreateEntry();
  const update = useUpdateEntry();
  const remove = useDeleteEntry();
  const [state, setState] = useState<GenerateState>("idle");
  const [error, setError] = useState<unknown>(null);

  const needsChoice = useCallback(
    (messages: readonly ChatMessage[]) =>
      shouldAskBeforeGenerating(parseGeneratedFrom(readLocal<unknown>(GENERATED_FROM_KEY, null)), messages),
    [],
  );

  /** Creates the entry (or rewrites the one made last), remembers it, and reports it with its Undo. */
  const save = useCallback(
    async (summary: ConversationSummary, model: string | null, last: ChatMessage, mode: GenerateMode) => {
      setState("saving");
      const input = entryFromSummary(summary, new Date(), model);
      const before = mode === "update" ? parseGeneratedFrom(readLocal<unknown>(GENERATED_FROM_KEY, null)) : null;
      let entry: EntryDto | null = null;
      let undo: GenerateUndo | null = null;
      if (before) {
        try {
          const old = await fetchEntry(before.entry_id);
          // The entry keeps its own date; its words, title, mood and tags are rewritten.
          entry = await update.mutateAsync({
            id: old.id,
            input: { ...input, id: old.id, created_at: old.created_at },
          });
          undo = { kind: "updated", id: old.id, previous: previousInput(old) };
        } catch (err) {
          // That entry was deleted meanwhile: a new one is made instead.
          if (!isGone(err)) throw err;
        }
      }
      if (!entry) {
        entry = await create.mutateAsync(input);
        undo = { kind: "created", id: entry.id };
      }
      writeLocal<GeneratedFrom>(GENERATED_FROM_KEY, { entry_id: entry.id, last_message_id: last.id });
      onDone(entry, undo!);
    },
    [create, update, onDone],
  );

  const generate = useCallback(
    async (messages: readonly ChatMessage[], mode: GenerateMode = "new") => {
      const conversation = messages
        .filter((m) => !m.error && !isBlankMessage(m.content))
        .slice(-MAX_CHAT_HISTORY)
        .map((m) => ({ role: m.role, content: m.content }));
      const last = lastCountedMessage(messages);
      if (!conversation.length || !last) return;
      setError(null);
      setState("generating");
      try {
        const { summary, model } = await summarizeConversationWithModel(conversation);
        await save(summary, model, last, mode);
      } catch (err) {
        setError(err);
      } finally {
        setState("idle");
      }
    },
    [save],
  );

  /** A guided reflection's summary, saved the same way (no model is asked: it is the person's own words). */
  const saveSummary = useCallback(
    async (summary: ConversationSummary, messages: readonly ChatMessage[], model: string | null = null) => {
      const last = lastCountedMessage(messages);
      if (!last) return;
      setError(null);
      try {
        await save(summary, model, last, "new");
      } catch (err) {
        setError(err);
      } finally {
        setState("idle");
      }
    },
    [save],
  );

  /** Undoes the last generation: a new entry goes to Recently deleted, an updated one gets its old words back. */
  const undo = useCallback(
    async (u: GenerateUndo) => {
      if (u.kind === "created") {
        await remove.mutateAsync(u.id);
        removeLocal(GENERATED_FROM_KEY);
      } else {
        await update.mutateAsync({ id: u.id, input: u.previous });
      }
    },
    [remove, update],
  );

  return {
    state,
    busy: state !== "idle",
    error,
    generate,
    saveSummary,
    needsChoice,
    undo,
    dismissError: () => setError(null),
  };
}
