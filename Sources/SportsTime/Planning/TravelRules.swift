import Foundation

/// The travel rules a tour is planned under, stated once and reported with every result: how long a game lasts, how
/// much time must be left between a game's end (plus the drive) and the next first pitch, and how driving works.
///
/// Two driving models:
/// - ``DrivingModel/continuous``: drive at any hour; a leg is limited only by its road time (the model of the
///   published Traveling Baseball Fan Problem benchmark). Game j may follow game i when
///   `start_i + gameHours + bufferHours + drive(i → j) ≤ start_j`.
/// - ``DrivingModel/daily``: at most ``hoursPerDriver`` × ``drivers`` hours of driving a day, no driving after a
///   game, drivers set off at ``departureHour`` local time after each overnight stop (the realistic model of
///   ``BallparkTourSearch``), and an arrival ``bufferHours`` before a game at another venue.
///
/// Road times come from the estimator's road matrix where it has one (``TravelEstimator/roads``), else from the
/// estimator's speed assumptions.
public struct TravelRules: Codable, Sendable, Equatable {
    /// How driving is limited.
    public enum DrivingModel: String, Codable, Sendable, CaseIterable {
        /// Drive around the clock; legs limited only by road time.
        case continuous
        /// Limited hours a day, overnight stops.
        case daily
    }

    /// The driving model.
    public var driving: DrivingModel
    /// Hours a game lasts (a fan leaves at first pitch + this).
    public var gameHours: Double
    /// Hours that must be left over between a game's end plus the drive and the next first pitch at another venue.
    public var bufferHours: Double
    /// Drivers sharing the wheel (daily model).
    public var drivers: Int
    /// Hours each driver drives a day (daily model).
    public var hoursPerDriver: Double
    /// Local hour drivers set off after an overnight stop (daily model).
    public var departureHour: Double
    /// Whether a day game and a night game at two venues may share a day (daily model; the continuous model allows
    /// any number of games a day when the road times allow).
    public var allowsTwoParksPerDay: Bool
    /// Speed assumptions for legs the road matrix does not cover.
    public var estimator: TravelEstimator

    /// Rules from their parts; out-of-range values are clamped (game 0.5–12 h, buffer 0–24 h, 1–6 drivers, 1–24 h
    /// per driver, departure 0–23 h).
    public init(
        driving: DrivingModel, gameHours: Double = 3, bufferHours: Double? = nil, drivers: Int = 1,
        hoursPerDriver: Double = DrivingConstraints.defaultHoursPerDriver, departureHour: Double = 8,
        allowsTwoParksPerDay: Bool = true, estimator: TravelEstimator = TravelEstimator()
    ) {
        self.driving = driving
        self.gameHours = gameHours.isFinite ? min(12, max(0.5, gameHours)) : 3
        let buffer = bufferHours ?? (driving == .continuous ? 0 : 1)
        self.bufferHours = buffer.isFinite ? min(24, max(0, buffer)) : 0
        self.drivers = min(6, max(1, drivers))
        self.hoursPerDriver = hoursPerDriver.isFinite ? min(24, max(1, hoursPerDriver)) : 8
        self.departureHour = departureHour.isFinite ? min(23, max(0, departureHour)) : 8
        self.allowsTwoParksPerDay = allowsTwoParksPerDay
        self.estimator = estimator
    }

    /// The published benchmark's rules: continuous driving, 3-hour games, no buffer.
    public static let benchmark = TravelRules(driving: .continuous, gameHours: 3, bufferHours: 0)

    /// Realistic daily rules: `drivers` × `hoursPerDriver` a day, 3-hour games, arrive an hour early, set off at 8.
    public static func daily(drivers: Int = 1, hoursPerDriver: Double = 8) -> TravelRules {
        TravelRules(driving: .daily, drivers: drivers, hoursPerDriver: hoursPerDriver)
    }

    /// Hours of driving a day under the daily model.
    public var dailyLimit: Double { Double(drivers) * hoursPerDriver }

    /// The daily model's driving constraints.
    public var drivingConstraints: DrivingConstraints {
        DrivingConstraints(numberOfDrivers: drivers, maxHoursPerDriver: hoursPerDriver)
    }

    /// One line for people: "continuous driving, 3 h games, no buffer" or "daily: 2 drivers × 8 h, set off at 08:00,
    /// 3 h games, arrive 1 h early".
    public var summary: String {
        let game = "\(Self.hours(gameHours)) games"
        switch driving {
        case .continuous:
            let buffer = bufferHours > 0 ? "\(Self.hours(bufferHours)) buffer" : "no buffer"
            return "continuous driving (any hour), \(game), \(buffer)"
        case .daily:
            let who = drivers == 1 ? "1 driver" : "\(drivers) drivers"
            let minutes = Int((departureHour * 60).rounded())
            let departure = String(format: "%02d:%02d", minutes / 60, minutes % 60)
            return
                "daily driving: \(who) × \(Self.hours(hoursPerDriver)), set off at \(departure), \(game), "
                + "arrive \(Self.hours(bufferHours)) early"
        }
    }

    static func hours(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value)) h" : String(format: "%.1f h", value)
    }
}
