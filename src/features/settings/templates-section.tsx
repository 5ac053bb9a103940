"use client";
import { ArrowDown, ArrowUp, LayoutTemplate } from "lucide-react";
import { useId, useState, type FormEvent } from "react";
import { useAddTemplate, useDeleteTemplate, useTemplates, useUpdateTemplate } from "@/client/templates";
import { errorMessage } from "@/client/errors";
import { useToast } from "@/components/feedback/toast";
import { Button } from "@/components/ui/button";
import type { TemplateDto, TemplateUpdateInput } from "@/contracts/templates";
import {
  MAX_TEMPLATE_NAME,
  MAX_TEMPLATE_PROMPTS,
  moveTemplate,
  normalizePrompts,
  sortTemplates,
} from "@/domain/templates";
import { SettingsSection } from "./section";

const field =
  "w-full rounded-xl border border-stone-200 bg-white px-3 py-2 text-sm text-stone-900 focus:border-brand-500 focus:outline-none";

interface Draft {
  name: string;
  body: string;
  /** One prompt a line. */
  prompts: string;
}

const draftOf = (t?: TemplateDto): Draft => ({
  name: t?.name ?? "",
  body: t?.body ?? "",
  prompts: t?.prompts.join("\n") ?? "",
});

/** The add and edit form: a name, the text in the editor's markers, and prompts one a line. */
function TemplateForm({
  initial,
  submitLabel,
  busy,
  onSubmit,
  onCancel,
}: {
  initial: Draft;
  submitLabel: string;
  busy: boolean;
  onSubmit: (v: { name: string; body: string; prompts: string[] }) => void;
  onCancel?: () => void;
}) {
  const ids = useId();
  const [d, setD] = useState(initial);
  const prompts = normalizePrompts(d.prompts.split("\n"));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit({ name: d.name, body: d.body, prompts });
  };
  return (
    <form
      onSubmit={submit}
      className="space-y-3 rounded-xl border border-stone-200 bg-stone-50 p-4"
      aria-label={submitLabel}
    >
      <div>
        <label htmlFor={`${ids}-name`} className="text-sm font-medium text-stone-700">
          Name
        </label>
        <input
          id={`${ids}-name`}
          className={field}
          value={d.name}
          maxLength={MAX_TEMPLATE_NAME}
          onChange={(e) => setD({ ...d, name: e.target.value })}
        />
      </div>
      <div>
        <label htmlFor={`${ids}-body`} className="text-sm font-medium text-stone-700">
          Text
        </label>
        <p className="text-xs text-stone-500">
          Kept in the entry as written. **bold**, *italic*, &quot;• &quot; and &quot;1. &quot; lists work here.
        </p>
        <textarea
          id={`${ids}-body`}
          className={field}
          rows={3}
          value={d.body}
          onChange={(e) => setD({ ...d, body: e.target.value })}
        />
      </div>
      <div>
        <label htmlFor={`${ids}-prompts`} className="text-sm font-medium text-stone-700">
          Prompts, one a line
        </label>
        <p className="text-xs text-stone-500">
          Guide lines under the text. A prompt left unanswered is not saved with the entry (at most{" "}
          {MAX_TEMPLATE_PROMPTS}).
        </p>
        <textarea
          id={`${ids}-prompts`}
          className={field}
          rows={4}
          value={d.prompts}
          onChange={(e) => setD({ ...d, prompts: e.target.value })}
        />
      </div>
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={busy || !d.name.trim()}>
          {submitLabel}
        </Button>
        {onCancel && (
          <Button variant="ghost" size="sm" onClick={onCancel}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}

/** Settings: the templates a new entry can start from. Add, edit, hide, reorder, and pick a default. */
export function TemplatesSection() {
  const toast = useToast();
  const q = useTemplates();
  const add = useAddTemplate();
  const update = useUpdateTemplate();
  const remove = useDeleteTemplate();
  const [editing, setEditing] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const list = sortTemplates(q.data ?? []);
  const busy = add.isPending || update.isPending || remove.isPending;
  const failed = (err: unknown) => toast.error(errorMessage(err), "Failed to save the template");

  const change = (id: string, body: TemplateUpdateInput, done?: () => void) =>
    update.mutate({ ...body, id }, { onError: failed, onSuccess: done });
  const move = (t: TemplateDto, by: -1 | 1) => {
    const ids = moveTemplate(
      list.map((x) => x.id),
      t.id,
      by,
    );
    change(t.id, { position: ids.indexOf(t.id) });
  };

  return (
    <SettingsSection
      id="templates"
      title="Templates"
      description="What a new entry can start from. Prompts are guide lines: those you leave unanswered are not saved."
      icon={<LayoutTemplate className="h-5 w-5" aria-hidden />}
    >
      {q.isPending && <p className="text-sm text-stone-500">Loading your templates...</p>}
      {q.isError && <p className="text-sm text-red-700">Failed to load templates: {errorMessage(q.error)}</p>}
      <ul className="divide-y divide-stone-100" aria-label="Templates">
        {list.map((t, i) =>
          editing === t.id ? (
            <li key={t.id} className="py-3">
              <TemplateForm
                initial={draftOf(t)}
                submitLabel="Save template"
                busy={busy}
                onCancel={() => setEditing(null)}
                onSubmit={(v) => change(t.id, v, () => setEditing(null))}
              />
            </li>
          ) : (
            <li key={t.id} className="flex flex-wrap items-center gap-2 py-2.5" data-testid="template-row">
              <div className="min-w-0 basis-full sm:flex-1 sm:basis-auto">
                <p className={t.hidden ? "font-medium text-stone-400 line-through" : "font-medium text-stone-900"}>
                  {t.name}
                </p>
                <p className="truncate text-xs text-stone-500">
                  {t.built_in ? "Built-in · " : ""}
                  {t.prompts.length === 1 ? "1 prompt" : `${t.prompts.length} prompts`}
                  {t.hidden ? " · hidden" : ""}
                </p>
              </div>
              <label className="flex items-center gap-1.5 text-sm text-stone-700">
                <input
                  type="radio"
                  name="default-template"
                  checked={t.is_default}
                  disabled={busy || t.hidden}
                  onChange={() => change(t.id, { is_default: true })}
                  aria-label={`Start new entries with ${t.name}`}
                />
                Default
              </label>
              <Button
                variant="ghost"
                size="icon"
                aria-label={`Move ${t.name} up`}
                disabled={busy || i === 0}
                onClick={() => move(t, -1)}
              >
                <ArrowUp className="h-4 w-4" aria-hidden />
              </Button>
              <Button
                variant="ghost"
                size="icon"
                aria-label={`Move ${t.name} down`}
                disabled={busy || i === list.length - 1}
                onClick={() => move(t, 1)}
              >
                <ArrowDown className="h-4 w-4" aria-hidden />
              </Button>
              <Button variant="secondary" size="sm" aria-label={`Edit ${t.name}`} onClick={() => setEditing(t.id)}>
                Edit
              </Button>
              <Button variant="secondary" size="sm" disabled={busy} onClick={() => change(t.id, { hidden: !t.hidden })}>
                {t.hidden ? "Show" : "Hide"}
              </Button>
              {!t.built_in && (
                <Button
                  variant="ghost"
                  size="sm"
                  disabled={busy}
                  aria-label={`Delete ${t.name}`}
                  onClick={() => remove.mutate(t.id, { onError: failed })}
                >
                  Delete
                </Button>
              )}
            </li>
          ),
        )}
      </ul>
      <div className="mt-3 flex flex-wrap gap-2">
        {list.some((t) => t.is_default) && (
          <Button
            variant="ghost"
            size="sm"
            disabled={busy}
            onClick={() => {
              const d = list.find((t) => t.is_default);
              if (d) change(d.id, { is_default: false });
            }}
          >
            No default
          </Button>
        )}
        {!adding && (
          <Button variant="secondary" size="sm" onClick={() => setAdding(true)}>
            Add a template
          </Button>
        )}
      </div>
      {adding && (
        <div className="mt-3">
          <TemplateForm
            initial={draftOf()}
            submitLabel="Add template"
            busy={busy}
            onCancel={() => setAdding(false)}
            onSubmit={(v) =>
              add.mutate(v, {
                onError: failed,
                onSuccess: () => {
                  setAdding(false);
                  toast.success("Template added.");
                },
              })
            }
          />
        </div>
      )}
    </SettingsSection>
  );
}
