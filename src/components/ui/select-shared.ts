import type { ReactNode } from "react";

/** What the select and its radix version share: their props and the trigger's look. */
export interface SelectOption {
  value: string;
  label: string;
  /** a second line under the label (not shown in the closed trigger) */
  hint?: ReactNode;
  disabled?: boolean;
}
export interface SelectGroup {
  label: string;
  options: SelectOption[];
}
export interface SelectProps {
  id?: string;
  value: string | undefined;
  onValueChange: (value: string) => void;
  groups: SelectGroup[];
  placeholder?: string;
  disabled?: boolean;
  className?: string;
  "aria-labelledby"?: string;
  "aria-describedby"?: string;
}

export const TRIGGER_CLASS =
  "inline-flex h-11 w-full items-center justify-between gap-2 rounded-xl border border-stone-300 bg-white px-3 text-left text-sm text-stone-900 shadow-sm hover:border-stone-400 disabled:cursor-not-allowed disabled:bg-stone-50 disabled:text-stone-500 data-[placeholder]:text-stone-500";
