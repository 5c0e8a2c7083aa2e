import ClubhouseBasics
import Foundation

/// Builds a plausible regular season for each league from the catalogue's teams, so the planner and its demo work
/// before a real schedule is imported.
///
/// Every team plays its league's number of games, half at home, at its home venue, with starts at the usual local
/// hours of its venue's time zone (stored in UTC, daylight saving included). Rivals in a division or conference meet
/// more often, as in the real leagues. The result depends only on the catalogue's teams and venues, the seed, the
/// league and the year: the same inputs give the same games on every platform.
public struct SeasonGenerator: Sendable {
    /// The seed used when none is given.
    public static let defaultSeed: UInt64 = 0x5350_4F52_5453_5449

    /// Years the generator accepts (others give no games).
    public static let supportedYears: ClosedRange<Int> = 1900...2999

    /// The catalogue whose teams and venues the seasons use.
    public let catalog: Catalog
    /// The seed every league's schedule derives from.
    public let seed: UInt64

    /// A generator over `catalog`'s teams; another `seed` gives other (equally plausible) schedules.
    public init(catalog: Catalog, seed: UInt64 = SeasonGenerator.defaultSeed) {
        self.catalog = catalog
        self.seed = seed
    }

    /// The regular season of `league` that starts in `year` (NBA and NHL: the season starting that autumn, e.g.
    /// 2025 → 2025–26; NFL: the season kicking off that September), sorted by start time.
    ///
    /// Game ids are `<league>-gen-<year>-<n>`. Teams whose home venue is not in the catalogue are left out; a league
    /// with fewer than two playable teams, or a year outside ``supportedYears``, gives no games.
    public func season(_ league: League, year: Int) -> [Game] {
        guard Self.supportedYears.contains(year) else { return [] }
        let teams = generatorTeams(league)
        guard teams.count >= 2 else { return [] }
        var rng = SplitMix64(seed: Self.derivedSeed(seed, league: league, year: year))
        let planned: [GeneratedSlot]
        switch league {
        case .mlb: planned = MLBSeasonPlanner.plan(teams: teams, year: year, rng: &rng)
        case .nfl: planned = NFLSeasonPlanner.plan(teams: teams, year: year, rng: &rng)
        case .mls, .nwsl: planned = WeeklySeasonPlanner.plan(league: league, teams: teams, year: year, rng: &rng)
        case .nba, .nhl, .wnba: planned = DailySeasonPlanner.plan(league: league, teams: teams, year: year, rng: &rng)
        }
        return assemble(planned, league: league, year: year, teams: teams)
    }

    /// The regular seasons of `leagues` starting in `year`, merged and sorted by start time, then id.
    public func seasons(_ leagues: [League], year: Int) -> [Game] {
        var seen: Set<League> = []
        var games: [Game] = []
        for league in leagues where seen.insert(league).inserted {
            games += season(league, year: year)
        }
        return games.sorted { ($0.start, $0.id) < ($1.start, $1.id) }
    }

    /// The first and last local dates of the generated regular season of `league` starting in `year`.
    ///
    /// MLB: the Thursday 26 weeks and 4 days before the last Sunday of September, to that Sunday. NBA: the Tuesday on
    /// or after 20 October to the second Sunday of April. NHL: the Tuesday on or after 7 October to the Thursday on or
    /// after 14 April. NFL: the Thursday after Labour Day to the Sunday of week 18. MLS: the Saturday on or after
    /// 20 February to the Saturday on or after 15 October. WNBA: the Friday on or after 14 May to the second Thursday
    /// of September. NWSL: the Friday before the Saturday on or after 13 March to the first Sunday of November.
    public static func window(_ league: League, year: Int) -> ClosedRange<LocalDate> {
        switch league {
        case .mlb:
            let end = SeasonCalendar.last(.sunday, of: 9, year)
            return end.adding(days: -185)...end
        case .nba:
            let start = SeasonCalendar.onOrAfter(.tuesday, SeasonCalendar.date(year, 10, 20))
            return start...SeasonCalendar.nth(2, .sunday, of: 4, year + 1)
        case .nhl:
            let start = SeasonCalendar.onOrAfter(.tuesday, SeasonCalendar.date(year, 10, 7))
            return start...SeasonCalendar.onOrAfter(.thursday, SeasonCalendar.date(year + 1, 4, 14))
        case .nfl:
            let kickoff = NFLSeasonPlanner.kickoff(year: year)
            return kickoff...kickoff.adding(days: 7 * 17 + 3)
        case .mls:
            let start = SeasonCalendar.onOrAfter(.saturday, SeasonCalendar.date(year, 2, 20))
            return start...SeasonCalendar.onOrAfter(.saturday, SeasonCalendar.date(year, 10, 15))
        case .wnba:
            let start = SeasonCalendar.onOrAfter(.friday, SeasonCalendar.date(year, 5, 14))
            return start...SeasonCalendar.nth(2, .thursday, of: 9, year)
        case .nwsl:
            let start = SeasonCalendar.onOrAfter(.saturday, SeasonCalendar.date(year, 3, 13)).adding(days: -1)
            return start...SeasonCalendar.nth(1, .sunday, of: 11, year)
        }
    }

