import ClubhouseBasics
import Foundation
import Testing

@testable import SportsTime

/// Synthetic catalogues: fake teams spread over real time zones, two conferences with divisions.
enum SyntheticSeasonCatalog {
    static let zones = [
        "America/New_York", "America/Chicago", "America/Denver", "America/Phoenix", "America/Los_Angeles",
        "America/Toronto", "America/Detroit", "America/Indiana/Indianapolis",
    ]

    /// `count` teams of `league`; `divisionsPerConference` 0 means conferences only; `conferences` 0 means neither.
    /// Teams 0 and 1 share a venue when `sharedVenue` is set (the Lakers and Clippers, the Giants and Jets).
    static func catalog(
        _ league: League, count: Int, conferences: Int = 2, divisionsPerConference: Int = 3,
        sharedVenue: Bool = false, extraTeams: [Team] = [], extraVenues: [Venue] = []
    ) -> Catalog {
        var venues: [Venue] = []
        var teams: [Team] = []
        for index in 0..<count {
            let venueID = VenueID(
                rawValue: sharedVenue && index == 1 ? "\(league)-venue-0" : "\(league)-venue-\(index)")
            if !(sharedVenue && index == 1) {
                let zone = zones[index % zones.count]
                venues.append(
                    Venue(
                        id: venueID, name: "\(league) Park \(index)", city: "City \(index)", region: "ST",
                        country: "US", coordinate: Coordinate(latitude: 40, longitude: -80 - Double(index % 40)),
                        timeZone: zone))
            }
            let conference = conferences == 0 ? "" : "Conference \(index % conferences)"
            let division =
                conferences == 0 || divisionsPerConference == 0
                ? "" : "\(conference) Division \((index / conferences) % divisionsPerConference)"
            teams.append(
                Team(
                    id: TeamID(league: league, abbreviation: "T\(index)"), league: league, name: "Team \(index)",
                    abbreviation: "T\(index)", nickname: "Nick \(index)", conference: conference, division: division,
                    homeVenue: venueID))
        }
        return Catalog(venues: venues + extraVenues, teams: teams + extraTeams)
    }

    static func fullCatalog() -> Catalog {
        let parts = [
            catalog(.mlb, count: 30), catalog(.nba, count: 30, sharedVenue: true),
            catalog(.nhl, count: 32, divisionsPerConference: 2),
            catalog(.nfl, count: 32, divisionsPerConference: 4, sharedVenue: true),
            catalog(.mls, count: 30, divisionsPerConference: 0), catalog(.wnba, count: 13, divisionsPerConference: 0),
            catalog(.nwsl, count: 14, conferences: 0),
        ]
        return Catalog(
            venues: parts.flatMap { $0.venues.values.sorted { $0.id < $1.id } },
            teams: parts.flatMap { $0.teams.values.sorted { $0.id < $1.id } })
    }
}

