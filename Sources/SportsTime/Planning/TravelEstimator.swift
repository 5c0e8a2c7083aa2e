import Foundation

/// Driving estimates between two points, from straight-line distance.
///
/// Defaults come from the notes (calibrated on 870 real routes between MLB parks): road miles = 1.2 × great-circle
/// miles, 60 mph, plus 0.5 h per leg to get out of one city and into the next. A leg between two points less than
/// ``samePlaceMiles`` apart (the same venue, or two venues across a parking lot) takes no time.
public struct TravelEstimator: Codable, Sendable, Equatable {
    /// Road miles per great-circle mile.
    public var roadFactor: Double
    /// Average driving speed in miles per hour.
    public var averageSpeedMPH: Double
    /// Hours added to each leg for getting out of and into cities.
    public var legOverheadHours: Double
    /// Points closer than this (great-circle miles) count as the same place.
    public var samePlaceMiles: Double
    /// Average speeds by straight-line distance band, from a calibration (``TravelEstimatorCalibration``); nil =
    /// ``averageSpeedMPH`` everywhere.
    public var speedBands: [SpeedBand]?
    /// Real road times between venues, used instead of the estimate where present. Not encoded: a saved option
    /// keeps only the speed assumptions (the matrix lives in the database).
    public var roads: RoadMatrix?

    /// An average speed for legs up to ``upToMiles`` road miles (the last band covers everything longer).
    public struct SpeedBand: Codable, Sendable, Equatable {
        /// Upper end of the band, road miles.
        public var upToMiles: Double
        /// Average speed in the band, miles per hour (overhead included in the leg's hours separately).
        public var speedMPH: Double

        /// A band from its parts.
        public init(upToMiles: Double, speedMPH: Double) {
            self.upToMiles = upToMiles
            self.speedMPH = speedMPH
        }
    }

    private enum CodingKeys: String, CodingKey {
        case roadFactor, averageSpeedMPH, legOverheadHours, samePlaceMiles, speedBands
    }

    /// An estimator; out-of-range values fall back to the defaults (speed at least 1 mph).
    public init(
        roadFactor: Double = 1.2, averageSpeedMPH: Double = 60, legOverheadHours: Double = 0.5,
        samePlaceMiles: Double = 0.5, speedBands: [SpeedBand]? = nil, roads: RoadMatrix? = nil
    ) {
        self.roadFactor = roadFactor.isFinite ? max(1, roadFactor) : 1.2
        self.averageSpeedMPH = averageSpeedMPH.isFinite && averageSpeedMPH > 0 ? max(1, averageSpeedMPH) : 60
        self.legOverheadHours = legOverheadHours.isFinite ? max(0, legOverheadHours) : 0.5
        self.samePlaceMiles = samePlaceMiles.isFinite ? max(0, samePlaceMiles) : 0.5
        let bands = (speedBands ?? []).filter { $0.upToMiles > 0 && $0.speedMPH >= 1 && $0.speedMPH.isFinite }
        self.speedBands = bands.isEmpty ? nil : bands.sorted { $0.upToMiles < $1.upToMiles }
        self.roads = roads
    }

    /// This estimator with `roads` as its road matrix (nil or empty = estimates only).
    public func with(roads: RoadMatrix?) -> TravelEstimator {
        var copy = self
        copy.roads = roads?.isEmpty == false ? roads : nil
        return copy
    }

    /// A leg's estimate.
    public struct Leg: Codable, Sendable, Equatable {
        /// Road miles.
        public var miles: Double
        /// Driving hours, overhead included.
        public var drivingHours: Double

        /// A leg estimate.
        public init(miles: Double, drivingHours: Double) {
            self.miles = miles
            self.drivingHours = drivingHours
        }
    }

    /// Road miles between two points: the road matrix's where it has the leg, else the estimate.
    public func roadMiles(from: Coordinate, to: Coordinate) -> Double {
        if let entry = roads?.entry(from: from, to: to) { return entry.miles }
        let straight = from.miles(to: to)
        return straight < samePlaceMiles ? 0 : straight * roadFactor
    }

