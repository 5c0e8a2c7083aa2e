import Foundation
import JustZone2

/// A request from a fake `navigator.bluetooth` (`e2e/fake_bluetooth.js`) to the simulated peripherals, one JSON
/// text frame: `{"id":7,"op":"write","dev":"trainer","char":"2AD9","bytes":"0596000"}`. Every request is answered
/// by one `result` frame with the same id; notifications and link changes come as `notify` and `link` frames.
///
/// Operations: `devices` (what a scan finds), `connect`, `disconnect`, `services` (primary services with their
/// characteristics and properties), `notifications` (`on` true or false), `read`, `write` (with response).
public struct PeripheralRequest: Sendable, Equatable, Codable {
    /// The request's number, echoed in its result.
    public var id: Int
    /// The operation.
    public var op: String
    /// The device: `trainer` or `hrm`.
    public var dev: BridgeDevice?
    /// The characteristic, 16-bit or 128-bit form.
    public var char: String?
    /// The bytes to write, hex.
    public var bytes: String?
    /// Notifications on or off.
    public var on: Bool?

    /// A request.
    public init(
        id: Int, op: String, dev: BridgeDevice? = nil, char: String? = nil, bytes: String? = nil, on: Bool? = nil
    ) {
        self.id = id
        self.op = op
        self.dev = dev
        self.char = char
        self.bytes = bytes
        self.on = on
    }

    /// Reads a request; nil when the text is not one.
    public init?(json text: String) {
        guard text.utf8.count <= 4096,
            let request = try? JSONDecoder().decode(PeripheralRequest.self, from: Data(text.utf8))
        else { return nil }
        self = request
    }
}

/// A frame from the simulated peripherals to a fake `navigator.bluetooth`.
public struct PeripheralReply: Sendable, Equatable, Codable {
    /// `hello`, `result`, `notify` or `link`.
    public var t: String
    /// The request answered (`result`).
    public var id: Int?
    /// Whether the request succeeded (`result`).
    public var ok: Bool?
    /// Why it failed: `out-of-range`, `not-connected`, `not-found`, `not-permitted`, `cccd-improperly-configured`,
    /// `bad-request`.
    public var error: String?
    /// A readable reason.
    public var message: String?
    /// The device (`notify`, `link`).
    public var dev: BridgeDevice?
    /// The characteristic (`notify`), 16-bit form.
    public var char: String?
    /// Bytes read or notified, hex.
    public var bytes: String?
    /// `down` (the link dropped) or `in-range` (advertising again) for `link`.
    public var state: String?
    /// What a scan finds (`devices`).
    public var devices: [SimulatedPeripherals.Advertisement]?
    /// Discovery (`services`).
    public var services: [SimulatedPeripherals.Service]?
    /// This socket's central number (`hello`).
    public var central: Int?

    init(t: String) { self.t = t }

    /// A successful result.
    static func ok(_ id: Int) -> PeripheralReply {
        var reply = PeripheralReply(t: "result")
        reply.id = id
        reply.ok = true
        return reply
    }

    /// A failed result.
    static func failed(_ id: Int, _ code: String, _ message: String) -> PeripheralReply {
        var reply = PeripheralReply(t: "result")
        reply.id = id
        reply.ok = false
        reply.error = code
        reply.message = message
        return reply
    }

    /// The frame for an event.
    static func event(_ event: SimulatedPeripherals.Event) -> PeripheralReply {
        switch event {
        case .notify(let device, let characteristic, let bytes):
            var reply = PeripheralReply(t: "notify")
            reply.dev = device
            reply.char = characteristic
            reply.bytes = Hex.string(from: bytes).replacingOccurrences(of: " ", with: "")
            return reply
        case .linkDown(let device, let reason):
            var reply = PeripheralReply(t: "link")
            reply.dev = device
            reply.state = "down"
            reply.message = reason
            return reply
        case .inRange(let device):
            var reply = PeripheralReply(t: "link")
            reply.dev = device
            reply.state = "in-range"
            return reply
        }
    }

    /// The frame as JSON text.
    public func json() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return (try? encoder.encode(self)).flatMap { String(data: $0, encoding: .utf8) } ?? "{}"
    }
}
