// Activities and Lunch: filters, search and surprises without a reload, saves and stars without a reload, and
// "Near me" from the browser's position. Everything here also works as plain links and forms.
"use strict";
(function () {
  const page = document.querySelector("[data-places]");
  if (!page) return;
  const status = () => page.querySelector(".places-status");
  function announce(text) {
    const region = status();
    if (region && text) { region.textContent = ""; setTimeout(() => { region.textContent = text; }, 50); }
  }

  const smooth = window.matchMedia("(prefers-reduced-motion: no-preference)").matches ? "smooth" : "auto";

  // Swaps the page's content for the one at `url` (same page, other filters), keeping focus sensible.
  let loading = null;
  async function show(url, push) {
    if (loading) loading.abort();
    loading = new AbortController();
    const results = page.querySelector(".places-results");
    if (results) results.classList.add("is-loading");
    try {
      const response = await fetch(url, { headers: { Accept: "text/html" }, signal: loading.signal, credentials: "same-origin" });
      if (!response.ok) throw new Error(String(response.status));
      const html = await response.text();
      const next = new DOMParser().parseFromString(html, "text/html").querySelector("[data-places]");
      if (!next) throw new Error("no page");
      const active = document.activeElement;
      const search = active && active.id && active.matches("input[type=search]") ? active.id : null;
      const caret = search ? active.selectionStart : 0;
      const typed = search ? active.value : "";
      page.replaceChildren(...next.childNodes);
      // "push": a new history entry (chips, links, submit); "replace": typing in the search box; false: back/forward.
      if (push === "replace") history.replaceState({ places: true }, "", url);
      else if (push) history.pushState({ places: true }, "", url);
      shown = window.location.pathname + window.location.search;
      if (search) {
        const input = document.getElementById(search);
        if (input) {
          // Keep what was typed while the answer was on its way, and ask again for it.
          const sent = new URL(url, window.location.href).searchParams.get("q") || "";
          input.value = typed;
          input.focus();
          try { input.setSelectionRange(caret, caret); } catch (e) { /* not a text input */ }
          if (typed.trim() !== sent.trim()) input.dispatchEvent(new Event("input", { bubbles: true }));
        }
      }
      const surprise = push === true && page.querySelector("#surprise h2");
      if (surprise) {
        // A new pick: take the reader (and the screen reader) to it.
        surprise.setAttribute("tabindex", "-1");
        surprise.focus({ preventScroll: true });
        surprise.scrollIntoView({ behavior: smooth, block: "nearest" });
      } else {
        const summary = page.querySelector(".places-summary h2");
        announce(summary ? summary.textContent : "");
      }
    } catch (error) {
      if (error.name !== "AbortError") window.location.href = url;
    }
  }

  // Chips and surprise links: same page, other state.
  page.addEventListener("click", (event) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
    const link = event.target.closest("a");
    if (!link || !page.contains(link)) return;
    const inChips = link.closest("nav.chips") || link.hasAttribute("data-places-nav");
    if (!inChips) return;
    event.preventDefault();
    if (link.dataset.key === "near" && link.getAttribute("aria-current") !== "page" && navigator.geolocation) {
      nearMe(link.href);
      return;
    }
    show(link.href, true);
  });

  // "Near me": the browser's position when allowed, else the city centre the link already names.
  function nearMe(href) {
    let done = false;
    const fallback = () => { if (!done) { done = true; show(href, true); } };
    const timer = setTimeout(fallback, 8000);
    navigator.geolocation.getCurrentPosition((position) => {
      clearTimeout(timer);
      if (done) return;
      done = true;
      const url = new URL(href, window.location.href);
      url.searchParams.set("near", position.coords.latitude.toFixed(4) + "," + position.coords.longitude.toFixed(4));
      show(url.pathname + url.search, true);
    }, () => { clearTimeout(timer); fallback(); }, { maximumAge: 300000, timeout: 7000 });
  }

  // The search form: results as you type (debounced), and on submit.
  function formURL(form) {
    const params = new URLSearchParams();
    for (const [name, value] of new FormData(form)) { if (value !== "") params.append(name, value); }
    const query = params.toString();
    return form.getAttribute("action") + (query ? "?" + query : "");
  }
  let typing = null;
  page.addEventListener("input", (event) => {
    const form = event.target.closest("form[data-places-filter]");
    if (!form) return;
    clearTimeout(typing);
    typing = setTimeout(() => show(formURL(form), "replace"), 350);
  });
  page.addEventListener("change", (event) => {
    const form = event.target.closest("form[data-places-filter]");
    if (form && event.target.matches("select")) { show(formURL(form), true); return; }
    const rating = event.target.closest("form[data-places-form=rate]");
    if (rating && event.target.matches("input[type=radio]")) send(rating);
  });

  // Save, unsave and rate without a reload (JSON answers); anything unexpected falls back to the form.
  async function send(form) {
    const body = new URLSearchParams(new FormData(form));
    try {
      const response = await fetch(form.getAttribute("action"), {
        method: "POST", body, credentials: "same-origin",
        headers: { Accept: "application/json", "Content-Type": "application/x-www-form-urlencoded" },
      });
      const answer = await response.json();
      if (!response.ok) { announce(answer.error ? answer.error.message : ""); return; }
      const kind = form.dataset.placesForm;
      if (kind === "save") {
        const button = form.querySelector("button.heart");
        const saved = answer.done === "saved";
        button.setAttribute("aria-pressed", saved ? "true" : "false");
        button.querySelector("span").textContent = saved ? "♥" : "♡";
        form.querySelector("input[name=do]").value = saved ? "unsave" : "save";
      } else if (kind === "rate") {
        const chosen = Number((form.querySelector("input[type=radio]:checked") || {}).value || 0);
        form.querySelectorAll(".stars label").forEach((label, index) => {
          label.classList.toggle("is-on", index < chosen);
          label.querySelector("span").textContent = index < chosen ? "★" : "☆";
        });
      }
      announce(answer.message);
    } catch (error) {
      form.submit();
    }
  }
  page.addEventListener("submit", (event) => {
    const form = event.target;
    if (form.matches("form[data-places-filter]")) {
      event.preventDefault();
      clearTimeout(typing);
      show(formURL(form), true);
    } else if (form.matches("form[data-places-form]")) {
      event.preventDefault();
      send(form);
    }
  });

  // Back and forward between filter states; a jump to a card or pin (#fragment) only changes the hash.
  let shown = window.location.pathname + window.location.search;
  window.addEventListener("popstate", () => {
    const target = window.location.pathname + window.location.search;
    if (target !== shown) { shown = target; show(target, false); }
  });
})();
