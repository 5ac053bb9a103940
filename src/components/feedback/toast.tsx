"use client";
import clsx from "clsx";
import { usePathname } from "next/navigation";
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useRef,
  useState,
  type ReactNode,
  type RefObject,
} from "react";
import { lazyWhenShown } from "@/components/lazy";
import type { ToastItem, RadixToastsProps } from "./toast-radix";

const Ctx = createContext<{
  show: (t: Omit<ToastItem, "id" | "page"> & { page?: string }) => void;
  setSlot: (el: HTMLElement | null) => void;
} | null>(null);

/** The toasts are drawn by radix, whose code comes when the browser is idle or with the first toast. */
const Toasts = lazyWhenShown<RadixToastsProps>(
  () => import("./toast-radix").then((m) => m.RadixToasts),
  (p) => p.items.length > 0,
);

export interface ToastOptions {
  duration?: number;
  /**
   * The page the message is for, when it is about the page the person is being taken to (a save that goes
   * to the Timeline, a delete that leaves the entry). By default a toast belongs to the page it is shown on.
   * A toast is shown only on its page and goes when the person moves on, so it never lies over another page.
   */
  page?: string;
}

/** The one toast of the app: "Success" plus a message, dismissed after 3 seconds, and when its page is left. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const pathname = usePathname() ?? "/";
  const [items, setItems] = useState<ToastItem[]>([]);
  // A page that keeps a place in its own flow for the toasts (see ToastSlot): they show there, over nothing.
  const [slot, setSlot] = useState<HTMLElement | null>(null);
  const here = useRef(pathname);
  useEffect(() => {
    here.current = pathname;
  }, [pathname]);
  // Another page: the toasts of the last one go; those for this page stay (state adjusted while rendering).
  const [page, setPage] = useState(pathname);
  if (page !== pathname) {
    setPage(pathname);
    setItems((xs) => xs.filter((x) => x.page === pathname));
  }
  const show = useCallback(
    (t: Omit<ToastItem, "id" | "page"> & { page?: string }) =>
      setItems((xs) => [
        ...xs,
        {
          ...t,
          page: t.page ?? here.current,
          arrived: (t.page ?? here.current) !== here.current,
          id: Date.now() + Math.random(),
        },
      ]),
    [],
  );
  const dismiss = useCallback((id: number) => setItems((xs) => xs.filter((x) => x.id !== id)), []);
  const shown = items.filter((x) => x.page === pathname);
  // A toast that arrives with a page that keeps a place for it (ToastSlot) shows there, at the top of the page
  // just opened; one made on the page floats at the bottom of the window, so that the person keeps their place.
  const inSlot = slot ? shown.filter((x) => x.arrived) : [];
  const floating = slot ? shown.filter((x) => !x.arrived) : shown;
  return (
    <Ctx.Provider value={{ show, setSlot }}>
      {children}
      <Toasts items={floating} onDismiss={dismiss} />
      {inSlot.length > 0 && <Toasts items={inSlot} onDismiss={dismiss} slot={slot} />}
    </Ctx.Provider>
  );
}

export function useToast() {
  const ctx = useContext(Ctx);
  if (!ctx) throw new Error("useToast needs ToastProvider");
  return {
    success: (message: string, action?: ReactNode, opts: ToastOptions = {}) =>
      ctx.show({ title: "Success", message, kind: "success", action, duration: opts.duration, page: opts.page }),
    error: (message: string, title = "Something went wrong", opts: ToastOptions = {}) =>
      ctx.show({ title, message, kind: "error", duration: opts.duration, page: opts.page }),
  };
}

/**
 * A place in a page's own flow where the toasts that arrive with the page (made on the page before it, as a
 * save's "Your entry was saved.") show instead of floating at the bottom of the window: for a page whose
 * controls reach the bottom of the window when it opens (the Timeline's calendar and list), where a floating
 * toast would lie over some of them. Toasts made on the page itself float as everywhere else. In the flow, a toast covers nothing; the place
 * keeps the height of the tallest toasts it held until the person leaves the page, so that nothing under
 * it moves when a toast goes (a click meant for a day would land on another).
 */
export function ToastSlot({ className }: { className?: string }) {
  const setSlot = useContext(Ctx)?.setSlot;
  const ref = useCallback(
    (el: HTMLDivElement | null) => {
      if (!el || !setSlot) return;
      setSlot(el);
      let most = 0;
      const ro = new ResizeObserver(() => {
        const h = el.scrollHeight;
        if (h > most) {
          most = h;
          el.style.minHeight = `${h}px`;
        }
      });
      ro.observe(el);
      return () => {
        ro.disconnect();
        setSlot(null);
      };
    },
    [setSlot],
  );
  // scroll-mt: the room the sticky header takes (RadixToasts brings the place into view below it).
  return <div ref={ref} className={clsx("scroll-mt-20", className)} data-testid="toast-slot" />;
}

/** How close to the bottom of the window a bar must end for the toasts to sit above it. */
const BOTTOM_BAR_REACH_PX = 160;

/**
 * A bar at the bottom of the window that holds controls (the editor's Save bar, the chat's message box):
 * toasts sit above it while it is there (the `--toast-lift` the toast viewport reads), never over it.
 * `shown`: whether the bar is on the page now (the effect starts again when it comes).
 */
export function useToastsAbove(ref: RefObject<HTMLElement | null>, shown = true) {
  useEffect(() => {
    const el = ref.current;
    if (!shown) return;
    if (!el) return;
    const root = document.documentElement;
    let frame = 0;
    const measure = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const r = el.getBoundingClientRect();
        const h = window.innerHeight;
        const atBottom = r.height > 0 && r.top < h && h - r.bottom <= BOTTOM_BAR_REACH_PX;
        root.style.setProperty("--toast-lift", `${atBottom ? Math.ceil(h - r.top) : 0}px`);
      });
    };
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    window.addEventListener("resize", measure);
    window.addEventListener("scroll", measure, { passive: true });
    window.visualViewport?.addEventListener("resize", measure);
    return () => {
      cancelAnimationFrame(frame);
      ro.disconnect();
      window.removeEventListener("resize", measure);
      window.removeEventListener("scroll", measure);
      window.visualViewport?.removeEventListener("resize", measure);
      root.style.removeProperty("--toast-lift");
    };
  }, [ref, shown]);
}
