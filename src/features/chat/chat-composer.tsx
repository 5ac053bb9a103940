"use client";
import { SendHorizontal } from "lucide-react";
import {
  forwardRef,
  useEffect,
  useImperativeHandle,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
} from "react";
import { useCurrentModel, useTranscriber } from "@/client/companion";
import { Button } from "@/components/ui/button";
import { WordsCue } from "@/components/ui/words-cue";
import { CHAT_INPUT_MAX_HEIGHT_PX } from "@/domain/constants";
import { isBlankMessage } from "@/domain/chat";
import { loadDraft, saveDraft } from "./history-store";
import { useVoiceInput } from "./use-voice-input";

export interface ComposerHandle {
  focus: () => void;
  /** Adds text at the end of the input (a transcription), on its own line. */
  append: (text: string) => void;
}

/**
 * The message input: an auto-growing textarea up to 120px; Enter sends, Shift+Enter adds a newline;
 * a blank message is not sent; input and send are disabled while a reply is pending. What is typed
 * is kept as a draft in this browser until it is sent.
 */
export const ChatComposer = forwardRef<
  ComposerHandle,
  { placeholder: string; disabled: boolean; onSend: (text: string) => Promise<boolean> }
>(function ChatComposer({ placeholder, disabled, onSend }, ref) {
  const [value, setValue] = useState(loadDraftSafe);
  const model = useCurrentModel();
  const transcriber = useTranscriber();
  const areaRef = useRef<HTMLTextAreaElement>(null);

  useLayoutEffect(() => {
    const el = areaRef.current;
    if (!el) return;
    el.style.height = "auto";
    const h = Math.min(el.scrollHeight, CHAT_INPUT_MAX_HEIGHT_PX);
    el.style.height = `${h}px`;
    el.style.overflowY = el.scrollHeight > CHAT_INPUT_MAX_HEIGHT_PX ? "auto" : "hidden";
  }, [value]);

  // A page restored from the back-forward cache shows the draft again (a reply cut off by leaving).
  useEffect(() => {
    const onShow = (e: PageTransitionEvent) => {
      if (e.persisted) setValue(loadDraft());
    };
    window.addEventListener("pageshow", onShow);
    return () => window.removeEventListener("pageshow", onShow);
  }, []);

  const update = (v: string) => {
    setValue(v);
    saveDraft(v);
  };

  const append = (text: string) => {
    setValue((current) => {
      const next = current.trim() ? `${current.replace(/\s+$/u, "")}\n${text}` : text;
      saveDraft(next);
      return next;
    });
    requestAnimationFrame(() => {
      const el = areaRef.current;
      if (!el) return;
      el.focus();
      el.setSelectionRange(el.value.length, el.value.length);
    });
  };

  useImperativeHandle(ref, () => ({ focus: () => areaRef.current?.focus(), append }));
  const voice = useVoiceInput({
    disabled,
    onText: append,
    where: transcriber && transcriber.kind !== "none" ? transcriber.label : undefined,
  });

  const blank = isBlankMessage(value);

  const submit = () => {
    if (disabled || blank) return;
    const text = value;
    setValue("");
    void onSend(text);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key !== "Enter" || e.shiftKey || e.nativeEvent.isComposing) return;
    e.preventDefault();
    submit();
  };

  return (
    <form
      className="border-t border-stone-200 bg-white p-3 sm:p-4"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      {voice.notice}
      <div className="flex items-end gap-2 rounded-2xl border border-stone-300 bg-white py-1.5 pl-4 pr-1.5 shadow-sm transition-colors focus-within:border-brand-500 focus-within:ring-2 focus-within:ring-brand-100 has-[textarea:disabled]:bg-stone-50">
        <label htmlFor="chat-input" className="sr-only">
          Message
        </label>
        <textarea
          id="chat-input"
          ref={areaRef}
          rows={1}
          value={value}
          onChange={(e) => update(e.target.value)}
          onKeyDown={onKeyDown}
          placeholder={placeholder}
          disabled={disabled}
          aria-describedby="chat-input-hint"
          // The box around it shows focus; the app-wide focus outline would draw a second frame inside it.
          style={{ maxHeight: CHAT_INPUT_MAX_HEIGHT_PX, outline: "none" }}
          className="min-h-9 flex-1 resize-none self-center bg-transparent py-1.5 text-[15px] leading-6 text-stone-900 placeholder:text-stone-500 disabled:cursor-not-allowed disabled:text-stone-500"
        />
        {/* A voice message is offered only when something can turn speech into text (a transcription server or
            the model). */}
        {(transcriber === undefined || transcriber.kind !== "none") && voice.button}
        <Button type="submit" size="icon" disabled={disabled || blank} aria-label="Send message" className="rounded-xl">
          <SendHorizontal className="h-4 w-4" aria-hidden />
        </Button>
      </div>
      <div className="mt-1.5 flex items-center justify-between gap-3 px-1">
        <WordsCue model={model} />
        <p id="chat-input-hint" className="hidden text-xs text-stone-500 sm:block">
          Enter to send, Shift+Enter for a new line
        </p>
      </div>
      {voice.modal}
    </form>
  );
});

function loadDraftSafe(): string {
  return typeof window === "undefined" ? "" : loadDraft();
}
