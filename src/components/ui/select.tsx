"use client";
import { ChevronDown } from "lucide-react";
import clsx from "clsx";
import { useId } from "react";
import { lazyPart, useStandIn } from "@/components/lazy";
import { TRIGGER_CLASS, type SelectProps } from "./select-shared";

export { TRIGGER_CLASS, type SelectGroup, type SelectOption, type SelectProps } from "./select-shared";

const radixSelect = lazyPart(() => import("./select-radix").then((m) => m.RadixSelect));
/** The keys that open the list from the closed trigger (as radix has them). */
const OPEN_KEYS = [" ", "Enter", "ArrowUp", "ArrowDown"];

/**
 * A dropdown on radix with optional groups; keyboard and screen-reader friendly. Label it with
 * `aria-labelledby` or `id` + <label>. The radix code is not in the page's first load: until the
 * trigger is hovered or focused, a stand-in with the same look, role and name holds its place.
 */
export function Select(props: SelectProps) {
  const standIn = useStandIn(radixSelect);
  const listId = useId();
  if (standIn.real) {
    const Real = standIn.real;
    return <Real {...props} defaultOpen={standIn.defaultOpen} autoFocus={standIn.autoFocus} />;
  }
  const empty = props.value === undefined || props.value === "";
  const selected = props.groups.flatMap((g) => g.options).find((o) => o.value === props.value);
  return (
    <button
      type="button"
      role="combobox"
      // As radix's closed trigger, it names the list it opens (which is not rendered while closed).
      aria-controls={listId}
      aria-expanded={false}
      aria-autocomplete="none"
      id={props.id}
      aria-labelledby={props["aria-labelledby"]}
      aria-describedby={props["aria-describedby"]}
      disabled={props.disabled}
      data-state="closed"
      data-placeholder={empty ? "" : undefined}
      className={clsx(TRIGGER_CLASS, props.className)}
      {...standIn.standInProps}
      onPointerDown={(e) => {
        // Radix opens the list on a mouse press, and on a click for touch and pen.
        if (e.button === 0 && !e.ctrlKey && e.pointerType === "mouse") {
          e.preventDefault();
          standIn.open();
        }
      }}
      onClick={(e) => {
        if ((e.nativeEvent as PointerEvent).pointerType !== "mouse") standIn.open();
      }}
      onKeyDown={(e) => {
        if (OPEN_KEYS.includes(e.key)) {
          e.preventDefault();
          standIn.open();
        }
      }}
    >
      <span className="min-w-0 truncate">
        <span style={{ pointerEvents: "none" }}>{empty ? props.placeholder : selected?.label}</span>
      </span>
      <span aria-hidden>
        <ChevronDown className="h-4 w-4 text-stone-500" aria-hidden />
      </span>
    </button>
  );
}
