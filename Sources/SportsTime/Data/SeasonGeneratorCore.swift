import ClubhouseBasics
import Foundation

/// A team as the generator sees it: an index-friendly copy of what it needs from the catalogue.
struct GeneratorTeam: Sendable {
    let id: TeamID
    let venue: VenueID
    /// Equal for teams sharing a home venue (co-tenants must never be home on the same day).
    let venueIndex: Int
    let zone: TimeZone
    let conference: String
    let division: String
    /// Mountain or Pacific standard time or further west (NFL: never a 1 pm ET home kick-off).
    let isWestern: Bool
}

/// One meeting of two teams in a slot (a series round, a week or a day) before dates and times are set.
struct SeasonFixture: Sendable, Equatable {
    var slot: Int
    /// Home/away balance is kept per group (MLB: weekend rounds and the other rounds).
    var group: Int
    var home: Int
    var away: Int
}

/// How much more often teams of the same division or conference meet than other teams.
struct RivalryWeights: Sendable {
    var division: Double
    var conference: Double
    var other: Double
}

/// Chooses opponents slot by slot: each pair has a target number of meetings (weighted by division and conference)
/// and the pairs furthest behind their pro-rata pace meet first, so rivals spread over the season.
struct SeasonPairing {
    let count: Int
    let targets: [Double]
    private(set) var played: [Int]
    private var lastMet: [Int]
    /// Meetings within this many slots of the previous one are penalised by `recencyPenalty`.
    let recencySlots: Int
    let recencyPenalty: Double
    let jitter: Double

    init(
        teams: [GeneratorTeam], meetingsPerTeam: Double, weights: RivalryWeights, recencySlots: Int,
        recencyPenalty: Double, jitter: Double, rng: inout SplitMix64
    ) {
        let n = teams.count
        count = n
        var raw = [Double](repeating: 0, count: n * n)
        for i in 0..<n {
            for j in 0..<n where i != j {
                let a = teams[i]
                let b = teams[j]
                if !a.division.isEmpty && a.division == b.division && a.conference == b.conference {
                    raw[i * n + j] = weights.division
                } else if !a.conference.isEmpty && a.conference == b.conference {
                    raw[i * n + j] = weights.conference
                } else {
                    raw[i * n + j] = weights.other
                }
            }
        }
        var scaled = raw
        for i in 0..<n {
            var sum = 0.0
            for j in 0..<n { sum += raw[i * n + j] }
            guard sum > 0 else { continue }
            for j in 0..<n { scaled[i * n + j] = meetingsPerTeam * raw[i * n + j] / sum }
        }
        var symmetric = scaled
        for i in 0..<n {
            for j in 0..<n { symmetric[i * n + j] = (scaled[i * n + j] + scaled[j * n + i]) / 2 }
        }
        targets = SeasonPairing.integerTargets(symmetric, count: n, meetingsPerTeam: meetingsPerTeam, rng: &rng)
        played = [Int](repeating: 0, count: n * n)
        lastMet = [Int](repeating: Int.min / 2, count: n * n)
        self.recencySlots = recencySlots
        self.recencyPenalty = recencyPenalty
        self.jitter = jitter
    }

    /// Whole meetings per pair: each target's whole part, plus one more for pairs drawn in proportion to their
    /// fractional parts while both teams are short of `meetingsPerTeam` (plain arithmetic only — no `pow` or `log`,
    /// whose last bits may differ between platforms' maths libraries).
    static func integerTargets(
        _ targets: [Double], count n: Int, meetingsPerTeam: Double, rng: inout SplitMix64
    ) -> [Double] {
        var result = targets.map { $0.rounded(.down) }
        var short = [Double](repeating: meetingsPerTeam, count: n)
        var extras: [(fraction: Double, i: Int, j: Int)] = []
        for i in 0..<n {
            for j in 0..<n where j != i {
                short[i] -= result[i * n + j]
                let fraction = targets[i * n + j] - result[i * n + j]
                if j > i && fraction > 1e-9 { extras.append((fraction, i, j)) }
            }
        }
        rng.shuffle(&extras)
        var taken = [Bool](repeating: false, count: extras.count)
        for pass in 0..<8 {
            for (index, extra) in extras.enumerated() where !taken[index] {
                guard short[extra.i] >= 1 && short[extra.j] >= 1 else { continue }
                // The last pass fills what chance left short.
                guard pass == 7 || rng.unit() < extra.fraction else { continue }
                taken[index] = true
                result[extra.i * n + extra.j] += 1
                result[extra.j * n + extra.i] += 1
                short[extra.i] -= 1
                short[extra.j] -= 1
            }
        }
        return result
    }

