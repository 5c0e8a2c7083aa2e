// Test-only fake of Web Bluetooth (navigator.bluetooth) for the JustZone2 browser tests.
//
// Injected before the page's scripts with CDP `Page.addScriptToEvaluateOnNewDocument`, after a line setting
// `window.__fakeBluetoothConfig = {url: "ws://127.0.0.1:P/gatt"}` (see conftest.py). It relays every GATT
// operation to `clubhouse zone2 peripherals` (the project's simulated FTMS trainer and heart-rate strap), so bytes
// go page → fake → simulator through the real codecs. Behaviour follows Chrome's: requestDevice needs a user
// gesture (and one chooser per gesture), filters pick the device, services outside filters/optionalServices throw
// SecurityError, UUIDs are 128-bit lower case (16-bit numbers and standard names accepted in lookups, not "2ad9"),
// one GATT operation at a time per device ("GATT operation already in progress."), characteristic.value is a new
// DataView per notification, gattserverdisconnected on drops.
//
// Test switches and records: window.__fakeBluetooth (cancelChooser, available, calls, stats, dropSocket()).
// Config `unsupported: true` removes navigator.bluetooth instead (a browser without Web Bluetooth).
(() => {
  'use strict';
  const config = window.__fakeBluetoothConfig || {};
  if (config.unsupported) {
    try { delete Navigator.prototype.bluetooth; } catch (e) { /* not configurable: shadow below */ }
    try { delete window.BluetoothUUID; } catch (e) { /* ignore */ }
    if ('bluetooth' in navigator) {
      Object.defineProperty(Navigator.prototype, 'bluetooth', {get: () => undefined, configurable: true});
    }
    window.__fakeBluetooth = {unsupported: true, calls: []};
    return;
  }

  // ---------------------------------------------------------------------------------------------------------------
  // UUIDs

  const BASE = '-0000-1000-8000-00805f9b34fb';
  const NAMES = {
    // services
    fitness_machine: 0x1826, heart_rate: 0x180d, cycling_power: 0x1818, battery_service: 0x180f,
    device_information: 0x180a,
    // characteristics
    heart_rate_measurement: 0x2a37, body_sensor_location: 0x2a38, battery_level: 0x2a19, indoor_bike_data: 0x2ad2,
    fitness_machine_control_point: 0x2ad9, fitness_machine_status: 0x2ada, fitness_machine_feature: 0x2acc,
    supported_power_range: 0x2ad8, supported_resistance_level_range: 0x2ad6, training_status: 0x2ad3,
    cycling_power_measurement: 0x2a63, cycling_power_feature: 0x2a65, manufacturer_name_string: 0x2a29,
    model_number_string: 0x2a24,
  };
  const FULL = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

  function canonical(uuid, kind) {
    if (typeof uuid === 'number' && Number.isInteger(uuid) && uuid >= 0) {
      return (uuid >>> 0).toString(16).padStart(8, '0') + BASE;
    }
    if (typeof uuid === 'string') {
      if (FULL.test(uuid)) return uuid;
      if (Object.prototype.hasOwnProperty.call(NAMES, uuid)) return canonical(NAMES[uuid], kind);
    }
    throw new TypeError(
      `Failed to execute 'get${kind}' on 'BluetoothUUID': Invalid ${kind} name: '${uuid}'. It must be a valid UUID ` +
      `alias (e.g. 0x1234), UUID (lowercase hex characters e.g. '00001234-0000-1000-8000-00805f9b34fb'), or ` +
      `recognized standard name from https://www.bluetooth.com/specifications/gatt/${kind.toLowerCase()}s e.g. ` +
      `'alerts'.`);
  }
  const short = (full) => full.slice(4, 8).toUpperCase();
  const fullOf = (shortUUID) => '0000' + shortUUID.toLowerCase() + BASE;

  class FakeBluetoothUUID {
    static getService(name) { return canonical(name, 'Service'); }
    static getCharacteristic(name) { return canonical(name, 'Characteristic'); }
    static getDescriptor(name) { return canonical(name, 'Descriptor'); }
    static canonicalUUID(alias) { return (alias >>> 0).toString(16).padStart(8, '0') + BASE; }
  }

  // ---------------------------------------------------------------------------------------------------------------
  // Records and switches for the tests

  const control = {
    cancelChooser: false,   // the next choosers are "cancelled" (NotFoundError)
    available: true,        // getAvailability()
    calls: [],              // every API call: {t, op, dev, uuid}
    stats: {notifications: 0, overlapsRejected: 0, gestureRejected: 0, socketsOpened: 0},
    central: null,          // this page's central number at the peripherals
    dropSocket() { if (link.ws) link.ws.close(); },
    socketOpen() { return !!link.ws && link.ws.readyState === WebSocket.OPEN; },
  };
  window.__fakeBluetooth = control;

  function record(op, dev, uuid) {
    control.calls.push({t: Math.round(performance.now()), op, dev: dev || null, uuid: uuid || null});
    if (control.calls.length > 5000) control.calls.splice(0, 1000);
  }

  const dom = (name, message) => new DOMException(message, name);
  const DISCONNECTED_OPS = 'GATT Server is disconnected. Cannot perform GATT operations. ' +
    '(Re)connect first with `device.gatt.connect`.';
  const DISCONNECTED_SERVICES = 'GATT Server is disconnected. Cannot retrieve services. ' +
    '(Re)connect first with `device.gatt.connect`.';

  // Bubbling like Chrome's: characteristic → service → device → navigator.bluetooth, target kept.
  function dispatchUp(chain, type, extra) {
    const origin = chain[0];
    for (const node of chain) {
      const event = new Event(type, {bubbles: true});
      if (node !== origin) Object.defineProperty(event, 'target', {value: origin});
      if (extra) Object.assign(event, extra);
      node.dispatchEvent(event);
    }
  }

  function handlerProperty(proto, type) {
    const key = Symbol(type);
    Object.defineProperty(proto, 'on' + type, {
      get() { return this[key] || null; },
      set(fn) {
        if (this[key]) this.removeEventListener(type, this[key]);
        this[key] = typeof fn === 'function' ? fn : null;
        if (this[key]) this.addEventListener(type, this[key]);
      },
      configurable: true,
    });
  }

  // ---------------------------------------------------------------------------------------------------------------
  // The socket to the simulated peripherals

  const link = {
    ws: null, opening: null, nextId: 1, pending: new Map(),

    open() {
      if (this.ws && this.ws.readyState === WebSocket.OPEN) return Promise.resolve();
      if (this.opening) return this.opening;
      if (!config.url) return Promise.reject(dom('NetworkError', 'fake Bluetooth: no peripherals URL configured'));
      this.opening = new Promise((resolve, reject) => {
        const ws = new WebSocket(config.url);
        ws.onopen = () => { this.ws = ws; this.opening = null; control.stats.socketsOpened += 1; resolve(); };
        ws.onerror = () => { if (this.opening) { this.opening = null; reject(dom('NetworkError', 'Bluetooth adapter not available.')); } };
        ws.onmessage = (message) => this.receive(message.data);
        ws.onclose = () => {
          if (this.ws === ws) this.ws = null;
          for (const {reject: fail} of this.pending.values()) fail(dom('NetworkError', DISCONNECTED_OPS));
          this.pending.clear();
          for (const device of Object.values(devices)) device._linkDown('peripherals socket closed');
        };
      });
      return this.opening;
    },

    async request(op, fields) {
      await this.open();
      const id = this.nextId++;
      return new Promise((resolve, reject) => {
        this.pending.set(id, {resolve, reject});
        this.ws.send(JSON.stringify({id, op, ...fields}));
      });
    },

    receive(text) {
      let frame;
      try { frame = JSON.parse(text); } catch (e) { return; }
      if (frame.t === 'hello') { control.central = frame.central; return; }
      if (frame.t === 'result') {
        const waiter = this.pending.get(frame.id);
        if (!waiter) return;
        this.pending.delete(frame.id);
        if (frame.ok) waiter.resolve(frame); else waiter.reject(frame);
        return;
      }
      const device = devices[frame.dev];
      if (!device) return;
      if (frame.t === 'notify') device._notify(frame.char, frame.bytes);
      else if (frame.t === 'link' && frame.state === 'down') device._linkDown(frame.message || 'out of range');
      else if (frame.t === 'link' && frame.state === 'in-range') device._inRange();
    },
  };

  function hexToBytes(hex) {
    const bytes = new Uint8Array(hex.length / 2);
    for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(hex.substr(i * 2, 2), 16);
    return bytes;
  }
  function bufferToHex(value) {
    let bytes;
    if (value instanceof ArrayBuffer) bytes = new Uint8Array(value);
    else if (ArrayBuffer.isView(value)) bytes = new Uint8Array(value.buffer, value.byteOffset, value.byteLength);
    else throw new TypeError("Failed to execute 'writeValueWithResponse' on 'BluetoothRemoteGATTCharacteristic': " +
      "The provided value is not of type '(ArrayBuffer or ArrayBufferView)'.");
    if (bytes.length > 512) throw dom('InvalidModificationError', 'Value can\'t exceed 512 bytes.');
    return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('').toUpperCase();
  }

  // A failed peripherals result as the DOMException Chrome would give.
  function gattError(frame, what) {
    if (frame instanceof DOMException || frame instanceof TypeError) return frame;
    switch (frame && frame.error) {
      case 'out-of-range': return dom('NetworkError', 'Connection failed for unknown reason.');
      case 'not-connected': return dom('NetworkError', DISCONNECTED_OPS);
      case 'not-found': return dom('NotFoundError', `No ${what} found.`);
      case 'not-permitted': return dom('NotSupportedError', 'GATT operation not permitted.');
      default: return dom('NetworkError', 'GATT Error Unknown.');
    }
  }

  // ---------------------------------------------------------------------------------------------------------------
  // Devices, services, characteristics

  const devices = {};  // 'trainer' | 'hrm' → FakeBluetoothDevice (one object per device per page, as in Chrome)
  const DEVICE_IDS = {trainer: 'anoyU2ltVHJhaW5lcjE=', hrm: 'anoyU2ltSFJNLTAwMDE='};
  const GRANTS_KEY = '__fakeBluetoothGrants';

  function grants() {
    try { return JSON.parse(localStorage.getItem(GRANTS_KEY) || '{}'); } catch (e) { return {}; }
  }
  function grant(dev, name, services) {
    const all = grants();
    const known = new Set((all[dev] && all[dev].services) || []);
    for (const uuid of services) known.add(uuid);
    all[dev] = {name, services: [...known]};
    try { localStorage.setItem(GRANTS_KEY, JSON.stringify(all)); } catch (e) { /* storage off */ }
    return all[dev];
  }

  function deviceFor(dev, name) {
    if (!devices[dev]) devices[dev] = new FakeBluetoothDevice(dev, name);
    const granted = grants()[dev];
    devices[dev]._allowed = new Set((granted && granted.services) || []);
    return devices[dev];
  }

  class FakeCharacteristicProperties {
    constructor(list) {
      for (const key of ['broadcast', 'read', 'writeWithoutResponse', 'write', 'notify', 'indicate',
        'authenticatedSignedWrites', 'reliableWrite', 'writableAuxiliaries']) {
        Object.defineProperty(this, key, {value: list.includes(key), enumerable: true});
      }
    }
  }

  class FakeBluetoothRemoteGATTCharacteristic extends EventTarget {
    constructor(service, wire) {
      super();
      this.service = service;
      this.uuid = fullOf(wire.uuid);
      this.properties = new FakeCharacteristicProperties(wire.properties);
      this.value = null;
      this._short = wire.uuid;
      this._notifying = false;
    }

    get _device() { return this.service.device; }

    async readValue() {
      record('readValue', this._device._dev, this.uuid);
      const frame = await this._device._operation(() =>
        link.request('read', {dev: this._device._dev, char: this._short}), `Characteristics matching ${this.uuid}`);
      const view = new DataView(hexToBytes(frame.bytes).buffer);
      this.value = view;
      dispatchUp([this, this.service, this._device, bluetooth], 'characteristicvaluechanged');
      return view;
    }

    async writeValueWithResponse(value) {
      record('writeValueWithResponse', this._device._dev, this.uuid);
      const hex = bufferToHex(value);
      if (!this.properties.write) throw dom('NotSupportedError', 'GATT operation not permitted.');
      await this._device._operation(() =>
        link.request('write', {dev: this._device._dev, char: this._short, bytes: hex}), this.uuid);
    }

    async writeValueWithoutResponse(value) {
      record('writeValueWithoutResponse', this._device._dev, this.uuid);
      bufferToHex(value);
      throw dom('NotSupportedError', 'GATT operation not permitted.');
    }

    async writeValue(value) {  // deprecated alias: with response when the characteristic allows it
      record('writeValue', this._device._dev, this.uuid);
      return this.writeValueWithResponse(value);
    }

    async startNotifications() {
      record('startNotifications', this._device._dev, this.uuid);
      if (!this.properties.notify && !this.properties.indicate) {
        throw dom('NotSupportedError', 'GATT operation not permitted.');
      }
      if (this._notifying && this._device.gatt.connected) return this;
      await this._device._operation(() =>
        link.request('notifications', {dev: this._device._dev, char: this._short, on: true}), this.uuid);
      this._notifying = true;
      return this;
    }

    async stopNotifications() {
      record('stopNotifications', this._device._dev, this.uuid);
      if (!this._notifying) return this;
      await this._device._operation(() =>
        link.request('notifications', {dev: this._device._dev, char: this._short, on: false}), this.uuid);
      this._notifying = false;
      return this;
    }

    async getDescriptor(uuid) {
      throw dom('NotFoundError', `No Descriptors matching UUID ${canonical(uuid, 'Descriptor')} found in Characteristic with UUID ${this.uuid}.`);
    }
    async getDescriptors() { throw dom('NotFoundError', `No Descriptors found in Characteristic with UUID ${this.uuid}.`); }
  }
  handlerProperty(FakeBluetoothRemoteGATTCharacteristic.prototype, 'characteristicvaluechanged');

  class FakeBluetoothRemoteGATTService extends EventTarget {
    constructor(device, wire) {
      super();
      this.device = device;
      this.uuid = fullOf(wire.uuid);
      this.isPrimary = true;
      this._characteristics = wire.characteristics.map((c) => new FakeBluetoothRemoteGATTCharacteristic(this, c));
    }

    _check() {
      if (!this.device.gatt.connected) throw dom('NetworkError', DISCONNECTED_SERVICES);
    }

    async getCharacteristic(name) {
      const uuid = canonical(name, 'Characteristic');
      record('getCharacteristic', this.device._dev, uuid);
      this._check();
      const found = this._characteristics.find((c) => c.uuid === uuid);
      if (!found) throw dom('NotFoundError', `No Characteristics matching UUID ${uuid} found in Service with UUID ${this.uuid}.`);
      return found;
    }

    async getCharacteristics(name) {
      const uuid = name === undefined ? null : canonical(name, 'Characteristic');
      record('getCharacteristics', this.device._dev, uuid);
      this._check();
      const found = this._characteristics.filter((c) => uuid === null || c.uuid === uuid);
      if (!found.length) {
        throw dom('NotFoundError', uuid ? `No Characteristics matching UUID ${uuid} found in Service with UUID ${this.uuid}.`
          : `No Characteristics found in service.`);
      }
      return found;
    }
  }

  class FakeBluetoothRemoteGATTServer {
    constructor(device) {
      this.device = device;
      this.connected = false;
      this._connecting = null;
    }

    connect() {
      record('connect', this.device._dev);
      if (this.connected) return Promise.resolve(this);
      if (this._connecting) return this._connecting;
      const device = this.device;
      this._connecting = (async () => {
        try {
          await link.request('connect', {dev: device._dev});
          const discovered = await link.request('services', {dev: device._dev});
          if (!device._services) {
            device._services = discovered.services.map((s) => new FakeBluetoothRemoteGATTService(device, s));
          }
          this.connected = true;
          return this;
        } catch (error) {
          throw gattError(error, 'device');
        } finally {
          this._connecting = null;
        }
      })();
      return this._connecting;
    }

    disconnect() {
      record('disconnect', this.device._dev);
      if (!this.connected && !this._connecting) return;
      link.request('disconnect', {dev: this.device._dev}).catch(() => {});
      this.device._linkDown('disconnected by the page');
    }

    _service(uuid) {
      if (!this.connected) throw dom('NetworkError', DISCONNECTED_SERVICES);
      if (!this.device._allowed.has(uuid)) {
        throw dom('SecurityError', "Origin is not allowed to access the service. Tip: Add the service's UUID to " +
          "'optionalServices' in requestDevice() options. https://goo.gl/HxfxSQ");
      }
      return this.device._services.find((s) => s.uuid === uuid);
    }

    async getPrimaryService(name) {
      const uuid = canonical(name, 'Service');
      record('getPrimaryService', this.device._dev, uuid);
      const found = this._service(uuid);
      if (!found) throw dom('NotFoundError', `No Services matching UUID ${uuid} found in Device.`);
      return found;
    }

    async getPrimaryServices(name) {
      const uuid = name === undefined ? null : canonical(name, 'Service');
      record('getPrimaryServices', this.device._dev, uuid);
      if (uuid !== null) return [await this.getPrimaryService(uuid)];
      if (!this.connected) throw dom('NetworkError', DISCONNECTED_SERVICES);
      const found = this.device._services.filter((s) => this.device._allowed.has(s.uuid));
      if (!found.length) throw dom('NotFoundError', 'No Services found in device.');
      return found;
    }
  }

  class FakeBluetoothDevice extends EventTarget {
    constructor(dev, name) {
      super();
      this.id = DEVICE_IDS[dev];
      this.name = name;
      this.gatt = new FakeBluetoothRemoteGATTServer(this);
      this.watchingAdvertisements = false;
      this._dev = dev;
      this._allowed = new Set();
      this._services = null;
      this._busy = false;
      this._watchTimer = null;
    }

    // One GATT operation at a time per device, as Chrome's platforms enforce.
    async _operation(run, what) {
      if (!this.gatt.connected) throw dom('NetworkError', DISCONNECTED_OPS);
      if (this._busy) {
        control.stats.overlapsRejected += 1;
        throw dom('NetworkError', 'GATT operation already in progress.');
      }
      this._busy = true;
      try {
        return await run();
      } catch (error) {
        throw gattError(error, what);
      } finally {
        this._busy = false;
      }
    }

    _notify(shortUUID, hex) {
      if (!this.gatt.connected || !this._services) return;
      for (const service of this._services) {
        for (const characteristic of service._characteristics) {
          if (characteristic._short !== shortUUID || !characteristic._notifying) continue;
          // A new buffer each time: a page that keeps the old DataView keeps the old bytes.
          characteristic.value = new DataView(hexToBytes(hex).buffer);
          control.stats.notifications += 1;
          dispatchUp([characteristic, service, this, bluetooth], 'characteristicvaluechanged');
        }
      }
    }

    _linkDown(reason) {
      const was = this.gatt.connected;
      this.gatt.connected = false;
      this._busy = false;
      for (const service of this._services || []) {
        for (const characteristic of service._characteristics) characteristic._notifying = false;
      }
      if (was) {
        record('gattserverdisconnected', this._dev, reason);
        dispatchUp([this, bluetooth], 'gattserverdisconnected');
      }
    }

    _inRange() {
      if (this.watchingAdvertisements && !this.gatt.connected) this._advertise();
    }

    _advertise() {
      const event = {
        device: this, name: this.name, rssi: -60, txPower: 0, appearance: 0,
        uuids: this._services ? this._services.map((s) => s.uuid) : [],
        manufacturerData: new Map(), serviceData: new Map(),
      };
      dispatchUp([this, bluetooth], 'advertisementreceived', event);
    }

    async watchAdvertisements(options) {
      record('watchAdvertisements', this._dev);
      const signal = options && options.signal;
      if (signal && signal.aborted) throw dom('AbortError', 'The Bluetooth operation was cancelled.');
      this.watchingAdvertisements = true;
      if (signal) signal.addEventListener('abort', () => this._unwatch(), {once: true});
      if (!this._watchTimer) {
        // Advertising while in range and not connected, about once a second.
        this._watchTimer = setInterval(async () => {
          if (!this.watchingAdvertisements || this.gatt.connected) return;
          try {
            const frame = await link.request('devices', {});
            const ad = frame.devices.find((d) => d.id === this._dev);
            if (ad && ad.inRange && this.watchingAdvertisements && !this.gatt.connected) this._advertise();
          } catch (e) { /* socket down: no adverts */ }
        }, 1000);
      }
    }

    _unwatch() {
      this.watchingAdvertisements = false;
      clearInterval(this._watchTimer);
      this._watchTimer = null;
    }

    async forget() {
      record('forget', this._dev);
      this.gatt.disconnect();
      const all = grants();
      delete all[this._dev];
      try { localStorage.setItem(GRANTS_KEY, JSON.stringify(all)); } catch (e) { /* ignore */ }
      this._allowed = new Set();
    }
  }
  handlerProperty(FakeBluetoothDevice.prototype, 'gattserverdisconnected');
  handlerProperty(FakeBluetoothDevice.prototype, 'advertisementreceived');

  // ---------------------------------------------------------------------------------------------------------------
  // navigator.bluetooth

  // Transient activation is consumed by a chooser: one chooser per click, as in Chrome.
  let activationUsed = false;
  for (const type of ['keydown', 'mousedown', 'pointerdown', 'pointerup', 'touchend', 'click']) {
    window.addEventListener(type, (event) => { if (event.isTrusted) activationUsed = false; }, true);
  }

  function matches(ad, filter) {
    if (filter.services && !filter.services.every((uuid) => ad.services.map(fullOf).includes(uuid))) return false;
    if (filter.name !== undefined && ad.name !== filter.name) return false;
    if (filter.namePrefix !== undefined && !ad.name.startsWith(filter.namePrefix)) return false;
    return true;
  }

  class FakeBluetooth extends EventTarget {
    async getAvailability() {
      record('getAvailability');
      return !!control.available;
    }

    async getDevices() {
      record('getDevices');
      return Object.entries(grants()).map(([dev, granted]) => deviceFor(dev, granted.name));
    }

    async requestDevice(options) {
      record('requestDevice');
      const prefix = "Failed to execute 'requestDevice' on 'Bluetooth': ";
      if (!navigator.userActivation || !navigator.userActivation.isActive || activationUsed) {
        control.stats.gestureRejected += 1;
        throw dom('SecurityError', prefix + 'Must be handling a user gesture to show a permission request.');
      }
      activationUsed = true;
      options = options || {};
      const hasFilters = Array.isArray(options.filters);
      if (hasFilters === !!options.acceptAllDevices) {
        throw new TypeError(prefix + "Either 'filters' should be present or 'acceptAllDevices' should be true, but not both.");
      }
      if (hasFilters && !options.filters.length) {
        throw new TypeError(prefix + "'filters' member must be non-empty to find any devices.");
      }
      const filters = (options.filters || []).map((filter) => {
        if (!filter.services && filter.name === undefined && filter.namePrefix === undefined &&
            !filter.manufacturerData && !filter.serviceData) {
          throw new TypeError(prefix + 'A filter must restrict the devices in some way.');
        }
        return {...filter, services: filter.services && filter.services.map((s) => canonical(s, 'Service'))};
      });
      const optional = (options.optionalServices || []).map((s) => canonical(s, 'Service'));
      if (!control.available) throw dom('NotFoundError', 'Bluetooth adapter not available.');
      // The chooser: the first device in range that any filter admits; "cancel" when none or when told to.
      let frame;
      try { frame = await link.request('devices', {}); } catch (e) { throw dom('NotFoundError', 'Bluetooth adapter not available.'); }
      await new Promise((resolve) => setTimeout(resolve, 30));
      if (control.cancelChooser) throw dom('NotFoundError', 'User cancelled the requestDevice() chooser.');
      const ad = frame.devices.find((d) => d.inRange && (options.acceptAllDevices || filters.some((f) => matches(d, f))));
      if (!ad) throw dom('NotFoundError', 'User cancelled the requestDevice() chooser.');
      const services = new Set(optional);
      for (const filter of filters) for (const uuid of filter.services || []) services.add(uuid);
      grant(ad.id, ad.name, services);
      return deviceFor(ad.id, ad.name);
    }
  }
  handlerProperty(FakeBluetooth.prototype, 'availabilitychanged');
  handlerProperty(FakeBluetooth.prototype, 'advertisementreceived');
  handlerProperty(FakeBluetooth.prototype, 'gattserverdisconnected');
  handlerProperty(FakeBluetooth.prototype, 'characteristicvaluechanged');

  const bluetooth = new FakeBluetooth();
  Object.defineProperty(Navigator.prototype, 'bluetooth', {get: () => bluetooth, configurable: true, enumerable: true});
  Object.defineProperty(window, 'BluetoothUUID', {value: FakeBluetoothUUID, configurable: true, writable: true});
})();
