import ClubhouseBasics
import Foundation

/// MLB: 52 series rounds — an opening Thursday–Sunday, then each week a Monday–Thursday round (not in All-Star week)
/// and a Friday–Sunday round. Everyone plays a series each round (with an even number of teams); weekend series are
/// three games, the others three, four or two, chosen so that every team has 81 home and 81 away games.
enum MLBSeasonPlanner {
    enum Kind { case opening, midweek, weekend }

    struct Round {
        let kind: Kind
        let first: LocalDate
    }

    static func rounds(year: Int) -> [Round] {
        let end = SeasonCalendar.last(.sunday, of: 9, year)
        let firstMonday = end.adding(days: -181)
        let allStarMonday = SeasonCalendar.onOrAfter(.tuesday, SeasonCalendar.date(year, 7, 11)).adding(days: -1)
        var rounds = [Round(kind: .opening, first: firstMonday.adding(days: -4))]
        for week in 0..<26 {
            let monday = firstMonday.adding(days: 7 * week)
            if monday != allStarMonday { rounds.append(Round(kind: .midweek, first: monday)) }
            rounds.append(Round(kind: .weekend, first: monday.adding(days: 4)))
        }
        return rounds
    }

    static func plan(teams: [GeneratorTeam], year: Int, rng: inout SplitMix64) -> [GeneratedSlot] {
        let rounds = rounds(year: year)
        let n = teams.count
        // 13 games against each division rival, about 6.4 against the rest of the league, 3 against the other league.
        var pairing = SeasonPairing(
            teams: teams, meetingsPerTeam: Double(rounds.count),
            weights: RivalryWeights(division: 13, conference: 6.4, other: 46.0 / 15), recencySlots: 1,
            recencyPenalty: 10, jitter: 0.6, rng: &rng)
        var remaining = [Int](repeating: rounds.count, count: n)
        let available = [Bool](repeating: true, count: n)
        var fixtures: [SeasonFixture] = []
        for (index, round) in rounds.enumerated() {
            let left = [Int](repeating: rounds.count - index, count: n)
            let players = SeasonRoundSelection.participants(
                remaining: remaining, available: available, slotsLeft: left, rng: &rng)
            let progress = Double(index + 1) / Double(rounds.count)
            for (a, b) in pairing.match(players, slot: index, progress: progress, rng: &rng) {
                fixtures.append(SeasonFixture(slot: index, group: round.kind == .weekend ? 0 : 1, home: a, away: b))
                remaining[a] -= 1
                remaining[b] -= 1
            }
        }
        HomeAwayOrientation.orient(&fixtures, teams: teams, maxStreak: 3, rng: &rng)
        let lengths = seriesLengths(fixtures, teamCount: n, rng: &rng)

        let night = teams.map { _ in rng.pick([1145, 1147, 1150], fallback: 1145) }
        let sunday = teams.map { _ in rng.pick([785, 790, 795, 815, 817, 820], fallback: 790) }
        var games: [GeneratedSlot] = []
        games.reserveCapacity(n * 81)
        for (index, fixture) in fixtures.enumerated() {
            let round = rounds[fixture.slot]
            let length = lengths[index]
            let offsets: [Int]
            switch round.kind {
            case .opening: offsets = length >= 4 ? [0, 1, 2, 3] : length == 3 ? [0, 2, 3] : [0, 2]
            case .midweek:
                offsets =
                    length >= 4 ? [0, 1, 2, 3] : length == 3 ? (rng.unit() < 0.75 ? [1, 2, 3] : [0, 1, 2]) : [1, 2]
            case .weekend: offsets = length >= 3 ? [0, 1, 2] : [1, 2]
            }
            let home = fixture.home
            for (number, offset) in offsets.enumerated() {
                let date = round.first.adding(days: offset)
                let last = number == offsets.count - 1
                let minutes: Int
                switch date.isoWeekday {
                case 7: minutes = sunday[home]
                case 6:
                    let draw = rng.unit()
                    minutes = draw < 0.25 ? rng.pick([965, 970], fallback: 965) : draw < 0.4 ? 1090 : night[home]
                default:
                    if round.kind == .opening && number == 0 {
                        minutes = rng.unit() < 0.5 ? rng.pick([785, 790, 815], fallback: 790) : night[home]
                    } else if last && round.kind != .weekend && rng.unit() < 0.4 {
                        // Getaway day: an afternoon game so the visitors can travel.
                        minutes = rng.pick([785, 790, 815, 820], fallback: 790)
                    } else {
                        minutes = night[home]
                    }
                }
                games.append(GeneratedSlot(home: home, away: fixture.away, date: date, minutes: minutes))
            }
        }
        return games
    }

