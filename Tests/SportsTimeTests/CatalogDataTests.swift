import Foundation
import Testing

@testable import SportsTime

@Suite("SportsTime venue and team table")
struct CatalogDataTests {
    static let canadianTeams: Set<TeamID> = [
        "mlb-tor", "nba-tor", "nhl-cgy", "nhl-edm", "nhl-mtl", "nhl-ott", "nhl-tor", "nhl-van", "nhl-wpg",
        "mls-mtl", "mls-tor", "mls-van", "wnba-tor",
    ]

    static let expectedTeamCounts: [League: Int] = [
        .mlb: 30, .nba: 30, .nhl: 32, .nfl: 32, .mls: 30, .wnba: 15, .nwsl: 16,
    ]

    @Test("The bundled table loads and has no validation issues")
    func bundledTableIsClean() throws {
        let catalog = try Catalog.bundled()
        let issues = catalog.validate()
        for issue in issues { print("catalog issue: \(issue)") }
        #expect(issues.isEmpty)
    }

    @Test("Every league has all its teams and the table has at least 150 distinct venues")
    func counts() throws {
        let catalog = try Catalog.bundled()
        for (league, expected) in Self.expectedTeamCounts {
            #expect(catalog.teams(of: league).count == expected, "\(league.displayName)")
        }
        #expect(catalog.venues.count >= 150)
        let names = Set(catalog.venues.values.map { Catalog.normalized($0.name) })
        #expect(names.count == catalog.venues.count)
    }

    @Test("Every team plays at home in its own country, in a venue with a capacity")
    func homeCountries() throws {
        let catalog = try Catalog.bundled()
        for team in catalog.teams.values {
            let venue = try #require(catalog.venue(team.homeVenue), "\(team.id)")
            let expected = Self.canadianTeams.contains(team.id) ? "CA" : "US"
            #expect(venue.country == expected, "\(team.id) at \(venue.name)")
            #expect((venue.capacity ?? 0) > 0, "\(venue.id)")
        }
    }

