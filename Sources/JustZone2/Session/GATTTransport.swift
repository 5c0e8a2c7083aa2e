import Foundation

/// What a Bluetooth stack reports about the link to one peripheral.
public enum LinkEvent: Sendable, Equatable {
    /// Connected and services discovered.
    case connected
    /// The link dropped (out of range, trainer powered off, OS reclaimed the radio).
    case disconnected(reason: String)
}

/// A GATT client for one peripheral, so any BLE stack plugs into the session: CoreBluetooth on iOS, BlueZ on Linux,
/// or the simulator in tests. UUIDs are 16-bit short forms as hex strings ("2AD2").
public protocol GATTTransport: Sendable {
    /// Connects (and discovers services); throws when the peripheral cannot be reached.
    func connect() async throws
    /// Disconnects; pending operations fail.
    func disconnect() async
    /// Reads a characteristic's value.
    func read(_ characteristic: String) async throws -> [UInt8]
    /// Writes a characteristic's value (with response).
    func write(_ characteristic: String, value: [UInt8]) async throws
    /// Notifications and indications of a characteristic (subscribing enables them); the stream ends when the link
    /// drops.
    func values(of characteristic: String) async throws -> AsyncStream<[UInt8]>
    /// Link events, for as long as the transport exists.
    var linkEvents: AsyncStream<LinkEvent> { get }
}
