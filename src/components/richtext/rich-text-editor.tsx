"use client";
import clsx from "clsx";
import { Bold, Eye, Italic, List, ListOrdered, PenLine } from "lucide-react";
import {
  forwardRef,
  useCallback,
  useEffect,
  useId,
  useImperativeHandle,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from "react";
import { EDITOR_ROWS } from "@/domain/constants";
import {
  backspace,
  pressEnter,
  styleAtCaret,
  toggleInline,
  toggleLines,
  typeText,
  type EditorState,
} from "@/domain/richtext-edit";
import { type InlineStyle } from "@/domain/richtext-markers";
import { wordCount } from "@/domain/text";
import { lazyPart, lazyWhenShown } from "@/components/lazy";

/** Preview is not shown when the editor opens: its code comes after the page. */
const RichText = lazyWhenShown(() => import("./rich-text").then((m) => m.RichText));

/** The words shown formatted while they are written: loaded after the page; until then the plain text shows. */
const liveFormat = lazyPart(() => import("./live-format").then((m) => m.LiveFormat));

const fmt = new Intl.NumberFormat("en-US");

/** The smallest range of `before` that must be replaced to get `after`. */
function diffRange(before: string, after: string): { start: number; end: number; insert: string } {
  let start = 0;
  while (start < before.length && start < after.length && before[start] === after[start]) start++;
  let endB = before.length;
  let endA = after.length;
  while (endB > start && endA > start && before[endB - 1] === after[endA - 1]) {
    endB--;
    endA--;
  }
  return { start, end: endB, insert: after.slice(start, endA) };
}

/**
 * The journal's text area with Bold, Italic, bullet and numbered-list buttons (and Ctrl/Cmd+B, I),
 * character and live word counts, and a Preview/Edit toggle that renders the markers.
 * Every change goes through the browser's editing commands where it can, so Ctrl+Z restores the text
 * as it was before a formatting action. Bold or italic toggled at a bare caret waits for the next
 * letters instead of leaving an empty pair of markers; Enter continues a list and ends it on an empty item.
 */
export const RichTextEditor = forwardRef<
  HTMLTextAreaElement | null,
  {
    value: string;
    onChange: (next: string) => void;
    label: ReactNode;
    rows?: number;
    placeholder?: string;
    /** Ctrl/Cmd+Enter */
    onSubmitShortcut?: () => void;
    describedBy?: string;
    invalid?: boolean;
  }
>(function RichTextEditor(
  { value, onChange, label, rows = EDITOR_ROWS, placeholder, onSubmitShortcut, describedBy, invalid },
  forwarded,
) {
  const ref = useRef<HTMLTextAreaElement>(null);
  useImperativeHandle(forwarded, () => ref.current as HTMLTextAreaElement);
  const [preview, setPreview] = useState(false);
  const id = useId();
  const countsId = `${id}-counts`;
  /** A style waiting for the next typed letters, valid while the caret stays at `at`. */
  const pending = useRef<{ style: InlineStyle; at: number } | null>(null);
  const applying = useRef(false);
  /** The editor as it was when a phone keyboard began composing a word while a style waited. */
  const composing = useRef<EditorState | null>(null);
  const [caretStyle, setCaretStyle] = useState<InlineStyle>({ bold: false, italic: false });
  const LiveFormat = liveFormat.use(true);

  const state = useCallback((): EditorState | null => {
    const el = ref.current;
    if (!el) return null;
    const p = pending.current;
    const live = p && el.selectionStart === p.at && el.selectionEnd === p.at ? p.style : null;
    return { text: el.value, start: el.selectionStart, end: el.selectionEnd, pending: live };
  }, []);

  const refreshStyle = useCallback(() => {
    const st = state();
    if (!st) return;
    if (!st.pending) pending.current = null;
    const next = styleAtCaret(st);
    setCaretStyle((prev) => (prev.bold === next.bold && prev.italic === next.italic ? prev : next));
  }, [state]);

  const apply = useCallback(
    (result: EditorState) => {
      const el = ref.current;
      if (!el) return;
      const before = el.value;
      el.focus();
      if (result.text !== before) {
        const { start, end, insert } = diffRange(before, result.text);
        el.setSelectionRange(start, end);
        applying.current = true;
        // execCommand keeps the browser's undo history; where it is unavailable the value is set directly.
        let done = false;
        try {
          done = typeof document.execCommand === "function" && document.execCommand("insertText", false, insert);
        } finally {
          applying.current = false;
        }
        if (!done || el.value !== result.text) {
          el.value = result.text;
          onChange(result.text);
        }
      }
      el.setSelectionRange(result.start, result.end);
      pending.current =
        result.pending && result.start === result.end ? { style: result.pending, at: result.start } : null;
      refreshStyle();
    },
    [onChange, refreshStyle],
  );

  // Typed letters go through the editor's rules when a style waits or a marker would break.
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const onBeforeInput = (e: InputEvent) => {
      if (applying.current || e.isComposing || e.inputType !== "insertText" || !e.data) return;
      const st = state();
      if (!st) return;
      const s = Math.min(st.start, st.end);
      const e2 = Math.max(st.start, st.end);
      const result = typeText(st, e.data);
      const naive = st.text.slice(0, s) + e.data + st.text.slice(e2);
      if (result.text === naive && result.start === s + e.data.length && !result.pending) {
        pending.current = null;
        return;
      }
      e.preventDefault();
      apply(result);
    };
    // Phone keyboards often compose words: the waiting style is applied to the word once it is committed.
    const onCompositionStart = () => {
      const st = state();
      composing.current = st?.pending ? st : null;
    };
    const onCompositionEnd = (e: CompositionEvent) => {
      const before = composing.current;
      composing.current = null;
      if (!before || !e.data) return;
      const result = typeText(before, e.data);
      if (result.text !== el.value) apply(result);
    };
    el.addEventListener("beforeinput", onBeforeInput);
    el.addEventListener("compositionstart", onCompositionStart);
    el.addEventListener("compositionend", onCompositionEnd);
    return () => {
      el.removeEventListener("beforeinput", onBeforeInput);
      el.removeEventListener("compositionstart", onCompositionStart);
      el.removeEventListener("compositionend", onCompositionEnd);
    };
  }, [apply, state, preview]);

  const toggle = (marker: "bold" | "italic") => {
    const st = state();
    if (st) apply(toggleInline(st, marker));
  };
  const lines = (marker: "bullet" | "numbered") => {
    const st = state();
    if (st) apply(toggleLines(st, marker));
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    const mod = e.ctrlKey || e.metaKey;
    const st = state();
    if (!st) return;
    if (!mod && !e.altKey && e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) {
      const result = pressEnter(st);
      const s = Math.min(st.start, st.end);
      const naive = st.text.slice(0, s) + "\n" + st.text.slice(Math.max(st.start, st.end));
      if (result.text !== naive) {
        e.preventDefault();
        apply(result);
      }
      return;
    }
    if (!mod && !e.altKey && e.key === "Backspace") {
      const result = backspace(st);
      if (result) {
        e.preventDefault();
        apply(result);
      }
      return;
    }
    if (!mod || e.altKey) return;
    const k = e.key.toLowerCase();
    if (k === "b" && !e.shiftKey) {
      e.preventDefault();
      toggle("bold");
    } else if (k === "i" && !e.shiftKey) {
      e.preventDefault();
      toggle("italic");
    } else if (k === "enter" && onSubmitShortcut) {
      e.preventDefault();
      onSubmitShortcut();
    }
  };

  const tool =
    "inline-flex h-9 w-9 items-center justify-center rounded-lg text-stone-600 hover:bg-stone-100 hover:text-stone-900 disabled:opacity-40 disabled:hover:bg-transparent aria-pressed:bg-brand-50 aria-pressed:text-brand-700";
  const minHeight = `${rows * 1.625 + 1.5}rem`;
  // Toolbar buttons keep the text's selection: they never take focus on press.
  const keepSelection = (e: { preventDefault: () => void }) => e.preventDefault();

  return (
    // The text comes first in the page's order (the toolbar is drawn above it), so Tab reaches the
    // words before the formatting buttons.
    <div
      className={clsx(
        "flex flex-col rounded-2xl border bg-white shadow-sm focus-within:border-brand-500",
        invalid ? "border-red-300" : "border-stone-200",
      )}
    >
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      {preview ? (
        <div
          id={`${id}-preview`}
          className="overflow-y-auto px-4 py-3 text-base"
          style={{ minHeight }}
          aria-label="Preview"
          role="region"
          data-testid="entry-preview"
        >
          <RichText text={value} empty={<p className="italic text-stone-400">Nothing to preview yet.</p>} />
        </div>
      ) : (
        <div className="relative">
          {LiveFormat && <LiveFormat text={value} textarea={ref} />}
          <textarea
            ref={ref}
            id={id}
            rows={rows}
            value={value}
            onChange={(e) => onChange(e.target.value)}
            onKeyDown={onKeyDown}
            onSelect={refreshStyle}
            placeholder={placeholder}
            aria-describedby={clsx(countsId, describedBy) || undefined}
            aria-invalid={invalid || undefined}
            aria-keyshortcuts="Control+B Control+I"
            spellCheck
            className={clsx(
              "relative block w-full resize-y border-0 bg-transparent px-4 py-3 text-base leading-relaxed placeholder:text-stone-400 focus:outline-none [font-kerning:none] [font-variant-ligatures:none]",
              // Formatted, the words are drawn behind the text area; its own letters step aside, its caret stays.
              LiveFormat
                ? "text-transparent caret-stone-900 selection:bg-brand-200/60 selection:text-transparent"
                : "text-stone-900",
            )}
          />
        </div>
      )}
      <div className="order-first flex items-center gap-1 border-b border-stone-100 px-2 py-1.5">
        <div
          role="toolbar"
          aria-label="Formatting"
          aria-controls={preview ? undefined : id}
          className="flex items-center gap-0.5"
        >
          <button
            type="button"
            className={tool}
            onMouseDown={keepSelection}
            onClick={() => toggle("bold")}
            disabled={preview}
            aria-label="Bold"
            aria-pressed={caretStyle.bold}
            title="Bold (Ctrl+B)"
          >
            <Bold className="h-4 w-4" aria-hidden />
          </button>
          <button
            type="button"
            className={tool}
            onMouseDown={keepSelection}
            onClick={() => toggle("italic")}
            disabled={preview}
            aria-label="Italic"
            aria-pressed={caretStyle.italic}
            title="Italic (Ctrl+I)"
          >
            <Italic className="h-4 w-4" aria-hidden />
          </button>
          <span className="mx-1 h-5 w-px bg-stone-200" aria-hidden />
          <button
            type="button"
            className={tool}
            onMouseDown={keepSelection}
            onClick={() => lines("bullet")}
            disabled={preview}
            aria-label="Bullet list"
            title="Bullet list"
          >
            <List className="h-4 w-4" aria-hidden />
          </button>
          <button
            type="button"
            className={tool}
            onMouseDown={keepSelection}
            onClick={() => lines("numbered")}
            disabled={preview}
            aria-label="Numbered list"
            title="Numbered list"
          >
            <ListOrdered className="h-4 w-4" aria-hidden />
          </button>
        </div>
        {/* The counts sit with the tools, at the top of the words, where the Save bar below never covers them. */}
        <div
          id={countsId}
          className="ml-auto flex flex-col items-end px-1 text-[11px] leading-tight text-stone-500 sm:flex-row sm:gap-3 sm:text-xs"
          aria-live="off"
        >
          <span data-testid="char-count" className="whitespace-nowrap">
            {fmt.format(value.length)} characters
          </span>
          <span data-testid="word-count" className="whitespace-nowrap">
            {fmt.format(wordCount(value))} {wordCount(value) === 1 ? "word" : "words"}
          </span>
        </div>
        <button
          type="button"
          onClick={() => setPreview((p) => !p)}
          aria-pressed={preview}
          title="Preview (the markers shown as formatting)"
          className="inline-flex h-9 shrink-0 items-center gap-1.5 rounded-lg px-2.5 text-sm font-medium text-stone-700 hover:bg-stone-100"
        >
          {preview ? <PenLine className="h-4 w-4" aria-hidden /> : <Eye className="h-4 w-4" aria-hidden />}
          {/* On a phone the eye or pen alone, so the counts keep their room beside the tools. */}
          <span className="sr-only sm:not-sr-only">{preview ? "Edit" : "Preview"}</span>
        </button>
      </div>
    </div>
  );
});
