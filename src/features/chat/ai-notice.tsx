"use client";
import { Bot } from "lucide-react";
import Link from "next/link";
import { useCallback } from "react";
import { useCurrentModel, useUnder18Setting } from "@/client/companion";
import { browserTimeZone, useLocalValue } from "@/client/storage";
import type { ChatMessage } from "@/domain/chat";
import {
  AI_NOTICE_TITLE,
  aiNoticeDue,
  aiNoticeText,
  noticeReason,
  PROTOCOL_PATH,
  type NoticeReason,
} from "@/domain/companion";

/** A notice shown in the conversation: when, naming which model, and whether it was the under-18 kind. */
export interface ShownNotice {
  id: string;
  at: string;
  model: string;
  minor: boolean;
  reason: NoticeReason;
}

interface NoticeState {
  lastShownAt: string | null;
  items: ShownNotice[];
}

const EMPTY: NoticeState = { lastShownAt: null, items: [] };
/** This browser's record of the notices: the last time one was shown, and those of the current conversation. */
const NOTICES_KEY = "ai-notices";

/**
 * The AI notice of the chat: when a message is sent, a notice that the companion is an AI (naming the model)
 * joins the conversation if one is due (src/domain/companion.ts: at the start of a chat, at most once a
 * day, and after every 3 hours of continuing chat; for someone under 18 it also says to take a break).
 */
export function useAiNotices(saved: readonly ChatMessage[]) {
  const [state, setState] = useLocalValue<NoticeState>(NOTICES_KEY, EMPTY);
  const model = useCurrentModel();
  const minor = useUnder18Setting().on;
  const beforeSend = useCallback(() => {
    const now = new Date().toISOString();
    const timing = {
      now,
      lastShownAt: state.lastShownAt,
      messageTimes: saved.map((m) => m.timestamp),
      timeZone: browserTimeZone(),
    };
    if (!aiNoticeDue(timing)) return;
    const notice: ShownNotice = {
      id: `notice-${now}`,
      at: now,
      model: model ?? "",
      minor,
      reason: noticeReason(timing),
    };
    setState({ lastShownAt: now, items: [...(Array.isArray(state.items) ? state.items : []), notice].slice(-20) });
  }, [state, saved, model, minor, setState]);
  const clear = useCallback(() => setState({ lastShownAt: state.lastShownAt, items: [] }), [state, setState]);
  return { items: Array.isArray(state.items) ? state.items : [], beforeSend, clear };
}

/** The conversation's messages with the notices in place, by time (a notice before a message of the same instant). */
export function withNotices(
  messages: readonly ChatMessage[],
  notices: readonly ShownNotice[],
): ({ kind: "message"; message: ChatMessage } | { kind: "notice"; notice: ShownNotice })[] {
  const out: ({ kind: "message"; message: ChatMessage } | { kind: "notice"; notice: ShownNotice })[] = [];
  const rest = [...notices].sort((a, b) => a.at.localeCompare(b.at));
  for (const m of messages) {
    while (rest.length && rest[0].at <= m.timestamp) out.push({ kind: "notice", notice: rest.shift()! });
    out.push({ kind: "message", message: m });
  }
  for (const n of rest) out.push({ kind: "notice", notice: n });
  return out;
}

export function AiNotice({ notice }: { notice: ShownNotice }) {
  const lines = aiNoticeText({ model: notice.model, minor: notice.minor, reason: notice.reason });
  return (
    <li data-testid="ai-notice" data-minor={notice.minor ? "true" : undefined}>
      <section
        aria-label={AI_NOTICE_TITLE}
        className="mx-auto max-w-xl rounded-2xl border border-sky-200 bg-sky-50 px-4 py-3 text-sm text-sky-950"
      >
        <p className="flex items-center gap-2 font-semibold">
          <Bot className="h-4 w-4 shrink-0 text-sky-700" aria-hidden />
          {AI_NOTICE_TITLE}
        </p>
        {lines.map((l) => (
          <p key={l} className="mt-1">
            {l}
          </p>
        ))}
        <p className="mt-1">
          <Link href={PROTOCOL_PATH} prefetch={false} className="font-medium text-sky-800 underline underline-offset-2">
            How Reverie responds when you&apos;re struggling
          </Link>
        </p>
      </section>
    </li>
  );
}
