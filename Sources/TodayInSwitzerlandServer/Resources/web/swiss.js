// Today in Switzerland: small enhancements over pages that work without JavaScript.
"use strict";
(function () {
  document.documentElement.classList.add("js");
  const body = document.body;
  // Offline copies and the widget read the last settings from here.
  try {
    localStorage.setItem("swiss.city", body.dataset.city || "zurich");
    localStorage.setItem("swiss.lang", body.dataset.lang || "en");
    const theme = document.documentElement.dataset.theme || "system";
    localStorage.setItem("swiss.theme", theme);
  } catch (e) { /* storage may be disabled */ }

  // The city picker submits itself on change.
  document.querySelectorAll("select[data-autosubmit]").forEach((select) => {
    select.addEventListener("change", () => select.form && select.form.submit());
  });

  // Map ↔ list: a pin scrolls to its card and highlights it; a card's "on the map" link highlights its pin.
  function highlight(element) {
    if (!element) return;
    element.classList.add("is-highlighted");
    setTimeout(() => element.classList.remove("is-highlighted"), 2000);
  }
  const smooth = window.matchMedia("(prefers-reduced-motion: no-preference)").matches ? "smooth" : "auto";
  document.addEventListener("click", (event) => {
    const pin = event.target.closest && event.target.closest("a.map-pin");
    if (pin) {
      const card = document.getElementById(pin.dataset.card || "");
      if (card) {
        event.preventDefault();
        document.querySelectorAll("a.map-pin.is-active").forEach((p) => p.classList.remove("is-active"));
        pin.classList.add("is-active");
        card.scrollIntoView({ behavior: smooth, block: "center" });
        highlight(card);
        const focusable = card.querySelector("a, button, summary") || card;
        if (focusable === card) card.setAttribute("tabindex", "-1");
        focusable.focus({ preventScroll: true });
      }
      return;
    }
    const toPin = event.target.closest && event.target.closest("a[data-pin]");
    if (toPin) {
      const target = document.getElementById(toPin.dataset.pin);
      if (target) {
        event.preventDefault();
        document.querySelectorAll("a.map-pin.is-active").forEach((p) => p.classList.remove("is-active"));
        target.classList.add("is-active");
        (target.closest("figure") || target).scrollIntoView({ behavior: smooth, block: "center" });
        target.focus({ preventScroll: true });
      }
    }
  });
})();
