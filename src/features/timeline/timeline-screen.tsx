"use client";
import clsx from "clsx";
import { BookOpen, CalendarDays, List, Plus, SlidersHorizontal, X } from "lucide-react";
import Link from "next/link";
import { useQuery } from "@tanstack/react-query";
import {
  useCallback,
  useId,
  useMemo,
  useState,
  useSyncExternalStore,
  type ComponentProps,
  type KeyboardEvent,
} from "react";
import { useHashEntry, useOutboxStatus } from "@/client/device";
import { entryQueries } from "@/client/entries";
import { browserLocale, browserTimeZone } from "@/client/storage";
import { ToastSlot } from "@/components/feedback/toast";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { lazyPart, lazyWhenShown } from "@/components/lazy";
import { localDayKey, type DayKey } from "@/domain/dates";
import {
  activeFilterCount,
  customRangeComplete,
  DATE_RANGE_LABELS,
  dayFilters,
  DEFAULT_FILTERS,
  filtersToQuery,
  hasActiveQuery,
  monthOfDay,
  MOOD_FILTER_LABELS,
  shortDayLabel,
  type TimelineFilters,
  type TimelineView,
} from "@/domain/timeline";
import { deviceParts, EntryList } from "./entry-list";
import type { CalendarView as Calendar } from "./calendar-view";
import { PrintBookButton } from "./print-book-button";
import { preloadTimeline } from "./preload";
import { CalendarSkeleton } from "./timeline-skeleton";
import { useTimelineState } from "./use-timeline-state";

/** The search box (with its recent searches) comes after the page. */
const SearchBox = lazyWhenShown(() => import("./search-box").then((m) => m.SearchBox));
const MeaningSearchButton = lazyWhenShown(() => import("./meaning-search").then((m) => m.MeaningSearchButton));

/** The reviews menu comes after the page (the Timeline stays within its first-load budget). */
const ReviewsMenu = lazyWhenShown(() => import("@/features/reviews/reviews-menu").then((m) => m.ReviewsMenu));

const VIEWS = [
  { value: "list", label: "List", icon: List },
  { value: "calendar", label: "Calendar", icon: CalendarDays },
] as const;

/**
 * List or Calendar: two radio buttons in a group (arrow keys move and choose, one tab stop), a few lines of
 * its own rather than a toggle-group library on the Timeline's first load.
 */
function ViewSwitch({ view, onView }: { view: TimelineView; onView: (v: TimelineView) => void }) {
  const move = (e: KeyboardEvent<HTMLDivElement>) => {
    const step =
      e.key === "ArrowRight" || e.key === "ArrowDown" ? 1 : e.key === "ArrowLeft" || e.key === "ArrowUp" ? -1 : 0;
    if (!step) return;
    e.preventDefault();
    const i = VIEWS.findIndex((o) => o.value === view);
    const next = VIEWS[(i + step + VIEWS.length) % VIEWS.length]!;
    onView(next.value);
    e.currentTarget.querySelector<HTMLButtonElement>(`[data-view="${next.value}"]`)?.focus();
  };
  return (
    <div
      role="radiogroup"
      aria-label="View"
      onKeyDown={move}
      className="ml-auto inline-flex h-11 rounded-xl border border-stone-300 bg-white p-1 shadow-sm sm:ml-0"
    >
      {VIEWS.map((o) => {
        const on = view === o.value;
        return (
          <button
            key={o.value}
            type="button"
            role="radio"
            aria-checked={on}
            data-view={o.value}
            data-state={on ? "on" : "off"}
            tabIndex={on ? 0 : -1}
            onClick={() => onView(o.value)}
            className="inline-flex items-center gap-1.5 rounded-lg px-3 text-sm font-medium text-stone-600 transition-colors hover:text-stone-900 data-[state=on]:bg-brand-600 data-[state=on]:text-white"
          >
            <o.icon className="h-4 w-4" aria-hidden />
            {o.label}
          </button>
        );
      })}
    </div>
  );
}

const CLEARED: TimelineFilters = { ...DEFAULT_FILTERS, tags: [] };

preloadTimeline();

/** Whether the journal has any entry at all (one row asked for), for the calendar's welcome. */
function useJournalSize() {
  return useQuery(entryQueries.size());
}

const noSubscription = () => () => {};
/** False while the server renders and during hydration, true after: for what depends on the person's clock and zone. */
function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

/** The calendar: its code loads when the browser is idle, or at once when the calendar is the view (its skeleton meanwhile). */
const calendarPart = lazyPart(() => import("./calendar-view").then((m) => m.CalendarView));
function CalendarView(props: ComponentProps<typeof Calendar>) {
  const Loaded = calendarPart.use(true);
  // eslint-disable-next-line react-hooks/static-components -- loaded once, the same component on every render
  return Loaded ? <Loaded {...props} /> : <CalendarSkeleton />;
}
/** The filters panel opens on a click: its code is not in the Timeline's first load. */
const FiltersPanel = lazyWhenShown(() => import("./filters-panel").then((m) => m.FiltersPanel));
/** One entry read in place (`#entry=<id>`): offline, an entry's own address cannot be opened. */
const EntryReader = lazyWhenShown(() => import("./device-entries").then((m) => m.EntryReader));

