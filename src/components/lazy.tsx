"use client";
import { useEffect, useState, useSyncExternalStore, type ComponentType } from "react";

/**
 * Parts of the interface that a page does not show when it opens (dialogs, menus, panels, the toasts,
 * the model list) are kept out of its first-load JavaScript. Their code is loaded once the browser is
 * idle after the page has loaded (each part when the module that declares it runs in the browser), or
 * at once if one is needed before that. Loading ahead keeps them instant when they are used, and the
 * service worker keeps their files for offline use. A load that fails (offline before the files were
 * kept) shows nothing and is tried again the next time the part is needed.
 */
export interface LazyPart<T> {
  /** The loaded value, or undefined until it is there; `needed` loads it now rather than when idle. */
  use: (needed: boolean) => T | undefined;
}

export function lazyPart<T>(loader: () => Promise<T>): LazyPart<T> {
  let value: T | undefined;
  let pending: Promise<T> | undefined;
  const listeners = new Set<() => void>();
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  };
  const load = () => {
    pending ??= loader().then(
      (v) => {
        value = v;
        listeners.forEach((l) => l());
        return v;
      },
      (e: unknown) => {
        pending = undefined;
        throw e;
      },
    );
    pending.catch(() => {});
  };
  if (typeof window !== "undefined") whenIdle(load);
  function use(needed: boolean): T | undefined {
    const loaded = useSyncExternalStore(
      subscribe,
      () => value,
      () => undefined,
    );
    useEffect(() => {
      if (needed && loaded === undefined) load();
    }, [needed, loaded]);
    return loaded;
  }
  return { use };
}

function whenIdle(run: () => void) {
  const start = () =>
    typeof window.requestIdleCallback === "function"
      ? window.requestIdleCallback(run, { timeout: 3000 })
      : setTimeout(run, 1000);
  if (document.readyState === "complete") start();
  else window.addEventListener("load", start, { once: true });
}

/**
 * A component whose code is a lazy part. It renders nothing until it is first shown (`isShown(props)`;
 * by default as soon as it is rendered), and from then on stays rendered, so that a dialog closes (and
 * returns focus) as it always did.
 */
export function lazyWhenShown<P extends object>(
  loader: () => Promise<ComponentType<P>>,
  isShown: (props: P) => boolean = () => true,
): ComponentType<P> {
  const part = lazyPart(loader);
  function LazyWhenShown(props: P) {
    const shown = isShown(props);
    const [used, setUsed] = useState(shown);
    if (shown && !used) setUsed(true);
    const Loaded = part.use(used);
    // eslint-disable-next-line react-hooks/static-components -- loaded once, the same component on every render
    return used && Loaded ? <Loaded {...props} /> : null;
  }
  return LazyWhenShown;
}

/**
 * A control whose real version is a lazy part (a dropdown list, a menu) shows a stand-in until the person
 * reaches for it: a plain button with the same look, role and name. Hovering or focusing the stand-in
 * puts the real control in its place (keeping the focus); a press that opens it before the real one is
 * there opens the real one as soon as it is.
 */
export function useStandIn<T>(part: LazyPart<T>) {
  const [reached, setReached] = useState(false);
  const [openAsked, setOpenAsked] = useState(false);
  const [focused, setFocused] = useState(false);
  const real = part.use(reached);
  return {
    /** The real control once it is reached and loaded; until then, render the stand-in. */
    real: reached ? real : undefined,
    /** Pass to the real control: open it at once, and give it the focus the stand-in had. */
    defaultOpen: openAsked,
    autoFocus: focused && !openAsked,
    /** The stand-in was pressed in the way that opens the real control. */
    open: () => {
      setReached(true);
      setOpenAsked(true);
    },
    /** Spread on the stand-in. */
    standInProps: {
      onPointerEnter: () => setReached(true),
      onFocus: () => {
        setFocused(true);
        setReached(true);
      },
      onBlur: () => setFocused(false),
    },
  };
}
