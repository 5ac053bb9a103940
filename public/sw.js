/*
 * Reverie's service worker: keeps the app shell (pages and their static files) so the app still opens
 * when the server is unreachable. Journal data (/api) is never cached here: what the device keeps of
 * the journal (entries waiting to sync, the reading copy) lives in IndexedDB, managed by the app.
 */
const CACHE = "reverie-shell-v5";
const OFFLINE_URL = "/offline";
/**
 * Pages kept from the start, so that they open with no server at all: the offline page, Get help
 * (crisis lines, safety plan), and the screens for writing and reading offline.
 */
const PRECACHED_PAGES = [OFFLINE_URL, "/get-help", "/", "/journal", "/timeline"];
/** Files outside the build's static folder that every page asks for. */
const PRECACHED_FILES = ["/icon.svg", "/manifest.webmanifest"];
/**
 * Pages whose address names an entry (read, edit) are never kept: their ids are UUIDv7, so a list of them
 * would tell a locked browser which entries were opened and when each was written. Offline, those
 * addresses lead to the Timeline and the journal editor instead (offlinePage below). The app's Lock
 * removes any such page an earlier version kept (src/client/storage.ts has the same rule).
 */
const ENTRY_PAGE = /^\/(?:entry|journal\/edit)\/[^/]+\/?$/;
/** The Background Sync tag the app registers while entries wait on the device. */
const SYNC_TAG = "reverie-outbox";

/** A page and every script and style it loads. A page that answers with a redirect (the lock screen) is not kept. */
async function cachePage(cache, url) {
  const res = await fetch(new Request(url, { cache: "reload" }));
  if (!res.ok || res.redirected) {
    // Not kept (the lock screen, an error): the body is let go at once, so the connection is free again.
    await res.body?.cancel().catch(() => undefined);
    return;
  }
  const html = await res.clone().text();
  await cache.put(url, res);
  const assets = new Set();
  for (const m of html.matchAll(/(?:src|href)="(\/_next\/static\/[^"]+)"/g)) assets.add(m[1]);
  await Promise.all(
    [...assets].map(async (asset) => {
      if (await cache.match(asset)) return;
      const r = await fetch(asset).catch(() => undefined);
      if (r?.ok) await cache.put(asset, r);
      else await r?.body?.cancel().catch(() => undefined);
    }),
  );
}

async function cacheShellPages() {
  const cache = await caches.open(CACHE);
  await Promise.all(PRECACHED_PAGES.map((url) => cachePage(cache, url).catch(() => undefined)));
  await Promise.all(
    PRECACHED_FILES.map((f) =>
      fetch(f)
        .then((r) => (r.ok ? cache.put(f, r) : r.body?.cancel()))
        .catch(() => undefined),
    ),
  );
  await cacheBuildFiles(cache).catch(() => undefined);
}

/**
 * Every static file of this build (listed at build time in offline-manifest.json), a few at a time:
 * parts of a screen that load later (dialogs, toasts, the outbox) then open offline too. Files of
 * earlier builds are dropped.
 */
async function cacheBuildFiles(cache) {
  const res = await fetch(new Request("/_next/static/offline-manifest.json", { cache: "no-store" }));
  if (!res.ok) {
    await res.body?.cancel().catch(() => undefined);
    return;
  }
  const { files } = await res.json();
  if (!Array.isArray(files)) return;
  const wanted = new Set(files);
  for (const req of await cache.keys()) {
    const p = new URL(req.url).pathname;
    if (p.startsWith("/_next/static/") && !wanted.has(p)) await cache.delete(req);
  }
  const missing = [];
  for (const f of files)
    if (typeof f === "string" && f.startsWith("/_next/static/") && !(await cache.match(f))) missing.push(f);
  let next = 0;
  const worker = async () => {
    while (next < missing.length) {
      const f = missing[next++];
      try {
        const r = await fetch(f);
        if (r.ok) await cache.put(f, r);
        else await r.body?.cancel().catch(() => undefined);
      } catch {
        /* offline again: the rest is kept as pages load it */
      }
    }
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
}

self.addEventListener("install", (event) => {
  event.waitUntil(cacheShellPages().then(() => self.skipWaiting()));
});

/**
 * The app asks for the shells again once the journal is open: installed behind the lock screen, the
 * service worker could not keep the pages that need a session.
 */
self.addEventListener("message", (event) => {
  if (!event.data || event.data.type !== "reverie-keep-shell") return;
  event.waitUntil(
    caches.open(CACHE).then(async (cache) => {
      const missing = [];
      for (const url of PRECACHED_PAGES) if (!(await cache.match(url))) missing.push(url);
      await Promise.all(missing.map((url) => cachePage(cache, url).catch(() => undefined)));
    }),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

function isStatic(url) {
  return (
    url.pathname.startsWith("/_next/static/") ||
    url.pathname.startsWith("/icons/") ||
    PRECACHED_FILES.includes(url.pathname)
  );
}

self.addEventListener("fetch", (event) => {
  const req = event.request;
  if (req.method !== "GET") return;
  const url = new URL(req.url);
  if (url.origin !== self.location.origin || url.pathname.startsWith("/api/")) return;

  if (isStatic(url)) {
    event.respondWith(
      caches.match(req).then(
        (hit) =>
          hit ||
          fetch(req).then((res) => {
            if (res.ok) {
              const copy = res.clone();
              caches.open(CACHE).then((c) => c.put(req, copy));
            }
            return res;
          }),
      ),
    );
    return;
  }

  if (req.mode === "navigate") {
    event.respondWith(
      fetch(req)
        .then((res) => {
          if (res.ok && res.type === "basic" && !res.redirected && !ENTRY_PAGE.test(url.pathname)) {
            const copy = res.clone();
            caches.open(CACHE).then((c) => c.put(url.pathname, copy));
          }
          return res;
        })
        .catch(() => offlinePage(url)),
    );
  }
});

/**
 * A page when the server cannot be reached. An entry's own address needs the server, so an entry is
 * opened where the device can show it: read on the Timeline, edited in the journal editor.
 */
async function offlinePage(url) {
  const read = url.pathname.match(/^\/entry\/([^/]+)\/?$/);
  if (read) return Response.redirect(new URL(`/timeline#entry=${read[1]}`, self.location.origin).href, 302);
  const edit = url.pathname.match(/^\/journal\/edit\/([^/]+)\/?$/);
  if (edit) return Response.redirect(new URL(`/journal#entry=${edit[1]}`, self.location.origin).href, 302);
  return (await caches.match(url.pathname)) || (await caches.match(OFFLINE_URL));
}

/**
 * Background Sync (where the browser has it): when the connection is back, an open Reverie tab is asked
 * to send what waits on the device. The browser tries again later while something still waits; with no
 * tab open, the entries are sent the next time Reverie opens.
 */
self.addEventListener("sync", (event) => {
  if (event.tag !== SYNC_TAG) return;
  event.waitUntil(
    self.clients.matchAll({ type: "window" }).then(async (windows) => {
      if (!windows.length) return;
      const waiting = await new Promise((resolve) => {
        const channel = new MessageChannel();
        const timer = setTimeout(() => resolve(-1), 60_000);
        channel.port1.onmessage = (e) => {
          clearTimeout(timer);
          resolve(e.data && typeof e.data.waiting === "number" ? e.data.waiting : -1);
        };
        windows[0].postMessage({ type: "reverie-sync" }, [channel.port2]);
      });
      if (waiting !== 0) throw new Error("Entries still wait on this device");
    }),
  );
});
