"use client";
import { Dialog as D } from "radix-ui";
import { X } from "lucide-react";
import clsx from "clsx";
import type { ReactNode } from "react";

export interface ModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
  wide?: boolean;
  /**
   * Where the focus goes when the dialog closes, when the element that opened it is gone by then (a menu
   * item, for instance); by default it returns to that element.
   */
  returnFocus?: () => HTMLElement | null | undefined;
}

/** A modal dialog on radix: focus trapped, Escape closes, labelled by its title. Loaded and rendered by Modal (./dialog). */
export function RadixModal({
  open,
  onOpenChange,
  title,
  description,
  children,
  footer,
  wide,
  returnFocus,
}: ModalProps) {
  return (
    <D.Root open={open} onOpenChange={onOpenChange}>
      <D.Portal>
        <D.Overlay className="fixed inset-0 z-40 bg-stone-900/40" />
        <D.Content
          onCloseAutoFocus={(e) => {
            const target = returnFocus?.();
            if (target) {
              e.preventDefault();
              target.focus();
            }
          }}
          className={clsx(
            "fixed left-1/2 top-1/2 z-50 max-h-[90vh] w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-xl",
            wide ? "max-w-2xl" : "max-w-md",
          )}
        >
          <div className="flex items-start justify-between gap-4">
            <D.Title className="text-lg font-semibold text-stone-900">{title}</D.Title>
            <D.Close className="rounded p-1 text-stone-400 hover:bg-stone-100 hover:text-stone-700" aria-label="Close">
              <X className="h-4 w-4" aria-hidden />
            </D.Close>
          </div>
          {description ? (
            <D.Description className="mt-2 text-sm text-stone-600">{description}</D.Description>
          ) : (
            <D.Description className="sr-only">{typeof title === "string" ? title : "Dialog"}</D.Description>
          )}
          {children && <div className="mt-4">{children}</div>}
          {footer && <div className="mt-6 flex justify-end gap-2">{footer}</div>}
        </D.Content>
      </D.Portal>
    </D.Root>
  );
}