    /// How much pair `i`–`j` wants to meet in `slot` when `progress` (0…1) of the season will have been played.
    func score(_ i: Int, _ j: Int, slot: Int, progress: Double) -> Double {
        let target = targets[i * count + j]
        let met = Double(played[i * count + j])
        var value = target * progress - met
        if met + 1 > target.rounded(.up) { value -= 1 }
        if slot - lastMet[i * count + j] <= recencySlots { value -= recencyPenalty }
        return value
    }

    /// Pairs up `participants` (an even number of distinct team indices) for `slot` and records the meetings.
    mutating func match(_ participants: [Int], slot: Int, progress: Double, rng: inout SplitMix64) -> [(Int, Int)] {
        let m = participants.count
        guard m >= 2 else { return [] }
        var candidates: [(score: Double, a: Int, b: Int)] = []
        candidates.reserveCapacity(m * (m - 1) / 2)
        for x in 0..<m {
            for y in (x + 1)..<m {
                let a = min(participants[x], participants[y])
                let b = max(participants[x], participants[y])
                candidates.append((score(a, b, slot: slot, progress: progress) + rng.unit() * jitter, a, b))
            }
        }
        candidates.sort { $0.score != $1.score ? $0.score > $1.score : ($0.a, $0.b) < ($1.a, $1.b) }
        var taken = [Bool](repeating: false, count: count)
        var pairs: [(Int, Int)] = []
        for candidate in candidates where !taken[candidate.a] && !taken[candidate.b] {
            taken[candidate.a] = true
            taken[candidate.b] = true
            pairs.append((candidate.a, candidate.b))
        }
        improve(&pairs, slot: slot, progress: progress)
        for (a, b) in pairs {
            played[a * count + b] += 1
            played[b * count + a] += 1
            lastMet[a * count + b] = slot
            lastMet[b * count + a] = slot
        }
        return pairs
    }

    /// Swaps partners between two pairs while that raises the total score (greedy leaves a few poor pairs at the end).
    private func improve(_ pairs: inout [(Int, Int)], slot: Int, progress: Double) {
        guard pairs.count >= 2 else { return }
        for _ in 0..<2 {
            var changed = false
            for x in 0..<pairs.count {
                for y in (x + 1)..<pairs.count {
                    let (a, b) = pairs[x]
                    let (c, d) = pairs[y]
                    let now = score(a, b, slot: slot, progress: progress) + score(c, d, slot: slot, progress: progress)
                    let cross =
                        score(a, c, slot: slot, progress: progress) + score(b, d, slot: slot, progress: progress)
                    let other =
                        score(a, d, slot: slot, progress: progress) + score(b, c, slot: slot, progress: progress)
                    if cross > now + 1e-9 && cross >= other {
                        pairs[x] = (a, c)
                        pairs[y] = (b, d)
                        changed = true
                    } else if other > now + 1e-9 {
                        pairs[x] = (a, d)
                        pairs[y] = (b, c)
                        changed = true
                    }
                }
            }
            if !changed { break }
        }
    }
}

