import Foundation
import Testing

@testable import SportsTime

@Suite("Trips: iCalendar export")
struct TripsCalendarTests {
    static let start = Date(timeIntervalSince1970: 1_749_230_000)  // 2025-06-06T17:13:20Z
    static let stamp = Date(timeIntervalSince1970: 1_748_000_000)

    static func game(id: String, venue: String, venueName: String, city: String, start: Date) -> PlannedGame {
        PlannedGame(
            gameId: GameID(rawValue: id), league: .mlb, homeTeamId: "mlb-bos", homeTeamName: "Boston Red Sox",
            awayTeamId: "mlb-nyy", awayTeamName: "New York Yankees", venueId: VenueID(rawValue: venue),
            venueName: venueName, city: city, latitude: 42.3467, longitude: -71.0972, start: start,
            localDate: LocalDate(start, in: TimeZone(identifier: "America/New_York") ?? .current),
            localStart: "Fri Jun 6, 1:13 PM EDT", timeZone: "America/New_York")
    }

    static func option(games: [PlannedGame], legs: [TravelLeg]) -> ItineraryOption {
        ItineraryOption(
            rank: 1, score: 0,
            breakdown: ScoreBreakdown(
                games: games.count, distinctVenues: games.count, drivingHours: 0, miles: 0, gamePoints: 0,
                venuePoints: 0, drivingPenalty: 0),
            games: games, legs: legs, days: [],
            totals: ItineraryTotals(
                games: games.count, distinctVenues: 1, miles: 0, drivingHours: 0, restDays: 0, days: 1))
    }

    static let leg = TravelLeg(
        fromVenueId: nil, fromName: "Home; sweet, home", toVenueId: "fenway", toName: "Fenway Park, Boston, MA",
        miles: 219.6, drivingHours: 3.8333, departureDay: TripsFixtures.date("2025-06-05"),
        dailyHours: [
            PlannedRoute.DayDrive(day: TripsFixtures.date("2025-06-05"), hours: 2),
            PlannedRoute.DayDrive(day: TripsFixtures.date("2025-06-06"), hours: 1.8333),
        ],
        overnightStops: [
            OvernightStop(
                date: TripsFixtures.date("2025-06-05"), name: "near Hartford, CT", latitude: 41.7, longitude: -72.7,
                milesFromStart: 110)
        ])

