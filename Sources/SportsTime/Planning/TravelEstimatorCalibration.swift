import Foundation

/// Fits the built-in estimator's assumptions (road miles = great-circle miles × a detour factor; hours = road miles
/// ÷ the speed of the leg's distance band + a per-leg overhead) to a real road matrix, and measures the error.
public struct TravelEstimatorCalibration: Sendable, Equatable {
    /// How well an estimator matches the matrix.
    public struct Error: Sendable, Equatable, Codable {
        /// Legs compared.
        public var legs: Int
        /// Mean absolute error of the hours, as a share of the real hours.
        public var meanHoursError: Double
        /// Largest absolute error of the hours, as a share.
        public var maxHoursError: Double
        /// Mean absolute error of the miles, as a share.
        public var meanMilesError: Double
        /// Share of legs whose estimated hours are shorter than the real ones (a plan built on them may be too
        /// tight).
        public var underestimatedShare: Double
    }

    /// The fitted estimator.
    public var estimator: TravelEstimator
    /// The default estimator's error on the matrix.
    public var before: Error
    /// The fitted estimator's error on the matrix.
    public var after: Error

    /// Upper ends of the distance bands (road miles); the last band is open.
    public static let bandLimits: [Double] = [150, 400, 800, 1_500, .infinity]

    /// Fits to `legs` between venues of `catalog` (legs with unknown venues are ignored); nil for fewer than 5
    /// usable legs.
    public static func fit(
        legs: [RoadLeg], catalog: Catalog, base: TravelEstimator = TravelEstimator()
    )
        -> TravelEstimatorCalibration?
    {
        let samples: [(straight: Double, miles: Double, hours: Double)] = legs.compactMap { leg in
            guard let a = catalog.venue(leg.from)?.coordinate, let b = catalog.venue(leg.to)?.coordinate else {
                return nil
            }
            let straight = a.miles(to: b)
            guard straight >= base.samePlaceMiles, leg.miles > 0, leg.minutes > 0 else { return nil }
            return (straight, leg.miles, leg.minutes / 60)
        }
        guard samples.count >= 5 else { return nil }
        // Detour factor: the median of road ÷ straight miles (robust to a few odd routes).
        let ratios = samples.map { $0.miles / $0.straight }.sorted()
        let factor = ratios[ratios.count / 2]
        // Overhead: the intercept of hours against road miles (least squares), within 0…1 h.
        let n = Double(samples.count)
        let meanX = samples.reduce(0) { $0 + $1.miles } / n
        let meanY = samples.reduce(0) { $0 + $1.hours } / n
        let sxy = samples.reduce(0) { $0 + ($1.miles - meanX) * ($1.hours - meanY) }
        let sxx = samples.reduce(0) { $0 + ($1.miles - meanX) * ($1.miles - meanX) }
        let slope = sxx > 0 ? sxy / sxx : 1 / base.averageSpeedMPH
        let overhead = min(1, max(0, meanY - slope * meanX))
        // Speeds per band of (estimated) road miles.
        var bands: [TravelEstimator.SpeedBand] = []
        var lower = 0.0
        for limit in bandLimits {
            let inBand = samples.filter {
                let estimated = $0.straight * factor
                return estimated > lower && estimated <= limit
            }
            let hours = inBand.reduce(0) { $0 + max(0.05, $1.hours - overhead) }
            if !inBand.isEmpty, hours > 0 {
                let speed = inBand.reduce(0) { $0 + $1.straight * factor } / hours
                bands.append(TravelEstimator.SpeedBand(upToMiles: limit.isFinite ? limit : 1e9, speedMPH: speed))
            }
            lower = limit
        }
        let fitted = TravelEstimator(
            roadFactor: factor, averageSpeedMPH: 1 / max(1e-6, slope), legOverheadHours: overhead,
            samePlaceMiles: base.samePlaceMiles, speedBands: bands)
        return TravelEstimatorCalibration(
            estimator: fitted, before: error(of: base, samples: samples), after: error(of: fitted, samples: samples))
    }

    static func error(
        of estimator: TravelEstimator, samples: [(straight: Double, miles: Double, hours: Double)]
    )
        -> Error
    {
        var hoursSum = 0.0
        var hoursMax = 0.0
        var milesSum = 0.0
        var under = 0
        for sample in samples {
            let miles = sample.straight * estimator.roadFactor
            let hours = estimator.hours(forRoadMiles: miles)
            let e = abs(hours - sample.hours) / sample.hours
            hoursSum += e
            hoursMax = max(hoursMax, e)
            milesSum += abs(miles - sample.miles) / sample.miles
            if hours < sample.hours { under += 1 }
        }
        let n = Double(samples.count)
        return Error(
            legs: samples.count, meanHoursError: hoursSum / n, maxHoursError: hoursMax, meanMilesError: milesSum / n,
            underestimatedShare: Double(under) / n)
    }
}
