// JustZone2's pages of past rides: upload state refresh, drag-and-drop import, trim handles on the ride chart.
"use strict";
(function () {
  // A ride being uploaded: look again every 3 s (at most 20 times), so "View on Strava" appears on its own.
  var uploading = document.querySelector("[data-refresh-while='uploading']");
  if (uploading) {
    var key = "jz2-upload-refresh:" + location.pathname;
    var count = Number(sessionStorage.getItem(key) || "0");
    if (count < 20) {
      sessionStorage.setItem(key, String(count + 1));
      setTimeout(function () { location.reload(); }, 3000);
    }
  } else {
    try { sessionStorage.removeItem("jz2-upload-refresh:" + location.pathname); } catch (e) { /* private mode */ }
  }

  // Import: files dropped on the zone (or chosen) are sent one by one; each gets its line of result.
  var form = document.getElementById("import-form");
  var zone = document.querySelector("[data-drop-zone]");
  var results = document.querySelector(".js-results");
  function report(item) {
    var li = document.createElement("li");
    li.className = "import-" + (item.outcome || "refused");
    var strong = document.createElement("strong");
    strong.textContent = item.file;
    li.appendChild(strong);
    li.appendChild(document.createTextNode(": "));
    if (item.url) {
      var a = document.createElement("a");
      a.href = item.url;
      a.textContent = item.message;
      li.appendChild(a);
    } else {
      li.appendChild(document.createTextNode(item.message));
    }
    results.appendChild(li);
  }
  function send(files) {
    var chain = Promise.resolve();
    Array.prototype.forEach.call(files, function (file) {
      chain = chain.then(function () {
        var data = new FormData();
        data.append("files", file, file.name);
        return fetch(form.action, { method: "POST", body: data, headers: { Accept: "application/json" }, credentials: "same-origin" })
          .then(function (response) { return response.json(); })
          .then(function (body) {
            if (body.error) { report({ file: file.name, outcome: "refused", message: body.error }); }
            (body.results || []).forEach(report);
          })
          .catch(function () { report({ file: file.name, outcome: "refused", message: "could not be sent; try again." }); });
      });
    });
    return chain;
  }
  if (form && zone && results && window.fetch && window.FormData) {
    ["dragenter", "dragover"].forEach(function (name) {
      zone.addEventListener(name, function (event) { event.preventDefault(); zone.classList.add("is-over"); });
    });
    ["dragleave", "drop"].forEach(function (name) {
      zone.addEventListener(name, function () { zone.classList.remove("is-over"); });
    });
    zone.addEventListener("drop", function (event) {
      event.preventDefault();
      if (event.dataTransfer && event.dataTransfer.files.length) { send(event.dataTransfer.files); }
    });
    form.addEventListener("submit", function (event) {
      var input = form.querySelector("input[type=file]");
      if (!input || !input.files.length) { return; }
      event.preventDefault();
      send(input.files).then(function () { input.value = ""; });
    });
  }

  // Trim: press or drag on the chart to move the nearer end of the kept part; the form saves it.
  var trimForm = document.querySelector("form[data-trim-chart]");
  var figure = trimForm && document.getElementById(trimForm.getAttribute("data-trim-chart"));
  var svg = figure && figure.querySelector("svg");
  if (trimForm && figure && svg) {
    var startInput = trimForm.querySelector("input[name=start]");
    var endInput = trimForm.querySelector("input[name=end]");
    var t0 = Number(figure.dataset.start), t1 = Number(figure.dataset.end);
    var left = Number(figure.dataset.left), right = Number(figure.dataset.right), width = Number(figure.dataset.width);
    var ns = "http://www.w3.org/2000/svg";
    function clock(s) {
      s = Math.max(0, Math.round(s));
      var h = Math.floor(s / 3600), m = Math.floor(s % 3600 / 60), r = s % 60;
      var mm = h ? String(m).padStart(2, "0") : String(m);
      return (h ? h + ":" : "") + mm + ":" + String(r).padStart(2, "0");
    }
    function seconds(text) {
      var parts = String(text).split(":").map(Number);
      if (parts.some(isNaN)) { return null; }
      return parts.reduce(function (a, b) { return a * 60 + b; }, 0);
    }
    function handle() {
      var line = document.createElementNS(ns, "line");
      line.setAttribute("class", "trim-handle");
      line.setAttribute("y1", "12");
      line.setAttribute("y2", "224");
      svg.appendChild(line);
      return line;
    }
    var startLine = handle(), endLine = handle();
    function x(t) { return left + (right - left) * (t - t0) / (t1 - t0); }
    function draw() {
      var s = seconds(startInput.value), e = seconds(endInput.value);
      if (s !== null) { startLine.setAttribute("x1", x(s)); startLine.setAttribute("x2", x(s)); }
      if (e !== null) { endLine.setAttribute("x1", x(e)); endLine.setAttribute("x2", x(e)); }
    }
    function timeAt(event) {
      var box = svg.getBoundingClientRect();
      var vx = (event.clientX - box.left) / box.width * width;
      return Math.min(t1, Math.max(t0, t0 + (vx - left) / (right - left) * (t1 - t0)));
    }
    var dragging = null;
    svg.addEventListener("pointerdown", function (event) {
      var t = timeAt(event);
      var s = seconds(startInput.value) || t0, e = seconds(endInput.value) || t1;
      dragging = Math.abs(t - s) <= Math.abs(t - e) ? startInput : endInput;
      dragging.value = clock(t);
      draw();
      svg.setPointerCapture(event.pointerId);
    });
    svg.addEventListener("pointermove", function (event) {
      if (!dragging) { return; }
      dragging.value = clock(timeAt(event));
      draw();
    });
    ["pointerup", "pointercancel"].forEach(function (name) {
      svg.addEventListener(name, function () { dragging = null; });
    });
    startInput.addEventListener("input", draw);
    endInput.addEventListener("input", draw);
    draw();
  }
})();