    /// Series lengths: 3, except in the non-weekend rounds where four disjoint perfect matchings of hosts to guests
    /// play 4 games and one more plays 2 — every team then has 4·4 + 2 + 8·3 = 42 home games there, 81 in all.
    /// (A regular bipartite multigraph always has a perfect matching, and removing one keeps it regular.)
    static func seriesLengths(_ fixtures: [SeasonFixture], teamCount n: Int, rng: inout SplitMix64) -> [Int] {
        var lengths = [Int](repeating: 3, count: fixtures.count)
        var free = fixtures.indices.filter { fixtures[$0].group == 1 }
        for round in 0..<5 {
            var adjacency = [[Int]](repeating: [], count: n)
            for edge in free { adjacency[fixtures[edge].home].append(edge) }
            for host in 0..<n { rng.shuffle(&adjacency[host]) }
            var matched = [Int](repeating: -1, count: n)
            func augment(_ host: Int, _ visited: inout [Bool]) -> Bool {
                for edge in adjacency[host] {
                    let guest = fixtures[edge].away
                    if visited[guest] { continue }
                    visited[guest] = true
                    if matched[guest] < 0 || augment(fixtures[matched[guest]].home, &visited) {
                        matched[guest] = edge
                        return true
                    }
                }
                return false
            }
            var order = Array(0..<n)
            rng.shuffle(&order)
            for host in order {
                var visited = [Bool](repeating: false, count: n)
                _ = augment(host, &visited)
            }
            let chosen = Set(matched.filter { $0 >= 0 })
            for edge in chosen { lengths[edge] = round < 4 ? 4 : 2 }
            free.removeAll { chosen.contains($0) }
        }
        return lengths
    }
}

/// NFL: 18 weeks from the Thursday after Labour Day, one bye per team in weeks 5–14, 17 games (8 or 9 at home).
/// Each week has a Thursday, a Sunday-night and a Monday game (not in week 18); the rest kick off on Sunday at
/// 1:00 pm ET, or 4:05/4:25 pm ET for every western host and a few others.
enum NFLSeasonPlanner {
    static let weeks = 18

    static func kickoff(year: Int) -> LocalDate {
        SeasonCalendar.nth(1, .monday, of: 9, year).adding(days: 3)
    }

    /// Each team's bye week (0-based, 4…13), in even groups so every other team can play.
    static func byes(teamCount n: Int, rng: inout SplitMix64) -> [Int] {
        var order = Array(0..<n)
        rng.shuffle(&order)
        var weekOrder = Array(0..<10)
        rng.shuffle(&weekOrder)
        var counts = [Int](repeating: 0, count: 10)
        for pair in 0..<(n / 2) { counts[weekOrder[pair % 10]] += 2 }
        if n % 2 == 1 { counts[weekOrder[(n / 2) % 10]] += 1 }
        var bye = [Int](repeating: 4, count: n)
        var cursor = 0
        for week in 0..<10 {
            for _ in 0..<counts[week] where cursor < n {
                bye[order[cursor]] = 4 + week
                cursor += 1
            }
        }
        return bye
    }

