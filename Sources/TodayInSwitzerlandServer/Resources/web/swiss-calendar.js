// Events, sunshine and snow pages: month, day, filter and sort links swap the page's content without a reload
// (every link also works without this script); "show all" loads the whole list in place.
"use strict";
(function () {
  const roots = ".events-page, .forecast-page";
  const links = "a.cal-day, a.month-step, a.today-link, .chips a";

  function focusAfterSwap(root, key) {
    const target = (key && root.querySelector(key)) || root.querySelector("h1, h2");
    if (!target) return;
    if (!target.matches("a, button")) target.setAttribute("tabindex", "-1");
    target.focus({ preventScroll: !key });
  }

  // The path and query the content on screen belongs to, and the latest swap (an older, slower answer must never
  // replace a newer one).
  let shown = location.pathname + location.search;
  let generation = 0;

  async function swap(url, push, key) {
    const current = document.querySelector(roots);
    if (!current) { location.href = url; return; }
    const mine = ++generation;
    current.setAttribute("aria-busy", "true");
    try {
      const response = await fetch(url, { credentials: "same-origin", headers: { Accept: "text/html" } });
      if (!response.ok) throw new Error(String(response.status));
      const doc = new DOMParser().parseFromString(await response.text(), "text/html");
      if (mine !== generation) return;
      const fresh = doc.querySelector(roots);
      if (!fresh) throw new Error("no content");
      document.querySelector(roots).replaceWith(fresh);
      shown = url;
      if (push) history.pushState({ swiss: true }, "", url);
      if (doc.title) document.title = doc.title;
      focusAfterSwap(fresh, key);
    } catch (error) {
      if (mine === generation) location.href = url;
    }
  }

  document.addEventListener("click", (event) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = event.target.closest && event.target.closest(links);
    if (!link || !link.closest(roots) || !window.fetch || !window.DOMParser) return;
    const url = new URL(link.href, location.href);
    if (url.origin !== location.origin) return;
    event.preventDefault();
    let key = null;
    if (link.dataset.date) key = 'a.cal-day[data-date="' + link.dataset.date + '"]';
    else if (link.dataset.key) key = '.chips a[data-key="' + link.dataset.key + '"]';
    else if (link.classList.contains("month-step")) key = link.getAttribute("rel") === "prev" ? 'a[rel="prev"]' : 'a[rel="next"]';
    swap(url.pathname + url.search, true, key);
  });

  // Back and forward between swapped views; a jump to an anchor on the same view (a map pin) changes nothing.
  window.addEventListener("popstate", () => {
    const url = location.pathname + location.search;
    if (url !== shown && document.querySelector(roots)) swap(url, false, null);
  });

  // "Show all", and a pin or alert of a place beyond the first ten: load the full list in place, then go to the card.
  document.addEventListener("click", (event) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = event.target.closest && event.target.closest("#show-all, a.map-pin, .escape-nudge a, .powder-alert a");
    if (!link || !link.closest(roots) || !window.fetch) return;
    const url = new URL(link.getAttribute("href") || "", location.href);
    const id = url.hash.slice(1);
    if (url.origin !== location.origin || url.pathname !== location.pathname || !url.search.includes("all=1")) return;
    if (id && document.getElementById(id)) return;  // already on the page: swiss.js scrolls to it
    event.preventDefault();
    event.stopPropagation();
    swap(url.pathname + url.search, true, id ? "#" + CSS.escape(id) : null).then(() => {
      const card = id && document.getElementById(id);
      if (card) card.scrollIntoView({ block: "center" });
    });
  }, true);
})();
