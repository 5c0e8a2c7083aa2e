// Clubhouse shared page script. Pages work without it; it adds: instant tab and picker switching (HTML fragments
// swapped in place, prefetched while idle), client-side table sorting, chart tooltips and the service worker.
// No dependencies, no build step.
"use strict";
(function () {
  // Fragments are kept for a minute: instant switching back and forth, yet fresh data after a sync.
  const fragmentCache = new Map();
  const FRAGMENT_TTL = 60000;
  const swaps = new WeakMap();

  function fetchFragment(url) {
    const hit = fragmentCache.get(url);
    if (!hit || Date.now() - hit.time > FRAGMENT_TTL) {
      const request = fetch(url, { headers: { Accept: "text/html" }, credentials: "same-origin" }).then((response) => {
        if (!response.ok) throw new Error("HTTP " + response.status);
        return response.text();
      });
      request.catch(() => fragmentCache.delete(url));
      fragmentCache.set(url, { request: request, time: Date.now() });
      return request;
    }
    return hit.request;
  }

  function showLoading(target) {
    target.setAttribute("aria-busy", "true");
    target.classList.add("is-loading");
  }

  function showError(target, link) {
    target.removeAttribute("aria-busy");
    target.classList.remove("is-loading");
    const box = document.createElement("div");
    box.className = "error-state";
    box.setAttribute("role", "alert");
    const title = document.createElement("h2");
    title.textContent = document.body.dataset.errorTitle || "Something went wrong";
    const retry = document.createElement("button");
    retry.type = "button";
    retry.className = "button";
    retry.textContent = document.body.dataset.retryLabel || "Try again";
    retry.addEventListener("click", () => swap(link));
    box.append(title, retry);
    // Keep the navigation: the error takes the panel's place when the region has one.
    (target.querySelector(".panel") || target).replaceChildren(box);
  }

  function swap(link) {
    const bar = link.closest("[data-swap-target]");
    const target = bar && document.querySelector(bar.dataset.swapTarget);
    const url = link.dataset.fragment;
    if (!target || !url) return false;
    // Only the latest swap of a target may change it: a slow earlier response must not overwrite a later one.
    const generation = (swaps.get(target) || 0) + 1;
    swaps.set(target, generation);
    const current = () => swaps.get(target) === generation;
    // The link is replaced with the region; a keyboard user keeps focus on its new copy.
    const refocus = document.activeElement === link;
    const barLabel = bar.getAttribute("aria-label") || "";
    const key = link.dataset.key || "";
    const slow = setTimeout(() => { if (current()) showLoading(target); }, 120);
    fetchFragment(url).then((html) => {
      clearTimeout(slow);
      if (!current()) return;
      target.removeAttribute("aria-busy");
      target.classList.remove("is-loading");
      target.innerHTML = html;
      history.replaceState(null, "", link.href);
      enhance(target);
      prefetch(target);
      if (refocus) {
        const again = target.querySelector('nav[aria-label="' + CSS.escape(barLabel) + '"] a[data-key="' + CSS.escape(key) + '"]');
        if (again) again.focus();
      }
      document.dispatchEvent(new CustomEvent("webui:swapped", { detail: { target: target } }));
    }).catch(() => { clearTimeout(slow); if (current()) showError(target, link); });
    return true;
  }

  function prefetch(root) {
    const idle = window.requestIdleCallback || ((fn) => setTimeout(fn, 300));
    idle(() => root.querySelectorAll("a[data-fragment][data-prefetch]:not([aria-current])")
      .forEach((a) => fetchFragment(a.dataset.fragment)));
  }

  // Sorting: th[data-sort] holds a column key; each row's td[data-value] holds the number or text to sort by.
  function sortTable(table, header) {
    const headers = Array.from(table.querySelectorAll("th[data-sort]"));
    const index = Array.from(header.parentNode.children).indexOf(header);
    const current = header.getAttribute("aria-sort");
    const descending = current ? current === "ascending" : header.dataset.sortFirst !== "ascending";
    headers.forEach((h) => { h.removeAttribute("aria-sort"); h.classList.remove("is-sorted"); });
    header.setAttribute("aria-sort", descending ? "descending" : "ascending");
    header.classList.add("is-sorted");
    const body = table.tBodies[0];
    const rows = Array.from(body.rows);
    rows.sort((a, b) => {
      const x = a.cells[index].dataset.value, y = b.cells[index].dataset.value;
      const nx = Number(x), ny = Number(y);
      const order = (!isNaN(nx) && !isNaN(ny)) ? nx - ny : String(x).localeCompare(String(y));
      return descending ? -order : order;
    });
    rows.forEach((row, i) => {
      const rank = row.querySelector("[data-rank]");
      if (rank) rank.textContent = String(i + 1);
      row.classList.toggle("is-top", i === 0);
      body.appendChild(row);
    });
    const view = table.closest("[data-sort-scope]") || table.parentNode;
    const live = view.querySelector("[data-sort-status]");
    if (live) live.textContent = (header.dataset.label || header.textContent.trim()) + (descending ? " ↓" : " ↑");
    // The address keeps the order, so a reload or a shared link shows the same table (`sort` and `dir`).
    const address = new URL(location.href);
    address.searchParams.set("sort", header.dataset.sort);
    address.searchParams.set("dir", descending ? "desc" : "asc");
    history.replaceState(null, "", address);
  }

  let tooltip;
  function showTip(mark, event) {
    if (!tooltip) {
      tooltip = document.createElement("div");
      tooltip.className = "chart-tooltip";
      tooltip.setAttribute("role", "tooltip");
      document.body.appendChild(tooltip);
    }
    tooltip.textContent = mark.dataset.tip;
    const box = mark.getBoundingClientRect();
    const x = event && event.clientX ? event.clientX : box.left + box.width / 2;
    tooltip.classList.add("is-visible");
    const width = tooltip.offsetWidth;
    tooltip.style.left = Math.max(4, Math.min(window.innerWidth - width - 4, x - width / 2)) + window.scrollX + "px";
    tooltip.style.top = box.top + window.scrollY - tooltip.offsetHeight - 8 + "px";
  }
  function hideTip() { if (tooltip) tooltip.classList.remove("is-visible"); }

  function enhance(root) {
    root.querySelectorAll("table[data-sortable] th[data-sort]").forEach((header) => {
      const button = header.querySelector("a, button");
      if (!button) return;
      button.addEventListener("click", (event) => {
        event.preventDefault();
        sortTable(header.closest("table"), header);
      });
    });
  }

  document.addEventListener("click", (event) => {
    const link = event.target.closest && event.target.closest("a[data-fragment]");
    if (link && !event.metaKey && !event.ctrlKey && !event.shiftKey && event.button === 0 && swap(link)) {
      event.preventDefault();
    }
    const mark = event.target.closest && event.target.closest(".chart .mark[data-tip]");
    if (mark) showTip(mark, event); else hideTip();
  });
  document.addEventListener("pointerover", (event) => {
    const mark = event.target.closest && event.target.closest(".chart .mark[data-tip]");
    if (mark) showTip(mark, event); else if (event.pointerType === "mouse") hideTip();
  });
  document.addEventListener("keydown", (event) => { if (event.key === "Escape") hideTip(); });

  // A section nav wider than a phone scrolls sideways: show its current entry whole (the row only, never the page).
  function revealCurrentSection() {
    document.querySelectorAll(".section-nav ul").forEach((row) => {
      const current = row.querySelector('[aria-current="page"]');
      if (!current) return;
      const item = current.getBoundingClientRect();
      const box = row.getBoundingClientRect();
      if (item.right > box.right) row.scrollLeft += item.right - box.right + 16;
      else if (item.left < box.left) row.scrollLeft -= box.left - item.left + 16;
    });
  }

  document.addEventListener("DOMContentLoaded", () => {
    document.documentElement.classList.add("js");
    revealCurrentSection();
    enhance(document);
    prefetch(document);
    if ("serviceWorker" in navigator && document.querySelector('link[rel="manifest"]')) {
      navigator.serviceWorker.register("/sw.js").catch(() => {});
    }
    if (document.body.dataset.clearCache === "true" && navigator.serviceWorker && navigator.serviceWorker.controller) {
      navigator.serviceWorker.controller.postMessage("clear");
    }
  });
  window.WebUI = { swap: swap, fetchFragment: fetchFragment, enhance: enhance };
})();
