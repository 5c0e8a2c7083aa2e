import Foundation
import JustZone2
import ServerKit

/// A stored ride's page (`/zone2/rides/{id}`, and `…/summary` right after riding): figures of the kept part, the
/// chart, the five-zone distribution, trim, downloads, Strava upload, delete; Resume/Save for an interrupted ride.
struct RideDetailModel: Sendable, Equatable {
    /// A labelled figure.
    struct Figure: Sendable, Equatable {
        var label: String
        var value: String
        var detail: String?
    }

    /// Time in one of the five zones.
    struct ZoneShare: Sendable, Equatable {
        var band: ZoneBand
        var seconds: Int
        var percent: Int
    }

    /// What the upload section shows.
    enum Upload: Sendable, Equatable {
        /// Strava is not set up on this server.
        case unavailable
        /// The rider has not connected Strava.
        case connect
        /// Ready to send (never sent, or failed with a message).
        case ready(failure: String?)
        case uploading(message: String?)
        case uploaded(url: String, message: String?)
    }

    var id: String
    var title: String
    var when: String
    var source: String
    var isSummary: Bool
    var isInterrupted: Bool
    var figures: [Figure]
    var chart: StoredRideChart?
    var zones: [ZoneShare]
    /// Trim inputs ("m:ss") and the suggestion (the core's steady part).
    var trimStart: String
    var trimEnd: String
    var isTrimmed: Bool
    var steady: (start: Int, end: Int)?
    var upload: Upload
    var errors: [String: String]
    var notice: String?
    /// Set for a Strava activity (read-only: no trim, upload or files).
    var stravaURL: String? = nil
    /// The rider's previous (older) and next (newer) ride, as the original's arrows under the chart.
    var olderURL: String? = nil
    var newerURL: String? = nil

    /// The rides either side of `id` in `rides` (newest first, live ones left out): (older, newer) detail URLs.
    static func neighbours(of id: String, in rides: [StoredRide]) -> (older: String?, newer: String?) {
        let listed = rides.filter { $0.status != .live }
        guard let index = listed.firstIndex(where: { $0.id == id }) else { return (nil, nil) }
        func url(_ position: Int) -> String? {
            listed.indices.contains(position) ? Zone2PageURL.rideDetail.path(["id": listed[position].id]) : nil
        }
        return (url(index + 1), url(index - 1))
    }

    static func == (a: RideDetailModel, b: RideDetailModel) -> Bool {
        a.id == b.id && a.figures == b.figures && a.zones == b.zones && a.trimStart == b.trimStart
            && a.trimEnd == b.trimEnd && a.steady?.start == b.steady?.start && a.steady?.end == b.steady?.end
            && a.upload == b.upload && a.errors == b.errors && a.notice == b.notice && a.chart == b.chart
    }

    var detailURL: String { Zone2PageURL.rideDetail.path(["id": id]) }
    var trimURL: String { Zone2PageURL.rideTrim.path(["id": id]) }
    var uploadURL: String { Zone2PageURL.rideUpload.path(["id": id]) }
    var deleteURL: String { Zone2PageURL.rideDelete.path(["id": id]) }
    var fitURL: String { Zone2PageURL.rideFIT.path(["id": id]) }
    var tcxURL: String { Zone2PageURL.rideTCX.path(["id": id]) }
    var chartURL: String { Zone2PageURL.rideChart.path(["id": id]) }
    var resumeURL: String { Zone2PageURL.rideResume.path(["id": id]) }
    var saveURL: String { Zone2PageURL.rideSave.path(["id": id]) }

    static func build(
        _ data: RideData, settings: RiderSettings, stravaConfigured: Bool, stravaConnected: Bool, timeZone: TimeZone,
        summary: Bool = false, errors: [String: String] = [:], typed: (start: String, end: String)? = nil,
        notice: String? = nil, stravaActivity: Int64? = nil
    ) -> RideDetailModel {
        let ride = data.ride
        let zone = RiderZones.zone2(settings)
        let kept = data.keptSamples
        let analysis = WorkoutAnalyzer.analyze(kept, zone: zone)
        let whole = WorkoutAnalyzer.analyze(data.samples)
        let bands = RiderZones.five(settings)
        let shares: [ZoneShare] =
            bands.map { bands in
                let seconds = RiderZones.distribution(kept, bands: bands)
                let total = max(1, seconds.reduce(0, +))
                return zip(bands, seconds).map { ZoneShare(band: $0, seconds: $1, percent: $1 * 100 / total) }
            } ?? []
        let range = data.keptRange
        return RideDetailModel(
            id: ride.id, title: ride.name, when: Zone2Format.dateTime(ride.startedAt, timeZone: timeZone),
            source: sourceLabel(ride), isSummary: summary, isInterrupted: ride.status == .interrupted,
            figures: figures(analysis, zone: zone, kept: kept),
            chart: data.samples.isEmpty
                ? nil
                : StoredRideChart(
                    id: "ride-chart", title: "\(ride.name): power and heart rate", samples: data.samples, zone: zone,
                    kept: ride.trimStart == nil && ride.trimEnd == nil ? nil : range),
            zones: shares.contains { $0.seconds > 0 } ? shares : [],
            trimStart: typed?.start ?? Zone2Format.clock(Int(range?.lowerBound ?? 0)),
            trimEnd: typed?.end ?? Zone2Format.clock(Int(range?.upperBound ?? 0)),
            isTrimmed: ride.trimStart != nil || ride.trimEnd != nil,
            steady: whole.steady.map { (Int($0.lowerBound), Int($0.upperBound)) },
            upload: upload(ride, configured: stravaConfigured, connected: stravaConnected), errors: errors,
            notice: notice, stravaURL: stravaActivity.map { "https://www.strava.com/activities/\($0)" })
    }

