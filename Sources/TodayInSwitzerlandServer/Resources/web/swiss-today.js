// Today page: the news tabs switch without a reload (the links still work without JavaScript); the widget reloads
// itself every few minutes while visible.
(function () {
  "use strict";
  var tabs = document.querySelectorAll(".today-tabs a[data-tab]");
  tabs.forEach(function (tab) {
    tab.addEventListener("click", function (event) {
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      var key = tab.getAttribute("data-tab");
      var panel = document.querySelector('[data-tab-panel="' + key + '"]');
      if (!panel) return;
      event.preventDefault();
      document.querySelectorAll("[data-tab-panel]").forEach(function (p) { p.hidden = p !== panel; });
      tabs.forEach(function (t) {
        if (t === tab) t.setAttribute("aria-current", "page"); else t.removeAttribute("aria-current");
      });
      if (window.history && history.replaceState) history.replaceState(null, "", tab.getAttribute("href"));
    });
  });
  // The briefing's ×: hidden for the rest of the Swiss day (the original's briefingDismissed).
  var briefing = document.getElementById("briefing");
  if (briefing) {
    var day = briefing.getAttribute("data-day");
    var stored = null;
    try { stored = localStorage.getItem("swissBriefingDismissed"); } catch (e) { stored = null; }
    if (stored === day) {
      briefing.hidden = true;
    } else {
      var dismiss = briefing.querySelector(".today-dismiss");
      if (dismiss) {
        dismiss.hidden = false;
        dismiss.addEventListener("click", function () {
          briefing.hidden = true;
          try { localStorage.setItem("swissBriefingDismissed", day); } catch (e) { /* private mode: hide once */ }
          var next = document.querySelector(".today-tabs a[aria-current]");
          if (next) next.focus();
        });
      }
    }
  }
  var widget = document.querySelector("[data-refresh-seconds]");
  if (widget) {
    var seconds = parseInt(widget.getAttribute("data-refresh-seconds"), 10) || 300;
    setInterval(function () { if (!document.hidden) location.reload(); }, seconds * 1000);
  }
})();
