"use client";
import { Plus, Tag, X } from "lucide-react";
import { useId, useState, type KeyboardEvent } from "react";
import { MAX_TAGS } from "@/domain/constants";
import {
  addTag,
  canAddMoreTags,
  normalizeTag,
  quickPickTags,
  removeLastTag,
  tagCounter,
  tagSuggestions,
} from "@/domain/tags";

const chip = "inline-flex items-center gap-1 rounded-full border px-2.5 py-1 text-sm transition-colors";

/**
 * Tag editor (spec section 5): at most 10, no duplicates, Enter or comma adds, Backspace on an empty
 * input removes the last, disabled at 10, "n/10 tags", up to 5 suggestions from the fixed list
 * excluding tags in use, and six quick picks while none are set.
 */
export function TagsEditor({
  tags,
  onChange,
  disabled,
}: {
  tags: string[];
  onChange: (tags: string[]) => void;
  disabled?: boolean;
}) {
  const [text, setText] = useState("");
  const [notice, setNotice] = useState("");
  const id = useId();
  const full = !canAddMoreTags(tags);

  const add = (raw: string, current = tags): string[] => {
    const r = addTag(current, raw);
    if (r.ok) {
      setNotice("");
      onChange(r.tags);
    } else if (r.reason === "duplicate") setNotice(`"${normalizeTag(raw)}" is already added.`);
    else if (r.reason === "limit") setNotice(`You can add up to ${MAX_TAGS} tags.`);
    return r.tags;
  };

  const commitText = (value: string) => {
    // "a, b, c" typed or pasted adds each piece.
    let current = tags;
    for (const piece of value.split(",")) if (piece.trim()) current = add(piece, current);
    setText("");
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === "Enter" || e.key === ",") {
      e.preventDefault();
      if (text.trim()) commitText(text);
    } else if (e.key === "Backspace" && text === "" && tags.length > 0) {
      e.preventDefault();
      onChange(removeLastTag(tags));
      setNotice("");
    }
  };

  const picks = tags.length === 0 && !text.trim() ? quickPickTags(tags) : full ? [] : tagSuggestions(tags, text);

  return (
    <div>
      <div className="flex items-center justify-between gap-2">
        <label htmlFor={id} className="flex items-center gap-1.5 text-sm font-medium text-stone-800">
          <Tag className="h-4 w-4 text-stone-500" aria-hidden />
          Tags
        </label>
        <span
          className={full ? "text-xs font-medium text-amber-700" : "text-xs text-stone-500"}
          data-testid="tag-counter"
        >
          {tagCounter(tags)}
        </span>
      </div>
      <div className="mt-2 flex min-h-11 flex-wrap items-center gap-1.5 rounded-xl border border-stone-200 bg-white px-2 py-1.5 focus-within:border-brand-500">
        <ul className="contents" aria-label="Tags on this entry">
          {tags.map((t) => (
            <li key={t} className={`${chip} border-brand-200 bg-brand-50 text-brand-900`}>
              #{t}
              <button
                type="button"
                onClick={() => onChange(tags.filter((x) => x !== t))}
                disabled={disabled}
                className="-mr-1 rounded-full p-0.5 text-brand-700 hover:bg-brand-100"
                aria-label={`Remove tag ${t}`}
              >
                <X className="h-3.5 w-3.5" aria-hidden />
              </button>
            </li>
          ))}
        </ul>
        <input
          id={id}
          value={text}
          onChange={(e) => {
            const v = e.target.value;
            if (v.includes(",")) commitText(v);
            else setText(v);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => text.trim() && commitText(text)}
          disabled={disabled || full}
          placeholder={full ? "Tag limit reached" : tags.length ? "Add another tag" : "Add a tag and press Enter"}
          aria-describedby={`${id}-help`}
          className="min-w-32 flex-1 bg-transparent px-1 py-1 text-sm placeholder:text-stone-400 focus:outline-none disabled:cursor-not-allowed"
        />
      </div>
      <p id={`${id}-help`} className="sr-only">
        Press Enter or comma to add a tag, Backspace in the empty field to remove the last one. Up to {MAX_TAGS} tags.
      </p>
      <p role="status" className="mt-1 min-h-4 text-xs text-amber-700">
        {notice}
      </p>
      {picks.length > 0 && !disabled && (
        <div className="mt-1 flex flex-wrap items-center gap-1.5">
          <span className="text-xs text-stone-500">
            {tags.length === 0 && !text.trim() ? "Quick picks:" : "Suggestions:"}
          </span>
          {picks.map((t) => (
            <button
              key={t}
              type="button"
              // Keep focus in the input so a half-typed tag is not committed on blur.
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => {
                add(t);
                setText("");
              }}
              className={`${chip} border-stone-200 bg-white text-stone-700 hover:border-brand-200 hover:bg-brand-50 hover:text-brand-900`}
              aria-label={`Add tag ${t}`}
            >
              <Plus className="h-3 w-3" aria-hidden />
              {t}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