// Start form: a browser without Web Bluetooth (Safari, Firefox, iOS, or plain http on a LAN address) can only ride
// the simulator; say so and pick it, so "Start ride" works as is.
(function () {
  var hint = document.getElementById("bluetooth-hint");
  var simulator = document.querySelector(".start-form input[name=source][value=simulator]");
  if (!hint || !simulator) { return; }
  var secure = window.isSecureContext;
  if ("bluetooth" in navigator && secure) { return; }
  simulator.checked = true;
  hint.classList.add("notice", "notice-info");
  hint.setAttribute("role", "status");
  hint.firstChild.textContent = secure
    ? "This browser can't connect to a trainer. Use Chrome or Edge on a computer or an Android phone, or ride the simulator here. "
    : "Bluetooth needs a secure page (https, or localhost). Open JustZone2 over https to ride your trainer, or ride the simulator here. ";
})();

// Summary: upload to Strava on its own after a countdown (as the original app), unless the rider cancels.
(function () {
  var note = document.querySelector("[data-auto-upload]");
  if (!note) { return; }
  var form = note.parentNode.querySelector("form");
  if (!form) { return; }
  var left = Number(note.getAttribute("data-auto-upload")) || 10;
  var text = document.createElement("span");
  var cancel = document.createElement("button");
  cancel.type = "button";
  cancel.className = "button secondary";
  cancel.textContent = "Don't upload";
  note.appendChild(text);
  note.appendChild(document.createTextNode(" "));
  note.appendChild(cancel);
  function show() { text.textContent = "Uploading to Strava in " + left + " s…"; }
  show();
  var timer = setInterval(function () {
    left -= 1;
    if (left <= 0) { clearInterval(timer); text.textContent = "Uploading to Strava…"; cancel.remove(); form.submit(); return; }
    show();
  }, 1000);
  cancel.addEventListener("click", function () {
    clearInterval(timer);
    text.textContent = "Not uploaded. You can upload it whenever you like.";
    cancel.remove();
  });
})();
