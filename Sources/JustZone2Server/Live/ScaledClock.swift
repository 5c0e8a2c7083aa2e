import Foundation

/// The continuous clock run `scale` times faster: a live ride's sessions and engine wait on it, so a test or a demo
/// can ride a 5-minute plan in seconds with every rule (control timeouts, stall and silence checks, checkpoints)
/// unchanged. Scale 1 is real time.
struct ScaledClock: Clock {
    struct Instant: InstantProtocol {
        /// Scaled time since the clock's origin.
        var offset: Duration
        func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        func duration(to other: Instant) -> Duration { other.offset - offset }
        static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    let scale: Double
    let base = ContinuousClock()
    let origin: ContinuousClock.Instant

    init(scale: Double) {
        self.scale = scale.isFinite ? max(1, scale) : 1
        origin = base.now
    }

    var now: Instant { Instant(offset: origin.duration(to: base.now) * scale) }
    var minimumResolution: Duration { base.minimumResolution }

    func sleep(until deadline: Instant, tolerance: Duration?) async throws {
        let wait = now.duration(to: deadline)
        guard wait > .zero else { return }
        try await base.sleep(for: wait / scale)
    }
}
