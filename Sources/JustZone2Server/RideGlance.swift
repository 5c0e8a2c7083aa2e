import ActivityFiles
import Foundation
import ServerKit

/// What the Clubhouse home page shows of JustZone2: the visitor's rides in the web app (their `jz2_rider` cookie)
/// and the rides `clubhouse zone2 ride` wrote as FIT files to `<data-dir>/zone2`.
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

extension RideGlance {
    /// The glance of a rider's stored rides (live ones left out): the newest, and this week's sessions with their
    /// Zone 2 minutes (riding time for a ride saved without a heart-rate zone), as the JustZone2 home page counts.
    static func make(rides: [StoredRide], now: Date, timeZone: TimeZone) -> RideGlance {
        let done = rides.filter { $0.status != .live && $0.startedAt <= now }
        let week = Zone2Format.week(of: now, timeZone: timeZone)
        let thisWeek = done.filter { week.contains($0.startedAt) }
        let newest = done.max { $0.startedAt < $1.startedAt }
        return RideGlance(
            lastRide: newest.map {
                Ride(
                    start: $0.startedAt, duration: TimeInterval($0.duration), averagePower: $0.averagePower,
                    averageHeartRate: $0.averageHeartRate)
            }, sessionsThisWeek: thisWeek.count, minutesThisWeek: thisWeek.map(HomeModel.zone2Minutes).reduce(0, +))
    }

    /// Both glances together: the newer last ride, the week's sessions and minutes added.
    func merged(with other: RideGlance) -> RideGlance {
        let last: Ride? =
            switch (lastRide, other.lastRide) {
            case (let a?, let b?): a.start >= b.start ? a : b
            case (let a, let b): a ?? b
            }
        return RideGlance(
            lastRide: last, sessionsThisWeek: sessionsThisWeek + other.sessionsThisWeek,
            minutesThisWeek: minutesThisWeek + other.minutesThisWeek)
    }
}

extension JustZone2App {
    /// The cookie naming the web app's rider (the home page reads the visitor's rides with it).
    public static let riderCookie = RiderStore.cookie

    /// The glance of the rides recorded in this server's data directory.
    public func glance(now: Date, timeZone: TimeZone) -> RideGlance {
        RideGlance.scan(
            directory: URL(fileURLWithPath: config.dataDirectory).appendingPathComponent("zone2"), now: now,
            timeZone: timeZone)
    }

    /// The visitor's glance: their rides in the web app (`riderToken`, the `jz2_rider` cookie) with the data
    /// directory's. A database that cannot answer leaves the web rides out rather than failing the home page.
    public func glance(riderToken: String?, now: Date, timeZone: TimeZone) async -> RideGlance {
        let files = glance(now: now, timeZone: timeZone)
        guard let riderToken, !riderToken.isEmpty, riderToken.count <= 200,
            let rider = try? await riders.find(token: riderToken),
            let rides = try? await rides.list(rider: rider.id, limit: 200)
        else { return files }
        return files.merged(with: RideGlance.make(rides: rides, now: now, timeZone: timeZone))
    }
}
