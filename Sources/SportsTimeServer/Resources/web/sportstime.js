// SportsTime: small enhancements over pages that work without JavaScript.
"use strict";
(function () {
  document.documentElement.classList.add("js");
  // Forms marked data-autosubmit submit when a control changes.
  document.querySelectorAll("[data-autosubmit]").forEach((control) => {
    control.addEventListener("change", () => control.form && control.form.submit());
  });

  // Planning takes a moment on big searches: when the next page (options, a saved trip, a tour) has not come
  // within 300 ms, say so with a progress bar instead of leaving the old page frozen.
  const planning = /^\/trips\/(options|saved|tour|polls)(\/|$)/;
  let timer = null;
  function showProgress() {
    if (document.getElementById("planning-progress")) return;
    const box = document.createElement("div");
    box.id = "planning-progress";
    box.className = "planning-progress";
    box.setAttribute("role", "status");
    box.setAttribute("aria-live", "polite");
    const text = document.createElement("p");
    text.textContent = "Planning your trip…";
    const bar = document.createElement("progress");
    bar.setAttribute("aria-label", "Planning");
    box.append(text, bar);
    document.body.append(box);
  }
  function leaving(url) {
    if (!url || url.origin !== location.origin || !planning.test(url.pathname)) return;
    if (url.pathname.endsWith(".ics") || url.pathname.endsWith(".pdf")) return;
    clearTimeout(timer);
    timer = setTimeout(showProgress, 300);
  }
  document.addEventListener("submit", (event) => {
    if (event.defaultPrevented) return;
    const form = event.target;
    try { leaving(new URL(form.getAttribute("action") || location.href, location.href)); } catch (e) { /* ignore */ }
  });
  document.addEventListener("click", (event) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
    const link = event.target.closest && event.target.closest("a[href]");
    if (!link || link.target || link.hasAttribute("download")) return;
    try { leaving(new URL(link.href, location.href)); } catch (e) { /* ignore */ }
  });
  // Back from the next page (bfcache): no stale progress box.
  window.addEventListener("pageshow", () => {
    clearTimeout(timer);
    const box = document.getElementById("planning-progress");
    if (box) box.remove();
  });
})();
