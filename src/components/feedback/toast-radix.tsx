"use client";
import { Toast } from "radix-ui";
import { CheckCircle2, XCircle } from "lucide-react";
import { useLayoutEffect, type ReactNode } from "react";
import { createPortal } from "react-dom";
import { TOAST_DURATION_MS } from "@/domain/constants";

export interface ToastItem {
  id: number;
  title: string;
  message: string;
  kind: "success" | "error";
  action?: ReactNode;
  /** Toasts that offer an action (Undo, View) stay longer than the usual 3 seconds. */
  duration?: number;
  /** The path of the page the toast belongs to (see ToastOptions in ./toast). */
  page: string;
  /** Made on another page for this one: it arrives with the page (a save's toast coming along to the Timeline). */
  arrived?: boolean;
}

export interface RadixToastsProps {
  items: ToastItem[];
  onDismiss: (id: number) => void;
  /** A page's own place for its toasts (ToastSlot in ./toast); none: they float at the bottom of the window. */
  slot?: HTMLElement | null;
}

/** The toasts on screen and their viewport (a labelled region, F8 to reach it). Loaded and rendered by ToastProvider (./toast). */
export function RadixToasts({ items, onDismiss, slot }: RadixToastsProps) {
  const count = items.length;
  // Toasts in a page's place are brought into view when its top is hidden (under the sticky header, or
  // scrolled past, as when a page opens with the last page's scroll), before the browser paints them there.
  useLayoutEffect(() => {
    if (!slot || count === 0) return;
    const margin = parseFloat(getComputedStyle(slot).scrollMarginTop) || 0;
    if (slot.getBoundingClientRect().top < margin) slot.scrollIntoView({ block: "start" });
  }, [slot, count]);
  return (
    <Toast.Provider
      duration={TOAST_DURATION_MS}
      swipeDirection="right"
      label={slot ? "Notification on this page" : "Notification"}
    >
      {items.map((t) => (
        <Toast.Root
          key={t.id}
          onOpenChange={(open) => !open && onDismiss(t.id)}
          duration={t.duration}
          className="flex items-start gap-3 rounded-xl border border-stone-200 bg-white p-4 shadow-lg"
          data-testid="toast"
        >
          {t.kind === "success" ? (
            <CheckCircle2 className="mt-0.5 h-5 w-5 text-green-600" aria-hidden />
          ) : (
            <XCircle className="mt-0.5 h-5 w-5 text-red-600" aria-hidden />
          )}
          <div className="flex-1">
            <Toast.Title className="text-sm font-semibold text-stone-900">{t.title}</Toast.Title>
            <Toast.Description className="text-sm text-stone-600">{t.message}</Toast.Description>
            {t.action && <div className="mt-2">{t.action}</div>}
          </div>
          <Toast.Close className="text-sm text-stone-400 hover:text-stone-700" aria-label="Dismiss">
            ×
          </Toast.Close>
        </Toast.Root>
      ))}
      {slot ? (
        // In the page's flow (ToastSlot): below the toasts, the same gap as between the page's sections.
        createPortal(
          <Toast.Viewport
            label="Notifications at the top of this page ({hotkey})"
            className="flex max-w-md flex-col gap-2 [&:not(:empty)]:pb-4"
          />,
          slot,
        )
      ) : (
        /*
        At the bottom, where a page has no controls of its own: above the phone's tab bar, and above a bar that
        a page keeps at the bottom of the window (the editor's Save bar, the chat's message box: --toast-lift,
        see useToastsAbove in ./toast). Not at the top, where each page keeps its own buttons (New Chat, Edit).
        */
        <Toast.Viewport className="fixed inset-x-3 bottom-[calc(max(var(--toast-lift,0px),3.75rem)_+_0.5rem)] z-50 mx-auto flex max-w-md flex-col gap-2 md:inset-x-auto md:right-4 md:bottom-[calc(var(--toast-lift,0px)_+_1rem)] md:w-96" />
      )}
    </Toast.Provider>
  );
}
