import Foundation
import JustZone2
import ServerKit
import StravaAPI
import WebUI

/// `/zone2/rides`: the rider's rides with filters (period, source, status), weekly totals, the charts (date × average
/// heart rate, coloured by power and sized by duration; average power and heart rate per ride) and the import form.
struct RidesModel: Sendable, Equatable {
    /// The filters, as in the query (`period`, `source`, `status`); unknown values fall back to the defaults.
    struct Filter: Sendable, Equatable {
        enum Period: String, CaseIterable, Sendable {
            case weeks4 = "4w", weeks12 = "12w", year = "1y", all

            var label: String {
                switch self {
                case .weeks4: "4 weeks"
                case .weeks12: "12 weeks"
                case .year: "Year"
                case .all: "All"
                }
            }

            /// Weeks shown (nil: since the first ride).
            var weeks: Int? {
                switch self {
                case .weeks4: 4
                case .weeks12: 12
                case .year: 52
                case .all: nil
                }
            }
        }

        enum Source: String, CaseIterable, Sendable {
            case all, bridge, simulator, imported

            var label: String {
                switch self {
                case .all: "All"
                case .bridge: "Bluetooth"
                case .simulator: "Simulator"
                case .imported: "Imported"
                }
            }
        }

        enum Status: String, CaseIterable, Sendable {
            case all, finished, interrupted, pending

            var label: String {
                switch self {
                case .all: "All"
                case .finished: "Finished"
                case .interrupted: "Interrupted"
                case .pending: "To upload"
                }
            }
        }

        var period: Period = .weeks12
        var source: Source = .all
        var status: Status = .all

        init(period: String? = nil, source: String? = nil, status: String? = nil) {
            self.period = period.flatMap(Period.init) ?? .weeks12
            self.source = source.flatMap(Source.init) ?? .all
            self.status = status.flatMap(Status.init) ?? .all
        }

        /// The query of these filters with one changed.
        func query(period: Period? = nil, source: Source? = nil, status: Status? = nil) -> String {
            "?period=\((period ?? self.period).rawValue)&source=\((source ?? self.source).rawValue)"
                + "&status=\((status ?? self.status).rawValue)"
        }

        func matches(_ ride: StoredRide) -> Bool {
            guard ride.status != .live else { return false }
            switch source {
            case .all: break
            case .bridge: guard ride.source == .bridge else { return false }
            case .simulator: guard ride.source == .simulator else { return false }
            case .imported: guard ride.source == .imported else { return false }
            }
            switch status {
            case .all: return true
            case .finished: return ride.status == .finished
            case .interrupted: return ride.status == .interrupted
            case .pending: return ride.status == .finished && ride.uploadState != "uploaded"
            }
        }
    }

    /// One week's totals.
    struct Week: Sendable, Equatable {
        var label: String
        var rides: Int
        var time: String
        var zone2Minutes: Int
    }

    /// One file's import result.
    struct ImportResult: Error, Sendable, Equatable {
        enum Outcome: String, Sendable { case imported, duplicate, refused }
        var file: String
        var outcome: Outcome
        var message: String
        var url: String?
    }

    var filter: Filter
    var rows: [HomeModel.RideRow]
    var weeks: [Week]
    var scatter: ScatterChart
    /// Rides left out of the scatter chart as outliers of average heart rate (their dates); the list keeps them.
    var leftOut: [String] = []
    var powerLine: LineChart
    var heartRateLine: LineChart
    var weekChart: BarChart
    var imports: [ImportResult]
    var notice: String?
    var importError: String?
    /// The rider's indoor or "Zone 2" rides on Strava (not uploaded from here), each opening its activity page.
    var stravaRows: [HomeModel.RideRow] = []
    /// Why Strava's rides are missing (slow, refused), if they are.
    var stravaNote: String?

    static func == (a: RidesModel, b: RidesModel) -> Bool {
        a.filter == b.filter && a.rows == b.rows && a.weeks == b.weeks && a.imports == b.imports
            && a.notice == b.notice && a.importError == b.importError && a.scatter == b.scatter
            && a.leftOut == b.leftOut
    }