export function TimelineScreen() {
  const readerId = useHashEntry();
  const [tz] = useState(browserTimeZone);
  if (readerId) {
    const close = () => {
      window.location.hash = "";
      window.history.replaceState(null, "", window.location.pathname + window.location.search);
    };
    return (
      <div className="mx-auto max-w-3xl">
        <EntryReader id={readerId} tz={tz} onClose={close} />
      </div>
    );
  }
  return <TimelineMain />;
}

function TimelineMain() {
  const { state, update } = useTimelineState();
  // The server knows neither the person's zone nor their "today": the month grid waits for the browser.
  const hydrated = useHydrated();
  const [tz] = useState(browserTimeZone);
  const [now] = useState(() => new Date());
  const today = localDayKey(now, tz);
  const month = state.month ?? monthOfDay(today);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const panelId = useId();
  const size = useJournalSize();

  const { search, filters } = state;
  // The calendar needs the server: while it cannot be reached, the list shows what the device keeps.
  const outbox = useOutboxStatus();
  const view = outbox.offline || outbox.unreachable ? "list" : state.view;
  const params = useMemo(() => filtersToQuery(search, filters, now, tz), [search, filters, now, tz]);
  const filterCount = activeFilterCount(filters);

  const onSearch = useCallback(
    (q: string) =>
      update((s) => ({ ...s, search: q, view: q ? "list" : s.view }), state.search || !q ? "replace" : "push"),
    [update, state.search],
  );
  const onFilters = (f: TimelineFilters) => update((s) => ({ ...s, filters: f, view: "list" }));
  const onView = (v: TimelineView) => update((s) => ({ ...s, view: v }));
  const monthParam = (day: DayKey) => (monthOfDay(day) === monthOfDay(today) ? null : monthOfDay(day));
  const onMonth = (m: string) =>
    update((s) => ({ ...s, month: m === monthOfDay(today) ? null : m, day: null }), "replace");
  /** A day's entries open under the calendar (a second click closes them); the address keeps the day, so Back works. */
  const onDay = (day: DayKey) => update((s) => ({ ...s, day: s.day === day ? null : day, month: monthParam(day) }));
  const onCloseDay = () => update((s) => ({ ...s, day: null }));
  /** The spec's switch: the list with that day's date range (shown as a filter chip, the panel stays closed). */
  const onShowList = (day: DayKey) =>
    update((s) => ({ ...s, view: "list", search: "", filters: dayFilters(day), month: monthParam(day), day: null }));
  const clearAll = () => update((s) => ({ ...s, search: "", filters: CLEARED }));
  const clearFilters = () => update((s) => ({ ...s, filters: CLEARED }));

  const journalEmpty = size.data?.total === 0;
  const totalLine =
    size.data === undefined
      ? "\u00a0"
      : size.data.total === 1
        ? "1 entry in your journal"
        : `${size.data.total.toLocaleString("en-US")} entries in your journal`;

  return (
    <div className="mx-auto max-w-4xl">
      {/* The calendar's days and the list's cards fill the window: the toasts show here, over none of them. */}
      <ToastSlot />
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight text-stone-900">Timeline</h1>
          <p className="mt-0.5 text-sm text-stone-500">{totalLine}</p>
        </div>
        <div className="flex shrink-0 items-start gap-2 print:hidden">
          <ReviewsMenu />
          <Button asChild className="shrink-0">
            <Link href="/journal">
              <Plus className="h-4 w-4" aria-hidden />
              New Entry
            </Link>
          </Button>
        </div>
      </div>

      <div className="mt-5 flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-center print:hidden">
        <SearchBox value={search} onSearch={onSearch} />
        <MeaningSearchButton query={search} />
        <div className="flex flex-wrap items-center gap-2">
          <button
            type="button"
            aria-expanded={filtersOpen}
            aria-controls={panelId}
            onClick={() => setFiltersOpen((o) => !o)}
            className={clsx(
              "inline-flex h-11 items-center gap-2 rounded-xl border px-4 text-sm font-medium shadow-sm transition-colors",
              filtersOpen || filterCount
                ? "border-brand-200 bg-brand-50 text-brand-700 hover:bg-brand-100"
                : "border-stone-300 bg-white text-stone-700 hover:bg-stone-50",
            )}
          >
            <SlidersHorizontal className="h-4 w-4" aria-hidden />
            Filters
            {filterCount > 0 && (
              <span className="rounded-full bg-brand-600 px-1.5 text-xs font-semibold text-white">
                {filterCount}
                <span className="sr-only"> active</span>
              </span>
            )}
          </button>
          <ViewSwitch view={view} onView={onView} />
          <Link
            href="/timeline/pixels"
            className="inline-flex h-11 items-center gap-1.5 rounded-xl border border-stone-300 bg-white px-3 text-sm font-medium text-stone-600 shadow-sm hover:text-stone-900"
          >
            Year in Pixels
          </Link>
          {view === "list" && !journalEmpty && <PrintBookButton search={search} filters={filters} now={now} tz={tz} />}
        </div>
      </div>

      {filtersOpen ? (
        <div className="mt-4">
          <FiltersPanel
            id={panelId}
            filters={filters}
            onChange={onFilters}
            onClear={clearFilters}
            onClose={() => setFiltersOpen(false)}
          />
        </div>
      ) : (
        filterCount > 0 && <ActiveFilters filters={filters} onChange={onFilters} onClear={clearFilters} />
      )}

      <div className="mt-6">
        <WaitingOnDevice search={search} now={now} tz={tz} />
        {view === "list" ? (
          <EntryList params={params} search={search} filters={filters} now={now} tz={tz} onClearAll={clearAll} />
        ) : (
          <>
            {journalEmpty && (
              <div className="mb-6">
                <EmptyState
                  icon={<BookOpen className="h-8 w-8" aria-hidden />}
                  title="No entries yet"
                  action={
                    <Button asChild>
                      <Link href="/journal">Write your first entry</Link>
                    </Button>
                  }
                >
                  Days you write about will light up in the calendar.
                </EmptyState>
              </div>
            )}
            {hydrated ? (
              <CalendarView
                month={month}
                today={today}
                onMonthChange={onMonth}
                selected={state.day}
                onDayClick={onDay}
                onShowList={onShowList}
                onCloseDay={onCloseDay}
                note={
                  hasActiveQuery(search, filters)
                    ? "The calendar shows all your entries; search and filters apply to the list."
                    : undefined
                }
              />
            ) : (
              <CalendarSkeleton />
            )}
          </>
        )}
      </div>
    </div>
  );
}