    @Test("Spot checks: zones and places of parks fans plan around")
    func spotChecks() throws {
        let catalog = try Catalog.bundled()
        let coors = try #require(catalog.venue("coors-field"))
        #expect(coors.timeZone == "America/Denver")
        #expect(coors.routeRegion == .west)
        let chase = try #require(catalog.venue("chase-field"))
        #expect(chase.timeZone == "America/Phoenix")
        let rogers = try #require(catalog.venue("rogers-centre"))
        #expect(rogers.city == "Toronto" && rogers.region == "ON" && rogers.country == "CA")
        #expect(rogers.timeZone == "America/Toronto")
        let sutter = try #require(catalog.team("mlb-ath").flatMap { catalog.venue($0.homeVenue) })
        #expect(sutter.name == "Sutter Health Park")
        #expect(sutter.city.hasSuffix("Sacramento"))
        let truist = try #require(catalog.venue("truist-park"))
        #expect(truist.coordinate.miles(to: Coordinate(latitude: 33.8908, longitude: -84.4678)) < 0.5)
        #expect(
            catalog.venue("lucas-oil-stadium").map(\.timeZone) ?? "America/Indiana/Indianapolis"
                == "America/Indiana/Indianapolis")
        #expect(catalog.venue("comerica-park")?.timeZone == "America/Detroit")
        #expect(catalog.team("nhl-uta")?.homeVenue == "delta-center")
        #expect(catalog.team("nba-uta")?.homeVenue == "delta-center")
    }

    @Test("Renamed venues resolve by the name in use on the game's date")
    func renames() throws {
        let catalog = try Catalog.bundled()
        #expect(catalog.venue(named: "Staples Center", on: LocalDate("2021-05-01"))?.id == "crypto-com-arena")
        #expect(catalog.venue(named: "Staples Center", on: LocalDate("2022-05-01")) == nil)
        #expect(catalog.venue(named: "Guaranteed Rate Field", on: LocalDate("2024-06-01"))?.id == "rate-field")
        #expect(catalog.venue(named: "Wells Fargo Center", on: LocalDate("2025-04-01"))?.id == "xfinity-mobile-arena")
        #expect(catalog.venue(named: "Footprint Center", on: LocalDate("2024-11-01"))?.id == "mortgage-matchup-center")
        #expect(catalog.venue(named: "loanDepot Park")?.id == "loandepot-park")
        #expect(catalog.venue(named: "Minute Maid Park", on: LocalDate("2024-07-01"))?.id == "daikin-park")
    }

    @Test("Teams resolve by the abbreviations and names feeds use")
    func teamNames() throws {
        let catalog = try Catalog.bundled()
        #expect(catalog.team(matching: "AZ", in: .mlb)?.id == "mlb-az")
        #expect(catalog.team(matching: "D-backs", in: .mlb)?.id == "mlb-az")
        #expect(catalog.team(matching: "Oakland Athletics", in: .mlb)?.id == "mlb-ath")
        #expect(catalog.team(matching: "Diamondbacks", in: .mlb)?.id == "mlb-az")
        #expect(catalog.team(matching: "GS", in: .nba)?.id == "nba-gsw")
        #expect(catalog.team(matching: "Utah Hockey Club", in: .nhl)?.id == "nhl-uta")
        #expect(catalog.team(matching: "Montreal Canadiens", in: .nhl)?.id == "nhl-mtl")
    }

    @Test("Validation catches a deliberately broken copy of the table")
    func brokenCopy() throws {
        let catalog = try Catalog.bundled()
        var venues = catalog.venues
        var teams = catalog.teams
        func edit(_ id: VenueID, _ change: (inout Venue) -> Void) throws {
            var venue = try #require(venues[id])
            change(&venue)
            venues[id] = venue
        }
        try edit("fenway-park") {
            $0.coordinate = Coordinate(latitude: $0.coordinate.longitude, longitude: $0.coordinate.latitude)
        }
        try edit("oracle-park") {
            $0.coordinate = Coordinate(latitude: $0.coordinate.longitude, longitude: $0.coordinate.latitude)
        }
        try edit("coors-field") { $0.coordinate.longitude = 104.9942 }
        try edit("chase-field") { $0.timeZone = "America/New_York" }
        try edit("target-field") { $0.timeZone = "America/Springfield" }
        try edit("yankee-stadium") { $0.aliases.append(VenueAlias(name: "Fenway Park")) }
        try edit("pnc-park") { $0.capacity = 0 }
        try edit("petco-park") { $0.country = "USA" }
        var cubs = try #require(teams["mlb-chc"])
        cubs.homeVenue = "wrigley-feld"
        teams["mlb-chc"] = cubs
        var mets = try #require(teams["mlb-nym"])
        mets.abbreviation = "NYN"
        teams["mlb-nym"] = mets

        let issues = Catalog.validate(
            venues: venues.values.sorted { $0.id < $1.id }, teams: teams.values.sorted { $0.id < $1.id })
        let found = Set(issues.map { "\($0.kind.rawValue) \($0.subject)" })
        let expected: Set<String> = [
            "swappedCoordinate fenway-park",
            "swappedCoordinate oracle-park",
            "positiveLongitudeInNorthAmerica coors-field",
            "longitudeOutsideZone chase-field",
            "unknownTimeZone target-field",
            "duplicateVenueName yankee-stadium",
            "invalidCapacity pnc-park",
            "invalidCountry petco-park",
            "missingHomeVenue mlb-chc",
            "teamIDMismatch mlb-nym",
        ]
        #expect(found == expected, "\(issues)")
        #expect(issues.allSatisfy { !$0.description.isEmpty && $0.description.hasPrefix($0.subject) })
    }

    @Test("Validation reports duplicates and nonsense without trapping")
    func nonsense() throws {
        let bad = Venue(
            id: "bad", name: " ",
            aliases: [VenueAlias(name: "X", validFrom: LocalDate("2025-01-02"), validUntil: LocalDate("2025-01-01"))],
            city: "", region: "", country: "", coordinate: Coordinate(latitude: .nan, longitude: .infinity),
            timeZone: "", capacity: -5)
        let tokyo = Venue(
            id: "tokyo", name: "Somewhere", city: "Tokyo", region: "Tokyo", country: "JP",
            coordinate: Coordinate(latitude: 35.7, longitude: 139.75), timeZone: "Asia/Kolkata")
        let team = Team(
            id: "mlb-x", league: .mlb, name: "X Club", abbreviation: "X", nickname: "Xs", conference: "", division: "",
            homeVenue: "bad")
        let issues = Catalog.validate(venues: [bad, bad, tokyo], teams: [team, team])
        let kinds = Set(issues.map(\.kind))
        for kind: CatalogIssue.Kind in [
            .duplicateVenueID, .emptyField, .invalidCountry, .invalidCapacity, .unknownTimeZone, .invalidCoordinate,
            .invalidAliasDates, .duplicateTeamID, .uncheckedTimeZone,
        ] {
            #expect(kinds.contains(kind), "\(kind)")
        }
        #expect(!kinds.contains(.missingHomeVenue))
    }

    @Test("Aliases of two venues may share a name when their years do not overlap")
    func aliasPeriods() {
        func venue(_ id: VenueID, _ alias: VenueAlias, lon: Double) -> Venue {
            Venue(
                id: id, name: "Venue \(id)", aliases: [alias], city: "Boston", region: "MA", country: "US",
                coordinate: Coordinate(latitude: 42.35, longitude: lon), timeZone: "America/New_York")
        }
        let old = venue("old", VenueAlias(name: "Shared Name", validUntil: LocalDate("1999-12-31")), lon: -71.1)
        let new = venue("new", VenueAlias(name: "Shared Name", validFrom: LocalDate("2000-01-01")), lon: -71.0)
        #expect(Catalog.validate(venues: [old, new], teams: []).isEmpty)
        let clash = venue("clash", VenueAlias(name: "Shared  name", validFrom: LocalDate("1999-06-01")), lon: -71.2)
        #expect(Catalog.validate(venues: [old, new, clash], teams: []).map(\.kind).contains(.duplicateVenueName))
    }

    @Test("Corrupt table data throws a typed error that says which file and where")
    func corruptData() {
        #expect(throws: BundledCatalogError.self) { try Catalog.decodeVenues(Data("{".utf8)) }
        do {
            _ = try Catalog.decodeTeams(Data(#"[{"id":"mlb-x"}]"#.utf8))
            Issue.record("expected an error")
        } catch {
            guard case .corrupt(let file, let reason) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(file == "teams.json")
            #expect(reason.contains("[0]"))
            #expect(error.description.contains("teams.json"))
        }
    }

    // MARK: Optional comparison with the shared reference data

    @Test(
        "MLB parks are within 3 km of the reference ballpark points (except those the README lists as off)",
        .enabled(if: SharedData.available, SharedData.absent))
    func mlbAgainstReference() throws {
        let data = try Data(contentsOf: try SharedData.file("ballparks.geojson"))
        let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let features = try #require(root["features"] as? [[String: Any]])
        let catalog = try Catalog.bundled()
        // The README of the reference data lists these points as 1–7 km off the real park.
        let knownOff: Set<VenueID> = [
            "truist-park", "oracle-park", "chase-field", "american-family-field", "citi-field",
        ]
        var compared = 0
        for feature in features {
            guard let properties = feature["properties"] as? [String: Any], properties["Class"] as? String == "MLB",
                let teamName = properties["Team"] as? String, let stadium = properties["Stadium"] as? String,
                let geometry = feature["geometry"] as? [String: Any],
                let position = geometry["coordinates"] as? [Double], position.count == 2
            else { continue }
            let venue = try #require(
                catalog.venue(named: stadium)
                    ?? catalog.team(matching: teamName, in: .mlb).flatMap { catalog.venue($0.homeVenue) },
                "\(teamName) at \(stadium)")
            let kilometres =
                venue.coordinate.miles(to: Coordinate(latitude: position[1], longitude: position[0])) * 1.609344
            print(String(format: "MLB %@: %.2f km from reference (%@)", venue.id.rawValue, kilometres, stadium))
            if !knownOff.contains(venue.id) {
                #expect(kilometres < 3, "\(venue.id)")
            }
            compared += 1
        }
        #expect(compared == 30)
    }

    @Test(
        "NBA arenas are within 3 km of the reference arena list", .enabled(if: SharedData.available, SharedData.absent))
    func nbaAgainstReference() throws {
        let text = try String(contentsOf: try SharedData.file("nba-arenas.csv"), encoding: .utf8)
        let catalog = try Catalog.bundled()
        var compared = 0
        for line in text.split(separator: "\n").dropFirst() {
            let fields = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            guard fields.count >= 7, let latitude = Double(fields[3]), let longitude = Double(fields[4]) else {
                continue
            }
            // Former franchises (NJN, SEA …) are not teams of the current table; their arenas are checked when the
            // table knows the old name (KeyArena, Ford Center …).
            if catalog.team(TeamID(league: .nba, abbreviation: fields[0])) == nil,
                let venue = catalog.venue(named: fields[1])
            {
                let kilometres =
                    venue.coordinate.miles(to: Coordinate(latitude: latitude, longitude: longitude)) * 1.609344
                print(
                    String(
                        format: "NBA former %@ %@: %.2f km (%@)", fields[0], venue.id.rawValue, kilometres, fields[1]))
                #expect(kilometres < 3, "\(venue.id)")
                continue
            }
            guard let team = catalog.team(fields[0].isEmpty ? "" : TeamID(league: .nba, abbreviation: fields[0])),
                team.abbreviation == fields[0]
            else { continue }
            let venue = try #require(catalog.venue(named: fields[1]) ?? catalog.venue(team.homeVenue), "\(fields[1])")
            let kilometres = venue.coordinate.miles(to: Coordinate(latitude: latitude, longitude: longitude)) * 1.609344
            print(
                String(
                    format: "NBA %@ %@: %.2f km from reference (%@)", team.abbreviation, venue.id.rawValue, kilometres,
                    fields[1]))
            #expect(kilometres < 3, "\(venue.id)")
            // Equivalent zones (America/Detroit for America/New_York) count as the same.
            let ours = venue.zone
            let theirs = TimeZone(identifier: fields[6])
            for instant in [Date(timeIntervalSince1970: 1_767_225_600), Date(timeIntervalSince1970: 1_782_864_000)] {
                #expect(ours.secondsFromGMT(for: instant) == theirs?.secondsFromGMT(for: instant), "\(venue.id) zone")
            }
            compared += 1
        }
        #expect(compared == 30)
    }

    @Test(
        "Every venue and team name of the real 2025 MLB schedule resolves on the game's date",
        .enabled(if: SharedData.available, SharedData.absent))
    func mlbScheduleNamesResolve() throws {
        let data = try Data(contentsOf: try SharedData.file("mlb-games-2025.json"))
        let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let games = try #require(root["games"] as? [[String: Any]])
        let catalog = try Catalog.bundled()
        // Distinct (name, day) and club names only: the catalogue's name matching is not what this test measures.
        var venueDays: Set<String> = []
        var clubs: Set<String> = []
        var unresolvedVenues: Set<String> = []
        for game in games {
            guard let venue = game["venue"] as? String, let day = game["officialDate"] as? String else { continue }
            if venueDays.insert("\(venue)|\(day)").inserted {
                if catalog.venue(named: venue, on: LocalDate(day)) == nil { unresolvedVenues.insert(venue) }
            }
            let sides = (game["teams"] as? [String: [String: Any]]) ?? [:]
            for side in sides.values {
                if let name = side["team"] as? String { clubs.insert(name) }
            }
        }
        let unresolvedTeams = clubs.filter { catalog.team(matching: $0, in: .mlb) == nil }
        #expect(clubs.count == 30)
        #expect(games.count > 2000)
        #expect(unresolvedVenues.isEmpty, "\(unresolvedVenues.sorted())")
        #expect(unresolvedTeams.isEmpty, "\(unresolvedTeams.sorted())")
        for entry in (root["teams"] as? [[String: Any]]) ?? [] {
            guard let abbreviation = entry["abbreviation"] as? String, let name = entry["name"] as? String else {
                continue
            }
            let team = catalog.team(matching: abbreviation, in: .mlb)
            #expect(team?.name == name, "\(abbreviation)")
        }
    }
}