/// Checks every generated season must pass, whatever the league.
enum GeneratedSeasonChecks {
    static func calendar(_ zone: TimeZone) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        return calendar
    }

    /// Problems found in `games` of `league` (empty when all is well).
    static func problems(_ games: [Game], league: League, year: Int, catalog: Catalog) -> [String] {
        var problems: [String] = []
        let window = SeasonGenerator.window(league, year: year)
        var teamDays: Set<String> = []
        var venueDays: Set<String> = []
        var ids: Set<GameID> = []
        for game in games {
            if !ids.insert(game.id).inserted { problems.append("duplicate id \(game.id)") }
            if game.league != league || game.status != .scheduled { problems.append("\(game.id) wrong league/status") }
            for team in [game.home, game.away] where !teamDays.insert("\(team) \(game.localDate)").inserted {
                problems.append("\(team) plays twice on \(game.localDate)")
            }
            if !venueDays.insert("\(game.venue) \(game.localDate)").inserted {
                problems.append("\(game.venue) hosts twice on \(game.localDate)")
            }
            if !window.contains(game.localDate) { problems.append("\(game.id) on \(game.localDate) outside \(window)") }
            guard let venue = catalog.venue(game.venue), let home = catalog.team(game.home) else {
                problems.append("\(game.id) unknown venue or team")
                continue
            }
            if home.homeVenue != game.venue { problems.append("\(game.id) not at the home team's venue") }
            let local = calendar(venue.zone).dateComponents([.year, .month, .day, .hour, .minute], from: game.start)
            if LocalDate(year: local.year ?? 0, month: local.month ?? 0, day: local.day ?? 0) != game.localDate {
                problems.append("\(game.id) local date \(game.localDate) differs from its start in \(venue.timeZone)")
            }
            let hour = local.hour ?? -1
            let plausible: ClosedRange<Int> =
                switch league {
                case .mlb: 13...19
                case .nfl: 10...20
                default: 12...20
                }
            if !plausible.contains(hour) { problems.append("\(game.id) starts at \(hour):\(local.minute ?? 0) local") }
        }
        return problems
    }

    struct Record {
        var home = 0
        var away = 0
        var total: Int { home + away }
    }

    static func records(_ games: [Game]) -> [TeamID: Record] {
        var records: [TeamID: Record] = [:]
        for game in games {
            records[game.home, default: Record()].home += 1
            records[game.away, default: Record()].away += 1
        }
        return records
    }

    /// Each team's games in date order.
    static func byTeam(_ games: [Game]) -> [TeamID: [Game]] {
        var result: [TeamID: [Game]] = [:]
        for game in games.sorted(by: { $0.start < $1.start }) {
            result[game.home, default: []].append(game)
            result[game.away, default: []].append(game)
        }
        return result
    }
}

@Suite("Season generator")
struct SeasonGeneratorTests {
    static let catalog = SyntheticSeasonCatalog.fullCatalog()
    static let generator = SeasonGenerator(catalog: catalog)

    @Test(
        "Every team plays its league's games, half at home, with no clashes and plausible local times",
        arguments: League.allCases)
    func countsAndBalance(league: League) {
        let teams = Self.catalog.teams(of: league)
        let games = Self.generator.season(league, year: 2026)
        let expected = SeasonGenerator.gamesPerTeam(league, teamCount: teams.count)
        #expect(games.count == teams.count * expected / 2)
        let records = GeneratedSeasonChecks.records(games)
        for team in teams {
            let record = records[team.id] ?? GeneratedSeasonChecks.Record()
            #expect(record.total == expected, "\(team.id) plays \(record.total)")
            #expect(abs(record.home - record.away) <= expected % 2, "\(team.id) \(record.home)/\(record.away)")
        }
        let problems = GeneratedSeasonChecks.problems(games, league: league, year: 2026, catalog: Self.catalog)
        #expect(problems.isEmpty, "\(problems.prefix(5))")
    }

    @Test("MLB plays series of two to four games; off days fall mostly on Mondays and Thursdays")
    func mlbSeries() {
        let games = Self.generator.season(.mlb, year: 2026)
        var lengths: [Int: Int] = [:]
        var offDays: [Int: Int] = [:]
        for (team, list) in GeneratedSeasonChecks.byTeam(games) {
            var run = 1
            for index in 1...list.count {
                let previous = list[index - 1]
                if index < list.count, list[index].home == previous.home, list[index].away == previous.away,
                    previous.localDate.days(to: list[index].localDate) <= 2
                {
                    run += 1
                    continue
                }
                if previous.home == team { lengths[run, default: 0] += 1 }
                run = 1
                if index < list.count {
                    var day = previous.localDate.adding(days: 1)
                    while day < list[index].localDate {
                        offDays[day.isoWeekday, default: 0] += 1
                        day = day.adding(days: 1)
                    }
                }
            }
        }
        #expect(Set(lengths.keys).isSubset(of: [2, 3, 4]), "\(lengths)")
        #expect((lengths[3] ?? 0) > (lengths[4] ?? 0) + (lengths[2] ?? 0))
        #expect((lengths[4] ?? 0) > 0 && (lengths[2] ?? 0) > 0)
        let total = offDays.values.reduce(0, +)
        #expect(Double((offDays[1] ?? 0) + (offDays[4] ?? 0)) >= 0.7 * Double(total), "\(offDays)")
        let window = SeasonGenerator.window(.mlb, year: 2026)
        #expect(games.first?.localDate == window.lowerBound && games.last?.localDate == window.upperBound)
    }

