import Foundation

/// Which of a rider's peripherals a bridge frame is about.
public enum BridgeDevice: String, Sendable, Codable, CaseIterable {
    /// The FTMS smart trainer.
    case trainer
    /// The heart-rate strap.
    case hrm
}

/// The part a browser tab plays in a ride: the one *radio* holds the Bluetooth links; *viewers* only watch.
public enum BridgeRole: String, Sendable, Codable {
    case radio, viewer
}

/// Why the browser could not carry out a GATT operation (the codes `radio.js` sends in `result`).
public enum BridgeFailure: String, Sendable, Codable, Error, CaseIterable {
    /// Another operation was still in progress on the device (after the page's own retries).
    case busy
    /// The device is not connected.
    case disconnected
    /// The service or characteristic does not exist on the device.
    case notFound = "not-found"
    /// The browser refused (no permission, service not listed when pairing).
    case notPermitted = "not-permitted"
    /// The browser has no Web Bluetooth or lacks the call.
    case unsupported
    /// The browser gave up waiting for the device.
    case timeout
    /// Anything else the browser reported.
    case failed
}

/// One message of the Web Bluetooth bridge: a JSON text frame `{"v":1,"t":…}` on the ride's WebSocket. The browser
/// is only the radio: the server asks for every GATT operation and the browser relays what the devices send. Bytes
/// travel as hex, characteristics in their 16-bit short form (`2AD9`).
public enum BridgeFrame: Sendable, Equatable {
    // Server → browser.
    /// Connect the chosen device, discover, start notifications and read the static characteristics.
    case connect(id: Int, device: BridgeDevice)
    /// Start notifications of a characteristic (no-op when already notifying).
    case subscribe(id: Int, device: BridgeDevice, characteristic: String)
    /// Read a characteristic's value.
    case read(id: Int, device: BridgeDevice, characteristic: String)
    /// Write a characteristic's value with response.
    case write(id: Int, device: BridgeDevice, characteristic: String, bytes: [UInt8])
    /// Disconnect the device.
    case disconnect(id: Int, device: BridgeDevice)
    /// The answer to `hello`: the tab's ride and role.
    case welcome(ride: String, role: BridgeRole)
    /// Heartbeat, answered by `pong` with the same number.
    case ping(Int)
    /// Release Bluetooth and become a viewer (another tab takes the radio).
    case bye
    /// The ride now (once a second to every tab; a viewer's outbox keeps only the latest).
    case state(RideState)
    /// A frame the server could not use, or a refusal, in words (the socket stays open).
    case error(String)

    // Browser → server.
    /// The first frame of a socket.
    case hello(tab: String, ride: String?, role: BridgeRole, capabilities: [String])
    /// A device event the browser saw by itself: `chosen` (in the chooser), `connected`, `disconnected`.
    case device(device: BridgeDevice, event: DeviceEvent, name: String?, reason: String?)
    /// A notification or indication, numbered per device so a resent one is dropped.
    case notify(device: BridgeDevice, characteristic: String, bytes: [UInt8], seq: Int)
    /// The outcome of operation `id`: values read (characteristic → bytes) or why it failed.
    case result(id: Int, outcome: Outcome)
    /// A rider's command from the page (adjust, pause, resume, lap, end, mode), answered in `state`.
    case command(id: Int, action: String, value: Double?)
    /// The page's visibility changed (`hidden`, `visible`, `frozen`, `pagehide`).
    case visibility(String)
    /// The answer to `ping`.
    case pong(Int)

    /// What a browser saw a device do.
    public enum DeviceEvent: String, Sendable, Codable {
        case chosen, connected, disconnected
    }

    /// The outcome of a GATT operation.
    public enum Outcome: Sendable, Equatable {
        /// Done; reads and connects carry the values they read.
        case ok(values: [String: [UInt8]])
        /// Refused, with the browser's message.
        case failed(BridgeFailure, message: String?)
    }

    /// The protocol version in every frame.
    public static let version = 1
    /// The largest frame either side accepts, in bytes.
    public static let maxFrameBytes = 16 * 1024
}

/// Why a frame could not be read. The message says what was wrong, for the log and the `error` frame.
public enum BridgeFrameError: Error, Sendable, Equatable, CustomStringConvertible {
    case tooLarge(Int)
    case notJSON
    case unsupportedVersion(Int?)
    case unknownType(String)
    case missingField(String)
    case badField(String, String)

