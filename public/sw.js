/*
 * Reverie's service worker: keeps the app shell (pages and their static files) so the app still opens
 * when the server is briefly unreachable. Journal data (/api) is never cached.
 */
const CACHE = "reverie-shell-v3";
const OFFLINE_URL = "/offline";
/** Pages kept from the start, so that they open with no server at all: the offline page, and Get help (crisis lines, safety plan). */
const PRECACHED_PAGES = [OFFLINE_URL, "/get-help"];

/** A page and every script and style it loads. A page that answers with a redirect (the lock screen) is not kept. */
async function cachePage(cache, url) {
  const res = await fetch(new Request(url, { cache: "reload" }));
  if (!res.ok || res.redirected) return;
  const html = await res.clone().text();
  await cache.put(url, res);
  const assets = new Set();
  for (const m of html.matchAll(/(?:src|href)="(\/_next\/static\/[^"]+)"/g)) assets.add(m[1]);
  await Promise.all(
    [...assets].map((asset) =>
      fetch(asset)
        .then((r) => (r.ok ? cache.put(asset, r) : undefined))
        .catch(() => undefined),
    ),
  );
}

async function cacheShellPages() {
  const cache = await caches.open(CACHE);
  await Promise.all(PRECACHED_PAGES.map((url) => cachePage(cache, url).catch(() => undefined)));
}

self.addEventListener("install", (event) => {
  event.waitUntil(cacheShellPages().then(() => self.skipWaiting()));
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
  return url.pathname.startsWith("/_next/static/") || url.pathname.startsWith("/icons/") || url.pathname === "/icon.svg";
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
          if (res.ok && res.type === "basic" && !res.redirected) {
            const copy = res.clone();
            caches.open(CACHE).then((c) => c.put(url.pathname, copy));
          }
          return res;
        })
        .catch(() => caches.match(url.pathname).then((hit) => hit || caches.match(OFFLINE_URL))),
    );
  }
});
