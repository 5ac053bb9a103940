"use client";
import { BookHeart, CheckCircle2, Loader2, MessageCircleHeart, Plus, X } from "lucide-react";
import Link from "next/link";
import { Fragment, useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import { useCrisisCountry } from "@/client/crisis-country";
import { ErrorBox } from "@/components/feedback/error-box";
import { useToast, useToastsAbove } from "@/components/feedback/toast";
import { Button } from "@/components/ui/button";
import { ConfirmDialog, Modal } from "@/components/ui/dialog";
import { Skeleton } from "@/components/ui/skeleton";
import type { EntryDto } from "@/contracts/entries";
import { APP_NAME } from "@/domain/constants";
import { GENERATED_ENTRY_TOAST, inputPlaceholder, isBlankMessage, pickGreeting } from "@/domain/chat";
import { AssistantMessage, ChatMessageItem, TypingIndicator } from "./chat-message";
import { takeFocusRequest } from "@/client/focus-intent";
import { ChatComposer, type ComposerHandle } from "./chat-composer";
import { JournalContextToggle } from "@/components/settings/journal-context-toggle";
import { SupportCard } from "./lazy-support-card";
import { useChat } from "./use-chat";
import { AiNotice, useAiNotices, withNotices } from "./ai-notice";
import { GENERATED_FROM_KEY, useGenerateEntry, type GenerateUndo } from "./use-generate-entry";
import { GeneratedEntryActions } from "./generated-entry-actions";
import { removeLocal } from "@/client/storage";
import { useConfig } from "@/client/config";
import { proposeFacts, useRememberFact } from "@/client/memory";
import { activeGuide, type ChatMessage } from "@/domain/chat";
import type { GuidedFlowId } from "@/domain/guided";
import { OFFLINE_MODEL, parseModelName } from "@/domain/models";
import { lazyWhenShown } from "@/components/lazy";
import { UNDO_TOAST_MS } from "@/components/feedback/undo-delete";

// The guided reflections (offered without a model) and memory's proposals load after first paint.
const GuidedReflectionPicker = lazyWhenShown(() => import("./guided").then((m) => m.GuidedReflectionPicker));
const GuideProgress = lazyWhenShown(() => import("./guided").then((m) => m.GuideProgress));
const GuideSummaryCard = lazyWhenShown(() => import("./guided").then((m) => m.GuideSummaryCard));
const MemoryProposals = lazyWhenShown(
  () => import("@/components/memory-proposals").then((m) => m.MemoryProposals),
  (p) => p.facts.length > 0,
);

/** Distance from the bottom within which the conversation keeps following new text. */
const FOLLOW_THRESHOLD_PX = 96;

export function ChatScreen() {
  const { country } = useCrisisCountry();
  const config = useConfig();
  const offline = parseModelName(config.data?.config.ai_model ?? "")?.provider === "local";
  // Facts proposed from the person's messages, kept only when they press Remember.
  const [proposals, setProposals] = useState<string[]>([]);
  const remember = useRememberFact();
  const onReply = useCallback((user: ChatMessage, reply: ChatMessage) => {
    if (reply.support) return;
    void proposeFacts(user.content, "chat").then((found) =>
      setProposals((cur) => [...new Set([...cur, ...found])].slice(-3)),
    );
  }, []);
  const chat = useChat({ country, onReply });
  const guide = activeGuide(chat.saved);
  const [savedGuides, setSavedGuides] = useState<Record<string, string>>({});
  const savingGuide = useRef<string | null>(null);
  const notices = useAiNotices(chat.saved);
  const toast = useToast();
  const [greeting] = useState(() => pickGreeting());
  const [created, setCreated] = useState<EntryDto | null>(null);
  const [confirmNew, setConfirmNew] = useState(false);
  const composer = useRef<ComposerHandle>(null);
  const scroller = useRef<HTMLDivElement>(null);
  const composerBox = useRef<HTMLDivElement>(null);
  const following = useRef(true);
  // Toasts (Generate Entry's View and Undo) sit above the message box and the notes over it, away from the
  // buttons at the top.
  useToastsAbove(composerBox, chat.loaded);

  const undoRef = useRef<(u: GenerateUndo) => Promise<void>>(async () => {});
  const onCreated = useCallback(
    (entry: EntryDto, undo: GenerateUndo) => {
      setCreated(entry);
      const from = savingGuide.current;
      if (from) setSavedGuides((s) => ({ ...s, [from]: entry.id }));
      savingGuide.current = null;
      toast.success(
        GENERATED_ENTRY_TOAST,
        <GeneratedEntryActions
          entry={entry}
          undo={undo}
          onUndo={(u) => undoRef.current(u)}
          onUndone={() => setCreated(null)}
        />,
        { duration: UNDO_TOAST_MS },
      );
    },
    [toast],
  );
  const gen = useGenerateEntry(onCreated);
  useEffect(() => {
    undoRef.current = gen.undo;
  }, [gen.undo]);
  const [askAgain, setAskAgain] = useState(false);
  const generate = () => {
    if (gen.needsChoice(chat.saved)) setAskAgain(true);
    else void gen.generate(chat.saved);
  };

  const pending = chat.pending !== null;
  const empty = chat.messages.length === 0;
  const hasConversation = chat.saved.some((m) => !m.error && !isBlankMessage(m.content));

  // Keep the newest text in view while the person is at the bottom; leave them be when they scrolled up.
  useLayoutEffect(() => {
    const el = scroller.current;
    if (el && following.current) el.scrollTop = el.scrollHeight;
  }, [chat.messages.length, chat.pending?.text, chat.loaded, chat.failure]);

  // Opened with C on Home: the cursor goes in the message box.
  useEffect(() => {
    if (chat.loaded && takeFocusRequest("chat-input")) composer.current?.focus();
  }, [chat.loaded]);

  const wasPending = useRef(false);
  useEffect(() => {
    if (wasPending.current && !pending) composer.current?.focus();
    wasPending.current = pending;
  }, [pending]);

  const send = (text: string, opts?: { guideStart?: GuidedFlowId }) => {
    following.current = true;
    setCreated(null);
    if (!isBlankMessage(text) && !pending) notices.beforeSend();
    return chat.send(text, opts);
  };
  const saveGuide = (m: ChatMessage) => {
    if (!m.guideSummary) return;
    savingGuide.current = m.id;
    void gen.saveSummary(m.guideSummary, chat.saved, OFFLINE_MODEL);
  };
  const rememberFact = (fact: string) =>
    remember.mutate(
      { text: fact, source: "chat" },
      {
        onSuccess: () => {
          setProposals((cur) => cur.filter((f) => f !== fact));
          toast.success(`${APP_NAME} will remember that ${fact}. You can change this in Settings.`);
        },
      },
    );

  const startNewChat = () => {
    chat.newChat();
    notices.clear();
    setProposals([]);
    removeLocal(GENERATED_FROM_KEY);
    gen.dismissError();
    setCreated(null);
    setConfirmNew(false);
    requestAnimationFrame(() => composer.current?.focus());
  };

  if (!chat.loaded) {
    return (
      <section
        aria-busy="true"
        aria-label="Just Chatting"
        className="mx-auto flex h-[calc(100dvh-10rem)] min-h-[26rem] max-w-3xl flex-col gap-4 md:h-[calc(100dvh-6.5rem)]"
      >
        <Skeleton className="h-9 w-48" />
        <Skeleton className="flex-1 rounded-2xl" />
      </section>
    );
  }

  return (
    <section
      aria-labelledby="chat-title"
      className="mx-auto flex h-[calc(100dvh-10rem)] min-h-[26rem] max-w-3xl flex-col md:h-[calc(100dvh-6.5rem)]"
    >
      <header className="flex flex-wrap items-center gap-x-3 gap-y-2 pb-3">
        <h1 id="chat-title" className={empty ? "sr-only" : "order-1 text-xl font-semibold text-stone-900 sm:text-2xl"}>
          Just Chatting
        </h1>
        <JournalContextToggle compact className={empty ? "order-3" : "order-3 sm:order-2 sm:ml-2"} />
        {!empty && (
          <>
            <Button
              variant="secondary"
              size="sm"
              onClick={generate}
              disabled={!hasConversation || gen.busy || pending}
              className="order-4 ml-auto sm:order-3"
            >
              {gen.busy ? (
                <Loader2 className="h-4 w-4 animate-spin" aria-hidden />
              ) : (
                <BookHeart className="hidden h-4 w-4 text-brand-600 min-[400px]:block" aria-hidden />
              )}
              {gen.state === "generating" ? "Generating..." : gen.state === "saving" ? "Saving..." : "Generate Entry"}
            </Button>
            <Button
              variant="ghost"
              size="sm"
              onClick={() => setConfirmNew(true)}
              disabled={gen.busy}
              className="order-2 ml-auto sm:order-4 sm:ml-0"
            >
              <Plus className="h-4 w-4" aria-hidden />
              New Chat
            </Button>
          </>
        )}
      </header>

      <div className="flex min-h-0 flex-1 flex-col overflow-hidden rounded-2xl border border-stone-200 bg-white shadow-sm">
        <div
          ref={scroller}
          onScroll={(e) => {
            const el = e.currentTarget;
            following.current = el.scrollHeight - el.scrollTop - el.clientHeight < FOLLOW_THRESHOLD_PX;
          }}
          tabIndex={0}
          role="region"
          aria-label="Conversation"
          className="min-h-0 flex-1 overflow-y-auto px-3 py-5 sm:px-6"
        >
          {empty ? (
            <div className="flex h-full flex-col items-center justify-center px-4 text-center">
              <span
                className="mb-4 flex h-14 w-14 items-center justify-center rounded-2xl bg-brand-50 text-brand-600"
                aria-hidden
              >
                <MessageCircleHeart className="h-7 w-7" />
              </span>
              <p className="text-xl font-semibold text-stone-900 sm:text-2xl" data-testid="chat-greeting">
                {greeting}
              </p>
              <p className="mt-2 max-w-md text-sm text-stone-500">
                {offline
                  ? "Write whatever is on your mind. No AI model is set up, so the built-in companion answers: it cannot hold a real conversation, but it can guide a short reflection. Pick one below."
                  : "Write whatever is on your mind. Replies come from an AI, not a person. When you are ready, Generate Entry turns the conversation into a journal entry."}
              </p>
            </div>
          ) : (
            <ol className="space-y-5" aria-label="Messages">
              {withNotices(chat.messages, notices.items).map((item) =>
                item.kind === "notice" ? (
                  <AiNotice key={item.notice.id} notice={item.notice} />
                ) : (
                  <Fragment key={item.message.id}>
                    <ChatMessageItem message={item.message} />
                    {item.message.support && <SupportCard country={item.message.support.country} />}
                    {item.message.guideSummary && (
                      <GuideSummaryCard
                        summary={item.message.guideSummary}
                        onSave={() => saveGuide(item.message)}
                        saving={gen.busy}
                        savedId={savedGuides[item.message.id]}
                      />
                    )}
                  </Fragment>
                ),
              )}
              {chat.pending &&
                (chat.pending.text ? <AssistantMessage text={chat.pending.text} streaming /> : <TypingIndicator />)}
            </ol>
          )}
        </div>

        <div aria-live="polite" className="sr-only">
          {chat.lastReply && !pending ? `${APP_NAME}: ${chat.lastReply.text}` : ""}
        </div>

        <div ref={composerBox}>
          {(chat.failure || gen.error || created || chat.storageFull || proposals.length > 0) && (
            <div className="space-y-2 border-t border-stone-200 bg-stone-50/60 px-3 py-3 sm:px-4">
              {chat.failure && (
                <ErrorBox
                  title="Failed to send message"
                  error={chat.failure.error}
                  onRetry={() => void chat.retry()}
                  onDismiss={chat.dismissFailure}
                />
              )}
              {gen.error !== null && gen.error !== undefined && (
                <ErrorBox
                  title="Failed to generate entry"
                  error={gen.error}
                  onRetry={() => void gen.generate(chat.saved)}
                  onDismiss={gen.dismissError}
                />
              )}
              <MemoryProposals
                facts={proposals}
                busy={remember.isPending}
                onRemember={rememberFact}
                onDismiss={(f) => setProposals((cur) => cur.filter((x) => x !== f))}
              />
              {chat.storageFull && (
                <p
                  role="alert"
                  className="rounded-xl border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900"
                >
                  This browser could not save the conversation (its storage may be full). Your last message is kept in
                  the input box.
                </p>
              )}
              {created && (
                <div
                  role="status"
                  className="flex items-center gap-2 rounded-xl border border-green-200 bg-green-50 px-3 py-2 text-sm text-green-900"
                >
                  <CheckCircle2 className="h-4 w-4 shrink-0 text-green-700" aria-hidden />
                  <span className="min-w-0 flex-1">
                    Saved to your journal:{" "}
                    <Link
                      href={`/entry/${encodeURIComponent(created.id)}`}
                      className="font-medium text-green-900 underline underline-offset-2"
                    >
                      {created.title?.trim() || "your new entry"}
                    </Link>
                  </span>
                  <button
                    type="button"
                    onClick={() => setCreated(null)}
                    className="rounded p-1 text-green-800 hover:bg-green-100"
                    aria-label="Dismiss"
                  >
                    <X className="h-4 w-4" aria-hidden />
                  </button>
                </div>
              )}
            </div>
          )}

          {offline && guide && <GuideProgress guide={guide} disabled={pending} onStop={() => void send("stop")} />}
          {offline && !guide && (
            <GuidedReflectionPicker disabled={pending} onPick={(f, label) => void send(label, { guideStart: f })} />
          )}
          <ChatComposer
            ref={composer}
            placeholder={inputPlaceholder(chat.messages.length)}
            disabled={pending}
            onSend={send}
          />
        </div>
      </div>

      <Modal
        open={askAgain}
        onOpenChange={setAskAgain}
        title="You already made an entry from this chat"
        description="Nothing new was said since. Update that entry with a fresh summary, or make another one?"
        footer={
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="ghost" onClick={() => setAskAgain(false)}>
              Cancel
            </Button>
            <Button
              variant="secondary"
              onClick={() => {
                setAskAgain(false);
                void gen.generate(chat.saved, "new");
              }}
            >
              Make another entry
            </Button>
            <Button
              onClick={() => {
                setAskAgain(false);
                void gen.generate(chat.saved, "update");
              }}
            >
              Update that entry
            </Button>
          </div>
        }
      >
        {null}
      </Modal>
      <ConfirmDialog
        open={confirmNew}
        onOpenChange={setConfirmNew}
        title="Start a new chat?"
        message="This conversation will be cleared from this device. To keep it, use Generate Entry first."
        confirmLabel="New Chat"
        onConfirm={startNewChat}
      />
    </section>
  );
}
