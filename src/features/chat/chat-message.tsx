"use client";
import clsx from "clsx";
import { AlertTriangle, BookOpen, ChevronRight, Feather } from "lucide-react";
import Link from "next/link";
import { memo } from "react";
import { LazyMarkdown } from "@/components/markdown/lazy-markdown";
import { APP_NAME } from "@/domain/constants";
import { browserLocale, browserTimeZone } from "@/client/storage";
import { shortDate } from "@/domain/date-format";
import { parseCitations, type ChatEntryRef, type ChatMessage } from "@/domain/chat";

function entryDate(iso: string | null): string {
  if (!iso) return "";
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return "";
  return shortDate(d, browserTimeZone(), browserLocale());
}

const entryLabel = (ref: ChatEntryRef) => ref.title?.trim() || "Untitled entry";

export const usedEntriesLabel = (n: number) => `Used ${n} ${n === 1 ? "entry" : "entries"}`;

function Avatar() {
  return (
    <span
      aria-hidden
      className="mt-0.5 flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-brand-100 text-brand-700"
    >
      <Feather className="h-4 w-4" />
    </span>
  );
}

function EntryLink({ entry, number }: { entry: ChatEntryRef; number?: number }) {
  const date = entryDate(entry.created_at);
  return (
    <Link
      href={`/entry/${encodeURIComponent(entry.id)}`}
      className="group inline-flex max-w-full items-center gap-1.5 rounded-lg border border-stone-200 bg-white px-2 py-1 text-xs text-stone-700 hover:border-brand-200 hover:bg-brand-50 hover:text-brand-700"
    >
      {number !== undefined ? (
        <span className="font-semibold text-brand-700">[{number}]</span>
      ) : (
        <BookOpen className="h-3.5 w-3.5 shrink-0 text-stone-500" aria-hidden />
      )}
      <span className="truncate font-medium">{entryLabel(entry)}</span>
      {date && <span className="shrink-0 text-stone-500">· {date}</span>}
    </Link>
  );
}

/** Entries the reply cites, as links, and a disclosure of every entry the companion was given. */
function Sources({ text, context }: { text: string; context: ChatEntryRef[] }) {
  const { cited } = parseCitations(text, context);
  return (
    <div className="mt-2 space-y-1.5" data-testid="message-sources">
      {cited.length > 0 && (
        <div>
          <p className="sr-only">Cited entries</p>
          <ul className="flex flex-wrap gap-1.5" aria-label="Cited entries">
            {cited.map((c, i) => (
              <li key={c.id} className="max-w-full">
                <EntryLink entry={c} number={i + 1} />
              </li>
            ))}
          </ul>
        </div>
      )}
      <details className="group text-xs text-stone-500">
        <summary className="inline-flex cursor-pointer list-none items-center gap-1 rounded px-1 py-0.5 hover:text-stone-800 [&::-webkit-details-marker]:hidden">
          <ChevronRight className="h-3.5 w-3.5 transition-transform group-open:rotate-90" aria-hidden />
          {usedEntriesLabel(context.length)}
        </summary>
        <ul className="mt-1.5 flex flex-wrap gap-1.5 pl-1" aria-label="Entries used for this reply">
          {context.map((c) => (
            <li key={c.id} className="max-w-full">
              <EntryLink entry={c} />
            </li>
          ))}
        </ul>
      </details>
    </div>
  );
}

function ChatMessageView({ message }: { message: ChatMessage }) {
  if (message.role === "user") {
    return (
      <li className="flex justify-end" data-role="user">
        <div className="max-w-[85%] whitespace-pre-wrap break-words rounded-2xl rounded-br-md bg-brand-600 px-4 py-2.5 text-[15px] leading-relaxed text-white shadow-sm sm:max-w-[75%]">
          <span className="sr-only">You: </span>
          <span data-text="">{message.content}</span>
        </div>
      </li>
    );
  }
  if (message.error) {
    return (
      <li className="flex items-start gap-2.5" data-role="assistant" data-error="true">
        <Avatar />
        <div className="flex max-w-[85%] items-start gap-2 rounded-2xl rounded-tl-md border border-red-200 bg-red-50 px-4 py-2.5 text-[15px] text-red-900 sm:max-w-[75%]">
          <AlertTriangle className="mt-1 h-4 w-4 shrink-0 text-red-600" aria-hidden />
          <p className="break-words">
            <span className="sr-only">{APP_NAME}: </span>
            {message.content}
          </p>
        </div>
      </li>
    );
  }
  return <AssistantMessage text={message.content} context={message.context} />;
}

/** An assistant reply: markdown with citations as numbers, and the entries it used below. */
export function AssistantMessage({
  text,
  context,
  streaming,
}: {
  text: string;
  context?: ChatEntryRef[];
  streaming?: boolean;
}) {
  const shown = parseCitations(text, context).text;
  return (
    <li
      className="flex items-start gap-2.5"
      data-role="assistant"
      data-streaming={streaming ? "true" : undefined}
      aria-busy={streaming || undefined}
    >
      <Avatar />
      <div className="min-w-0 max-w-[85%] sm:max-w-[75%]">
        <div className="rounded-2xl rounded-tl-md border border-stone-200 bg-stone-50 px-4 py-2.5 text-stone-800">
          <span className="sr-only">{APP_NAME}: </span>
          <LazyMarkdown>{shown}</LazyMarkdown>
        </div>
        {!streaming && context && context.length > 0 && <Sources text={text} context={context} />}
      </div>
    </li>
  );
}

export const ChatMessageItem = memo(ChatMessageView);

/** "Reverie is writing..." until the first token of the reply arrives. */
export function TypingIndicator() {
  return (
    <li className="flex items-start gap-2.5" data-role="typing">
      <Avatar />
      <div
        role="status"
        className={clsx(
          "flex items-center gap-2 rounded-2xl rounded-tl-md border border-stone-200 bg-stone-50 px-4 py-3 text-sm text-stone-600",
        )}
      >
        <span className="flex gap-1" aria-hidden>
          <span className="h-1.5 w-1.5 animate-bounce rounded-full bg-brand-500 [animation-delay:-0.3s]" />
          <span className="h-1.5 w-1.5 animate-bounce rounded-full bg-brand-500 [animation-delay:-0.15s]" />
          <span className="h-1.5 w-1.5 animate-bounce rounded-full bg-brand-500" />
        </span>
        {APP_NAME} is writing...
      </div>
    </li>
  );
}