    static func plan(teams: [GeneratorTeam], year: Int, rng: inout SplitMix64) -> [GeneratedSlot] {
        let n = teams.count
        let games = SeasonGenerator.gamesPerTeam(.nfl, teamCount: n)
        let bye = byes(teamCount: n, rng: &rng)
        // Division rivals twice; the rest of the conference about half as often as the other conference's teams.
        var pairing = SeasonPairing(
            teams: teams, meetingsPerTeam: Double(games),
            weights: RivalryWeights(division: 2, conference: 0.5, other: 0.3125), recencySlots: 3,
            recencyPenalty: 4, jitter: 0.5, rng: &rng)
        var remaining = [Int](repeating: games, count: n)
        var fixtures: [SeasonFixture] = []
        for week in 0..<weeks {
            let available = bye.map { $0 != week }
            let left = bye.map { (weeks - week) - ($0 >= week ? 1 : 0) }
            let players = SeasonRoundSelection.participants(
                remaining: remaining, available: available, slotsLeft: left, rng: &rng)
            let progress = Double(week + 1) / Double(weeks)
            for (a, b) in pairing.match(players, slot: week, progress: progress, rng: &rng) {
                fixtures.append(SeasonFixture(slot: week, group: 0, home: a, away: b))
                remaining[a] -= 1
                remaining[b] -= 1
            }
        }
        HomeAwayOrientation.orient(&fixtures, teams: teams, maxStreak: 2, rng: &rng)

        let first = kickoff(year: year)
        var playedMonday = [Bool](repeating: false, count: n)
        var planned: [GeneratedSlot] = []
        for week in 0..<weeks {
            let thursday = first.adding(days: 7 * week)
            let sunday = thursday.adding(days: 3)
            var list = fixtures.filter { $0.slot == week }
            rng.shuffle(&list)
            var mondayNext = [Bool](repeating: false, count: n)
            func take(_ isAllowed: (SeasonFixture) -> Bool) -> SeasonFixture? {
                guard let index = list.firstIndex(where: isAllowed) else { return nil }
                return list.remove(at: index)
            }
            if week < weeks - 1 {
                if let game = take({ !playedMonday[$0.home] && !playedMonday[$0.away] }) {
                    planned.append(GeneratedSlot(home: game.home, away: game.away, date: thursday, minutes: 1215))
                }
                if let game = take({ _ in true }) {
                    planned.append(
                        GeneratedSlot(home: game.home, away: game.away, date: sunday.adding(days: 1), minutes: 1215))
                    mondayNext[game.home] = true
                    mondayNext[game.away] = true
                }
            }
            if let game = take({ _ in true }) {
                planned.append(GeneratedSlot(home: game.home, away: game.away, date: sunday, minutes: 1220))
            }
            var late = 0
            var early: [SeasonFixture] = []
            for game in list {
                if teams[game.home].isWestern {
                    planned.append(
                        GeneratedSlot(
                            home: game.home, away: game.away, date: sunday, minutes: late % 2 == 0 ? 965 : 985))
                    late += 1
                } else {
                    early.append(game)
                }
            }
            for game in early {
                let isLate = late < 4 && rng.unit() < 0.35
                if isLate { late += 1 }
                planned.append(
                    GeneratedSlot(
                        home: game.home, away: game.away, date: sunday,
                        minutes: isLate ? (late % 2 == 0 ? 965 : 985) : 780
                    ))
            }
            playedMonday = mondayNext
        }
        for index in planned.indices { planned[index].easternClock = true }
        return planned
    }
}

/// MLS and NWSL: one round per weekend (mostly Saturday evening, some Sunday; NWSL some Friday), with Wednesday
/// rounds added only when the weekends cannot hold every team's matches.
enum WeeklySeasonPlanner {
    struct Slot {
        let anchor: LocalDate
        let midweek: Bool
    }

    static func slots(league: League, teamCount n: Int, year: Int) -> [Slot] {
        let window = SeasonGenerator.window(league, year: year)
        let firstSaturday = league == .nwsl ? window.lowerBound.adding(days: 1) : window.lowerBound
        let lastSaturday = league == .nwsl ? window.upperBound.adding(days: -1) : window.upperBound
        var saturdays: [LocalDate] = []
        var day = firstSaturday
        while day <= lastSaturday {
            saturdays.append(day)
            day = day.adding(days: 7)
        }
        let games = SeasonGenerator.gamesPerTeam(league, teamCount: n)
        let needed = n % 2 == 0 ? games : (n * games + n - 2) / (n - 1) + 1
        let extra = max(0, needed - saturdays.count)
        var result = saturdays.map { Slot(anchor: $0, midweek: false) }
        if extra > 0 && saturdays.count > 6 {
            // Wednesdays after weekends 4 … count-3, spread evenly.
            let candidates = (4..<(saturdays.count - 2)).map { saturdays[$0].adding(days: 4) }
            let count = min(extra, candidates.count)
            for k in 0..<count {
                result.append(Slot(anchor: candidates[k * candidates.count / count], midweek: true))
            }
        }
        return result.sorted { $0.anchor < $1.anchor }
    }