    public var description: String {
        switch self {
        case .tooLarge(let size): "frame of \(size) bytes is over the \(BridgeFrame.maxFrameBytes)-byte limit"
        case .notJSON: "frame is not a JSON object"
        case .unsupportedVersion(let version): "unsupported protocol version \(version.map(String.init) ?? "none")"
        case .unknownType(let type): "unknown frame type '\(type)'"
        case .missingField(let field): "frame lacks '\(field)'"
        case .badField(let field, let why): "bad '\(field)': \(why)"
        }
    }
}

extension BridgeFrame {
    /// The frame as JSON text.
    public func json() -> String {
        var wire = Wire(t: "")
        switch self {
        case .connect(let id, let device): wire = Wire(t: "connect", id: id, dev: device)
        case .subscribe(let id, let device, let characteristic):
            wire = Wire(t: "subscribe", id: id, dev: device, char: characteristic)
        case .read(let id, let device, let characteristic):
            wire = Wire(t: "read", id: id, dev: device, char: characteristic)
        case .write(let id, let device, let characteristic, let bytes):
            wire = Wire(t: "write", id: id, dev: device, char: characteristic, bytes: Self.hex(bytes))
        case .disconnect(let id, let device): wire = Wire(t: "disconnect", id: id, dev: device)
        case .welcome(let ride, let role): wire = Wire(t: "welcome", ride: ride, role: role)
        case .ping(let n): wire = Wire(t: "ping", n: n)
        case .bye: wire = Wire(t: "bye")
        case .state(let state): return Self.encode(StateWire(s: state)) ?? "{}"
        case .error(let message): wire = Wire(t: "error", message: message)
        case .hello(let tab, let ride, let role, let capabilities):
            wire = Wire(t: "hello", ride: ride, role: role, version: Self.version, tab: tab, caps: capabilities)
        case .device(let device, let event, let name, let reason):
            wire = Wire(t: "device", dev: device, event: event, name: name, reason: reason)
        case .notify(let device, let characteristic, let bytes, let seq):
            wire = Wire(t: "notify", dev: device, char: characteristic, bytes: Self.hex(bytes), seq: seq)
        case .result(let id, .ok(let values)):
            wire = Wire(t: "result", id: id, ok: true, values: values.isEmpty ? nil : values.mapValues(Self.hex))
        case .result(let id, .failed(let failure, let message)):
            wire = Wire(t: "result", id: id, ok: false, error: failure.rawValue, message: message)
        case .command(let id, let action, let value): wire = Wire(t: "cmd", id: id, action: action, value: value)
        case .visibility(let state): wire = Wire(t: "visibility", state: state)
        case .pong(let n): wire = Wire(t: "pong", n: n)
        }
        return Self.encode(wire) ?? "{}"
    }

