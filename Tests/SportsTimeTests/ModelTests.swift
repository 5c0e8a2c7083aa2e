import Foundation
import Testing

@testable import SportsTime

@Suite("SportsTime models")
struct ModelTests {
    @Test("LocalDate parses, rejects impossible days and counts days across leap years")
    func localDate() throws {
        let date = try #require(LocalDate("2024-02-28"))
        #expect(date.adding(days: 1).description == "2024-02-29")
        #expect(date.adding(days: 2).description == "2024-03-01")
        #expect(LocalDate("2025-02-29") == nil)
        #expect(LocalDate("2025-13-01") == nil)
        #expect(LocalDate("25-01-01") == nil)
        #expect(LocalDate("1970-01-01")?.dayNumber == 0)
        #expect(LocalDate("1970-01-01")?.isoWeekday == 4)
        #expect(LocalDate("2026-06-01")?.isoWeekday == 1)
        #expect(LocalDate(dayNumber: -1).description == "1969-12-31")
    }

    @Test("A game's local date comes from the venue's zone, not UTC")
    func localDateOfInstant() throws {
        // 7:10 pm in Phoenix (no DST) on 2025-07-04 is 02:10 UTC on the 5th.
        let start = try #require(ISO8601DateFormatter().date(from: "2025-07-05T02:10:00Z"))
        let phoenix = try #require(TimeZone(identifier: "America/Phoenix"))
        #expect(LocalDate(start, in: phoenix).description == "2025-07-04")
    }

    @Test("Haversine distance Boston–New York is about 180 miles")
    func haversine() {
        let fenway = Coordinate(latitude: 42.3467, longitude: -71.0972)
        let yankee = Coordinate(latitude: 40.8296, longitude: -73.9262)
        #expect(abs(fenway.miles(to: yankee) - 182) < 5)
        #expect(fenway.miles(to: fenway) == 0)
        #expect(!Coordinate(latitude: 91, longitude: 0).isValid)
        #expect(!Coordinate(latitude: .nan, longitude: 0).isValid)
    }

    @Test("Names normalise for matching: case, diacritics, punctuation, a leading 'the'")
    func normalisation() {
        #expect(Catalog.normalized("loanDepot Park") == Catalog.normalized("LoanDepot park"))
        #expect(Catalog.normalized("The Ballpark at St. Louis") == "ballpark at st louis")
        #expect(Catalog.normalized("Estadio Alfredo Harp Helú") == "estadio alfredo harp helu")
        #expect(Catalog.normalized("Crypto.com Arena") == "cryptocom arena")
    }

    @Test("Venue aliases match only while valid")
    func aliases() throws {
        let venue = Venue(
            id: "wells-fargo", name: "Xfinity Mobile Arena",
            aliases: [VenueAlias(name: "Wells Fargo Center", validUntil: LocalDate("2025-08-31"))],
            city: "Philadelphia",
            region: "PA", country: "US", coordinate: Coordinate(latitude: 39.9012, longitude: -75.172),
            timeZone: "America/New_York")
        let catalog = Catalog(venues: [venue], teams: [])
        #expect(catalog.venue(named: "Wells Fargo Center", on: LocalDate("2025-03-01"))?.id == "wells-fargo")
        #expect(catalog.venue(named: "Wells Fargo Center", on: LocalDate("2025-10-21")) == nil)
        #expect(catalog.venue(named: "xfinity mobile arena", on: LocalDate("2025-10-21"))?.id == "wells-fargo")
    }
}