    /// The usual range of `values` (Tukey's fences: 1.5 interquartile ranges beyond the quartiles), so a ride with a
    /// strap that failed or read a cadence does not squash the chart; nil (keep everything) under 8 values.
    static func usualRange(_ values: [Double]) -> ClosedRange<Double>? {
        guard values.count >= 8 else { return nil }
        let sorted = values.sorted()
        func quartile(_ q: Double) -> Double {
            let position = q * Double(sorted.count - 1)
            let below = Int(position.rounded(.down))
            let above = min(below + 1, sorted.count - 1)
            return sorted[below] + (sorted[above] - sorted[below]) * (position - Double(below))
        }
        let (q1, q3) = (quartile(0.25), quartile(0.75))
        let spread = q3 - q1
        return (q1 - 1.5 * spread)...(q3 + 1.5 * spread)
    }

    static func build(
        rides all: [StoredRide], filter: Filter, now: Date, timeZone: TimeZone, imports: [ImportResult] = [],
        notice: String? = nil, importError: String? = nil
    ) -> RidesModel {
        let thisWeek = Zone2Format.week(of: now, timeZone: timeZone)
        var calendar = Calendar(identifier: .iso8601)
        calendar.timeZone = timeZone
        let oldest = all.map(\.startedAt).min() ?? thisWeek.lowerBound
        let start: Date =
            filter.period.weeks.flatMap {
                calendar.date(byAdding: .weekOfYear, value: -($0 - 1), to: thisWeek.lowerBound)
            }
            ?? Zone2Format.week(of: oldest, timeZone: timeZone).lowerBound
        let rides = all.filter { filter.matches($0) && $0.startedAt >= start && $0.startedAt < thisWeek.upperBound }

        // Weekly totals, newest first, every week of the period (empty weeks too, so gaps show).
        var weeks: [Week] = []
        var weekStart = thisWeek.lowerBound
        while weekStart >= start && weeks.count < 520 {
            let end = calendar.date(byAdding: .weekOfYear, value: 1, to: weekStart) ?? weekStart
            let inWeek = rides.filter { $0.startedAt >= weekStart && $0.startedAt < end }
            weeks.append(
                Week(
                    label: Zone2Format.shortDay(weekStart, timeZone: timeZone), rides: inWeek.count,
                    time: Zone2Format.duration(inWeek.map(\.duration).reduce(0, +)),
                    zone2Minutes: inWeek.map(HomeModel.zone2Minutes).reduce(0, +)))
            guard let previous = calendar.date(byAdding: .weekOfYear, value: -1, to: weekStart) else { break }
            weekStart = previous
        }

        let chronological = rides.sorted { $0.startedAt < $1.startedAt }
        let withRate = chronological.filter { $0.averageHeartRate != nil }
        let usual = usualRange(withRate.compactMap { $0.averageHeartRate.map(Double.init) })
        let isUsual = { (ride: StoredRide) in usual?.contains(Double(ride.averageHeartRate ?? 0)) ?? true }
        let domain = start.timeIntervalSince1970...thisWeek.upperBound.timeIntervalSince1970
        let scatter = ScatterChart(
            title: "Rides: date and average heart rate",
            description:
                "Each dot is a ride: later to the right, higher heart rate higher; warmer colour = more power, "
                + "bigger = longer.",
            points: withRate.filter(isUsual).map { ride in
                ScatterPoint(
                    x: ride.startedAt.timeIntervalSince1970, y: Double(ride.averageHeartRate ?? 0),
                    size: Double(ride.duration), shade: Double(ride.averagePower ?? 0),
                    label: Zone2Format.dateTime(ride.startedAt, timeZone: timeZone),
                    valueText: "\(Zone2Format.bpm(ride.averageHeartRate)) · \(Zone2Format.watts(ride.averagePower)) · "
                        + Zone2Format.duration(ride.duration),
                    url: Zone2PageURL.rideDetail.path(["id": ride.id]))
            }, id: "rides-scatter", xDomain: domain, xTicks: ticks(domain, timeZone: timeZone), yUnit: "bpm",
            labelHeader: "Ride", valueHeader: "Heart rate · power · time",
            legend: "Colour: average power, blue (lowest) to red (highest). Size: duration.",
            emptyText: "No rides with heart rate in this period.")
        func line(_ id: String, _ title: String, _ value: (StoredRide) -> Int?, _ unit: String) -> LineChart {
            LineChart(
                title: title, description: "\(title) of each ride, oldest first.",
                points: chronological.compactMap { ride in
                    value(ride).map {
                        ChartDatum(
                            label: Zone2Format.shortDay(ride.startedAt, timeZone: timeZone),
                            fullLabel: Zone2Format.dateTime(ride.startedAt, timeZone: timeZone), value: Double($0),
                            valueText: "\($0) \(unit)")
                    }
                }, id: id, labelHeader: "Ride", valueHeader: title, emptyText: "No rides with this figure yet.")
        }
        let weekChart = BarChart(
            title: "Zone 2 minutes per week",
            description: "Minutes in Zone 2 each week of the period, oldest first.",
            data: weeks.reversed().map { week in
                ChartDatum(
                    label: week.label, fullLabel: "Week of \(week.label)", value: Double(week.zone2Minutes),
                    valueText: "\(week.zone2Minutes) min")
            }, labelHeader: "Week", valueHeader: "Zone 2", id: "weeks-chart")
        return RidesModel(
            filter: filter, rows: rides.map { HomeModel.row($0, timeZone: timeZone) }, weeks: weeks,
            scatter: scatter,
            leftOut: withRate.filter { !isUsual($0) }.map {
                "\(Zone2Format.dateTime($0.startedAt, timeZone: timeZone)) (\(Zone2Format.bpm($0.averageHeartRate)))"
            },
            powerLine: line("power-line", "Average power", { $0.averagePower }, "W"),
            heartRateLine: line("hr-line", "Average heart rate", { $0.averageHeartRate }, "bpm"),
            weekChart: weekChart, imports: imports, notice: notice, importError: importError)
    }

