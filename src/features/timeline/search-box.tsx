"use client";
import { History, Search, X } from "lucide-react";
import { useEffect, useId, useRef, useState, type FocusEvent } from "react";
import { useLocalValue } from "@/client/storage";
import { addRecentSearch, normalizeQuery } from "@/domain/search";
import { SEARCH_TIPS } from "@/domain/timeline";

/** Pause in typing before the list asks the server. */
export const SEARCH_DEBOUNCE_MS = 300;
export const RECENT_SEARCHES_STORAGE = "recent-searches";

/**
 * The Timeline's search box. Typing searches after a short pause; Enter searches at once. A query is
 * remembered among the recent searches when it is searched with Enter or left with a tab/click
 * (only when longer than 2 characters and new; 5 kept). While the box is empty and focused it shows
 * the search tips and the recent searches.
 */
export function SearchBox({ value, onSearch }: { value: string; onSearch: (q: string) => void }) {
  const [draft, setDraft] = useState(value);
  const [seen, setSeen] = useState(value);
  const [sent, setSent] = useState(value);
  const [open, setOpen] = useState(false);
  const [recent, setRecent] = useLocalValue<string[]>(RECENT_SEARCHES_STORAGE, []);
  const input = useRef<HTMLInputElement>(null);
  const panelId = useId();
  const tipsId = useId();

  // The address bar changed by itself (back button, a cleared filter): show what it says.
  if (value !== seen) {
    setSeen(value);
    if (value !== sent) {
      setSent(value);
      setDraft(value);
    }
  }

  useEffect(() => {
    const q = normalizeQuery(draft);
    if (q === sent) return;
    const t = window.setTimeout(() => {
      setSent(q);
      onSearch(q);
    }, SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(t);
  }, [draft, sent, onSearch]);

  // "/" jumps to the search box from anywhere on the page.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "/" || e.metaKey || e.ctrlKey || e.altKey) return;
      const t = e.target as HTMLElement | null;
      if (t && (t.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(t.tagName))) return;
      e.preventDefault();
      input.current?.focus();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, []);

  const commit = (raw: string) => {
    const q = normalizeQuery(raw);
    setDraft(raw);
    setSent(q);
    onSearch(q);
  };
  const remember = (raw: string) => {
    const next = addRecentSearch(recent, normalizeQuery(raw));
    if (next.length !== recent.length || next.some((r, i) => r !== recent[i])) setRecent(next);
  };

  const onBlur = (e: FocusEvent<HTMLDivElement>) => {
    if (e.currentTarget.contains(e.relatedTarget as Node | null)) return;
    setOpen(false);
    remember(draft);
  };

  const showPanel = open && draft === "";

  return (
    <div className="relative min-w-0 flex-1" onFocus={() => setOpen(true)} onBlur={onBlur}>
      <form
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          commit(draft);
          remember(draft);
        }}
      >
        <label htmlFor={`${panelId}-input`} className="sr-only">
          Search entries
        </label>
        <Search
          className="pointer-events-none absolute left-3.5 top-1/2 h-4 w-4 -translate-y-1/2 text-stone-400"
          aria-hidden
        />
        <input
          ref={input}
          id={`${panelId}-input`}
          type="search"
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "Escape") {
              if (draft) {
                e.preventDefault();
                commit("");
              } else {
                setOpen(false);
              }
            }
          }}
          placeholder="Search your entries..."
          autoComplete="off"
          spellCheck={false}
          maxLength={200}
          aria-describedby={tipsId}
          className="h-11 w-full rounded-xl border border-stone-300 bg-white pl-10 pr-10 text-[15px] text-stone-900 shadow-sm outline-none transition placeholder:text-stone-500 focus:border-brand-500 focus:ring-2 focus:ring-brand-200 [&::-webkit-search-cancel-button]:appearance-none"
        />
        {draft && (
          <button
            type="button"
            onClick={() => {
              commit("");
              input.current?.focus();
            }}
            className="absolute right-2 top-1/2 -translate-y-1/2 rounded-lg p-1.5 text-stone-400 hover:bg-stone-100 hover:text-stone-700"
            aria-label="Clear search"
          >
            <X className="h-4 w-4" aria-hidden />
          </button>
        )}
      </form>
      <div
        id={panelId}
        hidden={!showPanel}
        className="absolute inset-x-0 top-full z-20 mt-2 rounded-2xl border border-stone-200 bg-white p-4 text-sm shadow-lg"
      >
        {recent.length > 0 && (
          <div className="mb-3">
            <div className="mb-1 flex items-center justify-between">
              <h2 className="text-xs font-semibold uppercase tracking-wide text-stone-500">Recent searches</h2>
              <button
                type="button"
                onClick={() => setRecent([])}
                className="rounded px-1.5 py-0.5 text-xs text-stone-500 hover:bg-stone-100 hover:text-stone-800"
              >
                Clear
              </button>
            </div>
            <ul>
              {recent.map((r) => (
                <li key={r}>
                  <button
                    type="button"
                    onClick={() => {
                      commit(r);
                      setOpen(false);
                      input.current?.blur();
                    }}
                    className="flex w-full items-center gap-2 rounded-lg px-2 py-1.5 text-left text-stone-700 hover:bg-stone-100"
                  >
                    <History className="h-4 w-4 shrink-0 text-stone-400" aria-hidden />
                    <span className="truncate">{r}</span>
                  </button>
                </li>
              ))}
            </ul>
          </div>
        )}
        <p id={tipsId} className="leading-relaxed text-stone-500">
          <span className="font-medium text-stone-700">Search tips: </span>
          {SEARCH_TIPS}
        </p>
      </div>
    </div>
  );
}
