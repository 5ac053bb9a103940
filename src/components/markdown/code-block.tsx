"use client";
import { Check, Copy } from "lucide-react";
import { useEffect, useMemo, useState } from "react";
import type { HighlighterCore } from "shiki/core";
import { COPY_CONFIRMATION_MS } from "@/domain/constants";
import { loadHighlighter, resolveLanguage, tokenize } from "./highlighter";

/**
 * A fenced code block: plain text at once, highlighted as soon as shiki and the language are loaded.
 * Tokens are rendered as React text with a colour, so the code can never become markup.
 */
export function CodeBlock({ code, language }: { code: string; language: string | null }) {
  const lang = resolveLanguage(language);
  const [hl, setHl] = useState<{ lang: string; core: HighlighterCore } | null>(null);
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!lang) return;
    let live = true;
    loadHighlighter(lang)
      .then((core) => {
        if (live) setHl({ lang, core });
      })
      .catch((err) => console.warn("Code highlighting unavailable", err));
    return () => {
      live = false;
    };
  }, [lang]);

  useEffect(() => {
    if (!copied) return;
    const t = setTimeout(() => setCopied(false), COPY_CONFIRMATION_MS);
    return () => clearTimeout(t);
  }, [copied]);

  const text = code.replace(/\n$/u, "");
  const tokens = useMemo(() => (hl && hl.lang === lang ? tokenize(hl.core, text, hl.lang) : null), [hl, lang, text]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      /* the clipboard may be refused; the code stays selectable */
    }
  };

  return (
    <div
      className="not-prose my-3 overflow-hidden rounded-xl border border-stone-200 bg-stone-50"
      data-testid="code-block"
      data-highlighted={tokens ? "true" : "false"}
    >
      <div className="flex items-center justify-between border-b border-stone-200 px-3 py-1.5 text-xs text-stone-600">
        <span className="font-mono">{language?.trim() || "code"}</span>
        <button
          type="button"
          onClick={copy}
          className="inline-flex items-center gap-1 rounded-md px-1.5 py-0.5 font-medium hover:bg-stone-200 hover:text-stone-900"
          aria-label={copied ? "Code copied" : "Copy code"}
        >
          {copied ? <Check className="h-3.5 w-3.5" aria-hidden /> : <Copy className="h-3.5 w-3.5" aria-hidden />}
          <span aria-live="polite">{copied ? "Copied" : "Copy"}</span>
        </button>
      </div>
      {/* A scrollable region must be reachable by keyboard. */}
      <pre tabIndex={0} className="overflow-x-auto bg-white p-3 font-mono text-[13px] leading-relaxed text-stone-800">
        <code>
          {tokens
            ? tokens.map((line, i) => (
                <span key={i} className="block min-h-[1lh]">
                  {line.map((t, j) => (
                    <span
                      key={j}
                      style={t.color || t.bgColor ? { color: t.color, backgroundColor: t.bgColor } : undefined}
                    >
                      {t.content}
                    </span>
                  ))}
                </span>
              ))
            : text}
        </code>
      </pre>
    </div>
  );
}