    /// Games each team plays in a generated season of `league` with `teamCount` teams (0 below two teams).
    /// NWSL: each opponent twice, at most 30 games; the other leagues: the real count whatever the number of teams.
    public static func gamesPerTeam(_ league: League, teamCount: Int) -> Int {
        guard teamCount >= 2 else { return 0 }
        switch league {
        case .mlb: return 162
        case .nba, .nhl: return 82
        case .nfl: return 17
        case .mls: return 34
        case .wnba: return 44
        case .nwsl: return min(2 * (teamCount - 1), 30)
        }
    }

    static func derivedSeed(_ seed: UInt64, league: League, year: Int) -> UInt64 {
        let leagueBits = SplitMix64.mix(SplitMix64.fnv1a(league.rawValue))
        let yearBits = SplitMix64.mix(UInt64(bitPattern: Int64(year)) &+ 0x5EA5_0000)
        return SplitMix64.mix(seed ^ leagueBits ^ (yearBits &* 3))
    }

    /// The league's teams with a known home venue, sorted by id (never by dictionary order).
    func generatorTeams(_ league: League) -> [GeneratorTeam] {
        let teams = catalog.teams.values.filter { $0.league == league }.sorted { $0.id < $1.id }
        var venueIndex: [VenueID: Int] = [:]
        // A January instant: standard time, to tell Mountain/Pacific zones from the others.
        let january = Date(timeIntervalSince1970: 1_736_899_200)
        var result: [GeneratorTeam] = []
        for team in teams {
            guard let venue = catalog.venue(team.homeVenue) else { continue }
            let index: Int
            if let known = venueIndex[venue.id] {
                index = known
            } else {
                index = venueIndex.count
                venueIndex[venue.id] = index
            }
            let zone = venue.zone
            result.append(
                GeneratorTeam(
                    id: team.id, venue: venue.id, venueIndex: index, zone: zone, conference: team.conference,
                    division: team.division, isWestern: zone.secondsFromGMT(for: january) <= -7 * 3600))
        }
        return result
    }

    private func assemble(_ planned: [GeneratedSlot], league: League, year: Int, teams: [GeneratorTeam]) -> [Game] {
        let eastern = TimeZone(identifier: "America/New_York") ?? TimeZone(secondsFromGMT: -5 * 3600) ?? .current
        var drafts: [(start: Date, date: LocalDate, home: Int, away: Int)] = []
        drafts.reserveCapacity(planned.count)
        for game in planned {
            let venueZone = teams[game.home].zone
            let clockZone = game.easternClock ? eastern : venueZone
            let start = SeasonCalendar.instant(game.date, minutes: game.minutes, in: clockZone)
            let date = game.easternClock ? LocalDate(start, in: venueZone) : game.date
            drafts.append((start, date, game.home, game.away))
        }
        drafts.sort { ($0.start, teams[$0.home].id) < ($1.start, teams[$1.home].id) }
        return drafts.enumerated().map { number, draft in
            Game(
                id: GameID(league: league, sourceID: "gen-\(year)-\(number + 1)"), league: league,
                home: teams[draft.home].id, away: teams[draft.away].id, venue: teams[draft.home].venue,
                start: draft.start, localDate: draft.date, status: .scheduled)
        }
    }
}

/// A game before it becomes a ``Game``: teams by index, a date and a clock time (minutes after midnight) in the
/// venue's zone, or in US Eastern time for the NFL (whose times are set in ET whatever the venue).
struct GeneratedSlot: Sendable {
    var home: Int
    var away: Int
    var date: LocalDate
    var minutes: Int
    var easternClock: Bool = false
}

/// Calendar rules the season windows are made of.
enum SeasonCalendar {
    enum Weekday: Int {
        case monday = 1, tuesday, wednesday, thursday, friday, saturday, sunday
    }

    /// A date known to be valid (day 1 of the month if not, which the rules never ask for).
    static func date(_ year: Int, _ month: Int, _ day: Int) -> LocalDate {
        LocalDate(year: year, month: month, day: day) ?? LocalDate(year: year, month: month, day: 1)
            ?? LocalDate(dayNumber: 0)
    }

    static func onOrAfter(_ weekday: Weekday, _ date: LocalDate) -> LocalDate {
        date.adding(days: (weekday.rawValue - date.isoWeekday + 7) % 7)
    }

    /// The `n`th `weekday` of `month`.
    static func nth(_ n: Int, _ weekday: Weekday, of month: Int, _ year: Int) -> LocalDate {
        onOrAfter(weekday, date(year, month, 1)).adding(days: 7 * (n - 1))
    }

    static func last(_ weekday: Weekday, of month: Int, _ year: Int) -> LocalDate {
        let next = month == 12 ? date(year + 1, 1, 1) : date(year, month + 1, 1)
        let lastDay = next.adding(days: -1)
        return lastDay.adding(days: -((lastDay.isoWeekday - weekday.rawValue + 7) % 7))
    }

    /// The instant of `minutes` after midnight of `date` on the clocks of `zone` (daylight saving included; games are
    /// never in the small hours a clock change skips or repeats).
    static func instant(_ date: LocalDate, minutes: Int, in zone: TimeZone) -> Date {
        let wall = Double(date.dayNumber * 86_400 + minutes * 60)
        let first = wall - Double(zone.secondsFromGMT(for: Date(timeIntervalSince1970: wall)))
        let second = wall - Double(zone.secondsFromGMT(for: Date(timeIntervalSince1970: first)))
        return Date(timeIntervalSince1970: second)
    }
}