    /// Road miles and driving hours from one point to another (zero for the same place): the road matrix's where it
    /// has the leg (its road time, no overhead added), else the estimate.
    public func leg(from: Coordinate, to: Coordinate) -> Leg {
        if let entry = roads?.entry(from: from, to: to) {
            return Leg(miles: entry.miles, drivingHours: entry.minutes / 60)
        }
        return estimatedLeg(from: from, to: to)
    }

    /// The estimate for a leg, ignoring the road matrix.
    public func estimatedLeg(from: Coordinate, to: Coordinate) -> Leg {
        let straight = from.miles(to: to)
        let miles = straight < samePlaceMiles ? 0 : straight * roadFactor
        return Leg(miles: miles, drivingHours: hours(forRoadMiles: miles))
    }

    /// Driving hours for `miles` of road, overhead included (zero for zero miles); the speed of the miles' band when
    /// the estimator has bands.
    public func hours(forRoadMiles miles: Double) -> Double {
        guard miles > 0 else { return 0 }
        return miles / speed(forRoadMiles: miles) + legOverheadHours
    }

    /// Average speed for a leg of `miles` road miles.
    public func speed(forRoadMiles miles: Double) -> Double {
        guard let bands = speedBands, let last = bands.last else { return averageSpeedMPH }
        return (bands.first { miles <= $0.upToMiles } ?? last).speedMPH
    }

    /// Calendar days of driving `hours` needs when a day allows `dailyLimit` hours (0 for no driving; at most a
    /// million for absurd inputs).
    public func daysNeeded(hours: Double, dailyLimit: Double) -> Int {
        guard hours > 0 else { return 0 }
        guard dailyLimit > 0, dailyLimit.isFinite else { return 1 }
        return Int(min(1e6, (hours / dailyLimit - 1e-9).rounded(.up)))
    }

    /// An overnight stop on a leg too long for one day.
    public struct OvernightPoint: Codable, Sendable, Equatable {
        /// 1 = after the first day of driving.
        public var afterDay: Int
        /// Road miles driven from the leg's start.
        public var milesFromStart: Double
        /// Approximate position (on the straight line between the ends, where that share of the drive is done).
        public var coordinate: Coordinate

        /// A stop from its parts.
        public init(afterDay: Int, milesFromStart: Double, coordinate: Coordinate) {
            self.afterDay = afterDay
            self.milesFromStart = milesFromStart
            self.coordinate = coordinate
        }
    }

    /// Where a traveller sleeps on a leg longer than one day's driving: after each full day of `dailyLimit` hours,
    /// at the share of the road that day's driving (minus the leg's overhead) covered.
    public func overnightStops(from: Coordinate, to: Coordinate, dailyLimit: Double) -> [OvernightPoint] {
        let leg = leg(from: from, to: to)
        let days = daysNeeded(hours: leg.drivingHours, dailyLimit: dailyLimit)
        guard days > 1, leg.miles > 0 else { return [] }
        return (1..<days).map { day in
            let drivenHours = Double(day) * dailyLimit
            let moving = max(0, drivenHours - legOverheadHours / 2)
            let miles = min(leg.miles, moving * averageSpeedMPH)
            let share = miles / leg.miles
            return OvernightPoint(
                afterDay: day, milesFromStart: miles, coordinate: Self.interpolate(from: from, to: to, share: share))
        }
    }

    /// The point `share` (0…1) of the way from `from` to `to` along the great circle.
    public static func interpolate(from: Coordinate, to: Coordinate, share: Double) -> Coordinate {
        let f = min(1, max(0, share))
        let φ1 = from.latitude * .pi / 180
        let λ1 = from.longitude * .pi / 180
        let φ2 = to.latitude * .pi / 180
        let λ2 = to.longitude * .pi / 180
        let δ = from.miles(to: to) / 3958.8
        guard δ > 1e-9 else { return from }
        let a = sin((1 - f) * δ) / sin(δ)
        let b = sin(f * δ) / sin(δ)
        let x = a * cos(φ1) * cos(λ1) + b * cos(φ2) * cos(λ2)
        let y = a * cos(φ1) * sin(λ1) + b * cos(φ2) * sin(λ2)
        let z = a * sin(φ1) + b * sin(φ2)
        return Coordinate(
            latitude: atan2(z, sqrt(x * x + y * y)) * 180 / .pi, longitude: atan2(y, x) * 180 / .pi)
    }
}
