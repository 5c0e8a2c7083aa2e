// Clubhouse shared page script. Pages work without it; it adds: instant tab and picker switching (HTML fragments
// swapped in place, prefetched while idle), client-side table sorting, chart tooltips, auto-submitting pickers and
// the service worker. No dependencies, no build step.
"use strict";
(function () {
  const fragmentCache = new Map();

  function fetchFragment(url) {
    if (!fragmentCache.has(url)) {
      const request = fetch(url, { headers: { Accept: "text/html" }, credentials: "same-origin" }).then((response) => {
        if (!response.ok) throw new Error("HTTP " + response.status);
        return response.text();
      });
      request.catch(() => fragmentCache.delete(url));
      fragmentCache.set(url, request);
    }
    return fragmentCache.get(url);
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
    target.replaceChildren(box);
  }

  function swap(link) {
    const bar = link.closest("[data-swap-target]");
    const target = bar && document.querySelector(bar.dataset.swapTarget);
    const url = link.dataset.fragment;
    if (!target || !url) return false;
    const slow = setTimeout(() => showLoading(target), 120);
    fetchFragment(url).then((html) => {
      clearTimeout(slow);
      target.removeAttribute("aria-busy");
      target.classList.remove("is-loading");
      target.innerHTML = html;
      bar.querySelectorAll("a[data-fragment]").forEach((a) => {
        if (a === link) a.setAttribute("aria-current", "page"); else a.removeAttribute("aria-current");
      });
      history.replaceState(null, "", link.href);
      enhance(target);
      prefetch(target);
      document.dispatchEvent(new CustomEvent("webui:swapped", { detail: { target: target } }));
    }).catch(() => { clearTimeout(slow); showError(target, link); });
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
    const live = table.parentNode.querySelector("[data-sort-status]");
    if (live) live.textContent = (header.dataset.label || header.textContent.trim()) + (descending ? " ↓" : " ↑");
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
    root.querySelectorAll("select[data-autosubmit]").forEach((select) => {
      select.addEventListener("change", () => select.form && select.form.requestSubmit());
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

  document.addEventListener("DOMContentLoaded", () => {
    document.documentElement.classList.add("js");
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
