"use client";
import clsx from "clsx";
import { Check } from "lucide-react";
import { ToggleGroup } from "radix-ui";
import { useId, useState, type ReactNode } from "react";
import { useTags } from "@/client/entries";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { DATE_RANGE_PRESETS, type DateRangePreset } from "@/domain/dates";
import {
  activeFilterCount,
  customRangeComplete,
  DATE_RANGE_LABELS,
  MOOD_FILTER_LABELS,
  type MoodChoice,
  type TimelineFilters,
} from "@/domain/timeline";

const MOOD_CHOICES: MoodChoice[] = ["all", "positive", "neutral", "negative"];
const MEDIA_CHOICES = [
  { value: "any", label: "Any" },
  { value: "with", label: "With media" },
  { value: "without", label: "Without media" },
] as const;
const hintText = "text-xs text-stone-600 group-data-[state=on]:text-brand-100";
/** Above this many tags a small finder helps. */
const TAG_FINDER_AT = 12;

const pill =
  "group inline-flex items-center gap-1.5 rounded-full border border-stone-300 bg-white px-3 py-1.5 text-sm text-stone-700 transition-colors hover:border-stone-400 hover:bg-stone-50 data-[state=on]:border-brand-600 data-[state=on]:bg-brand-600 data-[state=on]:text-white";

function Group({
  label,
  children,
  hint,
}: {
  label: string;
  children: (labelId: string) => ReactNode;
  hint?: ReactNode;
}) {
  const id = useId();
  return (
    <div>
      <h3 id={id} className="mb-2 text-sm font-semibold text-stone-800">
        {label}
      </h3>
      {children(id)}
      {hint}
    </div>
  );
}

/** The Timeline's filters panel: date range, mood, tags and media. Every change applies at once. */
export function FiltersPanel({
  id,
  filters,
  onChange,
  onClear,
  onClose,
}: {
  id: string;
  filters: TimelineFilters;
  onChange: (f: TimelineFilters) => void;
  onClear: () => void;
  onClose: () => void;
}) {
  const set = (patch: Partial<TimelineFilters>) => onChange({ ...filters, ...patch });
  const mediaValue = filters.hasMedia === undefined ? "any" : filters.hasMedia ? "with" : "without";
  const count = activeFilterCount(filters);
  return (
    <section id={id} aria-label="Filters" className="rounded-2xl border border-stone-200 bg-white p-5 shadow-sm">
      <div className="grid gap-6 md:grid-cols-2">
        <Group
          label="Date range"
          hint={
            filters.dateRange === "custom" && (
              <div className="mt-3">
                <div className="flex flex-wrap items-end gap-3">
                  <DateField
                    label="Start date"
                    value={filters.customDateStart}
                    onChange={(v) => set({ customDateStart: v })}
                  />
                  <DateField
                    label="End date"
                    value={filters.customDateEnd}
                    onChange={(v) => set({ customDateEnd: v })}
                  />
                </div>
                {!customRangeComplete(filters) && (
                  <p className="mt-2 text-xs text-stone-500">Choose both a start and an end date to apply the range.</p>
                )}
              </div>
            )
          }
        >
          {(labelId) => (
            <ToggleGroup.Root
              type="single"
              aria-labelledby={labelId}
              value={filters.dateRange}
              onValueChange={(v) => v && set({ dateRange: v as DateRangePreset })}
              className="flex flex-wrap gap-2"
            >
              {DATE_RANGE_PRESETS.map((p) => (
                <ToggleGroup.Item key={p} value={p} className={pill}>
                  {DATE_RANGE_LABELS[p]}
                </ToggleGroup.Item>
              ))}
            </ToggleGroup.Root>
          )}
        </Group>

        <Group label="Mood">
          {(labelId) => (
            <ToggleGroup.Root
              type="single"
              aria-labelledby={labelId}
              value={filters.mood}
              onValueChange={(v) => v && set({ mood: v as MoodChoice })}
              className="flex flex-wrap gap-2"
            >
              {MOOD_CHOICES.map((m) => (
                <ToggleGroup.Item key={m} value={m} className={pill}>
                  <span>
                    {MOOD_FILTER_LABELS[m].label}
                    {MOOD_FILTER_LABELS[m].hint && (
                      <>
                        {" "}
                        <span className={hintText}>{MOOD_FILTER_LABELS[m].hint}</span>
                      </>
                    )}
                  </span>
                </ToggleGroup.Item>
              ))}
            </ToggleGroup.Root>
          )}
        </Group>

        <Group label="Media">
          {(labelId) => (
            <ToggleGroup.Root
              type="single"
              aria-labelledby={labelId}
              value={mediaValue}
              onValueChange={(v) => v && set({ hasMedia: v === "any" ? undefined : v === "with" })}
              className="flex flex-wrap gap-2"
            >
              {MEDIA_CHOICES.map((c) => (
                <ToggleGroup.Item key={c.value} value={c.value} className={pill}>
                  {c.label}
                </ToggleGroup.Item>
              ))}
            </ToggleGroup.Root>
          )}
        </Group>

        <TagFilter selected={filters.tags} onChange={(tags) => set({ tags })} />
      </div>
      {filters.mood !== "all" && (
        <p className="mt-4 text-xs text-stone-500">Entries without a mood score are left out while a mood is chosen.</p>
      )}
      <div className="mt-5 flex items-center justify-end gap-2 border-t border-stone-100 pt-4">
        <Button variant="ghost" size="sm" onClick={onClear} disabled={count === 0 && filters.dateRange === "all"}>
          Clear filters
        </Button>
        <Button variant="secondary" size="sm" onClick={onClose}>
          Done
        </Button>
      </div>
    </section>
  );
}