enum SeasonRoundSelection {
    /// Teams that play in a round-based slot: those available with games left, as many as keep every team on pace
    /// (`remaining / slotsLeft` each), always including a team that must play every remaining slot; an even count.
    static func participants(
        remaining: [Int], available: [Bool], slotsLeft: [Int], rng: inout SplitMix64
    ) -> [Int] {
        var candidates: [(score: Double, team: Int, must: Bool)] = []
        var expected = 0.0
        for team in remaining.indices where available[team] && remaining[team] > 0 {
            let left = max(1, slotsLeft[team])
            let pace = min(1, Double(remaining[team]) / Double(left))
            expected += pace
            candidates.append((pace + rng.unit() * 0.05, team, remaining[team] >= left))
        }
        candidates.sort { ($0.must ? 1 : 0, $0.score, -$0.team) > ($1.must ? 1 : 0, $1.score, -$1.team) }
        let musts = candidates.filter(\.must).count
        var take = min(candidates.count, max(musts, Int(expected.rounded())))
        if take % 2 == 1 {
            if take < candidates.count && (take == musts || rng.unit() < 0.5) {
                take += 1
            } else {
                take -= 1
            }
        }
        return candidates.prefix(take).map(\.team)
    }
}

/// Home and away: a greedy pass in time order (alternating with each opponent, home stands and road trips of a few
/// slots), then exact balance by reversing directed paths, then co-tenants kept apart by reversing directed cycles
/// (which leaves every team's balance as it is).
enum HomeAwayOrientation {
    static func orient(
        _ fixtures: inout [SeasonFixture], teams: [GeneratorTeam], maxStreak: Int, rng: inout SplitMix64
    ) {
        greedy(&fixtures, teams: teams, maxStreak: maxStreak, rng: &rng)
        let groups = Array(Set(fixtures.map(\.group))).sorted()
        for group in groups {
            balance(&fixtures, group: group, teamCount: teams.count)
            // The same on the reversed graph mends teams with too few home games (odd game counts leave those).
            flip(&fixtures, fixtures.indices.filter { fixtures[$0].group == group })
            balance(&fixtures, group: group, teamCount: teams.count)
            flip(&fixtures, fixtures.indices.filter { fixtures[$0].group == group })
        }
        separateCoTenants(&fixtures, teams: teams, rng: &rng)
        shortenStreaks(&fixtures, teams: teams, longest: maxStreak, rng: &rng)
    }

    /// How far runs of home or away fixtures go beyond `longest`: the sum of the squared excesses over all teams.
    private static func streakExcess(_ fixtures: [SeasonFixture], schedules: [[Int]], longest: Int) -> Int {
        var total = 0
        for (team, schedule) in schedules.enumerated() {
            var run = 0
            var wasHome = false
            for edge in schedule {
                let isHome = fixtures[edge].home == team
                run = isHome == wasHome ? run + 1 : 1
                wasHome = isHome
                if run > longest { total += 2 * (run - longest) - 1 }
            }
        }
        return total
    }

    /// Breaks up overly long home stands and road trips by reversing directed cycles through them (balance and
    /// co-tenant separation stay as they are).
    private static func shortenStreaks(
        _ fixtures: inout [SeasonFixture], teams: [GeneratorTeam], longest: Int, rng: inout SplitMix64
    ) {
        var schedules = [[Int]](repeating: [], count: teams.count)
        for (index, fixture) in fixtures.enumerated() {
            schedules[fixture.home].append(index)
            schedules[fixture.away].append(index)
        }
        var excess = streakExcess(fixtures, schedules: schedules, longest: longest)
        let hasCoTenants = Set(teams.map(\.venueIndex)).count < teams.count
        var clashes = hasCoTenants ? coTenantClashes(fixtures, teams: teams).count : 0
        var attempts = 0
        var failures = 0
        while excess > 0 && attempts < 400 && failures < 40 {
            attempts += 1
            // A fixture in the middle of a run that is too long.
            var offenders: [(team: Int, edge: Int)] = []
            for (team, schedule) in schedules.enumerated() {
                var run = 0
                var wasHome = false
                for (position, edge) in schedule.enumerated() {
                    let isHome = fixtures[edge].home == team
                    run = isHome == wasHome ? run + 1 : 1
                    wasHome = isHome
                    if run == longest + 1 { offenders.append((team, schedule[position - longest / 2 - 1])) }
                }
            }
            guard !offenders.isEmpty else { break }
            let (team, edge) = offenders[rng.int(below: offenders.count)]
            let fixture = fixtures[edge]
            guard fixture.home == team || fixture.away == team else { continue }
            let out = outEdges(fixtures, group: fixture.group, teamCount: teams.count)
            guard
                let cycle = path(
                    from: fixture.away, out: out, fixtures: fixtures, excluding: edge, shuffle: true, rng: &rng,
                    isTarget: { $0 == fixture.home })
            else { continue }
            let flipped = cycle + [edge]
            flip(&fixtures, flipped)
            let newExcess = streakExcess(fixtures, schedules: schedules, longest: longest)
            let newClashes = hasCoTenants ? coTenantClashes(fixtures, teams: teams).count : 0
            if newExcess < excess && newClashes <= clashes {
                excess = newExcess
                clashes = newClashes
                failures = 0
            } else {
                flip(&fixtures, flipped)
                failures += 1
            }
        }
    }

