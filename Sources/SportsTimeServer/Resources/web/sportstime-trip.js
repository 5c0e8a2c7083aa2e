// SportsTime trip pages: copy buttons, print, live map highlight of the day in view or in focus, and reordering own
// stops by drag and drop or the keyboard (Alt+↑/↓), posting the same forms the Up/Down buttons send.
"use strict";
(function () {
  // Links shown as paths become whole addresses, ready to paste anywhere.
  document.querySelectorAll("input[data-absolute]").forEach((input) => {
    input.value = new URL(input.value, location.href).href;
  });
  // Opening another identity's trips: the offline copies of this one's pages go first.
  document.querySelectorAll("form[data-clear-offline]").forEach((form) => {
    form.addEventListener("submit", () => {
      if (navigator.serviceWorker && navigator.serviceWorker.controller) navigator.serviceWorker.controller.postMessage("clear");
    });
  });
  // Copy buttons: data-copy names the input to copy.
  document.querySelectorAll("[data-copy]").forEach((button) => {
    button.addEventListener("click", () => {
      const input = document.getElementById(button.getAttribute("data-copy"));
      if (!input) return;
      const status = document.querySelector(".copy-status");
      const done = () => { button.textContent = "Copied"; if (status) status.textContent = "Link copied."; };
      if (navigator.clipboard && window.isSecureContext) {
        navigator.clipboard.writeText(input.value).then(done, () => { input.select(); document.execCommand("copy"); done(); });
      } else {
        input.select();
        document.execCommand("copy");
        done();
      }
    });
  });
  document.querySelectorAll("[data-print]").forEach((button) => button.addEventListener("click", () => window.print()));

  // After forgetting the device or deleting the data, drop the pages the service worker kept for offline reading.
  if (/[?&]done=(forgot|deleted)/.test(location.search) && navigator.serviceWorker && navigator.serviceWorker.controller) {
    navigator.serviceWorker.controller.postMessage("clear");
  }

  // Map highlight: the marker of the day hovered, focused or targeted gets .is-active, and the day card too.
  const map = document.getElementById("trip-map");
  function highlight(day) {
    document.querySelectorAll(".trip-day.is-active").forEach((el) => el.classList.remove("is-active"));
    if (!map) return;
    map.querySelectorAll(".is-active").forEach((el) => el.classList.remove("is-active"));
    if (!day) return;
    map.querySelectorAll('a[href="#day-' + day + '"] .map-marker').forEach((el) => el.classList.add("is-active"));
  }
  document.querySelectorAll(".trip-day").forEach((card) => {
    const day = card.getAttribute("data-day");
    card.addEventListener("mouseenter", () => highlight(day));
    card.addEventListener("focusin", () => highlight(day));
    card.addEventListener("mouseleave", () => highlight(null));
  });
  if (map) {
    map.querySelectorAll("a[href^='#day-']").forEach((link) => {
      link.addEventListener("click", () => {
        const day = link.getAttribute("href").slice(5);
        highlight(day);
        const card = document.getElementById("day-" + day);
        if (card) { card.classList.add("is-active"); setTimeout(() => card.focus({ preventScroll: true }), 0); }
      });
    });
  }

  // Reordering own stops on the edit page: the Up/Down forms, sent with fetch and the page refreshed in place.
  const days = document.querySelector("[data-edit-trip]");
  if (!days) return;
  const status = document.getElementById("edit-status");
  async function send(form) {
    const body = new URLSearchParams(new FormData(form));
    const response = await fetch(form.action, { method: "POST", body: body, credentials: "same-origin", redirect: "follow" });
    const html = await response.text();
    const doc = new DOMParser().parseFromString(html, "text/html");
    const fresh = doc.querySelector("[data-edit-trip]");
    const freshStatus = doc.getElementById("edit-status");
    if (fresh) days.replaceWith(fresh);
    if (freshStatus && status) status.innerHTML = freshStatus.innerHTML;
    return response.ok;
  }
  function moveForm(item, direction) {
    return item.querySelector('.move-form button[data-move="' + direction + '"]');
  }
  document.addEventListener("keydown", (event) => {
    if (!event.altKey || (event.key !== "ArrowUp" && event.key !== "ArrowDown")) return;
    const item = event.target.closest && event.target.closest("[data-movable]");
    if (!item) return;
    const button = moveForm(item, event.key === "ArrowUp" ? "up" : "down");
    if (!button) return;
    event.preventDefault();
    const id = item.id;
    send(button.form).then(() => {
      const again = document.getElementById(id);
      const focus = again && moveForm(again, event.key === "ArrowUp" ? "up" : "down");
      if (focus) focus.focus();
      wire();
    });
  });
  document.addEventListener("submit", (event) => {
    const form = event.target;
    if (!form.classList || !form.classList.contains("move-form")) return;
    event.preventDefault();
    const id = form.closest("[data-movable]") && form.closest("[data-movable]").id;
    const direction = form.querySelector("button").getAttribute("data-move");
    send(form).then(() => {
      const again = id && document.getElementById(id);
      const focus = again && moveForm(again, direction);
      if (focus) focus.focus();
      wire();
    });
  });
  // Drag and drop: dropping a stop on another entry moves it step by step until it is there.
  let dragged = null;
  function wire() {
    document.querySelectorAll("[data-movable]").forEach((item) => {
      item.setAttribute("draggable", "true");
      item.addEventListener("dragstart", () => { dragged = item; item.classList.add("is-dragging"); });
      item.addEventListener("dragend", () => { item.classList.remove("is-dragging"); dragged = null; });
    });
    document.querySelectorAll(".day-items > li").forEach((target) => {
      target.addEventListener("dragover", (event) => { if (dragged) { event.preventDefault(); target.classList.add("is-drop-target"); } });
      target.addEventListener("dragleave", () => target.classList.remove("is-drop-target"));
      target.addEventListener("drop", async (event) => {
        event.preventDefault();
        target.classList.remove("is-drop-target");
        if (!dragged || dragged === target) return;
        const list = Array.from(target.parentElement.children);
        if (!list.includes(dragged)) return;
        const steps = list.indexOf(target) - list.indexOf(dragged);
        const direction = steps < 0 ? "up" : "down";
        const id = dragged.id;
        for (let i = 0; i < Math.abs(steps); i++) {
          const item = document.getElementById(id);
          const button = item && moveForm(item, direction);
          if (!button || !(await send(button.form))) break;
        }
        wire();
      });
    });
  }
  wire();
})();