function DateField({ label, value, onChange }: { label: string; value: string; onChange: (v: string) => void }) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-xs font-medium text-stone-600">
        {label}
      </label>
      <input
        id={id}
        type="date"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className="h-9 rounded-lg border border-stone-300 bg-white px-2 text-sm text-stone-800 outline-none focus:border-brand-500 focus:ring-2 focus:ring-brand-200"
      />
    </div>
  );
}

function TagFilter({ selected, onChange }: { selected: string[]; onChange: (tags: string[]) => void }) {
  const tags = useTags();
  const [find, setFind] = useState("");
  const findId = useId();
  const available = tags.data?.tags ?? [];
  // Tags chosen in a bookmarked address stay visible, so they can be removed, even if no entry has them now.
  const all = [
    ...available,
    ...selected.filter((s) => !available.some((t) => t.name === s)).map((name) => ({ name, count: 0 })),
  ];
  const needle = find.trim().toLowerCase();
  const shown = all.filter((t) => !needle || t.name.includes(needle) || selected.includes(t.name));
  return (
    <Group
      label="Tags"
      hint={
        selected.length > 1 && (
          <p className="mt-2 text-xs text-stone-500">Showing entries with any of the chosen tags.</p>
        )
      }
    >
      {(labelId) =>
        tags.isPending ? (
          <div className="flex flex-wrap gap-2" aria-hidden>
            {["w-16", "w-20", "w-14", "w-24"].map((w) => (
              <Skeleton key={w} className={clsx("h-8 rounded-full", w)} />
            ))}
          </div>
        ) : tags.isError && !all.length ? (
          <p className="text-sm text-stone-500">
            Tags could not be loaded.{" "}
            <button type="button" className="font-medium text-brand-700 underline" onClick={() => void tags.refetch()}>
              Retry
            </button>
          </p>
        ) : all.length === 0 ? (
          <p className="text-sm text-stone-500">No tags yet. Tags you add to entries appear here.</p>
        ) : (
          <>
            {all.length > TAG_FINDER_AT && (
              <>
                <label htmlFor={findId} className="sr-only">
                  Find a tag
                </label>
                <input
                  id={findId}
                  type="text"
                  value={find}
                  onChange={(e) => setFind(e.target.value)}
                  placeholder="Find a tag..."
                  className="mb-2 h-9 w-full rounded-lg border border-stone-300 bg-white px-3 text-sm outline-none focus:border-brand-500 focus:ring-2 focus:ring-brand-200"
                />
              </>
            )}
            <ToggleGroup.Root
              type="multiple"
              aria-labelledby={labelId}
              value={selected}
              onValueChange={onChange}
              className="flex max-h-40 flex-wrap gap-2 overflow-y-auto p-0.5"
            >
              {shown.map((t) => (
                <ToggleGroup.Item key={t.name} value={t.name} className={pill}>
                  <Check className="hidden h-3.5 w-3.5 group-data-[state=on]:block" aria-hidden />
                  {/* One inline run, so the name reads "#work 12 entries". */}
                  <span>
                    #{t.name} <span className={hintText}>{t.count}</span>
                    <span className="sr-only"> {t.count === 1 ? "entry" : "entries"}</span>
                  </span>
                </ToggleGroup.Item>
              ))}
              {shown.length === 0 && <p className="text-sm text-stone-500">No tag contains &ldquo;{find}&rdquo;.</p>}
            </ToggleGroup.Root>
          </>
        )
      }
    </Group>
  );
}
