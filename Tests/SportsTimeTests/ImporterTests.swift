import ClubhouseBasics
import Foundation
import Testing

@testable import SportsTime

/// A small catalogue for the importer tests: the venues and teams the fixtures name, nothing more.
enum ImportTestCatalog {
    static func venue(
        _ id: String, _ name: String, _ city: String, _ region: String, _ country: String = "US", zone: String,
        aliases: [VenueAlias] = []
    ) -> Venue {
        Venue(
            id: VenueID(rawValue: id), name: name, aliases: aliases, city: city, region: region, country: country,
            coordinate: Coordinate(latitude: 40, longitude: -75), timeZone: zone)
    }

    static func team(
        _ league: League, _ abbreviation: String, _ name: String, _ nickname: String, _ venue: String
    )
        -> Team
    {
        Team(
            id: TeamID(league: league, abbreviation: abbreviation), league: league, name: name,
            abbreviation: abbreviation, nickname: nickname, conference: "", division: "",
            homeVenue: VenueID(rawValue: venue))
    }

    static func date(_ text: String) -> LocalDate? { LocalDate(text) }

    static let venues: [Venue] = [
        // MLB
        venue("fenway-park", "Fenway Park", "Boston", "MA", zone: "America/New_York"),
        venue(
            "rate-field", "Rate Field", "Chicago", "IL", zone: "America/Chicago",
            aliases: [
                VenueAlias(name: "U.S. Cellular Field", validUntil: date("2016-10-31")),
                VenueAlias(
                    name: "Guaranteed Rate Field", validFrom: date("2016-11-01"), validUntil: date("2024-12-31")),
            ]),
        venue("wrigley-field", "Wrigley Field", "Chicago", "IL", zone: "America/Chicago"),
        venue("tokyo-dome", "Tokyo Dome", "Tokyo", "Tokyo", "JP", zone: "Asia/Tokyo"),
        venue("target-field", "Target Field", "Minneapolis", "MN", zone: "America/Chicago"),
        venue("progressive-field", "Progressive Field", "Cleveland", "OH", zone: "America/New_York"),
        // NHL
        venue(
            "o2-arena-prague", "O2 Arena", "Prague", "Prague", "CZ", zone: "Europe/Prague",
            aliases: [VenueAlias(name: "O2 Czech Republic")]),
        venue("scotiabank-arena", "Scotiabank Arena", "Toronto", "ON", "CA", zone: "America/Toronto"),
        venue("bell-centre", "Bell Centre", "Montreal", "QC", "CA", zone: "America/Toronto"),
        venue("prudential-center", "Prudential Center", "Newark", "NJ", zone: "America/New_York"),
        // NBA
        venue("td-garden", "TD Garden", "Boston", "MA", zone: "America/New_York"),
        venue("accor-arena", "Accor Arena", "Paris", "Île-de-France", "FR", zone: "Europe/Paris"),
        venue("crypto-com-arena", "Crypto.com Arena", "Los Angeles", "CA", zone: "America/Los_Angeles"),
        venue(
            "xfinity-mobile-arena", "Xfinity Mobile Arena", "Philadelphia", "PA", zone: "America/New_York",
            aliases: [VenueAlias(name: "Wells Fargo Center", validUntil: date("2025-08-31"))]),
        // NFL
        venue("huntington-bank-field", "Huntington Bank Field", "Cleveland", "OH", zone: "America/New_York"),
        venue("arrowhead-stadium", "GEHA Field at Arrowhead Stadium", "Kansas City", "MO", zone: "America/Chicago"),
        venue(
            "tottenham-hotspur-stadium", "Tottenham Hotspur Stadium", "London", "England", "GB", zone: "Europe/London"),
        venue("allianz-arena", "Allianz Arena", "Munich", "Bavaria", "DE", zone: "Europe/Berlin"),
        venue(
            "neo-quimica-arena", "Neo Química Arena", "São Paulo", "SP", "BR", zone: "America/Sao_Paulo",
            aliases: [VenueAlias(name: "Arena Corinthians")]),
        venue("highmark-stadium", "Highmark Stadium", "Orchard Park", "NY", zone: "America/New_York"),
        venue("mt-bank-stadium", "M&T Bank Stadium", "Baltimore", "MD", zone: "America/New_York"),
        // MLS
        venue("chase-stadium", "Chase Stadium", "Fort Lauderdale", "FL", zone: "America/New_York"),
        venue("inter-co-stadium", "Inter&Co Stadium", "Orlando", "FL", zone: "America/New_York"),
        venue("bmo-stadium", "BMO Stadium", "Los Angeles", "CA", zone: "America/Los_Angeles"),
        venue("yankee-stadium", "Yankee Stadium", "Bronx", "NY", zone: "America/New_York"),
    ]