    static func plan(league: League, teams: [GeneratorTeam], year: Int, rng: inout SplitMix64) -> [GeneratedSlot] {
        let n = teams.count
        let slots = slots(league: league, teamCount: n, year: year)
        let games = SeasonGenerator.gamesPerTeam(league, teamCount: n)
        let weights =
            league == .mls
            ? RivalryWeights(division: 2, conference: 2, other: 0.43)
            : RivalryWeights(division: 1, conference: 1, other: 1)
        var pairing = SeasonPairing(
            teams: teams, meetingsPerTeam: Double(games), weights: weights, recencySlots: 1, recencyPenalty: 10,
            jitter: 0.5, rng: &rng)
        var remaining = [Int](repeating: games, count: n)
        let available = [Bool](repeating: true, count: n)
        var fixtures: [SeasonFixture] = []
        for (index, _) in slots.enumerated() {
            let left = [Int](repeating: slots.count - index, count: n)
            let players = SeasonRoundSelection.participants(
                remaining: remaining, available: available, slotsLeft: left, rng: &rng)
            let progress = Double(index + 1) / Double(slots.count)
            for (a, b) in pairing.match(players, slot: index, progress: progress, rng: &rng) {
                fixtures.append(SeasonFixture(slot: index, group: 0, home: a, away: b))
                remaining[a] -= 1
                remaining[b] -= 1
            }
        }
        HomeAwayOrientation.orient(&fixtures, teams: teams, maxStreak: 2, rng: &rng)

        let lastWeekend = slots.lastIndex { !$0.midweek } ?? -1
        return fixtures.map { fixture in
            let slot = slots[fixture.slot]
            var date = slot.anchor
            var minutes = 1170
            if !slot.midweek && fixture.slot != lastWeekend {
                let draw = rng.unit()
                if league == .mls {
                    if draw >= 0.8 {
                        date = date.adding(days: 1)
                        minutes = rng.pick([1020, 1140], fallback: 1140)
                    } else if draw >= 0.7 {
                        minutes = rng.pick([990, 1230], fallback: 990)
                    }
                } else if draw < 0.2 {
                    date = date.adding(days: -1)
                } else if draw < 0.65 {
                    minutes = rng.pick([1140, 1170], fallback: 1140)
                } else {
                    date = date.adding(days: 1)
                    minutes = rng.pick([750, 900, 1080], fallback: 900)
                }
            }
            return GeneratedSlot(home: fixture.home, away: fixture.away, date: date, minutes: minutes)
        }
    }
}

/// NBA, NHL and WNBA: day by day, the teams furthest behind their pace play (rarely on consecutive days, never on
/// three), paired by rivalry targets; more games on the league's busy weekdays.
enum DailySeasonPlanner {
    struct Profile {
        var weights: RivalryWeights
        /// Relative number of games Monday … Sunday (mean 1).
        var weekdayFactors: [Double]
        var nights: [Int]
        var matineeChance: Double
        var maxStreak: Int
    }

    static func profile(_ league: League) -> Profile {
        switch league {
        case .nhl:
            Profile(
                weights: RivalryWeights(division: 3.5, conference: 3, other: 2),
                weekdayFactors: [0.55, 1.2, 0.8, 1.35, 0.75, 1.7, 0.65], nights: [1140, 1140, 1170],
                matineeChance: 0.2, maxStreak: 5)
        case .wnba:
            Profile(
                weights: RivalryWeights(division: 4, conference: 4, other: 3),
                weekdayFactors: [0.5, 1.2, 0.9, 1.0, 1.3, 0.9, 1.2], nights: [1140, 1170], matineeChance: 0.3,
                maxStreak: 4)
        default:
            Profile(
                weights: RivalryWeights(division: 4, conference: 3.6, other: 2),
                weekdayFactors: [1.0, 0.95, 1.25, 0.55, 1.2, 1.05, 1.0], nights: [1140, 1170], matineeChance: 0.15,
                maxStreak: 5)
        }
    }