    static func sourceLabel(_ ride: StoredRide) -> String {
        switch ride.source {
        case .bridge: "Recorded with Bluetooth"
        case .simulator: "Ridden on the simulator"
        case .imported: "Imported file"
        }
    }

    static func upload(_ ride: StoredRide, configured: Bool, connected: Bool) -> Upload {
        if ride.uploadState == "uploaded", let activity = ride.stravaActivityID {
            return .uploaded(url: "https://www.strava.com/activities/\(activity)", message: ride.uploadMessage)
        }
        if ride.uploadState == "uploading" { return .uploading(message: ride.uploadMessage) }
        guard configured else { return .unavailable }
        guard connected else { return .connect }
        return .ready(failure: ride.uploadState == "failed" ? ride.uploadMessage : nil)
    }

    /// The figures of the kept part.
    static func figures(_ analysis: WorkoutAnalysis, zone: HeartRateZone?, kept: [RecordedSample]) -> [Figure] {
        var figures = [
            Figure(label: "Duration", value: Zone2Format.clock(Int(analysis.recordedTime.rounded()))),
            Figure(
                label: "Average power", value: Zone2Format.watts(analysis.averagePower.map { Int($0.rounded()) }),
                detail: analysis.normalizedPower.map { "normalized \(Int($0.rounded())) W" }),
            Figure(
                label: "Heart rate", value: Zone2Format.bpm(analysis.averageHeartRate.map { Int($0.rounded()) }),
                detail: analysis.maximumHeartRate.map { "max \($0) bpm" }),
        ]
        if let zone, let time = analysis.timeInZone, analysis.recordedTime > 0 {
            figures.append(
                Figure(
                    label: "Time in Zone 2", value: "\(Int((100 * time / analysis.recordedTime).rounded())) %",
                    detail: "\(Zone2Format.duration(Int(time))) at \(zone.lower)–\(zone.upper) bpm"))
        }
        figures.append(
            Figure(
                label: "Efficiency factor", value: analysis.efficiencyFactor.map { String(format: "%.2f", $0) } ?? "–",
                detail: "watts per heartbeat over the steady part; higher is fitter"))
        figures.append(
            Figure(
                label: "Pw:HR decoupling", value: analysis.decoupling.map { String(format: "%.1f %%", $0) } ?? "–",
                detail: decouplingNote(analysis.decoupling)))
        if let drift = drift(kept) {
            figures.append(
                Figure(
                    label: "HR drift", value: String(format: "%+.1f bpm/h", drift),
                    detail: "how fast heart rate rose at this effort"))
        }
        figures.append(Figure(label: "Energy", value: "\(analysis.calories) kcal"))
        return figures
    }

    /// The one-line explanation of decoupling.
    static func decouplingNote(_ value: Double?) -> String {
        guard let value else { return "needs power and heart rate over at least a few minutes" }
        return value < 5
            ? "under 5 %: heart rate stayed coupled to power, a well-paced aerobic ride"
            : "5 % or more: heart rate drifted up against power (heat, fatigue or too hard for Zone 2)"
    }

    /// Heart-rate drift: the least-squares slope of heart rate over time, in bpm per hour; nil under 10 minutes.
    static func drift(_ samples: [RecordedSample]) -> Double? {
        let points = samples.compactMap { sample in sample.heartRate.map { (sample.elapsed, Double($0)) } }
        guard let first = points.first?.0, let last = points.last?.0, last - first >= 600 else { return nil }
        let n = Double(points.count)
        let sx = points.reduce(0) { $0 + $1.0 }
        let sy = points.reduce(0) { $0 + $1.1 }
        let sxx = points.reduce(0) { $0 + $1.0 * $1.0 }
        let sxy = points.reduce(0) { $0 + $1.0 * $1.1 }
        let denominator = n * sxx - sx * sx
        guard denominator > 0 else { return nil }
        return (n * sxy - sx * sy) / denominator * 3600
    }

    /// Reads a trim time: `m:ss`, `h:mm:ss` or whole seconds; nil for anything else.
    static func seconds(_ text: String) -> Int? {
        let parts = text.trimmingCharacters(in: .whitespaces).split(separator: ":", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count), parts.allSatisfy({ !$0.isEmpty && $0.count <= 6 }) else { return nil }
        let numbers = parts.compactMap { Int($0) }
        guard numbers.count == parts.count, numbers.allSatisfy({ $0 >= 0 }) else { return nil }
        if numbers.count > 1, numbers.dropFirst().contains(where: { $0 >= 60 }) { return nil }
        return numbers.reduce(0) { $0 * 60 + $1 }
    }
}
