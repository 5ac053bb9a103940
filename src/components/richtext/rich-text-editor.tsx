"use client";
import clsx from "clsx";
import { Bold, Eye, Italic, List, ListOrdered, PenLine } from "lucide-react";
import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { EDITOR_ROWS } from "@/domain/constants";
import { toggleInline, toggleLines, type TextEdit } from "@/domain/richtext";
import { wordCount } from "@/domain/text";
import { RichText } from "./rich-text";

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
 * Formatting goes through the browser's editing commands where it can, so Undo still works.
 */
export function RichTextEditor({
  value,
  onChange,
  label,
  rows = EDITOR_ROWS,
  placeholder,
  onSubmitShortcut,
  describedBy,
  invalid,
}: {
  value: string;
  onChange: (next: string) => void;
  label: ReactNode;
  rows?: number;
  placeholder?: string;
  /** Ctrl/Cmd+Enter */
  onSubmitShortcut?: () => void;
  describedBy?: string;
  invalid?: boolean;
}) {
  const ref = useRef<HTMLTextAreaElement>(null);
  const [preview, setPreview] = useState(false);
  const id = useId();
  const countsId = `${id}-counts`;

  const apply = (fn: (e: TextEdit) => TextEdit) => {
    const el = ref.current;
    if (!el) return;
    const before = el.value;
    const result = fn({ text: before, start: el.selectionStart, end: el.selectionEnd });
    if (result.text !== before) {
      const { start, end, insert } = diffRange(before, result.text);
      el.focus();
      el.setSelectionRange(start, end);
      // execCommand keeps the browser's undo history; where it is unavailable the value is set directly.
      const done = typeof document.execCommand === "function" && document.execCommand("insertText", false, insert);
      if (!done || el.value !== result.text) onChange(result.text);
    }
    requestAnimationFrame(() => {
      el.focus();
      el.setSelectionRange(result.start, result.end);
    });
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    const mod = e.ctrlKey || e.metaKey;
    if (!mod || e.altKey) return;
    const k = e.key.toLowerCase();
    if (k === "b" && !e.shiftKey) {
      e.preventDefault();
      apply((t) => toggleInline(t, "bold"));
    } else if (k === "i" && !e.shiftKey) {
      e.preventDefault();
      apply((t) => toggleInline(t, "italic"));
    } else if (k === "enter" && onSubmitShortcut) {
      e.preventDefault();
      onSubmitShortcut();
    }
  };

  const tool = "inline-flex h-9 w-9 items-center justify-center rounded-lg text-stone-600 hover:bg-stone-100 hover:text-stone-900 disabled:opacity-40 disabled:hover:bg-transparent";
  const minHeight = `${rows * 1.625 + 1.5}rem`;

  return (
    <div className={clsx("rounded-2xl border bg-white shadow-sm focus-within:border-brand-500", invalid ? "border-red-300" : "border-stone-200")}>
      <div className="flex items-center gap-1 border-b border-stone-100 px-2 py-1.5">
        <div role="toolbar" aria-label="Formatting" aria-controls={preview ? undefined : id} className="flex items-center gap-0.5">
          <button type="button" className={tool} onClick={() => apply((t) => toggleInline(t, "bold"))} disabled={preview} aria-label="Bold" title="Bold (Ctrl+B)">
            <Bold className="h-4 w-4" aria-hidden />
          </button>
          <button type="button" className={tool} onClick={() => apply((t) => toggleInline(t, "italic"))} disabled={preview} aria-label="Italic" title="Italic (Ctrl+I)">
            <Italic className="h-4 w-4" aria-hidden />
          </button>
          <span className="mx-1 h-5 w-px bg-stone-200" aria-hidden />
          <button type="button" className={tool} onClick={() => apply((t) => toggleLines(t, "bullet"))} disabled={preview} aria-label="Bullet list" title="Bullet list">
            <List className="h-4 w-4" aria-hidden />
          </button>
          <button type="button" className={tool} onClick={() => apply((t) => toggleLines(t, "numbered"))} disabled={preview} aria-label="Numbered list" title="Numbered list">
            <ListOrdered className="h-4 w-4" aria-hidden />
          </button>
        </div>
        <button
          type="button"
          onClick={() => setPreview((p) => !p)}
          aria-pressed={preview}
          className="ml-auto inline-flex h-9 items-center gap-1.5 rounded-lg px-3 text-sm font-medium text-stone-700 hover:bg-stone-100"
        >
          {preview ? <PenLine className="h-4 w-4" aria-hidden /> : <Eye className="h-4 w-4" aria-hidden />}
          {preview ? "Edit" : "Preview"}
        </button>
      </div>
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
        <textarea
          ref={ref}
          id={id}
          rows={rows}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          onKeyDown={onKeyDown}
          placeholder={placeholder}
          aria-describedby={clsx(countsId, describedBy) || undefined}
          aria-invalid={invalid || undefined}
          spellCheck
          className="block w-full resize-y rounded-b-2xl border-0 bg-transparent px-4 py-3 text-base leading-relaxed text-stone-900 placeholder:text-stone-400 focus:outline-none"
        />
      )}
      <div id={countsId} className="flex justify-end gap-4 border-t border-stone-100 px-4 py-2 text-xs text-stone-500" aria-live="off">
        <span data-testid="char-count">{fmt.format(value.length)} characters</span>
        <span data-testid="word-count">{fmt.format(wordCount(value))} {wordCount(value) === 1 ? "word" : "words"}</span>
      </div>
    </div>
  );
}
