// Clubhouse service worker: caches the shell (CSS, JS, icons) and the pages and fragments a user viewed, so the
// last viewed data opens offline with a banner. Pages are fetched from the network first; only when that fails is
// the cached copy shown, marked offline (the page's CSS then shows its "offline — showing data from …" banner).
"use strict";
const VERSION = "__VERSION__";
const SHELL = [__SHELL__];
const SHELL_CACHE = "shell-" + VERSION;
const DATA_CACHE = "data-v1";
const MAX_PAGES = 40;

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(SHELL_CACHE).then((cache) => cache.addAll(SHELL)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith("shell-") && k !== SHELL_CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim())
  );
});

self.addEventListener("message", (event) => {
  if (event.data === "clear") event.waitUntil(caches.delete(DATA_CACHE));
});

function cacheable(url, request) {
  if (request.method !== "GET" || url.origin !== self.location.origin) return false;
  // Only the read-only views: never settings, admin, sign-in pages or the API.
  return /^\/clubs\/[^/]+(\/tv|\/fragments\/[a-z]+)?$/.test(url.pathname);
}

async function trim(cache) {
  const keys = await cache.keys();
  for (let i = 0; i < keys.length - MAX_PAGES; i++) await cache.delete(keys[i]);
}

async function networkFirst(request, url) {
  const cache = await caches.open(DATA_CACHE);
  try {
    const response = await fetch(request);
    if (response.ok && (response.headers.get("Content-Type") || "").startsWith("text/html")) {
      await cache.put(request, response.clone());
      // The bare page URL also answers "the last viewed week" when the app is opened offline.
      if (url.search && request.mode === "navigate") await cache.put(url.pathname, response.clone());
      trim(cache);
    }
    return response;
  } catch (error) {
    const cached = (await cache.match(request)) || (await cache.match(url.pathname));
    if (!cached) throw error;
    const text = (await cached.text()).replace('data-offline="false"', 'data-offline="true"');
    return new Response(text, { status: 200, headers: { "Content-Type": "text/html; charset=utf-8", "X-Offline": "1" } });
  }
}

self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== "GET" || url.origin !== self.location.origin) return;
  if (url.pathname.startsWith("/assets/")) {
    event.respondWith(
      caches.match(event.request).then((hit) => hit || fetch(event.request).then((response) => {
        if (response.ok) caches.open(SHELL_CACHE).then((cache) => cache.put(event.request, response.clone()));
        return response;
      }))
    );
  } else if (cacheable(url, event.request)) {
    event.respondWith(networkFirst(event.request, url));
  }
});
