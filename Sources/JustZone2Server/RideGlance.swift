import ActivityFiles
import Foundation
import ServerKit

/// What the Clubhouse home page shows of JustZone2: the rides recorded on this server (`clubhouse zone2 ride`
/// writes them as FIT files to `<data-dir>/zone2`).
public struct RideGlance: Sendable, Equatable {
    /// The newest ride.
    public struct Ride: Sendable, Equatable {
        public var start: Date
        public var duration: TimeInterval
        public var averagePower: Int?
        public var averageHeartRate: Int?

        /// A ride from its figures.
        public init(start: Date, duration: TimeInterval, averagePower: Int?, averageHeartRate: Int?) {
            self.start = start
            self.duration = duration
            self.averagePower = averagePower
            self.averageHeartRate = averageHeartRate
        }
    }

    /// The newest ride, if any.
    public var lastRide: Ride?
    /// Zone 2 sessions started this week (Monday 00:00 in the given time zone) and their minutes.
    public var sessionsThisWeek: Int
    public var minutesThisWeek: Int

    /// A glance from its parts.
    public init(lastRide: Ride?, sessionsThisWeek: Int, minutesThisWeek: Int) {
        self.lastRide = lastRide
        self.sessionsThisWeek = sessionsThisWeek
        self.minutesThisWeek = minutesThisWeek
    }

    /// The glance of the FIT files in `directory` at `now`; unreadable files are skipped (a ride still being
    /// written, a damaged file), never fatal. At most `limit` of the newest files are read.
    public static func scan(directory: URL, now: Date, timeZone: TimeZone, limit: Int = 60) -> RideGlance {
        let files =
            (try? FileManager.default.contentsOfDirectory(
                at: directory, includingPropertiesForKeys: [.contentModificationDateKey]))?
            .filter { $0.pathExtension.lowercased() == "fit" } ?? []
        let newest = files.map { url in
            (
                url,
                (try? url.resourceValues(forKeys: [.contentModificationDateKey]).contentModificationDate)
                    ?? .distantPast
            )
        }
        .sorted { $0.1 > $1.1 }.prefix(limit)
        var calendar = Calendar(identifier: .iso8601)
        calendar.timeZone = timeZone
        let weekStart = calendar.dateInterval(of: .weekOfYear, for: now)?.start ?? now
        var glance = RideGlance(lastRide: nil, sessionsThisWeek: 0, minutesThisWeek: 0)
        var secondsThisWeek: TimeInterval = 0
        for (url, modified) in newest {
            // A file last written before this week cannot hold a ride of this week; the newest ride is read anyway.
            if modified < weekStart && glance.lastRide != nil { break }
            guard let data = try? Data(contentsOf: url), let activity = try? FITReader.activity(from: data) else {
                continue
            }
            let summary = activity.summary
            let ride = Ride(
                start: activity.startTime, duration: summary.duration, averagePower: summary.avgPower,
                averageHeartRate: summary.avgHeartRate)
            if glance.lastRide.map({ ride.start > $0.start }) ?? true { glance.lastRide = ride }
            if activity.startTime >= weekStart && activity.startTime <= now {
                glance.sessionsThisWeek += 1
                secondsThisWeek += summary.duration
            }
        }
        glance.minutesThisWeek = Int((secondsThisWeek / 60).rounded())
        return glance
    }
}

extension JustZone2App {
    /// The glance of the rides recorded in this server's data directory.
    public func glance(now: Date, timeZone: TimeZone) -> RideGlance {
        RideGlance.scan(
            directory: URL(fileURLWithPath: config.dataDirectory).appendingPathComponent("zone2"), now: now,
            timeZone: timeZone)
    }
}
