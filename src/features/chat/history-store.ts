"use client";
import { useMemo, useSyncExternalStore } from "react";
import { parseStoredHistory, type ChatMessage } from "@/domain/chat";
import { storageKey } from "@/domain/constants";

/**
 * The conversation in this browser's localStorage under "reverie:chat-history" (load, save, clear), and
 * the message being written under "reverie:chat-draft" so that a closed tab or a failed send never loses
 * what the person typed. Writes report whether they succeeded: a full storage is said, not ignored.
 */

export const HISTORY_KEY = storageKey("chat-history");
export const DRAFT_KEY = storageKey("chat-draft");

const listeners = new Set<() => void>();
const notify = () => listeners.forEach((l) => l());

function subscribe(cb: () => void) {
  listeners.add(cb);
  const onStorage = (e: StorageEvent) => {
    if (e.key === null || e.key === HISTORY_KEY) cb();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(cb);
    window.removeEventListener("storage", onStorage);
  };
}

function readRaw(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function parse(raw: string | null): ChatMessage[] {
  if (raw === null) return [];
  try {
    return parseStoredHistory(JSON.parse(raw));
  } catch {
    return [];
  }
}

/** The stored conversation, read now. */
export function loadHistory(): ChatMessage[] {
  return parse(readRaw(HISTORY_KEY));
}

/** Saves the conversation; false when the browser refused (storage full or disabled). */
export function saveHistory(messages: readonly ChatMessage[]): boolean {
  let ok = true;
  try {
    window.localStorage.setItem(HISTORY_KEY, JSON.stringify(messages));
  } catch {
    ok = false;
  }
  notify();
  return ok;
}

export function clearHistory(): void {
  try {
    window.localStorage.removeItem(HISTORY_KEY);
  } catch {
    /* nothing stored */
  }
  notify();
}

export function loadDraft(): string {
  return readRaw(DRAFT_KEY) ?? "";
}

export function saveDraft(text: string): void {
  try {
    if (text) window.localStorage.setItem(DRAFT_KEY, text);
    else window.localStorage.removeItem(DRAFT_KEY);
  } catch {
    /* the draft is a convenience */
  }
}

const NOT_LOADED = "\u0000not-loaded";

/** The stored conversation as React state, shared by tabs; null until the browser's copy is read. */
export function useStoredHistory(): ChatMessage[] | null {
  const raw = useSyncExternalStore(
    subscribe,
    () => readRaw(HISTORY_KEY),
    () => NOT_LOADED,
  );
  return useMemo(() => (raw === NOT_LOADED ? null : parse(raw)), [raw]);
}
