// Club Weekly page script: the TV board's rotation (every 20 s), remote/keyboard navigation and live refresh when
// new activities arrive; the progress of a background import on the settings page. The dashboard's tabs, pickers
// and sorting come from the shared webui.js.
"use strict";
(function () {
  function tv() {
    const body = document.body;
    if (!body.classList.contains("tv")) return;
    const seconds = Number(body.dataset.rotateSeconds || 20);
    let timer;

    function show(view, focus) {
      document.querySelectorAll(".tv-tabs [data-view]").forEach((tab) => {
        const active = tab.dataset.view === view;
        tab.setAttribute("aria-selected", active ? "true" : "false");
        tab.tabIndex = active ? 0 : -1;
        if (active && focus) tab.focus();
      });
      document.querySelectorAll(".tv-view").forEach((panel) => {
        panel.classList.toggle("is-active", panel.id === "tv-" + view);
      });
      body.dataset.view = view;
    }
    function current() { return body.dataset.view || "stats"; }
    function other() { return current() === "stats" ? "rides" : "stats"; }
    function restart() {
      clearInterval(timer);
      timer = setInterval(() => show(other(), false), seconds * 1000);
    }
    function wire() {
      document.querySelectorAll(".tv-tabs [data-view]").forEach((tab) => {
        tab.addEventListener("click", () => { show(tab.dataset.view, true); restart(); });
      });
      show(current(), false);
    }
    document.addEventListener("keydown", (event) => {
      if (["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown"].includes(event.key)) {
        event.preventDefault();
        show(other(), true);
        restart();
      } else if (event.key === " " || event.key === "MediaPlayPause") {
        event.preventDefault();
        if (timer) { clearInterval(timer); timer = null; } else restart();
      }
    });

    let version = body.dataset.dataVersion;
    let polling = false;
    async function poll() {
      if (polling) return;
      polling = true;
      const options = { cache: "no-store", credentials: "same-origin" };
      if (window.AbortSignal && AbortSignal.timeout) options.signal = AbortSignal.timeout(10000);
      try {
        const response = await fetch(body.dataset.versionUrl, options);
        if (!response.ok) return;
        document.documentElement.dataset.offline = "false";
        const data = await response.json();
        // A new week redraws the board even when no ride has arrived yet.
        const latest = String(data.version) + "/" + String(data.week);
        if (latest !== version) {
          const board = await fetch(body.dataset.boardUrl, options);
          if (!board.ok) return;
          const view = current();
          document.getElementById("board").innerHTML = await board.text();
          version = latest;
          body.dataset.dataVersion = latest;
          wire();
          show(view, false);
          document.dispatchEvent(new CustomEvent("tv:refreshed"));
        }
      } catch (error) {
        /* offline or timed out: keep showing the last board */
      } finally {
        polling = false;
      }
    }
    wire();
    restart();
    setInterval(poll, 15000);
    // A long-running TV reloads once a day so it picks up new weeks and new code.
    setTimeout(() => location.reload(), 24 * 3600 * 1000);
    window.ClubWeeklyTV = { show: show, poll: poll };
  }
  document.addEventListener("DOMContentLoaded", tv);

  // Settings: while a large import runs, poll its status and move the progress bar; once it has finished, load the
  // page with its report. (Without JavaScript the page reloads itself every few seconds instead.)
  function importProgress() {
    const body = document.body;
    const url = body.dataset.importStatusUrl;
    if (!url) return;
    const bar = document.getElementById("import-progress");
    const text = document.getElementById("import-progress-text");
    async function poll() {
      try {
        const options = { cache: "no-store", credentials: "same-origin" };
        if (window.AbortSignal && AbortSignal.timeout) options.signal = AbortSignal.timeout(10000);
        const response = await fetch(url, options);
        if (response.ok) {
          const status = await response.json();
          if (status.status === "done" || status.status === "failed") {
            location.replace(body.dataset.importPageUrl);
            return;
          }
          if (bar && status.rowsTotal > 0) {
            bar.max = status.rowsTotal;
            bar.value = status.rowsDone;
          }
          if (text && status.status === "running") {
            text.textContent = status.rowsDone + " of " + status.rowsTotal + " rows read";
          }
        }
      } catch (error) {
        /* offline or timed out: try again */
      }
      setTimeout(poll, 2000);
    }
    setTimeout(poll, 1000);
  }
  document.addEventListener("DOMContentLoaded", importProgress);
})();
