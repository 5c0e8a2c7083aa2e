import ClubhouseBasics
import Foundation
import Testing

@testable import ClubWeekly

/// Factory helpers for dates, activities and clubs.
enum Fixture {
    static let dublin = zone("Europe/Dublin")
    static let zurich = zone("Europe/Zurich")
    static let newYork = zone("America/New_York")
    static let sydney = zone("Australia/Sydney")
    static let santiago = zone("America/Santiago")

    static func zone(_ identifier: String) -> TimeZone {
        guard let zone = TimeZone(identifier: identifier) else {
            Issue.record("time zone \(identifier) is missing from this machine's tzdata")
            return .gmt
        }
        return zone
    }

    /// An instant given in UTC.
    static func utc(
        _ year: Int, _ month: Int, _ day: Int, _ hour: Int = 0, _ minute: Int = 0, _ second: Double = 0
    )
        -> Date
    {
        let days = CivilDay.dayNumber(year: year, month: month, day: day)
        return Date(timeIntervalSince1970: Double(days) * 86_400 + Double(hour * 3600 + minute * 60) + second)
    }

    /// An instant given as local wall-clock time in a zone.
    static func local(
        _ zone: TimeZone, _ year: Int, _ month: Int, _ day: Int, _ hour: Int = 0, _ minute: Int = 0
    )
        -> Date
    {
        let calendar = Calendar.gregorian(in: zone)
        guard
            let date = calendar.date(
                from: DateComponents(year: year, month: month, day: day, hour: hour, minute: minute))
        else {
            Issue.record("no local time \(year)-\(month)-\(day) \(hour):\(minute) in \(zone.identifier)")
            return utc(year, month, day, hour, minute)
        }
        return date
    }

    static func hours(_ week: Week) -> Double { week.duration / 3600 }

    /// A week of the Dublin Monday calendar containing the date.
    static func dublinWeek(containing date: Date) -> Week {
        WeekCalendar(timeZone: dublin, weekStart: .monday).week(containing: date)
    }

    /// Monday 16 – Sunday 22 March 2026 in Dublin (GMT).
    static var march16: Week { dublinWeek(containing: utc(2026, 3, 18, 12)) }

    /// An activity. `minutes` of moving time defaults to riding at 25 km/h.
    static func ride(
        _ member: String, km: Double, at date: Date, seconds: Int? = nil, climb: Double = 0,
        sport: String = "Ride", source: ActivitySource = .strava, id: String? = nil, name: String = "Morning Ride"
    ) -> Activity {
        Activity(
            memberID: MemberID(member), source: source, externalID: id ?? UUID().uuidString, startDate: date,
            sportType: sport, distance: km * 1000, movingTime: seconds ?? Int((km / 25 * 3600).rounded()),
            elapsedTime: (seconds ?? Int((km / 25 * 3600).rounded())) + 600, elevationGain: climb, name: name)
    }

    static func member(_ id: String, _ first: String, _ last: String) -> Member {
        Member(id: MemberID(id), clubID: ClubID("club"), firstName: first, lastName: last, joinedAt: utc(2025, 1, 1))
    }

    /// Words that must never appear in coaching copy.
    static let shamingWords = [
        "worst", "lazy", "bad", "poor", "poorly", "fail", "failed", "failure", "terrible", "disappointing",
        "pathetic", "weak", "shame", "lowest", "slacker", "awful",
    ]

    /// The shaming words found in a text, matched as whole words, case-insensitively.
    static func shamingWords(in text: String) -> [String] {
        let words = Set(
            text.lowercased().split { !$0.isLetter && $0 != "'" }.map {
                String($0).replacingOccurrences(of: "'s", with: "")
            })
        return shamingWords.filter { words.contains($0) }
    }
}

extension Array where Element == Insight {
    func first(_ kind: Insight.Kind) -> Insight? { first { $0.kind == kind } }
    func all(_ kind: Insight.Kind) -> [Insight] { filter { $0.kind == kind } }
}