    /// Physical lines of a document (split on CRLF, final empty piece dropped).
    static func physicalLines(_ document: String) -> [Substring] {
        var lines = document.split(separator: "\r\n", omittingEmptySubsequences: false)
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    /// Unfolded content lines (RFC 5545 §3.1).
    static func unfolded(_ document: String) -> [String] {
        document.replacingOccurrences(of: "\r\n ", with: "").split(separator: "\r\n").map(String.init)
    }

    @Test("Folding never splits a UTF-8 character and keeps every line within 75 octets")
    func foldingUTF8() throws {
        // 74 ASCII octets, then "é" (2 octets) straddling the 75-octet boundary.
        let line = "LOCATION:" + String(repeating: "a", count: 65) + "é" + String(repeating: "ü", count: 80) + "🏟️"
        let folded = ItineraryCalendar.fold(line)
        let pieces = folded.split(separator: "\r\n", omittingEmptySubsequences: false)
        #expect(pieces.count > 2)
        #expect(pieces[0].utf8.count == 74)
        #expect(pieces[1].hasPrefix(" é"))
        for piece in pieces {
            #expect(piece.utf8.count <= 75)
            #expect(String(bytes: Array(piece.utf8), encoding: .utf8) != nil)
        }
        #expect(pieces.dropFirst().allSatisfy { $0.hasPrefix(" ") })
        #expect(folded.replacingOccurrences(of: "\r\n ", with: "") == line)
        #expect(ItineraryCalendar.fold("SUMMARY:short") == "SUMMARY:short")
        let exact = "X:" + String(repeating: "b", count: 73)
        #expect(ItineraryCalendar.fold(exact) == exact)
    }

    @Test("TEXT values escape backslash, semicolon, comma and line breaks")
    func escaping() {
        #expect(ItineraryCalendar.escapeText(#"a\b;c,d"#) == #"a\\b\;c\,d"#)
        #expect(ItineraryCalendar.escapeText("one\ntwo\r\nthree\rfour") == #"one\ntwo\nthree\nfour"#)
        #expect(ItineraryCalendar.escapeText("bell\u{07}") == "bell")
    }

    @Test("The document has CRLF lines, the product id, one event per game and one per drive")
    func document() throws {
        let longName = String(repeating: "Stade ", count: 10) + "Olympique é, Montréal"
        let games = [
            Self.game(id: "mlb-1", venue: "fenway", venueName: longName, city: "Boston, MA", start: Self.start)
        ]
        let text = ItineraryCalendar.document(
            for: Self.option(games: games, legs: [Self.leg]), tripID: "trip 42", generatedAt: Self.stamp)
        #expect(text.hasSuffix("\r\n"))
        #expect(!text.replacingOccurrences(of: "\r\n", with: "").contains("\n"))
        #expect(!text.replacingOccurrences(of: "\r\n", with: "").contains("\r"))
        for line in Self.physicalLines(text) { #expect(line.utf8.count <= 75) }
        let lines = Self.unfolded(text)
        #expect(lines.first == "BEGIN:VCALENDAR" && lines.last == "END:VCALENDAR")
        #expect(lines.contains("PRODID:-//Clubhouse//SportsTime//EN"))
        #expect(lines.contains("VERSION:2.0"))
        #expect(lines.count { $0 == "BEGIN:VEVENT" } == 2)
        #expect(lines.count { $0 == "END:VEVENT" } == 2)
        #expect(lines.contains("UID:mlb-1@clubhouse"))
        #expect(lines.contains("UID:trip-42-leg-1@clubhouse"))
        #expect(lines.contains("DTSTAMP:20250523T113320Z"))
        #expect(lines.contains("SUMMARY:New York Yankees at Boston Red Sox"))
        #expect(lines.contains(#"LOCATION:\#(longName.replacingOccurrences(of: ",", with: #"\,"#))\, Boston\, MA"#))
        #expect(lines.contains("GEO:42.346700;-71.097200"))
        #expect(lines.contains { $0.hasPrefix("DESCRIPTION:MLB: New York Yankees at Boston Red Sox\\n") })
        // The drive: all day over both days (DTEND exclusive), the destination's game city, escaped commas.
        #expect(lines.contains("DTSTART;VALUE=DATE:20250605"))
        #expect(lines.contains("DTEND;VALUE=DATE:20250607"))
        #expect(lines.contains(#"SUMMARY:Drive Home\; sweet\, home → Boston\, MA\, 220 mi\, 3h 50m"#))
        #expect(lines.contains { $0.contains(#"Night of 2025-06-05: near Hartford\, CT"#) })
    }

    @Test("DTSTART and DTEND parse back to the game's UTC start and the league's duration")
    func parseBack() throws {
        let games = [
            Self.game(id: "mlb-1", venue: "fenway", venueName: "Fenway Park", city: "Boston, MA", start: Self.start)
        ]
        let text = ItineraryCalendar.document(for: Self.option(games: games, legs: []), generatedAt: Self.stamp)
        let lines = Self.unfolded(text)
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(secondsFromGMT: 0)
        formatter.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
        let startText = try #require(lines.first { $0.hasPrefix("DTSTART:") }).dropFirst("DTSTART:".count)
        let endText = try #require(lines.first { $0.hasPrefix("DTEND:") }).dropFirst("DTEND:".count)
        #expect(startText == "20250606T171320Z")
        #expect(formatter.date(from: String(startText)) == Self.start)
        #expect(formatter.date(from: String(endText)) == Self.start.addingTimeInterval(3.5 * 3600))
    }

    @Test("Durations read as hours and minutes")
    func durations() {
        #expect(ItineraryCalendar.durationText(hours: 3.8333) == "3h 50m")
        #expect(ItineraryCalendar.durationText(hours: 0.75) == "45m")
        #expect(ItineraryCalendar.durationText(hours: 4) == "4h")
        #expect(ItineraryCalendar.durationText(hours: .nan) == "?")
    }
}
