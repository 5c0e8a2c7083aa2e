// JustZone2 ride page: the display from `state` frames (radio.js owns the socket), commands as `cmd` frames,
// keyboard shortcuts (the `zone2 ride` keys), the screen wake lock, HR and W in the tab title, "reconnecting…".
// Without JavaScript the page is read-only, refreshes itself, and its buttons post forms.
"use strict";
(function () {
  var body = document.body;
  var radio = window.zone2Radio;
  var $ = function (id) { return document.getElementById(id); };
  var baseTitle = document.title;
  var last = null;
  var chart = $("ride-chart");
  var points = [];
  if (chart && chart.dataset.points) {
    chart.dataset.points.split(";").forEach(function (item) {
      var parts = item.split(",");
      if (parts.length === 3) points.push({ t: +parts[0], p: parts[1] === "" ? null : +parts[1], h: parts[2] === "" ? null : +parts[2] });
    });
  }

  function clock(seconds) {
    var total = Math.max(0, Math.floor(seconds || 0)), h = Math.floor(total / 3600), m = Math.floor(total / 60) % 60, s = total % 60;
    var mm = (h > 0 && m < 10 ? "0" : "") + m, ss = (s < 10 ? "0" : "") + s;
    return (h > 0 ? h + ":" : "") + mm + ":" + ss;
  }
  var PHASES = { warmUp: "Warm-up", main: "Interval", coolDown: "Cool-down", finished: "Done" };
  function heartClass(bpm, lower, upper) {
    if (bpm == null || lower == null || upper == null) return "hr-none";
    return bpm < lower ? "hr-below" : bpm > upper ? "hr-above" : "hr-in";
  }
  function setReadout(key, value, label) {
    var tile = document.querySelector('[data-readout="' + key + '"]');
    if (!tile) return tile;
    var v = tile.querySelector(".value");
    if (v && v.textContent !== value) v.textContent = value;
    if (label) { var l = tile.querySelector(".readout-label"); if (l) l.textContent = label; }
    return tile;
  }
  function setLink(key, up) {
    var item = document.querySelector('[data-link="' + key + '"]');
    if (!item) return;
    var mark = up === true ? "up" : up === false ? "down" : "none";
    item.className = "link link-" + mark;
    var word = item.querySelector(".link-word");
    if (word) word.textContent = up === true ? "connected" : up === false ? (key === "server" ? "reconnecting…" : "not connected") : "not used";
  }

  // The chart: the same geometry as the server's (LiveChart.swift).
  var W = 600, H = 200;
  function yHeart(bpm) { return H - Math.min(1, Math.max(0, (bpm - 60) / 140)) * H; }
  function draw(state) {
    if (!chart) return;
    var total = (state.snapshot && state.snapshot.total) || +chart.dataset.total || 1;
    var top = +chart.dataset.powerTop || 300;
    var highest = 0;
    points.forEach(function (p) { if (p.p != null && p.p > highest) highest = p.p; });
    if (highest * 1.1 > top) { top = Math.ceil(highest * 1.2 / 50) * 50; chart.dataset.powerTop = top; }
    function x(t) { return Math.min(W, t / total * W).toFixed(1); }
    var power = [], heart = [];
    points.forEach(function (p) {
      if (p.p != null) power.push(x(p.t) + "," + (H - Math.min(1, p.p / top) * H).toFixed(1));
      if (p.h != null) heart.push(x(p.t) + "," + yHeart(p.h).toFixed(1));
    });
    chart.querySelector(".power-line").setAttribute("points", power.join(" "));
    chart.querySelector(".heart-line").setAttribute("points", heart.join(" "));
    var band = chart.querySelector(".zone-band");
    if (state.zoneLower != null && state.zoneUpper != null) {
      if (!band) {
        band = document.createElementNS("http://www.w3.org/2000/svg", "rect");
        band.setAttribute("class", "zone-band");
        band.setAttribute("x", "0");
        band.setAttribute("width", String(W));
        chart.insertBefore(band, chart.querySelector(".power-line"));
      }
      band.setAttribute("y", yHeart(state.zoneUpper).toFixed(1));
      band.setAttribute("height", (yHeart(state.zoneLower) - yHeart(state.zoneUpper)).toFixed(1));
    }
  }

  function render(state) {
    if (!state) return;
    if (state.status !== "live") {
      if (state.next) { location.assign(state.next); } else { location.reload(); }
      return;
    }
    var s = state.snapshot || {};
    if (!last || s.elapsed !== (last.snapshot || {}).elapsed) {
      if (s.elapsed != null && (s.power != null || s.heartRate != null)) {
        points.push({ t: s.elapsed, p: s.power == null ? null : s.power, h: s.heartRate == null ? null : s.heartRate });
        if (points.length > 1200) points = points.filter(function (_, i) { return i % 2 === 0; });
      }
    }
    last = state;
    setReadout("power", s.power == null ? "--" : String(s.power));
    var heart = setReadout("heart", s.heartRate == null ? "--" : String(s.heartRate));
    if (heart) heart.className = "readout readout-heart big " + heartClass(s.heartRate, state.zoneLower, state.zoneUpper);
    setReadout("target", s.target == null ? "--" : String(s.target));
    setReadout("cadence", s.cadence == null ? "--" : String(s.cadence));
    setReadout("elapsed", clock(s.elapsed));
    setReadout("remaining", clock(s.phaseRemaining), (PHASES[s.phase] || "Phase") + " left");
    var progress = $("ride-progress");
    if (progress) { progress.max = Math.max(1, s.total || 1); progress.value = s.elapsed || 0; }
    var zone = $("ride-zone");
    if (zone) {
      zone.textContent = state.zoneLower == null ? (state.mode === "hr" ? "" : "ERG mode. Set your zones to see heart rate against Zone 2.")
        : (state.mode === "hr" ? "Zone targeting: " : "ERG mode · Zone 2: ") + state.zoneLower + "–" + state.zoneUpper + " bpm";
    }
    var server = document.querySelector('[data-link="server"] .link-word');
    if (server && socketUp) {
      server.textContent = state.radioPingMs > 300 ? "slow (" + state.radioPingMs + " ms): control may lag" : "connected";
    }
    setLink("trainer", s.trainerConnected);
    setLink("strap", s.strapConnected == null ? null : s.strapConnected);
    var message = $("ride-message");
    var text = state.message || (state.source === "bridge" && !state.radio ? "No tab holds the Bluetooth links: the ride goes on, recording gaps." : "");
    if (s.isPaused && !state.message) text = "Paused.";
    if (message && message.textContent !== text) message.textContent = text;
    // Buttons follow the ride: pause/resume, the step's unit, the mode switch.
    var hr = state.mode === "hr", step = hr ? 1 : 5, unit = hr ? " bpm" : " W";
    button("cmd-down", "adjust", String(-step), "−" + step + unit);
    button("cmd-up", "adjust", String(step), "+" + step + unit);
    button("cmd-pause", s.isPaused ? "resume" : "pause", "", s.isPaused ? "Resume" : "Pause");
    button("cmd-mode", "mode", hr ? "0" : "1", hr ? "Switch to ERG" : "Zone targeting");
    document.title = (s.isPaused ? "⏸ " : "") + (s.heartRate == null ? "--" : s.heartRate) + " bpm · " + (s.power == null ? "--" : s.power) + " W · " + baseTitle;
    draw(state);
  }

  function button(id, action, value, label) {
    var b = $(id);
    if (!b) return;
    b.dataset.action = action;
    b.dataset.value = value;
    if (b.textContent !== label) b.textContent = label;
    var form = b.form;
    if (form) {
      form.querySelector('[name="action"]').value = action;
      var v = form.querySelector('[name="value"]');
      if (v) v.value = value;
    }
  }

  function command(action, value) {
    if (radio && radio.command(action, value === "" || value == null ? null : +value)) return true;
    return false;
  }

  // Forms go over the socket when it is up (no reload); otherwise they post as without JavaScript.
  document.querySelectorAll(".command-form").forEach(function (form) {
    form.addEventListener("submit", function (event) {
      var b = form.querySelector("button");
      if (command(b.dataset.action, b.dataset.value)) {
        event.preventDefault();
        if (b.dataset.action === "stop") { var d = form.closest("details"); if (d) d.open = false; }
      }
    });
  });

  // Keys: ↑ + = k raise, ↓ - _ j lower, space or p pause/resume, l lap, q end (asks first).
  document.addEventListener("keydown", function (event) {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    var target = event.target;
    if (target && (target.tagName === "INPUT" || target.tagName === "TEXTAREA" || target.tagName === "SELECT" || target.isContentEditable)) return;
    var hr = last && last.mode === "hr", step = hr ? 1 : 5, key = event.key;
    var done = true;
    if (key === "ArrowUp" || key === "+" || key === "=" || key === "k") command("adjust", step);
    else if (key === "ArrowDown" || key === "-" || key === "_" || key === "j") command("adjust", -step);
    else if (key === " " || key === "p" || key === "P") { if (target && target.tagName === "BUTTON") return; command("toggle"); }
    else if (key === "l" || key === "L") command("lap");
    else if (key === "q" || key === "Q") { var d = document.querySelector(".end-ride"); if (d) { d.open = true; var b = $("cmd-stop"); if (b) b.focus(); } }
    else done = false;
    if (done) event.preventDefault();
  });

  // Link and role.
  document.addEventListener("zone2:state", function (event) { render(event.detail); });
  var socketUp = false;
  document.addEventListener("zone2:link", function (event) {
    socketUp = event.detail.server;
    var banner = $("reconnecting");
    if (banner) banner.hidden = event.detail.server || event.detail.over;
    setLink("server", event.detail.server);
  });
  document.addEventListener("zone2:role", function (event) {
    var bar = $("viewer-bar");
    if (bar) bar.hidden = !(body.dataset.source === "bridge" && event.detail.role === "viewer");
    var take = $("take-over");
    if (take) take.disabled = !event.detail.canRadio && !(radio && radio.hasBluetooth);
  });
  document.addEventListener("zone2:notice", function (event) {
    var message = $("ride-message");
    if (message) message.textContent = event.detail.text;
  });
  var pairBar = $("pair-bar");
  // The bar asks for what is missing: the trainer first (the ride waits for it), the strap as an option.
  var missing = {};
  function pairText() {
    var text = $("pair-text");
    if (!text) return;
    text.textContent = missing.trainer === "again" ? "The trainer does not answer. Reconnect it:"
      : missing.trainer ? "Choose your trainer to start riding."
      : "No heart-rate strap: pair one if you have it (optional).";
    var trainerButton = $("pair-trainer"), strapButton = $("pair-strap");
    if (trainerButton) trainerButton.hidden = !missing.trainer;
    if (strapButton) strapButton.hidden = !missing.hrm;
  }
  document.addEventListener("zone2:pair", function (event) {
    if (!pairBar) return;
    missing[event.detail.dev] = event.detail.again ? "again" : true;
    pairBar.hidden = false;
    pairText();
  });
  document.addEventListener("zone2:paired", function (event) {
    delete missing[event.detail.dev];
    if (pairBar) pairBar.hidden = !missing.trainer && !missing.hrm;
    pairText();
  });
  ["trainer", "strap"].forEach(function (name) {
    var b = $("pair-" + name);
    if (b) b.addEventListener("click", function () { if (radio) radio.choose(name === "strap" ? "hrm" : "trainer"); });
  });
  var take = $("take-over");
  if (take) take.addEventListener("click", function () { if (radio) radio.takeOver(); });
  if (body.dataset.source === "bridge" && radio && !radio.hasBluetooth) {
    var message = $("ride-message");
    if (message) message.textContent = "This browser can't connect to a trainer. Use Chrome or Edge on a computer or an Android phone. This tab shows the ride.";
  }

  // Screen wake lock: held while riding, asked again whenever the page is visible again.
  var lock = null;
  function wake() {
    if (!("wakeLock" in navigator) || document.visibilityState !== "visible" || lock) return;
    navigator.wakeLock.request("screen").then(function (l) {
      lock = l;
      l.addEventListener("release", function () { lock = null; });
    }, function () { /* refused: battery saver */ });
  }
  document.addEventListener("visibilitychange", wake);
  wake();
  // The keys' line says what works here.
  var keys = $("ride-keys");
  if (keys) keys.hidden = false;
})();
