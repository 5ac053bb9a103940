"use client";
import { useCallback, useEffect, useRef, useState } from "react";
import { chatFailureText, streamChat } from "@/client/chat";
import { activeGuide, historyForModel, isBlankMessage, type ChatEntryRef, type ChatMessage } from "@/domain/chat";
import type { GuidedFlowId } from "@/domain/guided";
import { clearHistory, loadHistory, saveDraft, saveHistory, useStoredHistory } from "./history-store";

const newId = () =>
  typeof crypto !== "undefined" && "randomUUID" in crypto
    ? crypto.randomUUID()
    : `m-${Date.now()}-${Math.random().toString(36).slice(2)}`;

export interface PendingReply {
  user: ChatMessage;
  /** The reply so far; empty until the first token. */
  text: string;
}

export interface SendFailure {
  error: unknown;
  /** The message that failed, to send again. */
  text: string;
  userId: string;
  replyId: string;
}

/**
 * The conversation (spec section 4): sending appends the person's message at once; the reply streams
 * in and is appended, then history is saved. A failure appends "Sorry, I encountered an error: ..." and
 * is saved too. The message being sent is kept as a draft until its reply or error arrives, so closing
 * the tab mid-reply never loses it.
 */
export function useChat({
  country,
  onReply,
}: { country?: string | null; onReply?: (user: ChatMessage, reply: ChatMessage) => void } = {}) {
  const countryRef = useRef(country);
  const onReplyRef = useRef(onReply);
  useEffect(() => {
    countryRef.current = country;
    onReplyRef.current = onReply;
  }, [country, onReply]);
  const stored = useStoredHistory();
  const [pending, setPending] = useState<PendingReply | null>(null);
  const [failure, setFailure] = useState<SendFailure | null>(null);
  const [storageFull, setStorageFull] = useState(false);
  const [lastReply, setLastReply] = useState<{ id: string; text: string } | null>(null);
  const abortRef = useRef<AbortController | null>(null);

  // Leaving the page (or the screen) cancels a reply on its way. It is not a failure: nothing is saved,
  // and the message stays in the draft for next time. Browsers cut the connection as soon as the page
  // starts to unload, sometimes before "pagehide", so "beforeunload" marks the moment (and clears the
  // mark again if something cancelled the unload).
  const leavingRef = useRef(false);
  useEffect(() => {
    let reset: ReturnType<typeof setTimeout> | undefined;
    const beforeUnload = () => {
      leavingRef.current = true;
      clearTimeout(reset);
      reset = setTimeout(() => {
        leavingRef.current = false;
      }, 1000);
    };
    const leave = () => abortRef.current?.abort();
    window.addEventListener("beforeunload", beforeUnload);
    window.addEventListener("pagehide", leave);
    return () => {
      clearTimeout(reset);
      window.removeEventListener("beforeunload", beforeUnload);
      window.removeEventListener("pagehide", leave);
      leave();
    };
  }, []);

  const send = useCallback(async (raw: string, opts: { guideStart?: GuidedFlowId } = {}): Promise<boolean> => {
    if (isBlankMessage(raw) || abortRef.current) return false;
    const text = raw;
    const user: ChatMessage = { id: newId(), role: "user", content: text, timestamp: new Date().toISOString() };
    const controller = new AbortController();
    abortRef.current = controller;
    saveDraft(text);
    setFailure(null);
    setPending({ user, text: "" });
    const before = loadHistory();
    const history = historyForModel(before);
    const guide = opts.guideStart ? null : activeGuide(before);
    let reply: ChatMessage;
    let failed: unknown = null;
    try {
      const r = await streamChat({
        message: text,
        history,
        signal: controller.signal,
        country: countryRef.current ?? undefined,
        guideStart: opts.guideStart,
        guide,
        onText: (soFar) => setPending((p) => (p && p.user.id === user.id ? { ...p, text: soFar } : p)),
      });
      const context: ChatEntryRef[] = r.context.map((c) => ({
        id: c.id,
        title: c.title ?? null,
        created_at: c.created_at ?? null,
      }));
      reply = {
        id: newId(),
        role: "assistant",
        content: r.response,
        timestamp: new Date().toISOString(),
        ...(context.length ? { context } : {}),
        ...(r.support ? { support: r.support } : {}),
        ...(r.guide ? { guide: r.guide } : {}),
        ...(r.guideSummary ? { guideSummary: r.guideSummary } : {}),
      };
    } catch (err) {
      if (controller.signal.aborted || leavingRef.current) {
        setPending((p) => (p && p.user.id === user.id ? null : p));
        return false;
      }
      failed = err;
      reply = {
        id: newId(),
        role: "assistant",
        content: chatFailureText(err),
        timestamp: new Date().toISOString(),
        error: true,
      };
    } finally {
      if (abortRef.current === controller) abortRef.current = null;
    }
    const ok = saveHistory([...loadHistory(), user, reply]);
    setStorageFull(!ok);
    if (ok) saveDraft("");
    setPending(null);
    setLastReply({ id: reply.id, text: reply.content });
    if (failed) setFailure({ error: failed, text, userId: user.id, replyId: reply.id });
    else onReplyRef.current?.(user, reply);
    return !failed;
  }, []);

  /** Sends the failed message again, in place of the failed exchange. */
  const retry = useCallback(async () => {
    if (!failure) return;
    const current = loadHistory();
    const n = current.length;
    if (n >= 2 && current[n - 2].id === failure.userId && current[n - 1].id === failure.replyId)
      saveHistory(current.slice(0, -2));
    await send(failure.text);
  }, [failure, send]);

  /** Empties the conversation and its stored history; a reply on its way is cancelled. */
  const newChat = useCallback(() => {
    abortRef.current?.abort();
    abortRef.current = null;
    setPending(null);
    setFailure(null);
    setLastReply(null);
    saveDraft("");
    clearHistory();
  }, []);

  const messages: ChatMessage[] = stored ? (pending ? [...stored, pending.user] : stored) : [];
  return {
    loaded: stored !== null,
    /** Saved messages, and the message being sent. */
    messages,
    /** Saved messages only (what Generate Entry summarises). */
    saved: stored ?? [],
    pending,
    failure,
    dismissFailure: () => setFailure(null),
    storageFull,
    lastReply,
    send,
    retry,
    newChat,
  };
}