    @Test("MLB first pitches: 19:05–19:10 on weeknights, 13:05–13:40 on Sundays, some 16:05/18:10 on Saturdays")
    func mlbTimes() throws {
        let games = Self.generator.season(.mlb, year: 2026)
        var saturdays: Set<Int> = []
        for game in games {
            let zone = try #require(Self.catalog.venue(game.venue)).zone
            let clock = GeneratedSeasonChecks.calendar(zone).dateComponents([.hour, .minute], from: game.start)
            let minutes = (clock.hour ?? 0) * 60 + (clock.minute ?? 0)
            switch game.localDate.isoWeekday {
            case 7: #expect((785...820).contains(minutes), "\(game.id) Sunday \(minutes)")
            case 6:
                #expect([965, 970, 1090].contains(minutes) || (1145...1150).contains(minutes))
                saturdays.insert(minutes)
            default: #expect((785...820).contains(minutes) || (1145...1150).contains(minutes), "\(game.id)")
            }
        }
        #expect(saturdays.contains(1090) && saturdays.contains(965))
    }

    @Test("NFL: 18 weeks from the Thursday after Labour Day, one bye per team in weeks 5–14, network kick-off times")
    func nflWeeks() throws {
        let games = Self.generator.season(.nfl, year: 2025)
        let kickoff = try #require(LocalDate("2025-09-04"))
        #expect(SeasonGenerator.window(.nfl, year: 2025).lowerBound == kickoff)
        let eastern = try #require(TimeZone(identifier: "America/New_York"))
        var weeks: [TeamID: Set<Int>] = [:]
        var slots: [String: Int] = [:]
        for game in games {
            let etDate = LocalDate(game.start, in: eastern)
            let week = kickoff.days(to: etDate) / 7
            #expect((0..<18).contains(week))
            weeks[game.home, default: []].insert(week)
            weeks[game.away, default: []].insert(week)
            let clock = GeneratedSeasonChecks.calendar(eastern).dateComponents([.hour, .minute], from: game.start)
            let minutes = (clock.hour ?? 0) * 60 + (clock.minute ?? 0)
            let slot = "\(etDate.isoWeekday) \(minutes)"
            slots[slot, default: 0] += 1
            #expect(
                ["4 1215", "7 780", "7 965", "7 985", "7 1220", "1 1215"].contains(slot), "\(game.id) at \(slot)")
        }
        for team in Self.catalog.teams(of: .nfl) {
            let played = weeks[team.id] ?? []
            #expect(played.count == 17, "\(team.id)")
            let bye = Set(0..<18).subtracting(played)
            #expect(bye.count == 1 && bye.allSatisfy { (4...13).contains($0) }, "\(team.id) bye \(bye)")
        }
        #expect(slots["4 1215"] == 17 && slots["1 1215"] == 17 && slots["7 1220"] == 18)
        #expect((slots["7 780"] ?? 0) > (slots["7 965"] ?? 0) + (slots["7 985"] ?? 0))
    }

    @Test("NBA and NHL: no team plays three days running, back-to-backs are rare", arguments: [League.nba, .nhl])
    func rest(league: League) {
        let games = Self.generator.season(league, year: 2025)
        for (team, list) in GeneratedSeasonChecks.byTeam(games) {
            var backToBacks = 0
            for index in 1..<list.count where list[index - 1].localDate.days(to: list[index].localDate) == 1 {
                backToBacks += 1
                if index >= 2 {
                    #expect(list[index - 2].localDate.days(to: list[index].localDate) > 2, "\(team) three in a row")
                }
            }
            #expect(backToBacks <= 20, "\(team) has \(backToBacks) back-to-backs")
        }
    }

    @Test("Co-tenants (one arena, two teams) are never both at home on the same day", arguments: [League.nba, .nfl])
    func coTenants(league: League) {
        let games = Self.generator.season(league, year: 2026)
        let shared = VenueID(rawValue: "\(league)-venue-0")
        let hosted = games.filter { $0.venue == shared }
        #expect(Set(hosted.map(\.home)).count == 2)
        #expect(Set(hosted.map(\.localDate)).count == hosted.count)
    }

    @Test("Start times follow each venue's zone across daylight saving; Phoenix keeps its clock")
    func daylightSaving() throws {
        // NHL team 3 plays in Phoenix (no DST), team 0 in New York; the season crosses the November change.
        let games = Self.generator.season(.nhl, year: 2025)
        let utc = try #require(TimeZone(identifier: "UTC"))
        func utcHours(_ venue: String, month: Int) -> Set<Int> {
            Set(
                games.filter { $0.venue.rawValue == venue && $0.localDate.month == month }.compactMap { game in
                    let phoenixOrNY = Self.catalog.venue(game.venue)?.zone ?? utc
                    let local = GeneratedSeasonChecks.calendar(phoenixOrNY).component(.hour, from: game.start)
                    return local == 19 ? GeneratedSeasonChecks.calendar(utc).component(.hour, from: game.start) : nil
                })
        }
        #expect(Self.catalog.venue("nhl-venue-3")?.timeZone == "America/Phoenix")
        #expect(utcHours("nhl-venue-3", month: 10) == [2])
        #expect(utcHours("nhl-venue-3", month: 12) == [2])
        #expect(utcHours("nhl-venue-0", month: 10) == [23])
        #expect(utcHours("nhl-venue-0", month: 12) == [0])
        // Local dates are the venue's: a 7 pm Phoenix game is the next day in UTC.
        let phoenix = try #require(TimeZone(identifier: "America/Phoenix"))
        let phoenixGame = try #require(
            games.first {
                $0.venue.rawValue == "nhl-venue-3"
                    && GeneratedSeasonChecks.calendar(phoenix).component(.hour, from: $0.start) == 19
            })
        #expect(LocalDate(phoenixGame.start, in: utc) == phoenixGame.localDate.adding(days: 1))
    }

    @Test("Rivals meet more often: division more than the rest of the league, which beats the other league")
    func rivalries() {
        for league in [League.mlb, .nba, .nfl] {
            let games = Self.generator.season(league, year: 2026)
            let teams = Self.catalog.teams(of: league)
            var meetings: [String: Int] = [:]
            for game in games { meetings["\(min(game.home, game.away))|\(max(game.home, game.away))", default: 0] += 1 }
            var sums: [String: (total: Int, pairs: Int)] = [:]
            for a in teams {
                for b in teams where a.id < b.id {
                    let kind =
                        a.division == b.division ? "division" : a.conference == b.conference ? "conference" : "other"
                    let count = meetings["\(a.id)|\(b.id)"] ?? 0
                    sums[kind, default: (0, 0)].total += count
                    sums[kind, default: (0, 0)].pairs += 1
                }
            }
            func mean(_ kind: String) -> Double {
                Double(sums[kind]?.total ?? 0) / Double(max(1, sums[kind]?.pairs ?? 0))
            }
            #expect(mean("division") > mean("conference"), "\(league)")
            #expect(mean("conference") > mean("other"), "\(league)")
            for (team, list) in GeneratedSeasonChecks.byTeam(games) {
                let opponents = Set(list.map { $0.home == team ? $0.away : $0.home })
                #expect(
                    opponents.count >= (league == .nfl ? 13 : teams.count * 2 / 3), "\(team) meets \(opponents.count)")
            }
        }
    }

    @Test("The same inputs give the same schedule; another seed or year gives another")
    func determinism() {
        let again = SeasonGenerator(catalog: Self.catalog).seasons(League.allCases, year: 2026)
        let first = Self.generator.seasons(League.allCases, year: 2026)
        #expect(first == again)
        #expect(first.count == League.allCases.map { Self.generator.season($0, year: 2026).count }.reduce(0, +))
        let other = SeasonGenerator(catalog: Self.catalog, seed: 7).season(.mlb, year: 2026)
        #expect(other != Self.generator.season(.mlb, year: 2026))
        #expect(Self.generator.season(.nba, year: 2027).first?.id.rawValue == "nba-gen-2027-1")
        var rng = SplitMix64(seed: 0)
        #expect(rng.next() == 0xE220_A839_7B1D_CDAF)
    }

    @Test("No teams, one team, unknown venues or an absurd year give no games and no crash")
    func emptyInputs() {
        let empty = SeasonGenerator(catalog: Catalog(venues: [], teams: []))
        #expect(empty.seasons(League.allCases, year: 2026).isEmpty)
        #expect(
            SeasonGenerator(catalog: SyntheticSeasonCatalog.catalog(.nba, count: 1)).season(.nba, year: 2026).isEmpty)
        #expect(Self.generator.season(.mlb, year: -5).isEmpty)
        #expect(Self.generator.season(.mlb, year: Int.max).isEmpty)
        let orphan = Team(
            id: "nba-zzz", league: .nba, name: "Nowhere", abbreviation: "ZZZ", nickname: "Z", conference: "",
            division: "", homeVenue: "no-such-venue")
        let catalog = SyntheticSeasonCatalog.catalog(.nba, count: 4, extraTeams: [orphan])
        let games = SeasonGenerator(catalog: catalog).season(.nba, year: 2026)
        #expect(games.count == 4 * 82 / 2)
        #expect(!games.contains { $0.home == orphan.id || $0.away == orphan.id })
        #expect(GeneratedSeasonChecks.problems(games, league: .nba, year: 2026, catalog: catalog).isEmpty)
    }

    @Test("Season windows follow the leagues' calendars")
    func windows() {
        let expected: [(League, Int, String, String)] = [
            (.mlb, 2025, "2025-03-27", "2025-09-28"), (.mlb, 2026, "2026-03-26", "2026-09-27"),
            (.nba, 2025, "2025-10-21", "2026-04-12"), (.nhl, 2025, "2025-10-07", "2026-04-16"),
            (.nfl, 2025, "2025-09-04", "2026-01-04"), (.mls, 2025, "2025-02-22", "2025-10-18"),
            (.wnba, 2025, "2025-05-16", "2025-09-11"), (.nwsl, 2025, "2025-03-14", "2025-11-02"),
        ]
        for (league, year, first, last) in expected {
            let window = SeasonGenerator.window(league, year: year)
            #expect(window.lowerBound.description == first && window.upperBound.description == last, "\(league)")
        }
    }

    @Test("Over the bundled venue and team table every league's season is complete and clash-free")
    func bundledCatalog() throws {
        let catalog = try Catalog.bundled()
        let generator = SeasonGenerator(catalog: catalog)
        for league in League.allCases {
            let teams = catalog.teams(of: league)
            let games = generator.season(league, year: 2026)
            let expected = SeasonGenerator.gamesPerTeam(league, teamCount: teams.count)
            let records = GeneratedSeasonChecks.records(games)
            for team in teams {
                let record = records[team.id] ?? GeneratedSeasonChecks.Record()
                #expect(record.total == expected && abs(record.home - record.away) <= expected % 2, "\(team.id)")
            }
            let problems = GeneratedSeasonChecks.problems(games, league: league, year: 2026, catalog: catalog)
            #expect(problems.isEmpty, "\(league): \(problems.prefix(5))")
        }
    }
}
