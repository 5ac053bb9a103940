"use client";
import { useCallback, useSyncExternalStore } from "react";
import { STORAGE_PREFIX, storageKey } from "@/domain/constants";
import { DEFAULT_LOCALE, usableLocale } from "@/domain/date-format";

/** Small JSON helpers over localStorage under the product's keys; failures (private mode, quota) are ignored. */
export function readLocal<T>(name: string, fallback: T): T {
  if (typeof window === "undefined") return fallback;
  try {
    const raw = window.localStorage.getItem(storageKey(name));
    return raw === null ? fallback : (JSON.parse(raw) as T);
  } catch {
    return fallback;
  }
}

const listeners = new Set<() => void>();

export function writeLocal<T>(name: string, value: T): void {
  try {
    window.localStorage.setItem(storageKey(name), JSON.stringify(value));
  } catch {
    /* ignore */
  }
  listeners.forEach((l) => l());
}

export function removeLocal(name: string): void {
  try {
    window.localStorage.removeItem(storageKey(name));
  } catch {
    /* ignore */
  }
  listeners.forEach((l) => l());
}

function subscribe(cb: () => void) {
  listeners.add(cb);
  const onStorage = (e: StorageEvent) => {
    if (!e.key || e.key.startsWith(storageKey(""))) cb();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(cb);
    window.removeEventListener("storage", onStorage);
  };
}

/** A localStorage value as React state, shared by every component that reads the same key. */
export function useLocalValue<T>(name: string, fallback: T): [T, (v: T) => void] {
  const raw = useSyncExternalStore(
    subscribe,
    () => {
      try {
        return window.localStorage.getItem(storageKey(name));
      } catch {
        return null;
      }
    },
    () => null,
  );
  let value = fallback;
  if (raw !== null) {
    try {
      value = JSON.parse(raw) as T;
    } catch {
      /* keep fallback */
    }
  }
  const set = useCallback((v: T) => writeLocal(name, v), [name]);
  return [value, set];
}

export interface Preferences {
  minimalNavigation: boolean;
  /** Keep the most recent entries on this device for reading offline (only ever without passcode or encryption). */
  offlineReading: boolean;
}
export const DEFAULT_PREFERENCES: Preferences = { minimalNavigation: false, offlineReading: true };

/** The device preferences as stored (outside React). */
export function readPreferences(): Preferences {
  return { ...DEFAULT_PREFERENCES, ...readLocal<Partial<Preferences>>("preferences", {}) };
}

export function usePreferences(): [Preferences, (p: Partial<Preferences>) => void] {
  const [prefs, setPrefs] = useLocalValue<Preferences>("preferences", DEFAULT_PREFERENCES);
  const merged = { ...DEFAULT_PREFERENCES, ...prefs };
  return [merged, (p) => setPrefs({ ...merged, ...p })];
}

/** The person's IANA time zone, sent as `tz` wherever the server buckets by day. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
  } catch {
    return "UTC";
  }
}

/**
 * The browser's locale (navigator.language), which decides how every date and time is written
 * (src/domain/date-format.ts); the default outside a browser.
 */
export function browserLocale(): string {
  return usableLocale(typeof navigator === "undefined" ? null : navigator.language);
}

const noLocaleSubscribe = () => () => {};
/**
 * The browser's locale for text the server also renders: the default while the page hydrates (the server does
 * not know the browser's locale), the browser's right after, so the page hydrates without a mismatch.
 */
export function useLocale(): string {
  return useSyncExternalStore(noLocaleSubscribe, browserLocale, () => DEFAULT_LOCALE);
}

/** Device preferences stay (they describe this browser, not the journal); every other product key goes. */
export const KEPT_BROWSER_KEYS = [`${STORAGE_PREFIX}preferences`];

/**
 * Pages whose address names an entry (read, edit). Their ids are UUIDv7, so a list of them tells which
 * entries were opened and when each was written. The service worker never keeps them (public/sw.js has
 * the same rule); this removes any kept by an earlier version.
 */
const ENTRY_PAGE = /^\/(?:entry|journal\/edit)\/[^/]+\/?$/u;

export function isEntryPage(pathname: string): boolean {
  return ENTRY_PAGE.test(pathname);
}

/** Removes every page that names an entry from the service worker's caches. Answers how many went. */
export async function forgetEntryPages(): Promise<number> {
  if (typeof caches === "undefined") return 0;
  let removed = 0;
  try {
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const req of await cache.keys()) {
        if (isEntryPage(new URL(req.url).pathname) && (await cache.delete(req))) removed++;
      }
    }
  } catch {
    /* Cache Storage unavailable: nothing kept there */
  }
  return removed;
}

/**
 * Removes this browser's copies of journal data: chat history, drafts, recent searches and the like, and
 * the service worker's copies of pages that name an entry (in the background; await forgetEntryPages()
 * to wait for them). Used by Clear All Data, Lock and both doors (lock and unlock screens), so that
 * nothing private stays readable while the journal is locked.
 */
export function clearBrowserData(storages: Storage[] = [window.localStorage, window.sessionStorage]): string[] {
  void forgetEntryPages();
  const removed: string[] = [];
  for (const storage of storages) {
    try {
      const keys = Array.from({ length: storage.length }, (_, i) => storage.key(i)).filter(
        (k): k is string => k !== null,
      );
      for (const key of keys) {
        if (key.startsWith(STORAGE_PREFIX) && !KEPT_BROWSER_KEYS.includes(key)) {
          storage.removeItem(key);
          removed.push(key);
        }
      }
    } catch {
      /* storage unavailable (private mode): nothing kept there */
    }
  }
  // Screens reading these keys hear of it, as they would from another tab.
  try {
    window.dispatchEvent(new StorageEvent("storage", { key: null }));
  } catch {
    /* ignore */
  }
  return removed;
}

const FLASH_KEY = `${STORAGE_PREFIX}flash`;

/**
 * A message for the next page, when the move there is a full page load (offline, the page comes from
 * the service worker's cache and a toast of this page would be lost).
 */
export function setFlash(message: string): void {
  try {
    window.sessionStorage.setItem(FLASH_KEY, JSON.stringify({ message, at: Date.now() }));
  } catch {
    /* ignore */
  }
}

/** The message left by the previous page, once (and only when it is recent). */
export function takeFlash(maxAgeMs = 60_000): string | null {
  try {
    const raw = window.sessionStorage.getItem(FLASH_KEY);
    if (raw === null) return null;
    window.sessionStorage.removeItem(FLASH_KEY);
    const v = JSON.parse(raw) as { message?: unknown; at?: unknown };
    return typeof v.message === "string" && typeof v.at === "number" && Date.now() - v.at <= maxAgeMs
      ? v.message
      : null;
  } catch {
    return null;
  }
}
