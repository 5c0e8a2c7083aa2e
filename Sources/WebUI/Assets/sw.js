// Clubhouse service worker: caches the shell (CSS, JS, icons) and the pages and fragments a user viewed, so the
// last viewed data opens offline with a banner. Pages are fetched from the network first; only when that fails is
// the cached copy shown, marked offline (the page's CSS then shows its "offline — showing data from …" banner).
"use strict";
const VERSION = "__VERSION__";
const SHELL = [__SHELL__];
const SHELL_CACHE = "shell-" + VERSION;
// One cache of viewed pages per club (one club's pages are never answered for another's URL), one for Today in
// Switzerland (its links carry the city and language, so each city and language is kept apart) and one for the rest.
function dataCache(url) {
  const match = /^\/clubs\/([^/]+)/.exec(url.pathname);
  if (match) return "data-" + match[1];
  return url.pathname.startsWith("/swiss/app") ? "data-swiss" : "data-site";
}
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
  if (event.data === "clear") {
    event.waitUntil(caches.keys().then((keys) => Promise.all(keys.filter((k) => k.startsWith("data-")).map((k) => caches.delete(k)))));
  }
});

function cacheable(url, request) {
  if (request.method !== "GET" || url.origin !== self.location.origin) return false;
  // Only the read-only views: never settings, admin, sign-in pages, calendar files or the API.
  return /^\/clubs\/[^/]+(\/tv|\/fragments\/[a-z]+)?$/.test(url.pathname) ||
    /^\/swiss\/app(\/(activities|events|weekend|sunshine|snow|lunch|deals|widget))?$/.test(url.pathname) ||
    url.pathname === "/" ||
    // SportsTime's saved and shared trips and their printable pages (never settings, restore, forms or options).
    /^\/trips\/(saved|shared)\/[A-Za-z0-9_-]+(\/print)?$/.test(url.pathname) ||
    // …and the traveller's progress, visits and badges.
    /^\/trips\/(progress|visits|achievements)$/.test(url.pathname);
}

async function trim(cache) {
  const keys = await cache.keys();
  for (let i = 0; i < keys.length - MAX_PAGES; i++) await cache.delete(keys[i]);
}

async function offlineCopy(cache, request, url) {
  // The exact page, or for the bare club URL (how the installed app opens) the last page viewed there.
  const cached = (await cache.match(request)) || (url.search ? undefined : await cache.match(url.pathname + "?last"));
  if (!cached) return undefined;
  const text = (await cached.text()).replace('data-offline="false"', 'data-offline="true"');
  const headers = new Headers(cached.headers);
  headers.set("X-Offline", "1");
  return new Response(text, { status: 200, headers: headers });
}

async function networkFirst(request, url) {
  const cache = await caches.open(dataCache(url));
  let response;
  try {
    response = await fetch(request);
  } catch (error) {
    const copy = await offlineCopy(cache, request, url);
    if (copy) return copy;
    throw error;
  }
  if (response.ok && (response.headers.get("Content-Type") || "").startsWith("text/html")) {
    await cache.put(request, response.clone());
    if (request.mode === "navigate") await cache.put(url.pathname + "?last", response.clone());
    trim(cache);
  } else if (response.status >= 500) {
    // Behind a proxy a server that is down answers 502/503: show the saved copy then too.
    return (await offlineCopy(cache, request, url)) || response;
  }
  return response;
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
