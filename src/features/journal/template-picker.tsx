"use client";
import clsx from "clsx";
import { LayoutTemplate } from "lucide-react";
import { useEffect, useRef } from "react";
import { useTemplates } from "@/client/templates";
import { sortTemplates, type TemplateGuide } from "@/domain/templates";

export interface TemplatePickerProps {
  /** Shown while the entry is empty, or still the template as applied. */
  open: boolean;
  /** The template applied (its text and prompts), if any. */
  guide: TemplateGuide | null;
  /** The default may be put in: a new, empty entry that was not restored from a draft. */
  mayApplyDefault: boolean;
  onApply: (t: TemplateGuide | null) => void;
}

/**
 * The templates a new entry can start from: a row of the person's visible templates, in their order.
 * When they picked a default, it is put in once as the empty editor opens. The list is the one this tab
 * read last (the query cache), so it is offered offline too once it has been read.
 */
export function TemplatePicker({ open, guide, mayApplyDefault, onApply }: TemplatePickerProps) {
  const q = useTemplates();
  const shown = sortTemplates((q.data ?? []).filter((t) => !t.hidden));
  const tried = useRef(false);
  const fallback = shown.find((t) => t.is_default);
  useEffect(() => {
    if (tried.current || !q.data) return;
    tried.current = true;
    if (mayApplyDefault && fallback) onApply({ body: fallback.body, prompts: fallback.prompts });
  }, [q.data, mayApplyDefault, fallback, onApply]);
  if (!open || !shown.length) return null;
  const isApplied = (t: TemplateGuide) =>
    !!guide && guide.body === t.body && guide.prompts.join("\n") === t.prompts.join("\n");
  return (
    <div
      className="flex flex-wrap items-center gap-2"
      role="group"
      aria-label="Start from a template"
      data-testid="template-picker"
    >
      <span className="flex items-center gap-1.5 text-sm text-stone-500">
        <LayoutTemplate className="h-4 w-4" aria-hidden />
        Start from a template:
      </span>
      {shown.map((t) => (
        <button
          key={t.id}
          type="button"
          aria-pressed={isApplied(t)}
          onClick={() => onApply({ body: t.body, prompts: t.prompts })}
          className={clsx(
            "rounded-full border px-3 py-1 text-sm",
            isApplied(t)
              ? "border-brand-500 bg-brand-50 text-brand-700"
              : "border-stone-200 bg-white text-stone-700 hover:bg-stone-50",
          )}
        >
          {t.name}
        </button>
      ))}
      {guide && (
        <button type="button" onClick={() => onApply(null)} className="px-2 py-1 text-sm text-stone-500 underline">
          Blank page
        </button>
      )}
    </div>
  );
}
