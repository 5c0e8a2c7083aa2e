import Foundation

/// A tour checked leg by leg against a set of ``TravelRules``.
public struct TourRulesCheck: Sendable, Equatable {
    /// One move between two consecutive games.
    public struct Leg: Sendable, Equatable {
        /// Index of the game the leg leads to.
        public var toGame: Int
        /// Driving hours of the leg.
        public var drivingHours: Double
        /// Road miles.
        public var miles: Double
        /// Hours to spare: continuous — next first pitch − (previous first pitch + game + buffer + drive); daily —
        /// driving hours allowed on the days between the games − driving hours (negative = the rules are broken).
        public var slackHours: Double
    }

    /// The legs in order.
    public var legs: [Leg]
    /// First pitch to the last game's end, hours.
    public var durationHours: Double
    /// Calendar days from the first game's local date to the last one's, both included.
    public var calendarDays: Int
    /// Road miles.
    public var miles: Double
    /// Each broken rule, for people.
    public var violations: [String]

    /// Whether every leg obeys the rules.
    public var isFeasible: Bool { violations.isEmpty }
}

extension TravelRules {
    /// Checks `games` (in order) against these rules, with road times from ``estimator`` (its road matrix where
    /// present). Daily rules: no driving after a game; each day allows ``dailyLimit`` hours from ``departureHour``;
    /// a drive on the day of the next game must end ``bufferHours`` before its first pitch; two games a day at most
    /// (and only when ``allowsTwoParksPerDay``), the day's driving within the limit.
    public func check(_ games: [Game], catalog: Catalog) -> TourRulesCheck {
        var legs: [TourRulesCheck.Leg] = []
        var violations: [String] = []
        var miles = 0.0
        let gameSeconds = gameHours * 3600
        var drivenToday = 0.0
        var gamesToday = 1
        for (index, (a, b)) in zip(games, games.dropFirst()).enumerated() {
            guard let from = catalog.venue(a.venue), let to = catalog.venue(b.venue) else {
                violations.append("game \(index + 1) or \(index + 2) has an unknown venue")
                continue
            }
            let leg =
                a.venue == b.venue
                ? TravelEstimator.Leg(miles: 0, drivingHours: 0)
                : estimator.leg(from: from.coordinate, to: to.coordinate)
            miles += leg.miles
            let slack: Double
            switch driving {
            case .continuous:
                let ready = a.start.timeIntervalSince1970 + gameSeconds + (leg.miles > 0 ? bufferHours * 3600 : 0)
                slack = (b.start.timeIntervalSince1970 - ready) / 3600 - leg.drivingHours
            case .daily:
                let gap = b.localDate.dayNumber - a.localDate.dayNumber
                if gap == 0 {
                    let ready =
                        a.start.timeIntervalSince1970 + gameSeconds + leg.drivingHours * 3600
                        + (leg.miles > 0 ? bufferHours * 3600 : 0)
                    let timeSlack = (b.start.timeIntervalSince1970 - ready) / 3600
                    let limitSlack = dailyLimit - (drivenToday + leg.drivingHours)
                    slack = min(timeSlack, limitSlack)
                    gamesToday += 1
                    drivenToday += leg.drivingHours
                    if gamesToday > 2 || (!allowsTwoParksPerDay && a.venue != b.venue) {
                        violations.append("game \(index + 2): too many games on \(b.localDate)")
                    }
                } else if gap < 0 {
                    slack = -.infinity
                } else {
                    let offset = Double(to.zone.secondsFromGMT(for: b.start))
                    let local = b.start.timeIntervalSince1970 + offset
                    let hourOfDay = (local - (local / 86_400).rounded(.down) * 86_400) / 3600
                    let morning = min(dailyLimit, max(0, hourOfDay - departureHour - (leg.miles > 0 ? bufferHours : 0)))
                    slack = Double(gap - 1) * dailyLimit + morning - leg.drivingHours
                    drivenToday = max(0, leg.drivingHours - Double(gap - 1) * dailyLimit)
                    gamesToday = 1
                    if a.start.timeIntervalSince1970 + gameSeconds > b.start.timeIntervalSince1970 {
                        violations.append("game \(index + 2) starts before game \(index + 1) ends")
                    }
                }
            }
            if slack < -1e-6 {
                violations.append(
                    "leg \(index + 1) (\(a.venue) → \(b.venue)): \(String(format: "%.2f", -slack)) h short")
            }
            legs.append(
                TourRulesCheck.Leg(
                    toGame: index + 1, drivingHours: leg.drivingHours, miles: leg.miles, slackHours: slack))
        }
        let duration =
            games.isEmpty
            ? 0
            : ((games.last?.start.timeIntervalSince1970 ?? 0) - (games.first?.start.timeIntervalSince1970 ?? 0)
                + gameSeconds) / 3600
        let days =
            games.isEmpty ? 0 : (games.last?.localDate.dayNumber ?? 0) - (games.first?.localDate.dayNumber ?? 0) + 1
        return TourRulesCheck(
            legs: legs, durationHours: duration, calendarDays: days, miles: miles, violations: violations)
    }
}
