import Foundation

/// Heart-rate-guided power: a proportional–integral controller in velocity form that moves the ERG target so heart
/// rate settles in the middle of Zone 2.
///
/// Heart rate answers a power change with a lag of a minute or two and drifts up over a long ride, so the
/// controller is deliberately slow and asymmetric:
/// - **Grace period** (default 180 s after the main part starts, or after heart rate returns): heart rate is still
///   catching up with the warm-up, so power is only ever lowered (if heart rate is already above the zone).
/// - **Deadband**: the error e = midpoint − HR (bpm) counts only beyond ±2 bpm (and shrinks by those 2 bpm), so
///   beat-to-beat noise around the middle of the zone changes nothing.
/// - **PI law, velocity form**: each second the target moves by ki·e·dt + kp·Δe with ki = 0.02 W/(bpm·s) (10 bpm too
///   low → +12 W per minute) and kp = 1 W/bpm on the change of the error, which damps the overshoot the lag would
///   cause. With the model rider (0.4 bpm/W, 60 s lag) the loop's damping ratio is about 0.7. Working on changes
///   keeps the target continuous: no jumps when the error enters or leaves the deadband.
/// - **Rate limits**: the target may rise by at most 3 W per 10 s but fall by up to 10 W per 10 s — too high a heart
///   rate is corrected quickly, too low a one slowly (it would overshoot with the lag).
/// - **Floor and ceiling** from the plan; the result is a whole number of watts.
/// - **Missing heart rate**: the target is held (ERG carries on at the last power) and the grace period restarts
///   when heart rate returns.
///
/// `WorkoutTests` show it settling on the simulated rider (``HeartRateModel``) from below and above without
/// oscillating, and following cardiac drift down.
public struct Zone2PowerController: Sendable, Equatable, Codable {
    /// Tuning constants (see the type's documentation).
    public struct Tuning: Sendable, Equatable, Codable {
        /// W per bpm of change in the error.
        public var proportionalGain = 1.0
        /// W per bpm·s of error.
        public var integralGain = 0.02
        /// Errors within this many bpm of the zone's midpoint count as none.
        public var deadbandBPM = 2.0
        /// Seconds after the start (or heart rate's return) during which power only goes down.
        public var gracePeriod: TimeInterval = 180
        /// Fastest rise (W/s).
        public var maxRiseWattsPerSecond = 0.3
        /// Fastest fall (W/s).
        public var maxFallWattsPerSecond = 1.0
        /// Defaults as documented.
        public init() {}
    }

    /// The zone aimed for (its midpoint); the rider may shift it during a ride.
    public var zone: HeartRateZone
    /// Lowest target (W).
    public let floorWatts: Int
    /// Highest target (W).
    public let ceilingWatts: Int
    /// Constants.
    public var tuning: Tuning
    /// The current target (W), before rounding.
    public private(set) var targetWatts: Double
    private var previousError: Double?
    private var lastTime: TimeInterval?
    private var graceUntil: TimeInterval?

    /// A controller starting at `startWatts` (clamped to floor…ceiling).
    public init(zone: HeartRateZone, startWatts: Int, floorWatts: Int, ceilingWatts: Int, tuning: Tuning = Tuning()) {
        self.zone = zone
        self.floorWatts = min(floorWatts, ceilingWatts)
        self.ceilingWatts = max(floorWatts, ceilingWatts)
        self.tuning = tuning
        targetWatts = Double(min(max(startWatts, self.floorWatts), self.ceilingWatts))
    }

    /// The target to send now, as whole watts.
    public var target: Int { Int(targetWatts.rounded()) }

    /// Feeds one heart-rate reading (nil when missing) at `time` seconds into the main part; returns the new target.
    public mutating func update(heartRate: Int?, at time: TimeInterval) -> Int {
        guard time.isFinite else { return target }
        let dt = lastTime.map { min(max(0, time - $0), 10) } ?? 0
        lastTime = time
        guard let heartRate, heartRate > 0 else {
            // Hold power; when heart rate comes back it needs time to be trusted again.
            graceUntil = nil
            previousError = nil
            return target
        }
        if graceUntil == nil { graceUntil = time + tuning.gracePeriod }
        let raw = zone.midpoint - Double(heartRate)
        let error = abs(raw) <= tuning.deadbandBPM ? 0 : raw - (raw > 0 ? tuning.deadbandBPM : -tuning.deadbandBPM)
        let change = previousError.map { error - $0 } ?? 0
        previousError = error
        var step = tuning.integralGain * error * dt + tuning.proportionalGain * change
        // In the grace period heart rate still lags the warm-up: power may only come down, and only when heart rate
        // is already above the zone's middle (a rising heart rate below it is no reason to ease off).
        if time < (graceUntil ?? time) { step = error < 0 ? min(step, 0) : 0 }
        step = min(max(step, -tuning.maxFallWattsPerSecond * dt), tuning.maxRiseWattsPerSecond * dt)
        targetWatts = min(max(targetWatts + step, Double(floorWatts)), Double(ceilingWatts))
        return target
    }
}

/// A simulated rider's heart rate: it approaches a steady state that rises with power (and slowly with time —
/// cardiac drift) with a first-order lag. Used by the simulator and to test the controller.
public struct HeartRateModel: Sendable, Equatable, Codable {
    /// Heart rate at zero power (bpm).
    public var restingBPM = 60.0
    /// Steady-state rise per watt (bpm/W).
    public var bpmPerWatt = 0.4
    /// Drift (bpm per hour at constant power).
    public var driftPerHour = 6.0
    /// Time constant of the lag (s).
    public var timeConstant: TimeInterval = 60
    /// Current heart rate (bpm).
    public private(set) var heartRate: Double

    /// A rider at rest.
    public init(restingBPM: Double = 60, bpmPerWatt: Double = 0.4, driftPerHour: Double = 6, timeConstant: Double = 60)
    {
        self.restingBPM = restingBPM
        self.bpmPerWatt = bpmPerWatt
        self.driftPerHour = driftPerHour
        self.timeConstant = timeConstant
        heartRate = restingBPM
    }

    /// Advances `dt` seconds at `power` watts, `elapsed` seconds into the ride; returns the heart rate.
    public mutating func step(power: Double, dt: TimeInterval, elapsed: TimeInterval) -> Double {
        let target = restingBPM + bpmPerWatt * max(0, power) + driftPerHour * elapsed / 3600
        let factor = timeConstant > 0 ? 1 - exp(-max(0, dt) / timeConstant) : 1
        heartRate += (target - heartRate) * factor
        return heartRate
    }
}