    /// The window's days without the league's breaks (NBA: Thanksgiving, Christmas Eve, All-Star Friday–Wednesday;
    /// NHL: 24–26 December).
    static func playableDays(_ league: League, year: Int) -> [LocalDate] {
        let window = SeasonGenerator.window(league, year: year)
        var blocked: Set<Int> = []
        switch league {
        case .nba:
            blocked.insert(SeasonCalendar.nth(4, .thursday, of: 11, year).dayNumber)
            blocked.insert(SeasonCalendar.date(year, 12, 24).dayNumber)
            let allStar = SeasonCalendar.nth(3, .sunday, of: 2, year + 1)
            for offset in -2...3 { blocked.insert(allStar.adding(days: offset).dayNumber) }
        case .nhl:
            for day in 24...26 { blocked.insert(SeasonCalendar.date(year, 12, day).dayNumber) }
        default: break
        }
        return (window.lowerBound.dayNumber...window.upperBound.dayNumber).filter { !blocked.contains($0) }
            .map { LocalDate(dayNumber: $0) }
    }

    static func plan(league: League, teams: [GeneratorTeam], year: Int, rng: inout SplitMix64) -> [GeneratedSlot] {
        let n = teams.count
        let profile = profile(league)
        let games = SeasonGenerator.gamesPerTeam(league, teamCount: n)
        let days = playableDays(league, year: year)
        let dayCount = days.count
        guard dayCount > 0 else { return [] }
        var pairing = SeasonPairing(
            teams: teams, meetingsPerTeam: Double(games), weights: profile.weights, recencySlots: 3,
            recencyPenalty: 2, jitter: 0.6, rng: &rng)
        var remaining = [Int](repeating: games, count: n)
        var last = [Int](repeating: Int.min / 2, count: n)
        var beforeLast = [Int](repeating: Int.min / 2, count: n)
        // Aim to finish a few days early; the last days catch up whatever is left.
        let planEnd = max(1, dayCount - max(2, dayCount / 50))
        var fixtures: [SeasonFixture] = []
        for (index, day) in days.enumerated() {
            let today = day.dayNumber
            let daysLeft = index < planEnd ? planEnd - index : dayCount - index
            var candidates: [(score: Double, team: Int, must: Bool)] = []
            var total = 0
            for team in 0..<n where remaining[team] > 0 {
                total += remaining[team]
                let backToBack = last[team] == today - 1
                if backToBack && beforeLast[team] == today - 2 { continue }
                let left = remaining[team]
                // Skipping today leaves room for at most two games in every three of the remaining days.
                let must = left > (2 * (daysLeft - 1) + 2) / 3
                let pace = Double(left) / (Double(daysLeft) / 2 + 0.5)
                candidates.append((pace - (backToBack ? 0.45 : 0) + rng.unit() * 0.25, team, must))
            }
            guard candidates.count >= 2 else { continue }
            candidates.sort { ($0.must ? 1 : 0, $0.score, -$0.team) > ($1.must ? 1 : 0, $1.score, -$1.team) }
            let factor = profile.weekdayFactors[day.isoWeekday - 1]
            let expected = Double(total) / 2 / Double(max(1, daysLeft)) * factor
            let wanted = 2 * Int(expected + rng.unit())
            let musts = candidates.filter(\.must).count
            var take = min(candidates.count, max(musts, wanted))
            if take % 2 == 1 { take += take < candidates.count ? 1 : -1 }
            let players = candidates.prefix(take).map(\.team)
            let progress = min(1, Double(index + 1) / Double(planEnd))
            for (a, b) in pairing.match(players, slot: index, progress: progress, rng: &rng) {
                fixtures.append(SeasonFixture(slot: index, group: 0, home: a, away: b))
                for team in [a, b] {
                    remaining[team] -= 1
                    beforeLast[team] = last[team]
                    last[team] = today
                }
            }
        }
        HomeAwayOrientation.orient(&fixtures, teams: teams, maxStreak: profile.maxStreak, rng: &rng)
        let night = teams.map { _ in rng.pick(profile.nights, fallback: 1140) }
        return fixtures.map { fixture in
            let date = days[fixture.slot]
            let matinee = date.isoWeekday >= 6 && rng.unit() < profile.matineeChance
            let minutes = matinee ? rng.pick([750, 900, 1020], fallback: 900) : night[fixture.home]
            return GeneratedSlot(home: fixture.home, away: fixture.away, date: date, minutes: minutes)
        }
    }
}
