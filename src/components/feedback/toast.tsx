"use client";
import { createContext, useCallback, useContext, useState, type ReactNode } from "react";
import { lazyWhenShown } from "@/components/lazy";
import type { ToastItem, RadixToastsProps } from "./toast-radix";

const Ctx = createContext<{ show: (t: Omit<ToastItem, "id">) => void } | null>(null);

/** The toasts are drawn by radix, whose code comes when the browser is idle or with the first toast. */
const Toasts = lazyWhenShown<RadixToastsProps>(
  () => import("./toast-radix").then((m) => m.RadixToasts),
  (p) => p.items.length > 0,
);

/** The one toast of the app: "Success" plus a message, dismissed after 3 seconds. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [items, setItems] = useState<ToastItem[]>([]);
  const show = useCallback(
    (t: Omit<ToastItem, "id">) => setItems((xs) => [...xs, { ...t, id: Date.now() + Math.random() }]),
    [],
  );
  const dismiss = useCallback((id: number) => setItems((xs) => xs.filter((x) => x.id !== id)), []);
  return (
    <Ctx.Provider value={{ show }}>
      {children}
      <Toasts items={items} onDismiss={dismiss} />
    </Ctx.Provider>
  );
}

export function useToast() {
  const ctx = useContext(Ctx);
  if (!ctx) throw new Error("useToast needs ToastProvider");
  return {
    success: (message: string, action?: ReactNode, opts: { duration?: number } = {}) =>
      ctx.show({ title: "Success", message, kind: "success", action, duration: opts.duration }),
    error: (message: string, title = "Something went wrong") => ctx.show({ title, message, kind: "error" }),
  };
}
