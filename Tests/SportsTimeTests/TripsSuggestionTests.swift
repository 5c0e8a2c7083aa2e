import Foundation
import Testing

@testable import SportsTime

@Suite("Trips: suggested trips")
struct TripsSuggestionTests {
    static let boston = TripLocation(name: "Boston, MA", coordinate: Coordinate(latitude: 42.3601, longitude: -71.0589))

    /// The fixtures' venues with an evening game every day of June 2025 at the three AL East parks and Wrigley, and
    /// a few NBA games at the Los Angeles arena.
    static var catalog: Catalog {
        var catalog = TripsFixtures.catalog
        var games: [Game] = []
        let homes: [(team: String, away: String, venue: String)] = [
            ("mlb-bos", "mlb-nyy", "fenway"), ("mlb-nyy", "mlb-bal", "yankee"), ("mlb-bal", "mlb-bos", "camden"),
            ("mlb-chc", "mlb-stl", "wrigley"),
        ]
        let first = TripsFixtures.date("2025-06-01")
        let utc = TimeZone(secondsFromGMT: 0) ?? .current
        for offset in 0..<30 {
            let day = first.adding(days: offset)
            // 23:05 UTC is 7:05 pm EDT and 6:05 pm CDT, the same local date.
            let start = day.start(in: utc).addingTimeInterval(23 * 3600 + 300)
            for (index, home) in homes.enumerated() {
                games.append(
                    Game(
                        id: GameID(rawValue: "mlb-\(offset)-\(index)"), league: .mlb,
                        home: TeamID(rawValue: home.team), away: TeamID(rawValue: home.away),
                        venue: VenueID(rawValue: home.venue), start: start, localDate: day))
            }
        }
        catalog.replaceGames(games)
        return catalog
    }

    @Test("A month with games gives distinct multi-venue trips with readable titles")
    func suggestions() throws {
        let generator = SuggestedTrips()
        let result = generator.suggestions(
            catalog: Self.catalog, origin: Self.boston, year: 2025, month: 6, leagues: [.mlb])
        #expect(!result.isEmpty)
        #expect(result.count <= 3)
        // Distinct: trips on overlapping dates share at most half their venues.
        for (i, a) in result.enumerated() {
            for b in result[(i + 1)...] {
                let (x, y) = (Set(a.option.games.map(\.venueId)), Set(b.option.games.map(\.venueId)))
                let overlapping = a.startDate <= b.endDate && b.startDate <= a.endDate
                #expect(!overlapping || Double(x.intersection(y).count) <= 0.5 * Double(x.union(y).count))
            }
        }
        #expect(result.first?.title == "3 ballparks in 4 days from Boston")
        for suggestion in result {
            #expect(suggestion.venueCount >= 2)
            #expect(
                suggestion.title
                    == "\(suggestion.venueCount) ballparks in \(suggestion.option.totals.days) days from Boston")
            #expect((3...5).contains(suggestion.startDate.days(to: suggestion.endDate) + 1))
            #expect([4, 5, 6].contains(suggestion.startDate.isoWeekday))
            #expect(suggestion.startDate.month == 6)
            #expect(suggestion.option.legs.first?.fromName == "Boston, MA")
        }
        // Best first: venue counts never increase along the list.
        #expect(zip(result, result.dropFirst()).allSatisfy { $0.venueCount >= $1.venueCount })
        // Deterministic.
        #expect(
            generator.suggestions(catalog: Self.catalog, origin: Self.boston, year: 2025, month: 6, leagues: [.mlb])
                == result)
    }

    @Test("Suggestions start on or after the given day: the current month never suggests a trip already past")
    func notBefore() throws {
        let generator = SuggestedTrips()
        let all = generator.suggestions(
            catalog: Self.catalog, origin: Self.boston, year: 2025, month: 6, leagues: [.mlb])
        let cut = try #require(all.map(\.startDate).min()).adding(days: 1)
        let later = generator.suggestions(
            catalog: Self.catalog, origin: Self.boston, year: 2025, month: 6, leagues: [.mlb], notBefore: cut)
        #expect(!later.isEmpty)
        #expect(later.allSatisfy { $0.startDate >= cut })
        let afterMonth = try #require(LocalDate(year: 2025, month: 7, day: 1))
        #expect(
            generator.suggestions(
                catalog: Self.catalog, origin: Self.boston, year: 2025, month: 6, leagues: [.mlb], notBefore: afterMonth
            ).isEmpty)
    }

    @Test("At most ten windows are planned, of every length and spread over start days")
    func boundedEngineCalls() {
        let windows = SuggestedTrips().selectWindows(
            catalog: Self.catalog, origin: Self.boston, year: 2025, month: 6, leagues: [.mlb])
        #expect(windows.count == 10)
        #expect(Set(windows.map(\.length)) == [3, 4, 5])
        #expect(Set(windows.map(\.start)).count >= 8)
        #expect(windows.enumerated().allSatisfy { index, window in !windows[..<index].contains(window) })
        #expect(windows.allSatisfy { [4, 5, 6].contains($0.start.isoWeekday) && $0.potential >= 2 })
    }

    @Test("No games, other leagues, a bad month or a bad origin give no suggestions without failing")
    func empty() {
        let generator = SuggestedTrips()
        #expect(generator.suggestions(catalog: Self.catalog, origin: Self.boston, year: 2025, month: 12).isEmpty)
        #expect(
            generator.suggestions(catalog: Self.catalog, origin: Self.boston, year: 2025, month: 6, leagues: [.nhl])
                .isEmpty)
        #expect(generator.suggestions(catalog: Self.catalog, origin: Self.boston, year: 2025, month: 13).isEmpty)
        #expect(
            generator.suggestions(catalog: TripsFixtures.catalog, origin: Self.boston, year: 2025, month: 6).isEmpty)
        let nowhere = TripLocation(name: "Nowhere", coordinate: Coordinate(latitude: .nan, longitude: 0))
        #expect(generator.suggestions(catalog: Self.catalog, origin: nowhere, year: 2025, month: 6).isEmpty)
    }

    @Test("Titles say ballparks for MLB, arenas for NBA and NHL, stadiums otherwise")
    func titles() {
        #expect(
            SuggestedTrips.title(venues: 3, days: 4, leagues: [.mlb], origin: "Boston, MA")
                == "3 ballparks in 4 days from Boston")
        #expect(
            SuggestedTrips.title(venues: 2, days: 3, leagues: [.nba, .nhl], origin: "Chicago")
                == "2 arenas in 3 days from Chicago")
        #expect(
            SuggestedTrips.title(venues: 2, days: 5, leagues: [.mlb, .nfl], origin: "Denver, CO")
                == "2 stadiums in 5 days from Denver")
        #expect(SuggestedTrips.title(venues: 2, days: 1, leagues: [.mls], origin: "") == "2 stadiums in 1 day")
    }
}