    static let teams: [Team] = [
        team(.mlb, "BOS", "Boston Red Sox", "Red Sox", "fenway-park"),
        team(.mlb, "STL", "St. Louis Cardinals", "Cardinals", "busch-stadium"),
        team(.mlb, "CHC", "Chicago Cubs", "Cubs", "wrigley-field"),
        team(.mlb, "LAD", "Los Angeles Dodgers", "Dodgers", "dodger-stadium"),
        team(.mlb, "CWS", "Chicago White Sox", "White Sox", "rate-field"),
        team(.mlb, "MIN", "Minnesota Twins", "Twins", "target-field"),
        team(.mlb, "CLE", "Cleveland Guardians", "Guardians", "progressive-field"),
        team(.mlb, "CIN", "Cincinnati Reds", "Reds", "great-american-ball-park"),
        team(.mlb, "ATL", "Atlanta Braves", "Braves", "truist-park"),
        team(.nhl, "NJD", "New Jersey Devils", "Devils", "prudential-center"),
        team(.nhl, "BUF", "Buffalo Sabres", "Sabres", "keybank-center"),
        team(.nhl, "TOR", "Toronto Maple Leafs", "Maple Leafs", "scotiabank-arena"),
        team(.nhl, "MTL", "Montréal Canadiens", "Canadiens", "bell-centre"),
        team(.nba, "BOS", "Boston Celtics", "Celtics", "td-garden"),
        team(.nba, "NYK", "New York Knicks", "Knicks", "madison-square-garden"),
        team(.nba, "SAS", "San Antonio Spurs", "Spurs", "frost-bank-center"),
        team(.nba, "IND", "Indiana Pacers", "Pacers", "gainbridge-fieldhouse"),
        team(.nba, "LAL", "Los Angeles Lakers", "Lakers", "crypto-com-arena"),
        team(.nba, "PHI", "Philadelphia 76ers", "76ers", "xfinity-mobile-arena"),
        team(.nba, "GSW", "Golden State Warriors", "Warriors", "chase-center"),
        team(.nfl, "BAL", "Baltimore Ravens", "Ravens", "mt-bank-stadium"),
        team(.nfl, "CLE", "Cleveland Browns", "Browns", "huntington-bank-field"),
        team(.nfl, "TB", "Tampa Bay Buccaneers", "Buccaneers", "raymond-james-stadium"),
        team(.nfl, "KC", "Kansas City Chiefs", "Chiefs", "arrowhead-stadium"),
        team(.nfl, "NYJ", "New York Jets", "Jets", "metlife-stadium"),
        team(.nfl, "MIN", "Minnesota Vikings", "Vikings", "us-bank-stadium"),
        team(.nfl, "NYG", "New York Giants", "Giants", "metlife-stadium"),
        team(.nfl, "CAR", "Carolina Panthers", "Panthers", "bank-of-america-stadium"),
        team(.nfl, "BUF", "Buffalo Bills", "Bills", "highmark-stadium"),
        team(.nfl, "MIA", "Miami Dolphins", "Dolphins", "hard-rock-stadium"),
        team(.nfl, "WAS", "Washington Commanders", "Commanders", "northwest-stadium"),
        team(.nfl, "LAC", "Los Angeles Chargers", "Chargers", "sofi-stadium"),
        team(.mls, "MIA", "Inter Miami CF", "Inter Miami", "chase-stadium"),
        team(.mls, "NYC", "New York City FC", "NYCFC", "yankee-stadium"),
        team(.mls, "ORL", "Orlando City SC", "Orlando City", "inter-co-stadium"),
        team(.mls, "LAFC", "Los Angeles Football Club", "LAFC", "bmo-stadium"),
    ]

    static let catalog = Catalog(venues: venues, teams: teams)
}

/// The fixture files next to this test file (also declared as resources of the test target).
func importFixture(_ name: String) throws -> Data {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
        .appendingPathComponent(name)
    return try Data(contentsOf: url)
}

/// `2025-04-06T17:35:00Z` as a date, for expectations.
func importUTC(_ text: String) -> Date {
    ImportDates.parseISO8601(text) ?? Date(timeIntervalSince1970: -1)
}

extension ImportResult {
    func game(_ id: String) -> Game? { games.first { $0.id.rawValue == id } }
    func problems(_ kind: ImportProblem.Kind) -> [ImportProblem] { problems.filter { $0.kind == kind } }
}

@Suite("Schedule importer")
struct ImporterTests {
    let importer = ScheduleImporter(catalog: ImportTestCatalog.catalog)

