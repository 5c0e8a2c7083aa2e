import Foundation

/// A smart trainer speaking FTMS bytes: it grants and revokes control, answers control-point writes, and in ERG
/// holds power at the target (with a short lag) whatever the cadence, like a KICKR. Everything goes through the
/// real codecs, so a simulated ride exercises the same bytes a real trainer sends.
public struct SimulatedTrainer: Sendable, Equatable {
    /// Advertised power range.
    public var powerRange = SupportedPowerRange(minimumWatts: 0, maximumWatts: 2000, incrementWatts: 1)
    /// Targets above this are refused with "invalid parameter" (firmware that advertises more than it accepts).
    public var rejectsAbove: Int?
    /// Whether an app holds control.
    public private(set) var controlGranted = false
    /// Whether the workout was started.
    public private(set) var started = false
    /// Target power (W) in ERG; nil in resistance mode.
    public private(set) var targetWatts: Int?
    /// Resistance level when not in ERG.
    public private(set) var resistanceLevel: Double = 5
    /// Power at the flywheel now (W).
    public private(set) var power: Double = 0
    /// Total distance (m).
    public private(set) var distance: Double = 0
    /// Time constant of ERG power following the target (s).
    public var ergLag: TimeInterval = 1.5

    /// A trainer, idle.
    public init() {}

    /// Answers a control-point write with the indication bytes it sends back (garbled requests get "not supported"
    /// for op code 0xFF, as trainers do).
    public mutating func receive(controlPoint bytes: [UInt8]) -> [UInt8] {
        guard let request = try? ControlPointRequest.decode(bytes) else {
            return ControlPointResponse(requestOpCode: bytes.first ?? 0xFF, result: .notSupported).encode()
        }
        func answer(_ result: ControlPointResultCode) -> [UInt8] {
            ControlPointResponse(requestOpCode: request.opCode, result: result).encode()
        }
        if case .requestControl = request {
            controlGranted = true
            return answer(.success)
        }
        guard controlGranted else { return answer(.controlNotPermitted) }
        switch request {
        case .startOrResume:
            started = true
        case .stopOrPause:
            started = false
        case .reset:
            controlGranted = false
            started = false
            targetWatts = nil
        case .setTargetPower(let watts):
            if let limit = rejectsAbove, watts > limit { return answer(.invalidParameter) }
            guard watts >= powerRange.minimumWatts, watts <= powerRange.maximumWatts else {
                return answer(.invalidParameter)
            }
            targetWatts = watts
        case .setTargetResistance(let level):
            targetWatts = nil
            resistanceLevel = level
        default:
            return answer(.notSupported)
        }
        return answer(.success)
    }

    /// Another app took control (or the trainer restarted its control state): the status notification it sends.
    public mutating func revokeControl() -> [UInt8] {
        controlGranted = false
        return FitnessMachineStatus.controlPermissionLost.encode()
    }

    /// The link dropped: the trainer forgets the app's control, keeps its last target (ERG goes on, as KICKRs do).
    public mutating func linkLost() { controlGranted = false }

    /// Advances `dt` seconds with the rider pedalling at `cadence` rpm; returns the Indoor Bike Data the trainer
    /// would notify now.
    public mutating func step(dt: TimeInterval, cadence: Double) -> [UInt8] {
        let goal: Double
        if cadence <= 0 {
            goal = 0
        } else if let target = targetWatts, started {
            goal = Double(target)
        } else {
            // Resistance mode: power grows with cadence and level.
            goal = resistanceLevel * 4 + cadence * 1.2
        }
        let factor = ergLag > 0 ? 1 - exp(-max(0, dt) / ergLag) : 1
        power += (goal - power) * factor
        let speed = power > 0 ? pow(power / 0.25, 1.0 / 3.0) : 0  // m/s on a flat road, roughly
        distance += speed * dt
        return IndoorBikeData(
            instantaneousSpeed: speed * 3.6, instantaneousCadence: cadence, totalDistance: Int(distance),
            instantaneousPower: Int(power.rounded())
        ).encode()
    }
}

/// A chest strap: heart rate from a ``HeartRateModel`` as Heart Rate Measurement bytes.
public struct SimulatedHeartStrap: Sendable, Equatable {
    /// The rider's heart.
    public var model: HeartRateModel

    /// A strap on a rider described by `model`.
    public init(model: HeartRateModel = HeartRateModel()) { self.model = model }

    /// Advances the heart and returns the notification bytes.
    public mutating func step(power: Double, dt: TimeInterval, elapsed: TimeInterval) -> [UInt8] {
        let rate = model.step(power: power, dt: dt, elapsed: elapsed)
        return HeartRateMeasurement(heartRate: Int(rate.rounded()), sensorContact: .detected).encode()
    }
}
