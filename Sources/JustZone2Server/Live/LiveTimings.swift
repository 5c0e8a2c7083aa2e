import Configuration
import Foundation

/// The live ride's timings, from the settings (short ones make browser and socket tests quick):
///
/// | setting | variable | default |
/// |---|---|---|
/// | `zone2.pingSeconds` | `ZONE2_PING_SECONDS` | 5: the bridge pings every tab this often |
/// | `zone2.radioTimeoutSeconds` | `ZONE2_RADIO_TIMEOUT_SECONDS` | 12: a radio silent this long is gone |
/// | `zone2.radioWaitSeconds` | `ZONE2_RADIO_WAIT_SECONDS` | 30: a session's connect waits this long for a radio |
/// | `zone2.checkpointSeconds` | `ZONE2_CHECKPOINT_SECONDS` | 60: riding seconds between checkpoints |
/// | `zone2.timeScale` | `ZONE2_TIME_SCALE` | 1: the ride's clock runs this many times faster (tests, demos) |
/// | `zone2.operationTimeoutSeconds` | `ZONE2_OPERATION_TIMEOUT_SECONDS` | unset: the bridge's own limits (read 5 s, write 2 s); tests on a loaded machine set a long one |
public struct LiveTimings: Sendable, Equatable {
    public var ping: TimeInterval = 5
    public var radioTimeout: TimeInterval = RiderBridge.defaultRadioTimeout
    public var radioWait: TimeInterval = 30
    public var checkpointEvery: TimeInterval = 60
    /// 1 is real time; 60 rides a 5-minute plan in 5 seconds.
    public var timeScale: Double = 1
    /// Replaces the bridge's read and write limits (real seconds) when set.
    public var operationTimeout: TimeInterval?

    /// The notes' timings.
    public init() {}

    /// Timings from `settings`; values out of range keep their default.
    public init(settings: ConfigReader) {
        func read(_ key: String, _ current: Double, _ range: ClosedRange<Double>) -> Double {
            let value = settings.double(forKey: ConfigKey(key), default: current)
            return range.contains(value) ? value : current
        }
        ping = read("zone2.pingSeconds", ping, 0.05...60)
        radioTimeout = read("zone2.radioTimeoutSeconds", radioTimeout, 0.1...600)
        radioWait = read("zone2.radioWaitSeconds", radioWait, 0.1...600)
        checkpointEvery = read("zone2.checkpointSeconds", checkpointEvery, 1...3600)
        timeScale = read("zone2.timeScale", timeScale, 1...1000)
        let operation = read("zone2.operationTimeoutSeconds", 0, 0.1...600)
        operationTimeout = operation > 0 ? operation : nil
    }
}
