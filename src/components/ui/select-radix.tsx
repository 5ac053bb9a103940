"use client";
import { getNonce } from "get-nonce";
import { Select as S } from "radix-ui";
import { Check, ChevronDown } from "lucide-react";
import clsx from "clsx";
import { TRIGGER_CLASS, type SelectProps } from "./select-shared";

/** The radix version of Select (./select), which loads it and renders it in place of its stand-in. */
export function RadixSelect({
  id,
  value,
  onValueChange,
  groups,
  placeholder,
  disabled,
  className,
  "aria-labelledby": labelledBy,
  "aria-describedby": describedBy,
  defaultOpen,
  autoFocus,
}: SelectProps & { defaultOpen?: boolean; autoFocus?: boolean }) {
  const selected = groups.flatMap((g) => g.options).find((o) => o.value === value);
  return (
    <S.Root value={value} onValueChange={onValueChange} disabled={disabled} defaultOpen={defaultOpen}>
      <S.Trigger
        id={id}
        autoFocus={autoFocus}
        aria-labelledby={labelledBy}
        aria-describedby={describedBy}
        className={clsx(TRIGGER_CLASS, className)}
      >
        <span className="min-w-0 truncate">
          <S.Value placeholder={placeholder}>{selected?.label}</S.Value>
        </span>
        <S.Icon>
          <ChevronDown className="h-4 w-4 text-stone-500" aria-hidden />
        </S.Icon>
      </S.Trigger>
      <S.Portal>
        <S.Content
          position="popper"
          sideOffset={6}
          className="z-50 max-h-[min(28rem,var(--radix-select-content-available-height))] w-[var(--radix-select-trigger-width)] min-w-64 overflow-hidden rounded-xl border border-stone-200 bg-white shadow-lg"
        >
          {/* The viewport's own style element (it hides the scrollbar) carries this page's CSP nonce. */}
          <S.Viewport className="p-1" nonce={getNonce()}>
            {groups.map((g, gi) => (
              <S.Group key={g.label}>
                {gi > 0 && <S.Separator className="my-1 h-px bg-stone-100" />}
                <S.Label className="px-3 pb-1 pt-2 text-xs font-semibold uppercase tracking-wide text-stone-500">
                  {g.label}
                </S.Label>
                {g.options.map((o) => (
                  <S.Item
                    key={o.value}
                    value={o.value}
                    disabled={o.disabled}
                    className="relative flex cursor-pointer select-none flex-col rounded-lg py-2 pl-8 pr-3 text-sm text-stone-900 outline-none data-[disabled]:cursor-not-allowed data-[highlighted]:bg-brand-50 data-[disabled]:opacity-50"
                  >
                    <S.ItemIndicator className="absolute left-2.5 top-2.5">
                      <Check className="h-4 w-4 text-brand-600" aria-hidden />
                    </S.ItemIndicator>
                    {/* The hint is part of the option's name for screen readers; the closed trigger shows the label only. */}
                    <S.ItemText>
                      <span>{o.label}</span>
                      {o.hint && <span className="select-hint mt-0.5 block text-xs text-stone-500">{o.hint}</span>}
                    </S.ItemText>
                  </S.Item>
                ))}
              </S.Group>
            ))}
          </S.Viewport>
        </S.Content>
      </S.Portal>
    </S.Root>
  );
}
