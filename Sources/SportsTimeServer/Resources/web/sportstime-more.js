// SportsTime: the venue filter of the visit form, live poll tallies and sharing, the tour job's progress bar.
"use strict";
(function () {
  // A search box that hides the options of a <select> that do not match.
  document.querySelectorAll("[data-filter-select]").forEach((box) => {
    const select = document.getElementById(box.getAttribute("data-filter-select"));
    if (!select) return;
    box.addEventListener("input", () => {
      const words = box.value.trim().toLowerCase();
      Array.from(select.options).forEach((option) => {
        option.hidden = option.value !== "" && words !== "" && !option.text.toLowerCase().includes(words);
      });
    });
  });

  // A poll's tally: fetch the page again every 15 s and swap the results in.
  const tally = document.querySelector("[data-live-tally]");
  if (tally) {
    setInterval(() => {
      if (document.hidden) return;
      fetch(window.location.pathname, { credentials: "same-origin", headers: { Accept: "text/html" } })
        .then((response) => (response.ok ? response.text() : null))
        .then((html) => {
          if (!html) return;
          const fresh = new DOMParser().parseFromString(html, "text/html").querySelector("[data-live-tally]");
          if (fresh) tally.innerHTML = fresh.innerHTML;
        })
        .catch(() => {});
    }, 15000);
  }
  document.querySelectorAll("[data-share-url]").forEach((button) => {
    if (!navigator.share) return;
    button.hidden = false;
    button.addEventListener("click", () => {
      navigator.share({ title: document.title, url: button.getAttribute("data-share-url") }).catch(() => {});
    });
  });

  // The tour job: poll its status every 2 s; reload when it is done.
  const job = document.querySelector("[data-tour-status]");
  if (job) {
    const bar = job.querySelector("progress");
    const text = job.querySelector("[data-tour-message]");
    const poll = () => {
      fetch(job.getAttribute("data-tour-status"), { credentials: "same-origin" })
        .then((response) => response.json())
        .then((status) => {
          if (bar && typeof status.progress === "number") bar.value = status.progress;
          if (text && status.message) text.textContent = status.message;
          if (status.state === "done" || status.state === "failed") window.location.reload();
          else setTimeout(poll, 2000);
        })
        .catch(() => setTimeout(poll, 5000));
    };
    setTimeout(poll, 1500);
  }
})();
