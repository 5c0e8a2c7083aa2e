// JustZone2 radio: the browser side of the Web Bluetooth bridge (notes/justzone2-web.md §2–§3).
// The server runs the ride; this page is only the radio. It chooses devices (a click opens the browser's chooser),
// carries out the GATT operations the server asks for, one at a time per device, and relays notifications in order.
// On the pair page it shows each device's sign of life without a server.
"use strict";
(function () {
  var body = document.body;
  var isPair = body.dataset.page === "pair";
  var hasBluetooth = "bluetooth" in navigator && !!navigator.bluetooth;

  // --- Devices -------------------------------------------------------------------------------------------------
  var SPEC = {
    trainer: {
      filters: [{ services: [0x1826] }], optional: [0x1818, 0x180f, 0x180a],
      services: { "1826": ["2AD2", "2AD9", "2ADA", "2AD8", "2ACC", "2AD3"], "1818": ["2A63"], "180F": ["2A19"] },
      notify: ["2AD2", "2AD9", "2ADA"], bundle: ["2AD8", "2ACC", "2A19"], label: "trainer"
    },
    hrm: {
      filters: [{ services: [0x180d] }], optional: [0x180f, 0x180a],
      services: { "180D": ["2A37"], "180F": ["2A19"] },
      notify: ["2A37"], bundle: ["2A19"], label: "strap"
    }
  };
  var devices = {};
  Object.keys(SPEC).forEach(function (key) {
    devices[key] = { key: key, device: null, chars: {}, notifying: {}, chain: Promise.resolve(), bundle: {},
      bundleAt: 0, seq: 0, failures: 0, waiters: [] };
  });

  function uuid(short) { return parseInt(short, 16); }
  function hex(view) {
    var out = "";
    for (var i = 0; i < view.byteLength; i++) { out += ("0" + view.getUint8(i).toString(16)).slice(-2); }
    return out.toUpperCase();
  }
  function bytes(text) {
    var out = new Uint8Array(text.length / 2);
    for (var i = 0; i < out.length; i++) { out[i] = parseInt(text.substr(i * 2, 2), 16); }
    return out;
  }
  function sleep(ms) { return new Promise(function (resolve) { setTimeout(resolve, ms); }); }
  function remember(key, device) {
    try { localStorage.setItem("jz2.device." + key, JSON.stringify({ id: device.id, name: device.name || "" })); } catch (e) { /* private mode */ }
  }
  function remembered(key) {
    try { return JSON.parse(localStorage.getItem("jz2.device." + key) || "null"); } catch (e) { return null; }
  }

  function failure(error) {
    var name = error && error.name, message = (error && error.message) || String(error);
    if (/already in progress/i.test(message)) return "busy";
    if (name === "NotFoundError") return "not-found";
    if (name === "SecurityError" || name === "NotAllowedError") return "not-permitted";
    if (name === "NotSupportedError") return "unsupported";
    if (name === "NetworkError" || /disconnected|not connected/i.test(message)) return "disconnected";
    if (name === "TimeoutError" || /timed? ?out/i.test(message)) return "timeout";
    return "failed";
  }
  function withTimeout(promise, ms) {
    return Promise.race([promise, sleep(ms).then(function () {
      var error = new Error("timed out"); error.name = "TimeoutError"; throw error;
    })]);
  }
  // Chrome rejects overlapping GATT operations: on that error alone, 3 more tries 100 ms apart, then `busy`.
  function retrying(work) {
    var attempt = 0;
    function run() {
      return work().catch(function (error) {
        if (/already in progress/i.test(error && error.message) && attempt < 3) { attempt++; return sleep(100).then(run); }
        throw error;
      });
    }
    return run();
  }

  function onValue(dev, short) {
    return function (event) {
      // Copy the bytes inside the handler: the value object changes with the next notification.
      var text = hex(event.target.value);
      dev.seq += 1;
      relay({ v: 1, t: "notify", dev: dev.key, char: short, bytes: text, seq: dev.seq });
      if (isPair) showLive(dev.key, short, event.target.value);
    };
  }

  function attach(dev, device) {
    if (dev.device === device) return;
    dev.device = device;
    dev.chars = {};
    dev.notifying = {};
    remember(dev.key, device);
    device.addEventListener("gattserverdisconnected", function () {
      dev.chars = {};
      dev.notifying = {};
      send({ v: 1, t: "device", dev: dev.key, event: "disconnected", name: device.name || null, reason: "gattserverdisconnected" });
      status(dev.key, "Disconnected: reconnecting…");
    });
    send({ v: 1, t: "device", dev: dev.key, event: "chosen", name: device.name || null });
    dev.waiters.splice(0).forEach(function (resolve) { resolve(device); });
    status(dev.key, "Chosen: " + (device.name || "unnamed device"));
  }

  // The connect bundle: connect, discover, start notifications, read the static characteristics.
  function connect(dev) {
    var device = dev.device;
    return withTimeout(device.gatt.connect(), 20000).catch(function (error) {
      try { device.gatt.disconnect(); } catch (e) { /* already down */ }
      throw error;
    }).then(function (server) {
      var spec = SPEC[dev.key];
      return Object.keys(spec.services).reduce(function (done, service) {
        return done.then(function () {
          return server.getPrimaryService(uuid(service)).then(function (svc) {
            return spec.services[service].reduce(function (next, short) {
              return next.then(function () {
                return svc.getCharacteristic(uuid(short)).then(function (c) { dev.chars[short] = c; }, function () { /* absent */ });
              });
            }, Promise.resolve());
          }, function () { /* optional service absent */ });
        });
      }, Promise.resolve());
    }).then(function () {
      var spec = SPEC[dev.key];
      return spec.notify.reduce(function (done, short) {
        return done.then(function () { return dev.chars[short] ? startNotifications(dev, short) : null; });
      }, Promise.resolve());
    }).then(function () {
      var spec = SPEC[dev.key], values = {};
      return spec.bundle.reduce(function (done, short) {
        return done.then(function () {
          if (!dev.chars[short]) return null;
          return retrying(function () { return dev.chars[short].readValue(); }).then(function (view) { values[short] = hex(view); }, function () { /* optional */ });
        });
      }, Promise.resolve()).then(function () {
        dev.bundle = values;
        dev.bundleAt = Date.now();
        dev.failures = 0;
        send({ v: 1, t: "device", dev: dev.key, event: "connected", name: device.name || null });
        status(dev.key, "Connected: " + (device.name || "unnamed device"));
        if (values["2A19"]) battery(dev.key, parseInt(values["2A19"], 16));
        return values;
      });
    });
  }

  function startNotifications(dev, short) {
    if (dev.notifying[short]) return Promise.resolve();
    var c = dev.chars[short];
    if (!c) { var e = new Error("no such characteristic"); e.name = "NotFoundError"; return Promise.reject(e); }
    var attempt = 0;
    function start() {
      // "GATT Error Unknown" at times (Windows): 5 tries 250 ms apart.
      return retrying(function () { return c.startNotifications(); }).catch(function (error) {
        if (attempt < 4 && !/not connected/i.test(error && error.message)) { attempt++; return sleep(250).then(start); }
        throw error;
      });
    }
    return start().then(function () {
      c.addEventListener("characteristicvaluechanged", onValue(dev, short));
      dev.notifying[short] = true;
    });
  }

  // A device for `connect`: the one chosen, one the browser remembers, or the rider's choice within 18 s.
  function deviceFor(dev) {
    if (dev.device) return Promise.resolve(dev.device);
    return restore(dev).then(function (device) {
      if (device) return device;
      showPair(dev.key);
      // A strap is optional: offer it, but answer at once (the session asks again later).
      if (dev.key === "hrm") return null;
      return Promise.race([
        new Promise(function (resolve) { dev.waiters.push(resolve); }),
        sleep(18000).then(function () { return null; })
      ]);
    }).then(function (device) {
      if (!device) { var e = new Error("no " + SPEC[dev.key].label + " chosen"); e.name = "NotFoundError"; throw e; }
      return device;
    });
  }

  function restore(dev) {
    var saved = remembered(dev.key);
    if (!hasBluetooth || !saved || !navigator.bluetooth.getDevices) return Promise.resolve(null);
    return navigator.bluetooth.getDevices().then(function (list) {
      var found = list.filter(function (d) { return d.id === saved.id; })[0] || null;
      if (found) attach(dev, found);
      return found;
    }, function () { return null; });
  }

  // One operation of the server's; answered by `result`.
  function perform(frame) {
    var dev = devices[frame.dev];
    if (!dev) return;
    dev.chain = dev.chain.then(function () {
      var work;
      if (!hasBluetooth) {
        var e = new Error("no Web Bluetooth"); e.name = "NotSupportedError"; work = Promise.reject(e);
      } else if (frame.t === "connect") {
        work = deviceFor(dev).then(function () {
          if (dev.device.gatt.connected && Object.keys(dev.chars).length) return dev.bundle;
          return connect(dev);
        });
        work = work.catch(function (error) {
          dev.failures += 1;
          if (dev.failures >= 5) showPair(dev.key, true);
          throw error;
        });
      } else if (frame.t === "subscribe") {
        work = startNotifications(dev, frame.char).then(function () { return {}; });
      } else if (frame.t === "read") {
        if (dev.bundle[frame.char] && Date.now() - dev.bundleAt < 5000) {
          var fresh = {}; fresh[frame.char] = dev.bundle[frame.char]; work = Promise.resolve(fresh);
        } else if (!dev.chars[frame.char]) {
          var missing = new Error("no such characteristic"); missing.name = "NotFoundError"; work = Promise.reject(missing);
        } else {
          work = retrying(function () { return dev.chars[frame.char].readValue(); }).then(function (view) {
            var out = {}; out[frame.char] = hex(view); return out;
          });
        }
      } else if (frame.t === "write") {
        var c = dev.chars[frame.char];
        if (!c) { var absent = new Error("no such characteristic"); absent.name = "NotFoundError"; work = Promise.reject(absent); }
        else work = retrying(function () { return c.writeValueWithResponse(bytes(frame.bytes)); }).then(function () { return {}; });
      } else if (frame.t === "disconnect") {
        if (dev.device && dev.device.gatt.connected) dev.device.gatt.disconnect();
        dev.chars = {};
        dev.notifying = {};
        work = Promise.resolve({});
      } else {
        return null;
      }
      return work.then(function (values) {
        var answer = { v: 1, t: "result", id: frame.id, ok: true };
        if (values && Object.keys(values).length) answer.values = values;
        send(answer);
      }, function (error) {
        send({ v: 1, t: "result", id: frame.id, ok: false, error: failure(error), message: String((error && error.message) || error).slice(0, 200) });
      });
    });
  }

  function releaseBluetooth() {
    Object.keys(devices).forEach(function (key) {
      var dev = devices[key];
      if (dev.device && dev.device.gatt.connected) { try { dev.device.gatt.disconnect(); } catch (e) { /* gone */ } }
      dev.chars = {};
      dev.notifying = {};
    });
  }

  // The chooser. `requestDevice` must be the first call of the click handler (the user's activation).
  function choose(key) {
    var spec = SPEC[key];
    return navigator.bluetooth.requestDevice({ filters: spec.filters, optionalServices: spec.optional })
      .then(function (device) { attach(devices[key], device); hidePair(key); return device; },
        function (error) { if (error && error.name !== "NotFoundError") status(key, "Could not pair: " + error.message); return null; });
  }

  // --- The socket ----------------------------------------------------------------------------------------------
  var socket = null, role = null, retry = 0, timer = null, lastHeard = 0, over = false, queue = [];
  var tab = (function () {
    var id = null;
    try { id = sessionStorage.getItem("jz2.tab"); } catch (e) { /* private mode */ }
    if (!id) {
      id = "tab-" + Math.random().toString(36).slice(2, 10) + Date.now().toString(36);
      try { sessionStorage.setItem("jz2.tab", id); } catch (e) { /* private mode */ }
    }
    return id;
  })();
  var wantsRadio = hasBluetooth && body.dataset.source === "bridge";

  function send(frame) {
    if (socket && socket.readyState === 1) { socket.send(JSON.stringify(frame)); return true; }
    return false;
  }
  // Notifications while the socket is down wait at most 2 s; older ones are dropped (gaps, never filled).
  function relay(frame) {
    if (!send(frame) && !isPair) { queue.push({ frame: frame, at: Date.now() }); if (queue.length > 200) queue.shift(); }
  }
  function flush() {
    var now = Date.now();
    queue.splice(0).forEach(function (item) { if (now - item.at <= 2000) send(item.frame); });
  }
  function emit(name, detail) { document.dispatchEvent(new CustomEvent(name, { detail: detail })); }

  function open() {
    if (over || isPair) return;
    clearTimeout(timer);
    var url = (location.protocol === "https:" ? "wss://" : "ws://") + location.host + (body.dataset.bridge || "/zone2/bridge");
    var ws;
    try { ws = new WebSocket(url); } catch (e) { schedule(); return; }
    socket = ws;
    ws.onopen = function () {
      retry = 0;
      lastHeard = Date.now();
      ws.send(JSON.stringify({ v: 1, t: "hello", tab: tab, ride: body.dataset.ride || null, role: wantsRadio ? "radio" : "viewer",
        version: 1, caps: hasBluetooth ? ["bluetooth"] : [] }));
      flush();
      emit("zone2:link", { server: true });
    };
    ws.onmessage = function (event) {
      lastHeard = Date.now();
      var frame;
      try { frame = JSON.parse(event.data); } catch (e) { return; }
      switch (frame.t) {
        case "ping": ws.send(JSON.stringify({ v: 1, t: "pong", n: frame.n })); break;
        case "welcome":
          role = frame.role;
          emit("zone2:role", { role: role, canRadio: wantsRadio });
          break;
        case "bye": releaseBluetooth(); role = "viewer"; emit("zone2:role", { role: role, canRadio: wantsRadio }); break;
        case "state":
          if (frame.s && frame.s.status !== "live") over = true;
          emit("zone2:state", frame.s);
          break;
        case "error": emit("zone2:notice", { text: frame.message }); break;
        case "connect": case "subscribe": case "read": case "write": case "disconnect": perform(frame); break;
        default: break;
      }
    };
    ws.onclose = function () {
      if (socket === ws) socket = null;
      emit("zone2:link", { server: false, over: over });
      schedule();
    };
    ws.onerror = function () { /* onclose follows */ };
  }
  // Back-off 0.5–8 s with jitter; at once when the network or the tab comes back.
  function schedule() {
    if (over) return;
    clearTimeout(timer);
    var delay = Math.min(8000, 500 * Math.pow(2, retry)) * (0.75 + Math.random() * 0.5);
    retry += 1;
    timer = setTimeout(open, delay);
  }
  function now() { if (!over && (!socket || socket.readyState > 1)) { retry = 0; open(); } }

  // --- The page around it --------------------------------------------------------------------------------------
  function status(key, text) {
    var field = document.querySelector('[data-device="' + key + '"] [data-field="status"]');
    if (field) field.textContent = text;
    emit("zone2:device", { dev: key, text: text });
  }
  function battery(key, percent) {
    var field = document.querySelector('[data-device="' + key + '"] [data-field="battery"]');
    if (field) field.textContent = percent + " %";
  }
  function showPair(key, again) {
    emit("zone2:pair", { dev: key, again: !!again });
  }
  function hidePair(key) { emit("zone2:paired", { dev: key }); }

  // The pair page's sign of life: instantaneous power (2AD2) or heart rate (2A37), decoded here for display only.
  function showLive(key, short, view) {
    var field = document.querySelector('[data-device="' + key + '"] [data-field="live"]');
    if (!field) return;
    if (short === "2A37" && view.byteLength >= 2) {
      var bpm = view.getUint8(0) & 1 ? view.getUint16(1, true) : view.getUint8(1);
      field.textContent = bpm + " bpm";
    } else if (short === "2AD2" && view.byteLength >= 2) {
      var flags = view.getUint16(0, true), at = 2;
      if (!(flags & 1)) at += 2;
      if (flags & 2) at += 2;
      if (flags & 4) at += 2;
      if (flags & 8) at += 2;
      if (flags & 16) at += 3;
      if (flags & 32) at += 2;
      if (flags & 64 && view.byteLength >= at + 2) field.textContent = view.getInt16(at, true) + " W";
    }
  }

  function pairPage() {
    var unsupported = document.getElementById("bt-unsupported"), insecure = document.getElementById("bt-insecure");
    if (!hasBluetooth) {
      if (!window.isSecureContext && insecure) insecure.hidden = false;
      else if (unsupported) unsupported.hidden = false;
      return;
    }
    if (navigator.bluetooth.getAvailability) {
      navigator.bluetooth.getAvailability().then(function (on) {
        if (!on && unsupported) { unsupported.hidden = false; unsupported.textContent = "Bluetooth is off or missing on this device: turn it on, then reload."; }
      }, function () { /* unknown */ });
    }
    document.querySelectorAll("[data-scan]").forEach(function (button) {
      var key = button.getAttribute("data-scan");
      button.disabled = false;
      button.addEventListener("click", function () {
        choose(key).then(function (device) {
          if (!device) return;
          var name = document.querySelector('[data-device="' + key + '"] [data-field="name"]');
          if (name) name.textContent = device.name || "unnamed device";
          var forget = document.querySelector('[data-forget="' + key + '"]');
          if (forget) forget.hidden = false;
          status(key, "Connecting…");
          connect(devices[key]).catch(function (error) { status(key, "Could not connect: " + error.message); });
        });
      });
    });
    document.querySelectorAll("[data-forget]").forEach(function (button) {
      var key = button.getAttribute("data-forget");
      button.addEventListener("click", function () {
        var dev = devices[key];
        if (dev.device) {
          if (dev.device.gatt.connected) dev.device.gatt.disconnect();
          if (dev.device.forget) dev.device.forget().catch(function () { /* already */ });
        }
        dev.device = null;
        try { localStorage.removeItem("jz2.device." + key); } catch (e) { /* private mode */ }
        button.hidden = true;
        status(key, "Not paired.");
        ["name", "battery", "live"].forEach(function (f) {
          var field = document.querySelector('[data-device="' + key + '"] [data-field="' + f + '"]');
          if (field) field.textContent = "—";
        });
      });
    });
    Object.keys(devices).forEach(function (key) {
      var saved = remembered(key);
      if (!saved) return;
      var name = document.querySelector('[data-device="' + key + '"] [data-field="name"]');
      if (name) name.textContent = saved.name || "unnamed device";
      status(key, "Remembered. It connects when your ride starts.");
      var forget = document.querySelector('[data-forget="' + key + '"]');
      if (forget) forget.hidden = false;
    });
  }

  window.zone2Radio = {
    /** Sends a rider's command; false when the socket is down (the page then posts the form). */
    command: function (action, value) {
      return send({ v: 1, t: "cmd", id: Date.now() % 1000000000, action: action, value: value == null ? null : value });
    },
    /** "Use this tab": this tab becomes the radio. */
    takeOver: function () {
      wantsRadio = hasBluetooth;
      return send({ v: 1, t: "cmd", id: Date.now() % 1000000000, action: "takeover", value: null });
    },
    /** Opens the chooser for `key` (call first thing in a click handler). */
    choose: function (key) { return hasBluetooth ? choose(key) : Promise.resolve(null); },
    /** Closes the socket as a network drop would (browser tests: "WebSocket drop, BLE up"); it comes back by itself. */
    dropSocket: function () { if (socket) { try { socket.close(); } catch (e) { /* closing */ } } },
    hasBluetooth: hasBluetooth,
    get role() { return role; },
    get tab() { return tab; }
  };

  if (isPair) { pairPage(); return; }
  ["visibilitychange", "freeze", "pagehide"].forEach(function (name) {
    document.addEventListener(name, function () {
      var state = name === "freeze" ? "frozen" : name === "pagehide" ? "pagehide" : document.visibilityState;
      send({ v: 1, t: "visibility", state: state });
      if (state === "visible") now();
    });
  });
  window.addEventListener("online", now);
  // The server pings every few seconds: 15 s of silence means the socket is dead even if it looks open.
  setInterval(function () {
    if (socket && socket.readyState === 1 && Date.now() - lastHeard > 15000) { try { socket.close(); } catch (e) { /* closing */ } }
  }, 5000);
  if (body.dataset.status === "live") open();
})();