/** Entries written on this device that wait for the server, above the list or the calendar. */
function WaitingOnDevice({ search, now, tz }: { search: string; now: Date; tz: string }) {
  const outbox = useOutboxStatus();
  const parts = deviceParts.use(outbox.entries.length > 0);
  if (!parts || !outbox.entries.length) return null;
  return <parts.DeviceSection entries={outbox.entries} search={search} now={now} tz={tz} />;
}

/** Removable chips for the filters in use while the panel is closed (a bookmarked view says what it shows). */
function ActiveFilters({
  filters,
  onChange,
  onClear,
}: {
  filters: TimelineFilters;
  onChange: (f: TimelineFilters) => void;
  onClear: () => void;
}) {
  const locale = browserLocale();
  const chips: { key: string; label: string; remove: () => void }[] = [];
  if (filters.dateRange !== "all" && (filters.dateRange !== "custom" || customRangeComplete(filters))) {
    const label =
      filters.dateRange === "custom"
        ? filters.customDateStart === filters.customDateEnd
          ? shortDayLabel(filters.customDateStart, locale)
          : `${shortDayLabel(filters.customDateStart, locale)} to ${shortDayLabel(filters.customDateEnd, locale)}`
        : DATE_RANGE_LABELS[filters.dateRange];
    chips.push({
      key: "date",
      label,
      remove: () => onChange({ ...filters, dateRange: "all", customDateStart: "", customDateEnd: "" }),
    });
  }
  if (filters.mood !== "all")
    chips.push({
      key: "mood",
      label: `${MOOD_FILTER_LABELS[filters.mood].label} mood`,
      remove: () => onChange({ ...filters, mood: "all" }),
    });
  for (const t of filters.tags)
    chips.push({
      key: `tag-${t}`,
      label: `#${t}`,
      remove: () => onChange({ ...filters, tags: filters.tags.filter((x) => x !== t) }),
    });
  if (filters.hasMedia !== undefined)
    chips.push({
      key: "media",
      label: filters.hasMedia ? "With media" : "Without media",
      remove: () => onChange({ ...filters, hasMedia: undefined }),
    });
  return (
    <ul aria-label="Active filters" className="mt-3 flex flex-wrap items-center gap-2">
      {chips.map((c) => (
        <li key={c.key}>
          <button
            type="button"
            onClick={c.remove}
            aria-label={`Remove filter: ${c.label}`}
            className="inline-flex items-center gap-1 rounded-full bg-brand-50 py-1 pl-3 pr-2 text-sm text-brand-700 ring-1 ring-brand-200 hover:bg-brand-100"
          >
            {c.label}
            <X className="h-3.5 w-3.5" aria-hidden />
          </button>
        </li>
      ))}
      <li>
        <button
          type="button"
          onClick={onClear}
          className="rounded-full px-2 py-1 text-sm text-stone-500 hover:text-stone-800"
        >
          Clear all
        </button>
      </li>
    </ul>
  );
}
