"use client";
import { Toast } from "radix-ui";
import { CheckCircle2, XCircle } from "lucide-react";
import { createContext, useCallback, useContext, useState, type ReactNode } from "react";
import { TOAST_DURATION_MS } from "@/domain/constants";

interface ToastItem {
  id: number;
  title: string;
  message: string;
  kind: "success" | "error";
  action?: ReactNode;
}

const Ctx = createContext<{ show: (t: Omit<ToastItem, "id">) => void } | null>(null);

/** The one toast of the app: "Success" plus a message, dismissed after 3 seconds. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [items, setItems] = useState<ToastItem[]>([]);
  const show = useCallback((t: Omit<ToastItem, "id">) => setItems((xs) => [...xs, { ...t, id: Date.now() + Math.random() }]), []);
  return (
    <Ctx.Provider value={{ show }}>
      <Toast.Provider duration={TOAST_DURATION_MS} swipeDirection="right">
        {children}
        {items.map((t) => (
          <Toast.Root
            key={t.id}
            onOpenChange={(open) => !open && setItems((xs) => xs.filter((x) => x.id !== t.id))}
            className="flex items-start gap-3 rounded-xl border border-stone-200 bg-white p-4 shadow-lg"
            data-testid="toast"
          >
            {t.kind === "success" ? <CheckCircle2 className="mt-0.5 h-5 w-5 text-green-600" aria-hidden /> : <XCircle className="mt-0.5 h-5 w-5 text-red-600" aria-hidden />}
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
        <Toast.Viewport className="fixed bottom-20 right-4 z-50 flex w-96 max-w-[calc(100vw-2rem)] flex-col gap-2 md:bottom-4" />
      </Toast.Provider>
    </Ctx.Provider>
  );
}

export function useToast() {
  const ctx = useContext(Ctx);
  if (!ctx) throw new Error("useToast needs ToastProvider");
  return {
    success: (message: string, action?: ReactNode) => ctx.show({ title: "Success", message, kind: "success", action }),
    error: (message: string, title = "Something went wrong") => ctx.show({ title, message, kind: "error" }),
  };
}
