import Foundation

/// What a workout asks of the trainer.
public enum WorkoutMode: Sendable, Equatable, Codable {
    /// Fixed power in ERG mode (W).
    case erg(targetWatts: Int)
    /// Power adjusted by ``Zone2PowerController`` to keep heart rate in `zone`, starting from `startWatts`, never
    /// below `floorWatts` or above `ceilingWatts`.
    case heartRate(zone: HeartRateZone, startWatts: Int, floorWatts: Int, ceilingWatts: Int)
}

/// A workout: warm-up ramp, main part, cool-down ramp. Times in seconds.
public struct WorkoutPlan: Sendable, Equatable, Codable {
    /// The main part's mode.
    public var mode: WorkoutMode
    /// Length of the main part (s).
    public var duration: TimeInterval
    /// Warm-up length (s): power ramps from `rampStartFraction` of the first target to the target.
    public var warmUp: TimeInterval
    /// Cool-down length (s): power ramps down to `rampStartFraction` of the last target.
    public var coolDown: TimeInterval
    /// Where the ramps start and end, as a fraction of the main target.
    public var rampStartFraction: Double

    /// A plan; negative or non-finite lengths count as 0 and the ramp fraction is kept within 0…1.
    public init(
        mode: WorkoutMode, duration: TimeInterval, warmUp: TimeInterval = 0, coolDown: TimeInterval = 0,
        rampStartFraction: Double = 0.6
    ) {
        func clean(_ value: TimeInterval) -> TimeInterval { value.isFinite ? max(0, value) : 0 }
        self.mode = mode
        self.duration = clean(duration)
        self.warmUp = clean(warmUp)
        self.coolDown = clean(coolDown)
        self.rampStartFraction = rampStartFraction.isFinite ? min(1, max(0, rampStartFraction)) : 0.6
    }

    /// Seconds from "45m", "90s" or "600"; nil for anything else (negative or not a number).
    public static func seconds(fromText text: String) -> TimeInterval? {
        let value: Double?
        if text.hasSuffix("m") {
            value = Double(text.dropLast()).map { $0 * 60 }
        } else if text.hasSuffix("s") {
            value = Double(text.dropLast())
        } else {
            value = Double(text)
        }
        guard let value, value.isFinite, value >= 0 else { return nil }
        return value
    }

    /// Whole length (s).
    public var totalDuration: TimeInterval { warmUp + duration + coolDown }

    /// Which part of the plan a moment falls in.
    public enum Phase: String, Sendable, Codable { case warmUp, main, coolDown, finished }

    /// The phase at `elapsed` seconds of riding (pauses excluded).
    public func phase(at elapsed: TimeInterval) -> Phase {
        if elapsed < warmUp { return .warmUp }
        if elapsed < warmUp + duration { return .main }
        if elapsed < totalDuration { return .coolDown }
        return .finished
    }

    /// The target at `elapsed` given the main part's current target `main` (fixed for ERG; the controller's for
    /// heart-rate mode): a linear ramp up in the warm-up and down in the cool-down, rounded to whole watts.
    public func target(at elapsed: TimeInterval, main: Int) -> Int {
        let low = Double(main) * rampStartFraction
        switch phase(at: elapsed) {
        case .warmUp:
            guard warmUp > 0 else { return main }
            return Int((low + (Double(main) - low) * elapsed / warmUp).rounded())
        case .main: return main
        case .coolDown:
            guard coolDown > 0 else { return main }
            let into = elapsed - warmUp - duration
            return Int((Double(main) - (Double(main) - low) * into / coolDown).rounded())
        case .finished: return Int(low.rounded())
        }
    }
}
