import Foundation
import JustZone2
import ServerKit

/// `/zone2`: this week's Zone 2 minutes against the goal, the ride in progress or interrupted, the start-ride form,
/// the last rides and Strava's status. Built by a pure function from the rider's settings and rides.
struct HomeModel: Sendable, Equatable {
    /// A ride in the short list.
    struct RideRow: Sendable, Equatable {
        var url: String
        var title: String
        var when: String
        var duration: String
        var power: String
        var heartRate: String
        /// "Pending upload", "On Strava", "Imported" …
        var badge: String?
    }

    /// A ride the server stopped before its end: Resume (live controller), Save as is, Discard.
    struct Interrupted: Sendable, Equatable {
        var when: String
        var duration: String
        var resumeURL: String
        var saveURL: String
        var discardURL: String
    }

    /// The start form's values (the rider's last choices).
    struct StartForm: Sendable, Equatable {
        var heartRateGuided: Bool
        var watts: Int
        var minutes: Int
        var warmUp: Bool
        /// The rider's Zone 2 ("125–138 bpm"), needed by heart-rate-guided rides.
        var zone: String?
    }

    var weekLabel: String
    var weekMinutes: Int
    var goalMinutes: Int
    var ridesThisWeek: Int
    var liveRideURL: String?
    var interrupted: [Interrupted]
    var form: StartForm
    var rides: [RideRow]
    var stravaConfigured: Bool
    var stravaConnected: Bool
    var notice: String?

    /// Progress towards the goal, 0…100.
    var percent: Int { goalMinutes > 0 ? min(100, weekMinutes * 100 / goalMinutes) : 0 }

    /// Zone 2 minutes a ride counts for the week: its time in Zone 2, or its riding time when it was saved without
    /// a heart-rate zone.
    static func zone2Minutes(_ ride: StoredRide) -> Int { (ride.zone2Seconds ?? ride.duration) / 60 }

    static func build(
        settings: RiderSettings, rides: [StoredRide], stravaConfigured: Bool, stravaConnected: Bool, now: Date,
        timeZone: TimeZone, notice: String? = nil
    ) -> HomeModel {
        let week = Zone2Format.week(of: now, timeZone: timeZone)
        let done = rides.filter { $0.status != .live }
        let thisWeek = done.filter { week.contains($0.startedAt) }
        let lastDay = week.upperBound.addingTimeInterval(-1)
        let zone = RiderZones.zone2(settings)
        return HomeModel(
            weekLabel:
                "\(Zone2Format.shortDay(week.lowerBound, timeZone: timeZone)) – \(Zone2Format.shortDay(lastDay, timeZone: timeZone))",
            weekMinutes: thisWeek.map(zone2Minutes).reduce(0, +), goalMinutes: settings.weeklyGoalMinutes,
            ridesThisWeek: thisWeek.count,
            liveRideURL: rides.contains { $0.status == .live } ? Zone2PageURL.ride.path() : nil,
            interrupted: rides.filter { $0.status == .interrupted }.map { ride in
                Interrupted(
                    when: Zone2Format.dateTime(ride.startedAt, timeZone: timeZone),
                    duration: Zone2Format.duration(ride.duration),
                    resumeURL: Zone2PageURL.rideResume.path(["id": ride.id]),
                    saveURL: Zone2PageURL.rideSave.path(["id": ride.id]),
                    discardURL: Zone2PageURL.rideDelete.path(["id": ride.id]))
            },
            form: StartForm(
                heartRateGuided: settings.heartRateGuided && zone != nil, watts: settings.lastWatts,
                minutes: settings.lastMinutes, warmUp: settings.warmUp,
                zone: zone.map { "\($0.lower)–\($0.upper) bpm" }),
            rides: done.filter { $0.status == .finished }.prefix(5).map { row($0, timeZone: timeZone) },
            stravaConfigured: stravaConfigured, stravaConnected: stravaConnected, notice: notice)
    }

    static func row(_ ride: StoredRide, timeZone: TimeZone) -> RideRow {
        RideRow(
            url: Zone2PageURL.rideDetail.path(["id": ride.id]), title: ride.name,
            when: Zone2Format.dateTime(ride.startedAt, timeZone: timeZone),
            duration: Zone2Format.duration(ride.duration), power: Zone2Format.watts(ride.averagePower),
            heartRate: Zone2Format.bpm(ride.averageHeartRate), badge: badge(ride))
    }

    /// The upload state as the lists show it.
    static func badge(_ ride: StoredRide) -> String? {
        switch ride.uploadState {
        case "uploaded": "On Strava"
        case "uploading": "Uploading"
        case "failed": "Upload failed"
        case "pending": "Pending upload"
        default: ride.source == .imported ? "Imported" : nil
        }
    }
}