    private static func greedy(
        _ fixtures: inout [SeasonFixture], teams: [GeneratorTeam], maxStreak: Int, rng: inout SplitMix64
    ) {
        let n = teams.count
        let groupCount = (fixtures.map(\.group).max() ?? 0) + 1
        var balance = [Int](repeating: 0, count: n * groupCount)
        var streak = [Int](repeating: 0, count: n)
        var hosted = [Int](repeating: 0, count: n * n)
        var usedVenues: Set<Int> = []
        var currentSlot = Int.min
        func pull(_ run: Int) -> Double {
            if run >= maxStreak { return -3 }
            if run <= -maxStreak { return 3 }
            if run > 0 { return 0.8 }
            if run < 0 { return -0.8 }
            return 0
        }
        for k in fixtures.indices {
            var fixture = fixtures[k]
            if fixture.slot != currentSlot {
                currentSlot = fixture.slot
                usedVenues.removeAll(keepingCapacity: true)
            }
            let i = fixture.home
            let j = fixture.away
            let g = fixture.group
            var score = 0.5 * Double(balance[j * groupCount + g] - balance[i * groupCount + g])
            score += 1.5 * Double(hosted[j * n + i] - hosted[i * n + j])
            score += pull(streak[i]) - pull(streak[j])
            if usedVenues.contains(teams[i].venueIndex) { score -= 100 }
            if usedVenues.contains(teams[j].venueIndex) { score += 100 }
            score += rng.unit() - 0.5
            if score < 0 {
                fixture.home = j
                fixture.away = i
                fixtures[k] = fixture
            }
            let h = fixture.home
            let a = fixture.away
            balance[h * groupCount + g] += 1
            balance[a * groupCount + g] -= 1
            hosted[h * n + a] += 1
            streak[h] = streak[h] > 0 ? streak[h] + 1 : 1
            streak[a] = streak[a] < 0 ? streak[a] - 1 : -1
            usedVenues.insert(teams[h].venueIndex)
        }
    }

    /// Out-edges (fixtures a team hosts) of one group.
    private static func outEdges(_ fixtures: [SeasonFixture], group: Int, teamCount: Int) -> [[Int]] {
        var out = [[Int]](repeating: [], count: teamCount)
        for (index, fixture) in fixtures.enumerated() where fixture.group == group {
            out[fixture.home].append(index)
        }
        return out
    }

    /// Fixtures on a directed path (host → guest → …) from `start` to the first team satisfying `isTarget`.
    private static func path(
        from start: Int, out: [[Int]], fixtures: [SeasonFixture], excluding: Int? = nil, shuffle: Bool = false,
        rng: inout SplitMix64, allow: (Int) -> Bool = { _ in true }, isTarget: (Int) -> Bool
    ) -> [Int]? {
        let n = out.count
        var via = [Int](repeating: -1, count: n)
        var seen = [Bool](repeating: false, count: n)
        seen[start] = true
        var queue = [start]
        var head = 0
        while head < queue.count {
            let node = queue[head]
            head += 1
            var edges = out[node]
            if shuffle { rng.shuffle(&edges) }
            for edge in edges where edge != excluding && allow(edge) {
                let next = fixtures[edge].away
                guard !seen[next] else { continue }
                seen[next] = true
                via[next] = edge
                if isTarget(next) {
                    var result: [Int] = []
                    var cursor = next
                    while cursor != start {
                        let e = via[cursor]
                        result.append(e)
                        cursor = fixtures[e].home
                    }
                    return result
                }
                queue.append(next)
            }
        }
        return nil
    }