    static func encode(_ value: some Encodable) -> String? {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(value)).flatMap { String(data: $0, encoding: .utf8) }
    }

    /// Reads a frame, checking every field a frame of its type needs.
    public init(json text: String) throws(BridgeFrameError) {
        let data = Data(text.utf8)
        guard data.count <= Self.maxFrameBytes else { throw .tooLarge(data.count) }
        let wire: Wire
        do {
            wire = try JSONDecoder().decode(Wire.self, from: data)
        } catch DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context) {
            guard !context.codingPath.isEmpty else { throw .notJSON }
            throw .badField(context.codingPath.map(\.stringValue).joined(separator: "."), "wrong type")
        } catch DecodingError.dataCorrupted(let context) where !context.codingPath.isEmpty {
            throw .badField(context.codingPath.map(\.stringValue).joined(separator: "."), context.debugDescription)
        } catch {
            throw .notJSON
        }
        guard wire.v == Self.version else { throw .unsupportedVersion(wire.v) }
        func need<T>(_ value: T?, _ name: String) throws(BridgeFrameError) -> T {
            guard let value else { throw .missingField(name) }
            return value
        }
        func id() throws(BridgeFrameError) -> Int {
            let id = try need(wire.id, "id")
            guard id >= 0 else { throw .badField("id", "must not be negative") }
            return id
        }
        func characteristic() throws(BridgeFrameError) -> String {
            try Self.characteristic(try need(wire.char, "char"))
        }
        func bytes() throws(BridgeFrameError) -> [UInt8] { try Self.bytes(try need(wire.bytes, "bytes"), "bytes") }
        switch wire.t {
        case "connect": self = .connect(id: try id(), device: try need(wire.dev, "dev"))
        case "subscribe":
            self = .subscribe(id: try id(), device: try need(wire.dev, "dev"), characteristic: try characteristic())
        case "read": self = .read(id: try id(), device: try need(wire.dev, "dev"), characteristic: try characteristic())
        case "write":
            self = .write(
                id: try id(), device: try need(wire.dev, "dev"), characteristic: try characteristic(),
                bytes: try bytes())
        case "disconnect": self = .disconnect(id: try id(), device: try need(wire.dev, "dev"))
        case "welcome": self = .welcome(ride: try need(wire.ride, "ride"), role: try need(wire.role, "role"))
        case "ping": self = .ping(try need(wire.n, "n"))
        case "pong": self = .pong(try need(wire.n, "n"))
        case "bye": self = .bye
        case "error": self = .error(wire.message ?? "")
        case "state":
            do {
                self = .state(try JSONDecoder().decode(StateWire.self, from: data).s)
            } catch {
                throw .badField("s", "not a ride state")
            }
        case "hello":
            let tab = try need(wire.tab, "tab")
            guard !tab.isEmpty, tab.count <= 64 else { throw .badField("tab", "1 to 64 characters") }
            self = .hello(tab: tab, ride: wire.ride, role: wire.role ?? .radio, capabilities: wire.caps ?? [])
        case "device":
            self = .device(
                device: try need(wire.dev, "dev"), event: try need(wire.event, "event"), name: wire.name,
                reason: wire.reason)
        case "notify":
            let seq = try need(wire.seq, "seq")
            guard seq >= 0 else { throw .badField("seq", "must not be negative") }
            self = .notify(
                device: try need(wire.dev, "dev"), characteristic: try characteristic(), bytes: try bytes(), seq: seq)
        case "result":
            let id = try id()
            if try need(wire.ok, "ok") {
                var values: [String: [UInt8]] = [:]
                for (key, hex) in wire.values ?? [:] {
                    values[try Self.characteristic(key)] = try Self.bytes(hex, "values.\(key)")
                }
                self = .result(id: id, outcome: .ok(values: values))
            } else {
                let code = try need(wire.error, "error")
                self = .result(
                    id: id, outcome: .failed(BridgeFailure(rawValue: code) ?? .failed, message: wire.message))
            }
        case "cmd":
            let action = try need(wire.action, "action")
            guard !action.isEmpty, action.count <= 32 else { throw .badField("action", "1 to 32 characters") }
            if let value = wire.value, !value.isFinite { throw .badField("value", "not a number") }
            self = .command(id: try id(), action: action, value: wire.value)
        case "visibility": self = .visibility(try need(wire.state, "state"))
        default: throw .unknownType(String(wire.t.prefix(32)))
        }
    }

    /// A characteristic's 16-bit short form, upper case (`2ad9` and `0x2AD9` read as `2AD9`).
    static func characteristic(_ text: String) throws(BridgeFrameError) -> String {
        var short = text.uppercased()
        if short.hasPrefix("0X") { short.removeFirst(2) }
        guard short.count == 4, short.allSatisfy(\.isHexDigit) else {
            throw .badField("char", "'\(text.prefix(16))' is not a 16-bit UUID like 2AD9")
        }
        return short
    }

    static func bytes(_ text: String, _ field: String) throws(BridgeFrameError) -> [UInt8] {
        guard text.count <= 1024 else { throw .badField(field, "over 512 bytes") }
        do { return try Hex.bytes(from: text) } catch { throw .badField(field, "not hex bytes") }
    }

    static func hex(_ bytes: [UInt8]) -> String {
        bytes.map { String(format: "%02X", $0) }.joined()
    }

    /// The `state` frame: `{"v":1,"t":"state","s":{…}}`.
    struct StateWire: Codable {
        var v = BridgeFrame.version
        var t = "state"
        var s: RideState
    }

    /// Every field any frame has; each frame type uses some.
    struct Wire: Codable {
        var v: Int? = BridgeFrame.version
        var t: String
        var id: Int? = nil
        var dev: BridgeDevice? = nil
        var char: String? = nil
        var bytes: String? = nil
        var ride: String? = nil
        var role: BridgeRole? = nil
        var n: Int? = nil
        var version: Int? = nil
        var tab: String? = nil
        var caps: [String]? = nil
        var event: DeviceEvent? = nil
        var name: String? = nil
        var reason: String? = nil
        var seq: Int? = nil
        var ok: Bool? = nil
        var values: [String: String]? = nil
        var error: String? = nil
        var message: String? = nil
        var action: String? = nil
        var value: Double? = nil
        var state: String? = nil
    }
}