    func run(_ fixture: String, _ format: ScheduleFormat, league: League? = nil) throws -> ImportResult {
        try importer.importSchedule(importFixture(fixture), format: format, league: league)
    }

    @Test("Every format has the raw value the command line uses")
    func formatNames() {
        #expect(
            ScheduleFormat.allCases.map(\.rawValue) == [
                "mlb-statsapi", "nhl-api", "nba-cdn", "nflverse", "ics", "canonical-json", "canonical-csv",
            ])
    }

    // MARK: MLB

    @Test("MLB Stats API: postponed entry and make-up become one game at the make-up time, doubleheader kept")
    func mlbPostponedAndMakeUp() throws {
        let result = try run("mlb-statsapi-schedule.json", .mlbStatsAPI)
        let makeUp = try #require(result.game("mlb-745001"))
        #expect(makeUp.start == importUTC("2024-04-06T17:35:00Z"))
        #expect(makeUp.status == .final)
        #expect(makeUp.doubleheader == 1)
        #expect(makeUp.localDate == LocalDate("2024-04-06"))
        #expect(makeUp.home == "mlb-bos" && makeUp.away == "mlb-stl" && makeUp.venue == "fenway-park")
        #expect(result.game("mlb-745003")?.doubleheader == 2)
        #expect(result.games.filter { $0.id == "mlb-745001" }.count == 1)
        #expect(result.counts.duplicatesResolved == 1)
        #expect(result.counts.postponed == 1)
    }

    @Test("MLB Stats API: a renamed venue matches its former name only while the alias was valid")
    func mlbRenamedVenue() throws {
        let result = try run("mlb-statsapi-schedule.json", .mlbStatsAPI)
        let old = try #require(result.game("mlb-745002"))
        #expect(old.venue == "rate-field")
        // officialDate wins over the UTC date (00:10 UTC is the evening before in Chicago).
        #expect(old.localDate == LocalDate("2024-04-05"))
        #expect(result.game("mlb-778002")?.venue == "rate-field")
        #expect(result.game("mlb-778003") == nil)
        #expect(
            result.problems.contains {
                $0.kind == .unknownVenue && $0.detail == "Guaranteed Rate Field" && $0.reference == "dates[2].games[1]"
            })
    }

    @Test("MLB Stats API: unknown venues, bad dates, missing fields and garbage entries are reported, never guessed")
    func mlbProblems() throws {
        let result = try run("mlb-statsapi-schedule.json", .mlbStatsAPI)
        #expect(result.counts.read == 10)
        #expect(result.counts.imported == 4)
        #expect(result.games.map(\.id.rawValue) == ["mlb-745002", "mlb-745001", "mlb-745003", "mlb-778002"])
        #expect(result.problems.contains { $0.kind == .unknownVenue && $0.detail == "Estadio Imaginario" })
        #expect(result.problems.contains { $0.kind == .badDate && $0.detail == "not a date" })
        #expect(result.problems.contains { $0.reference == "dates[1].games[4]" && $0.detail == "away team" })
        #expect(result.problems.contains { $0.reference == "dates[1].games[5]" && $0.detail == "game id" })
        #expect(result.game("mlb-745004") == nil)
        // Never the home team's park instead.
        #expect(!result.games.contains { $0.venue == "wrigley-field" })
    }

    @Test("MLB compiled file: Tokyo Dome keeps its venue, suspended + resumed is one game, a lone postponement stays")
    func mlbCompiledFile() throws {
        let result = try run("mlb-compiled-games.json", .mlbStatsAPI)
        let tokyo = try #require(result.game("mlb-778563"))
        #expect(tokyo.venue == "tokyo-dome")
        #expect(tokyo.home == "mlb-chc")
        #expect(tokyo.localDate == LocalDate("2025-03-18"))

        let makeUp = try #require(result.game("mlb-778443"))
        #expect(
            makeUp.start == importUTC("2025-04-06T17:35:00Z") && makeUp.status == .final && makeUp.doubleheader == 1)

        let resumed = try #require(result.game("mlb-777861"))
        #expect(resumed.start == importUTC("2025-05-21T17:10:00Z"))
        #expect(resumed.localDate == LocalDate("2025-05-21"))

        let rainedOut = try #require(result.game("mlb-779000"))
        #expect(rainedOut.status == .postponed)

        #expect(result.problems(.unknownVenue).map(\.detail) == ["Bristol Motor Speedway"])
        #expect(result.counts == ImportCounts(read: 8, imported: 5, duplicatesResolved: 2, postponed: 2, cancelled: 0))
    }

    // MARK: NHL

    @Test("NHL: multi-week array, Prague game at its real arena, duplicate id resolved to the latest state")
    func nhlWeeks() throws {
        let result = try run("nhl-schedule-weeks.json", .nhlAPI)
        let prague = try #require(result.game("nhl-2024020001"))
        #expect(prague.venue == "o2-arena-prague")
        #expect(prague.home == "nhl-njd")
        #expect(prague.localDate == LocalDate("2024-10-04"))
        #expect(prague.status == .final)

        let leafs = try #require(result.game("nhl-2024020010"))
        #expect(leafs.status == .final && leafs.start == importUTC("2024-10-09T23:30:00Z"))
        #expect(result.game("nhl-2024020011")?.status == .postponed)
        #expect(result.game("nhl-2024020020")?.status == .cancelled)
        #expect(result.problems.map(\.kind) == [.unknownTeam])
        #expect(result.problems.first?.detail == "XYZ")
        #expect(result.counts == ImportCounts(read: 6, imported: 4, duplicatesResolved: 1, postponed: 1, cancelled: 1))
    }

    // MARK: NBA

    @Test(
        "NBA: Paris game at Accor Arena, postponed game kept, TBD time kept at local midnight, unknown arena reported")
    func nbaSchedule() throws {
        let result = try run("nba-schedule.json", .nbaCDN)
        let paris = try #require(result.game("nba-0022400620"))
        #expect(paris.venue == "accor-arena" && paris.home == "nba-sas")
        #expect(paris.localDate == LocalDate("2025-01-23"))
        #expect(result.game("nba-0022400001")?.status == .final)
        #expect(result.game("nba-0022400621")?.status == .postponed)
        #expect(result.game("nba-0022500010")?.venue == "xfinity-mobile-arena")

        let tbd = try #require(result.game("nba-0022500011"))
        let losAngeles = try #require(TimeZone(identifier: "America/Los_Angeles"))
        #expect(tbd.start == (LocalDate("2025-10-24")?.start(in: losAngeles)))
        #expect(result.problems.contains { $0.kind == .timeToBeDetermined && $0.isKept })
        #expect(result.problems.contains { $0.kind == .unknownVenue && $0.detail == "Mexico City Arena" })
        #expect(result.counts.imported == 5)
    }

    @Test("NBA: an arena name shared by two venues is told apart by the feed's city")
    func nbaArenaCity() throws {
        let venues = [
            ImportTestCatalog.venue("memorial-a", "Memorial Arena", "Springfield", "IL", zone: "America/Chicago"),
            ImportTestCatalog.venue("memorial-b", "Memorial Arena", "Shelbyville", "IL", zone: "America/Chicago"),
        ]
        let teams = [
            ImportTestCatalog.team(.nba, "AAA", "Alpha", "Alphas", "memorial-a"),
            ImportTestCatalog.team(.nba, "BBB", "Beta", "Betas", "memorial-b"),
        ]
        let json = """
            {"leagueSchedule": {"gameDates": [{"games": [
              {"gameId": "1", "gameStatus": 1, "gameDateTimeUTC": "2025-11-01T00:00:00Z", "arenaName": "Memorial Arena",
               "arenaCity": "Shelbyville", "homeTeam": {"teamTricode": "BBB"}, "awayTeam": {"teamTricode": "AAA"}},
              {"gameId": "2", "gameStatus": 1, "gameDateTimeUTC": "2025-11-02T00:00:00Z", "arenaName": "Memorial Arena",
               "homeTeam": {"teamTricode": "AAA"}, "awayTeam": {"teamTricode": "BBB"}}
            ]}]}}
            """
        let result = try ScheduleImporter(catalog: Catalog(venues: venues, teams: teams))
            .importSchedule(Data(json.utf8), format: .nbaCDN, league: nil)
        #expect(result.game("nba-1")?.venue == "memorial-b")
        // Without a city the name is ambiguous: reported, not guessed.
        #expect(result.game("nba-2") == nil)
        #expect(result.problems(.unknownVenue).count == 1)
    }

    // MARK: NFL

    @Test("nflverse: Eastern kick-off times convert with DST whatever the venue's zone")
    func nflverseTimes() throws {
        let result = try run("nflverse-games.csv", .nflverse)
        // 13:00 EDT (before the 2024-11-03 change) and 20:15 EST (after), the latter at a Central venue.
        #expect(result.game("nfl-2024_08_BAL_CLE")?.start == importUTC("2024-10-27T17:00:00Z"))
        let monday = try #require(result.game("nfl-2024_09_TB_KC"))
        #expect(monday.start == importUTC("2024-11-05T01:15:00Z"))
        #expect(monday.localDate == LocalDate("2024-11-04"))
        #expect(monday.venue == "arrowhead-stadium")
        #expect(monday.status == .final)
        // 09:30 Eastern in London and Munich.
        let london = try #require(result.game("nfl-2024_05_NYJ_MIN"))
        #expect(london.start == importUTC("2024-10-06T13:30:00Z"))
        #expect(london.venue == "tottenham-hotspur-stadium" && london.home == "nfl-min")
        #expect(result.game("nfl-2024_10_NYG_CAR")?.start == importUTC("2024-11-10T14:30:00Z"))
        #expect(result.game("nfl-2024_10_NYG_CAR")?.venue == "allianz-arena")
    }

    @Test("nflverse: quoted fields, duplicate ids, bad times, unknown stadiums and missing times")
    func nflverseProblems() throws {
        let result = try run("nflverse-games.csv", .nflverse)
        // The quoted referee fields (commas, doubled quotes, a line break) do not shift the stadium column.
        #expect(result.game("nfl-2024_08_BAL_CLE")?.venue == "huntington-bank-field")
        let saoPaulo = try #require(result.game("nfl-2025_01_KC_LAC"))
        #expect(saoPaulo.start == importUTC("2025-09-06T01:00:00Z"))
        #expect(saoPaulo.venue == "neo-quimica-arena")
        #expect(saoPaulo.localDate == LocalDate("2025-09-05"))
        #expect(result.problems.contains { $0.kind == .badDate && $0.reference == "line 7" })
        #expect(result.problems.contains { $0.kind == .unknownVenue && $0.detail == "Santiago Bernabeu" })
        let tbd = try #require(result.game("nfl-2025_18_CLE_BAL"))
        #expect(tbd.localDate == LocalDate("2026-01-04"))
        #expect(result.problems.contains { $0.kind == .timeToBeDetermined && $0.reference == "line 11" })
        #expect(result.counts == ImportCounts(read: 9, imported: 6, duplicatesResolved: 1, postponed: 0, cancelled: 0))
    }

    // MARK: iCalendar

    @Test("ICS: UTC, TZID and floating times, folded and escaped lines, cancelled events, SEQUENCE updates")
    func icsCalendar() throws {
        let result = try run("mls-club.ics", .ics, league: .mls)
        let opener = try #require(result.game("mls-mls-2025-001@example.test"))
        #expect(opener.home == "mls-mia" && opener.away == "mls-nyc" && opener.venue == "chase-stadium")
        #expect(opener.localDate == LocalDate("2025-02-22"))

        let orlando = try #require(result.game("mls-mls-2025-002@example.test"))
        #expect(orlando.home == "mls-orl" && orlando.venue == "inter-co-stadium")
        #expect(orlando.start == importUTC("2025-03-09T23:30:00Z"))  // 19:30 EDT, the day DST began

        let cancelled = try #require(result.game("mls-mls-2025-003@example.test"))
        #expect(cancelled.status == .cancelled && cancelled.home == "mls-lafc" && cancelled.venue == "bmo-stadium")

        let newYork = try #require(TimeZone(identifier: "America/New_York"))
        #expect(result.game("mls-mls-2025-004@example.test")?.start == LocalDate("2025-05-03")?.start(in: newYork))

        #expect(result.game("mls-mls-2025-005@example.test")?.start == importUTC("2025-05-18T00:00:00Z"))
        #expect(result.problems.contains { $0.kind == .badValue && $0.detail.contains("Club Friendly") })
        #expect(result.problems.contains { $0.kind == .badDate && $0.detail == "2025-06-14" })
        #expect(
            result.problems.contains { $0.kind == .unknownVenue && $0.detail == "Estadio Inventado, Somewhere, XX" })
        #expect(result.counts == ImportCounts(read: 9, imported: 5, duplicatesResolved: 1, postponed: 0, cancelled: 1))
    }

    @Test("ICS: a floating time is the venue's wall-clock time")
    func icsFloating() throws {
        let ics = """
            BEGIN:VCALENDAR
            BEGIN:VEVENT
            UID:x1
            DTSTART:20250726T193000
            SUMMARY:POSTPONED: Orlando City SC at LAFC
            LOCATION:BMO Stadium
            END:VEVENT
            END:VCALENDAR
            """
        let result = try importer.importSchedule(Data(ics.utf8), format: .ics, league: .mls)
        let game = try #require(result.game("mls-x1"))
        #expect(game.start == importUTC("2025-07-27T02:30:00Z"))  // 19:30 PDT
        #expect(game.status == .postponed && game.home == "mls-lafc")
    }

    @Test("ICS summaries: at, @, vs, vs., v, with a venue after the matchup")
    func icsSummaries() {
        let cases: [(String, String, String)] = [
            ("New York City FC at Inter Miami CF", "Inter Miami CF", "New York City FC"),
            ("LAFC @ Inter Miami CF", "Inter Miami CF", "LAFC"),
            ("Inter Miami CF vs. LAFC", "Inter Miami CF", "LAFC"),
            ("Inter Miami CF VS LAFC at Chase Stadium", "Inter Miami CF", "LAFC"),
            ("Atlanta United v Austin FC", "Atlanta United", "Austin FC"),
        ]
        for (summary, home, away) in cases {
            let teams = ICalendarReader.splitMatchup(summary)
            #expect(teams?.home == home && teams?.away == away, "\(summary)")
        }
        #expect(ICalendarReader.splitMatchup("Training session") == nil)
        #expect(ICalendarReader.splitMatchup(" at Chase Stadium") == nil)
    }

    @Test("ICS unfolding and unescaping follow RFC 5545")
    func icsLineRules() {
        let lines = ICalendarReader.unfoldedLines("SUMMARY:A lo\r\n ng\r\n\tline\r\nLOCATION:x")
        #expect(lines.map(\.text) == ["SUMMARY:A longline", "LOCATION:x"])
        #expect(ICalendarReader.unescape(#"a\, b\; c\nd\\e"#) == "a, b; c\nd\\e")
        #expect(
            ICalendarReader.property(#"DTSTART;TZID="America/New_York":20250101T120000"#)?.parameters["TZID"]
                == "America/New_York")
    }

    // MARK: Canonical formats

    @Test("Canonical JSON: ids or names, doubleheaders, neutral sites; bad entries reported")
    func canonicalJSON() throws {
        let result = try run("canonical-games.json", .canonicalJSON)
        #expect(result.game("mlb-900001")?.doubleheader == 1)
        #expect(result.game("mlb-900002")?.doubleheader == 2)
        #expect(result.game("mlb-900003")?.venue == "tokyo-dome")
        #expect(result.game("nhl-2024020010")?.league == .nhl)
        #expect(result.problems(.unknownVenue).map(\.detail) == ["nowhere-park"])
        #expect(result.problems(.badDate).map(\.detail) == ["yesterday"])
        #expect(result.problems(.badValue).count == 2)
        #expect(result.counts.imported == 4)

        let mlbOnly = try run("canonical-games.json", .canonicalJSON, league: .mlb)
        #expect(mlbOnly.game("nhl-2024020010") == nil)
        #expect(mlbOnly.problems(.otherLeague).count == 1)
    }

    @Test("Canonical JSON: games written by JSONEncoder (default or ISO 8601 dates) read back unchanged")
    func canonicalRoundTrip() throws {
        let games = try run("mlb-compiled-games.json", .mlbStatsAPI).games
        let plain = try JSONEncoder().encode(games)
        #expect(try importer.importSchedule(plain, format: .canonicalJSON).games == games)
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        let wrapped = try encoder.encode(["games": games])
        #expect(try importer.importSchedule(wrapped, format: .canonicalJSON).games == games)
    }

    @Test("Canonical CSV: quoted fields, offsets, postponed games; bad rows reported")
    func canonicalCSV() throws {
        let result = try run("canonical-games.csv", .canonicalCSV)
        #expect(result.games.map(\.id.rawValue).sorted() == ["mlb-900001", "mlb-900002", "mlb-900003", "mlb-900007"])
        #expect(result.game("mlb-900002")?.localDate == LocalDate("2025-07-04"))
        #expect(result.game("mlb-900002")?.venue == "fenway-park")
        let postponed = try #require(result.game("mlb-900007"))
        #expect(postponed.status == .postponed && postponed.start == importUTC("2025-07-05T18:10:00Z"))
        #expect(result.problems.contains { $0.kind == .badDate && $0.reference == "line 6" })
        #expect(result.problems.contains { $0.kind == .badValue && $0.reference == "line 7" })
        #expect(result.problems.filter { $0.reference == "line 8" }.map(\.kind) == [.unknownTeam, .unknownTeam])
        #expect(result.problems.contains { $0.kind == .missingField && $0.reference == "line 10" })
        #expect(result.counts.read == 8)
    }

    @Test(
        "Exported canonical CSV and JSON import back to the same games",
        arguments: [
            ("mlb-compiled-games.json", ScheduleFormat.mlbStatsAPI), ("nhl-schedule-weeks.json", .nhlAPI),
            ("nba-schedule.json", .nbaCDN), ("nflverse-games.csv", .nflverse), ("mls-club.ics", .ics),
        ])
    func exportRoundTrip(name: String, format: ScheduleFormat) throws {
        let games = try run(name, format, league: format == .ics ? .mls : nil).games
        #expect(!games.isEmpty)
        let csv = ScheduleExporter.canonicalCSV(games)
        #expect(try importer.importSchedule(Data(csv.utf8), format: .canonicalCSV).games == games)
        let json = ScheduleExporter.canonicalJSON(games)
        #expect(try importer.importSchedule(json, format: .canonicalJSON).games == games)
    }

    @Test("Different ids for the same venue, start and teams are one game")
    func sameGameDifferentIDs() throws {
        let csv = """
            id,league,home,away,venue,start
            mlb-1,mlb,mlb-bos,mlb-stl,fenway-park,2025-07-04T17:35:00Z
            mlb-2,mlb,Boston Red Sox,St. Louis Cardinals,Fenway Park,2025-07-04T17:35:00Z
            """
        let result = try importer.importSchedule(Data(csv.utf8), format: .canonicalCSV)
        #expect(result.games.map(\.id.rawValue) == ["mlb-1"])
        #expect(result.counts.duplicatesResolved == 1)
    }

    // MARK: Unreadable files

    @Test("Empty files throw a typed error naming the expected format", arguments: ScheduleFormat.allCases)
    func emptyFiles(format: ScheduleFormat) {
        #expect(throws: ImportError.empty(format)) {
            try importer.importSchedule(Data(" \n".utf8), format: format, league: format == .ics ? .mls : nil)
        }
        #expect(ImportError.empty(format).description.contains(format.rawValue))
    }

    @Test("Files of another shape throw wrongShape or unreadable, never crash")
    func wrongFiles() throws {
        let nba = try importFixture("nba-schedule.json")
        #expect(throws: ImportError.wrongShape(.mlbStatsAPI)) { try importer.importSchedule(nba, format: .mlbStatsAPI) }
        #expect(throws: ImportError.wrongShape(.nhlAPI)) { try importer.importSchedule(nba, format: .nhlAPI) }
        #expect(throws: ImportError.wrongShape(.canonicalJSON)) {
            try importer.importSchedule(nba, format: .canonicalJSON)
        }
        let csv = try importFixture("nflverse-games.csv")
        do {
            _ = try importer.importSchedule(csv, format: .nbaCDN)
            Issue.record("a CSV file read as NBA JSON")
        } catch {
            guard case .unreadable(.nbaCDN, _) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(error.description.contains("nba-cdn"))
        }
        #expect(throws: ImportError.wrongShape(.ics)) { try importer.importSchedule(csv, format: .ics, league: .mls) }
        #expect(throws: ImportError.missingColumns(.nflverse, ["gametime", "stadium"])) {
            try importer.importSchedule(Data("game_id,gameday,home_team,away_team\n".utf8), format: .nflverse)
        }
        #expect(throws: ImportError.wrongShape(.canonicalCSV)) {
            try importer.importSchedule(csv, format: .canonicalCSV)
        }
        #expect(throws: ImportError.leagueRequired(.ics)) {
            try importer.importSchedule(try importFixture("mls-club.ics"), format: .ics, league: nil)
        }
        #expect(throws: ImportError.unsupportedLeague(.nflverse, .mlb)) {
            try importer.importSchedule(csv, format: .nflverse, league: .mlb)
        }
        #expect(throws: ImportError.unreadable(.nflverse, detail: "binary data, not CSV text")) {
            try importer.importSchedule(Data([0x67, 0x00, 0x01, 0xFF]), format: .nflverse)
        }
    }

    @Test(
        "Truncated and corrupted fixtures never crash the importer",
        arguments: [
            ("mlb-statsapi-schedule.json", ScheduleFormat.mlbStatsAPI), ("mlb-compiled-games.json", .mlbStatsAPI),
            ("nhl-schedule-weeks.json", .nhlAPI), ("nba-schedule.json", .nbaCDN), ("nflverse-games.csv", .nflverse),
            ("mls-club.ics", .ics), ("canonical-games.json", .canonicalJSON), ("canonical-games.csv", .canonicalCSV),
        ])
    func corruptedFixtures(name: String, format: ScheduleFormat) throws {
        let original = try importFixture(name)
        var random = SplitMix64(seed: UInt64(name.utf8.count))
        var survived = 0
        for round in 0..<150 {
            var bytes = [UInt8](original)
            if round % 3 == 0 {
                bytes = Array(bytes.prefix(Int(random.next() % UInt64(bytes.count + 1))))
            } else {
                for _ in 0..<(1 + Int(random.next() % 8)) where !bytes.isEmpty {
                    bytes[Int(random.next() % UInt64(bytes.count))] = UInt8(truncatingIfNeeded: random.next())
                }
            }
            do {
                let result = try importer.importSchedule(
                    Data(bytes), format: format, league: format == .ics ? .mls : nil)
                #expect(result.counts.imported == result.games.count)
                #expect(result.counts.imported <= result.counts.read)
                survived += 1
            } catch {
                // A typed ImportError is the expected outcome for a wholly unreadable file.
                #expect(!error.description.isEmpty)
            }
        }
        #expect(survived > 0)
    }

    // MARK: Readers' building blocks

    @Test("RFC 4180 reader: quotes, doubled quotes, embedded line breaks, CRLF, BOM, unterminated quotes")
    func csvReader() {
        let reader = FeedCSVReader("\u{FEFF}a,b,c\r\n1,\"x, \"\"y\"\"\",\"multi\nline\"\r\n\r\n2,,3\n4,\"open")
        #expect(
            reader.records.map(\.fields) == [
                ["a", "b", "c"], ["1", "x, \"y\"", "multi\nline"], ["2", "", "3"], ["4", "open"],
            ])
        #expect(reader.records.map(\.line) == [1, 2, 5, 6])
        #expect(reader.unterminatedQuoteLine == 6)
    }

    @Test("JSON parser: escapes, surrogate pairs, numbers; malformed or too deeply nested input refused")
    func jsonParser() throws {
        var parser = FeedJSONParser(
            bytes: Array(#"{"a": "x\"\u00e9\ud83c\udfdf\n", "b": [1, -2.5e1, true, null]}"#.utf8))
        let document = parser.document()
        let value = try #require(document)
        #expect(value["a"] == .string("x\"é🏟\n"))
        #expect(value["b"] == .array([.number(1), .number(-25), .bool(true), .null]))
        for bad in ["{", "[1,]", "{\"a\" 1}", "01x", #""\u12""#, "[1] 2", "nul", "\"a\u{0001}\""] {
            var badParser = FeedJSONParser(bytes: Array(bad.utf8))
            #expect(badParser.document() == nil, "\(bad)")
        }
        let nested = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        var deep = FeedJSONParser(bytes: Array(nested.utf8))
        #expect(deep.document() == nil)
        #expect(FeedJSON.number(2024020001).text == "2024020001")
    }

    @Test("ISO 8601 times with Z, offsets, fractions and without seconds")
    func isoDates() {
        #expect(ImportDates.parseISO8601("2025-04-06T17:35:00Z") == Date(timeIntervalSince1970: 1_743_960_900))
        #expect(ImportDates.parseISO8601("2025-04-06T13:35:00-04:00") == Date(timeIntervalSince1970: 1_743_960_900))
        #expect(ImportDates.parseISO8601("2025-04-06T12:35:00.000-0500") == Date(timeIntervalSince1970: 1_743_960_900))
        #expect(ImportDates.parseISO8601("2025-04-06T17:35Z") == Date(timeIntervalSince1970: 1_743_960_900))
        #expect(ImportDates.parseISO8601("2025-04-06T17:35:00") == nil)
        #expect(ImportDates.parseISO8601("2025-02-30T17:35:00Z") == nil)
        #expect(ImportDates.parseISO8601("2025-04-06T17:35:00Zjunk") == nil)
    }

    // MARK: Real data

    @Test(
        "Real 2025 MLB season (shared data): 2,430 games, 81 home games per team, Tokyo at Tokyo Dome",
        .enabled(if: SharedData.available, SharedData.absent))
    func realMLBSeason() throws {
        let data = try Data(contentsOf: try SharedData.file("mlb-games-2025.json"))
        // The bundled catalogue ships with the package: its absence is a failure, not a reason to skip.
        let catalog = try Catalog.bundled()
        try #require(!catalog.teams(of: .mlb).isEmpty, "the bundled catalogue has MLB teams")
        let result = try ScheduleImporter(catalog: catalog).importSchedule(data, format: .mlbStatsAPI)
        #expect(result.counts.read == 2_464)
        #expect(result.games.count == 2_430, "problems: \(result.problems.prefix(5))")
        #expect(result.problems.isEmpty, "\(result.problems.prefix(5))")
        let homeGames = Dictionary(grouping: result.games, by: \.home).mapValues(\.count)
        #expect(homeGames.count == 30)
        #expect(homeGames.values.allSatisfy { $0 == 81 }, "\(homeGames.filter { $0.value != 81 })")
        let cutoff = try #require(LocalDate("2025-03-20"))
        let tokyo = result.games.filter { $0.localDate < cutoff }
        #expect(tokyo.count == 2)
        #expect(tokyo.allSatisfy { catalog.venue($0.venue)?.name == "Tokyo Dome" })
        #expect(Set(result.games.map(\.id)).count == 2_430)
    }
}