    private static func flip(_ fixtures: inout [SeasonFixture], _ edges: [Int]) {
        for e in edges {
            let home = fixtures[e].home
            fixtures[e].home = fixtures[e].away
            fixtures[e].away = home
        }
    }

    /// Makes every team's home and away counts in `group` equal (or one apart for an odd number of games).
    static func balance(_ fixtures: inout [SeasonFixture], group: Int, teamCount: Int) {
        var excess = [Int](repeating: 0, count: teamCount)
        for fixture in fixtures where fixture.group == group {
            excess[fixture.home] += 1
            excess[fixture.away] -= 1
        }
        var unused = SplitMix64(seed: 0)
        var guardCount = 0
        while let u = excess.firstIndex(where: { $0 >= 2 }), guardCount < 100_000 {
            guardCount += 1
            let out = outEdges(fixtures, group: group, teamCount: teamCount)
            guard
                let edges = path(from: u, out: out, fixtures: fixtures, rng: &unused, isTarget: { excess[$0] <= -1 })
            else { break }
            let end = fixtures[edges[0]].away
            flip(&fixtures, edges)
            excess[u] -= 2
            excess[end] += 2
        }
    }

    /// Fixtures hosted at a venue already hosting another fixture of the same slot.
    static func coTenantClashes(_ fixtures: [SeasonFixture], teams: [GeneratorTeam]) -> [Int] {
        var used: Set<Int> = []
        var clashes: [Int] = []
        let venues = teams.count
        for (index, fixture) in fixtures.enumerated() {
            let key = fixture.slot * venues + teams[fixture.home].venueIndex
            if !used.insert(key).inserted { clashes.append(index) }
        }
        return clashes
    }

    private static func separateCoTenants(
        _ fixtures: inout [SeasonFixture], teams: [GeneratorTeam], rng: inout SplitMix64
    ) {
        var clashes = coTenantClashes(fixtures, teams: teams)
        guard !clashes.isEmpty else { return }
        let venues = teams.count
        var attempts = 0
        let limit = 40 * clashes.count + 200
        while !clashes.isEmpty && attempts < limit {
            attempts += 1
            let clash = clashes[rng.int(below: clashes.count)]
            // Either host of the clashing slot may move away: this fixture or the one it clashes with.
            let partners = fixtures.indices.filter {
                fixtures[$0].slot == fixtures[clash].slot
                    && teams[fixtures[$0].home].venueIndex == teams[fixtures[clash].home].venueIndex
            }
            let edge = rng.pick(partners, fallback: clash)
            let fixture = fixtures[edge]
            var used: Set<Int> = []
            for other in fixtures { used.insert(other.slot * venues + teams[other.home].venueIndex) }
            // Reversing a fixture makes its guest the host: only where the guest's venue is free that slot.
            let allow: (Int) -> Bool = { candidate in
                let f = fixtures[candidate]
                let guestVenue = teams[f.away].venueIndex
                return guestVenue == teams[f.home].venueIndex || !used.contains(f.slot * venues + guestVenue)
            }
            let out = outEdges(fixtures, group: fixture.group, teamCount: teams.count)
            guard
                let cycle = path(
                    from: fixture.away, out: out, fixtures: fixtures, excluding: edge, shuffle: true, rng: &rng,
                    allow: allow, isTarget: { $0 == fixture.home })
            else { continue }
            let flipped = cycle + [edge]
            flip(&fixtures, flipped)
            let after = coTenantClashes(fixtures, teams: teams)
            if after.count < clashes.count {
                clashes = after
            } else {
                flip(&fixtures, flipped)
            }
        }
    }
}