    /// A Strava ride of the history: what its row shows (kept in the page cache for a few minutes).
    struct StravaRide: Codable, Sendable, Equatable {
        var id: Int64
        var name: String
        var start: Date
        var movingTime: Int
        var watts: Int?
        var heartRate: Int?

        /// Indoor rides and rides named like "Zone 2" / "Z2" (the original's rule); nil for anything else.
        init?(_ activity: SummaryActivity) {
            let name = activity.name.lowercased()
            guard
                Zone2History.isIndoorRide(activity) || name.contains("zone 2") || name.contains("zone2")
                    || name.range(of: #"\bz2\b"#, options: .regularExpression) != nil
            else { return nil }
            id = activity.id
            self.name = activity.name
            start = activity.startDate
            movingTime = activity.movingTime
            watts = activity.averageWatts.map { Int($0.rounded()) }
            heartRate = activity.averageHeartrate.map { Int($0.rounded()) }
        }
    }

    /// Strava's rides as history rows, without those uploaded from here (they are listed as the rider's own),
    /// newest first.
    static func stravaRows(_ rides: [StravaRide], uploaded: Set<Int64>, timeZone: TimeZone) -> [HomeModel.RideRow] {
        rides.filter { !uploaded.contains($0.id) }
            .sorted { $0.start > $1.start }
            .map { ride in
                HomeModel.RideRow(
                    url: Zone2PageURL.stravaActivity.path(["stravaId": String(ride.id)]), title: ride.name,
                    when: Zone2Format.dateTime(ride.start, timeZone: timeZone),
                    duration: Zone2Format.duration(ride.movingTime), power: Zone2Format.watts(ride.watts),
                    heartRate: Zone2Format.bpm(ride.heartRate), badge: "Strava")
            }
    }

    /// The first day the filter's period shows.
    static func periodStart(_ filter: Filter, now: Date, timeZone: TimeZone) -> Date? {
        var calendar = Calendar(identifier: .iso8601)
        calendar.timeZone = timeZone
        let thisWeek = Zone2Format.week(of: now, timeZone: timeZone)
        return filter.period.weeks.flatMap {
            calendar.date(byAdding: .weekOfYear, value: -($0 - 1), to: thisWeek.lowerBound)
        }
    }

    /// Up to six evenly spaced date labels over `domain`.
    static func ticks(_ domain: ClosedRange<Double>, timeZone: TimeZone) -> [(position: Double, label: String)] {
        let span = domain.upperBound - domain.lowerBound
        guard span > 0 else { return [] }
        return (0...5).map { index in
            let position = domain.lowerBound + span * Double(index) / 5
            return (position, Zone2Format.shortDay(Date(timeIntervalSince1970: position), timeZone: timeZone))
        }
    }
}
