// Events, sunshine and snow pages: month, day, filter and sort links swap the page's content without a reload
// (every link also works without this script), and "show all" reveals the remaining cards in place.
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

  async function swap(url, push, key) {
    const current = document.querySelector(roots);
    if (!current) { location.href = url; return; }
    current.setAttribute("aria-busy", "true");
    try {
      const response = await fetch(url, { credentials: "same-origin", headers: { Accept: "text/html" } });
      if (!response.ok) throw new Error(String(response.status));
      const doc = new DOMParser().parseFromString(await response.text(), "text/html");
      const fresh = doc.querySelector(roots);
      if (!fresh) throw new Error("no content");
      current.replaceWith(fresh);
      if (push) history.pushState({ swiss: true }, "", url);
      if (doc.title) document.title = doc.title;
      focusAfterSwap(fresh, key);
    } catch (error) {
      location.href = url;
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

  window.addEventListener("popstate", () => {
    if (document.querySelector(roots)) swap(location.pathname + location.search, false, null);
  });

  // "Show all": reveal the hidden cards here instead of loading the long list.
  function revealAll() {
    document.querySelectorAll(".forecast-card.extra[hidden]").forEach((card) => card.removeAttribute("hidden"));
    const button = document.getElementById("show-all");
    if (button && button.parentElement) button.parentElement.remove();
  }
  // Capture phase: runs before swiss.js's pin handler, so a pin of a hidden card finds it visible.
  document.addEventListener("click", (event) => {
    const target = event.target.closest && event.target.closest("#show-all, a.map-pin, .escape-nudge a, .powder-alert a");
    if (!target) return;
    const href = target.getAttribute("href") || "";
    const id = target.id === "show-all" ? null : (target.dataset.card || href.split("#")[1] || "");
    const card = id ? document.getElementById(id) : null;
    if (target.id === "show-all") {
      event.preventDefault();
      const first = document.querySelector(".forecast-card.extra[hidden]");
      revealAll();
      if (first) { first.setAttribute("tabindex", "-1"); first.focus(); }
      return;
    }
    if (card && card.hasAttribute("hidden")) revealAll();
    if (card && !target.classList.contains("map-pin")) {
      event.preventDefault();
      card.setAttribute("tabindex", "-1");
      const smooth = window.matchMedia("(prefers-reduced-motion: no-preference)").matches ? "smooth" : "auto";
      card.scrollIntoView({ behavior: smooth, block: "center" });
      card.focus({ preventScroll: true });
    }
  }, true);
})();
