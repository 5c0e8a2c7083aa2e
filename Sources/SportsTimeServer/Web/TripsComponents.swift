import Foundation
import Plot
import SportsTime
import WebUI

/// Small pieces every SportsTime page uses: dates, times at the venue, durations, league badges.
enum TripsComponents {
    /// "Sat 13 Jun 2026".
    static func day(_ date: LocalDate) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 0) ?? .current
        guard let value = calendar.date(from: DateComponents(year: date.year, month: date.month, day: date.day))
        else { return date.description }
        let style = Date.FormatStyle(
            date: .abbreviated, time: .omitted, locale: Locale(identifier: "en_GB"), timeZone: calendar.timeZone)
        return value.formatted(style.weekday(.abbreviated))
    }

    /// A game's start in the venue's time zone with the zone shown: "7:10 PM EDT".
    static func localTime(_ game: PlannedGame) -> String {
        let zone = TimeZone(identifier: game.timeZone) ?? TimeZone(secondsFromGMT: 0) ?? .current
        let style = Date.FormatStyle(
            date: .omitted, time: .shortened, locale: Locale(identifier: "en_US"), timeZone: zone)
        // ICU's short specific name ("EDT"); Foundation's `abbreviation(for:)` gives "GMT-4" on Linux.
        let abbreviation = game.start.formatted(
            Date.FormatStyle(date: .omitted, time: .omitted, locale: Locale(identifier: "en_US"), timeZone: zone)
                .timeZone(.specificName(.short)))
        return "\(game.start.formatted(style)) \(abbreviation)"
    }

    /// Hours of driving: "4 h 35 min", "45 min".
    static func hours(_ value: Double) -> String {
        let minutes = Int((value * 60).rounded())
        if minutes < 60 { return "\(minutes) min" }
        return minutes % 60 == 0 ? "\(minutes / 60) h" : "\(minutes / 60) h \(minutes % 60) min"
    }

    /// A league's short badge.
    static func league(_ league: League) -> Node<HTML.BodyContext> {
        .span(.class("badge league-\(league.rawValue)"), .safeText(league.displayName))
    }

    /// "Away @ Home".
    static func matchup(_ game: PlannedGame) -> String { "\(game.awayTeamName) @ \(game.homeTeamName)" }

    /// When a page was made, for the offline banner of its cached copy ("Fri 27 Nov 2026, 06:55 UTC"): the
    /// traveller's zone is unknown to the server, so the time says its zone.
    static func renderedAt(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "EEE d MMM yyyy, HH:mm"
        return formatter.string(from: date) + " UTC"
    }
}
