import Foundation

/// What the ride page shows, once a second: the bridge's `state` frame and `GET /zone2/ride/state`. The engine's
/// ``RideEngine/Snapshot`` plus what the server knows around it (the ride, its source, links, laps, where to go
/// when it ends).
public struct RideState: Sendable, Equatable, Codable {
    /// Where the rider's ride stands.
    public enum Status: String, Sendable, Codable {
        /// No ride in progress.
        case none
        /// Riding (or paused).
        case live
        /// Done: `next` is the summary page.
        case finished
        /// Stopped by a server restart: `next` offers Resume.
        case interrupted
    }

    public var status: Status
    /// The ride's id.
    public var ride: String?
    /// `bridge` (Bluetooth through a tab) or `simulator` (the server's demo trainer and strap).
    public var source: String?
    /// `erg` or `hr` (heart-rate guided power).
    public var mode: String?
    /// The engine's snapshot while live.
    public var snapshot: RideEngine.Snapshot?
    /// The rider's Zone 2 (bpm), for colouring the heart rate in ERG mode too.
    public var zoneLower: Int?
    public var zoneUpper: Int?
    /// Whether a tab holds the radio (bridge rides; the simulator needs none).
    public var radio: Bool
    /// The radio tab's last ping round trip in milliseconds (the page warns above 300 ms: control needs it short).
    public var radioPingMs: Int?
    /// Lap markers so far (riding seconds).
    public var laps: [Int]
    /// What the last command did ("target 150 W"), or why the ride paused.
    public var message: String?
    /// The page to go to (summary when finished, the ride's page when interrupted).
    public var next: String?
    /// Counts the states sent, so a page can tell a fresh one from a repeat.
    public var seq: Int

    /// A state; every field but `status` defaults to empty.
    public init(
        status: Status, ride: String? = nil, source: String? = nil, mode: String? = nil,
        snapshot: RideEngine.Snapshot? = nil, zoneLower: Int? = nil, zoneUpper: Int? = nil, radio: Bool = false,
        laps: [Int] = [], message: String? = nil, next: String? = nil, seq: Int = 0, radioPingMs: Int? = nil
    ) {
        self.status = status
        self.ride = ride
        self.source = source
        self.mode = mode
        self.snapshot = snapshot
        self.zoneLower = zoneLower
        self.zoneUpper = zoneUpper
        self.radio = radio
        self.laps = laps
        self.message = message
        self.next = next
        self.seq = seq
        self.radioPingMs = radioPingMs
    }
}
