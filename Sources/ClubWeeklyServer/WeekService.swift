import ClubWeekly
import Foundation
import ServerKit

/// Why a week offset was refused (the compatibility route words these like the original worker).
enum WeekOffsetError: Error, Equatable {
    case invalid
    case beforeHistory(requested: Int, oldest: Int)
}

/// Everything stored that one club week's pages and responses are computed from, read in one go by
/// ``WeekService/load(club:offset:oldestOffset:history:anyData:historyMembers:leaderBy:rides:)``: the week's activities, the per
/// member stats (rollups) of the week and the week before it (for trends) and, when asked for, of the weeks of
/// history that insights need. Reports and insights are pure functions of it.
struct WeekData: Sendable {
    var club: Club
    /// 0 for this week, -1 for last week, …
    var offset: Int
    /// The oldest offset with data.
    var oldestOffset: Int
    var week: Week
    /// The weeks insights look back over, oldest first, ending with `week`; empty when history was not loaded.
    var history: [Week]
    var members: [Member]
    /// Stored activities of `week` (and, without ``aggregates``, of the weeks before it that reports and insights
    /// need: built in memory by tests and ``ClubWeeklyPages``); empty when loaded without `rides`.
    var activities: [Activity]
    /// Whether the club has any activity at all (a new club shows a welcome instead of "a quiet week").
    var hasAnyData: Bool
    /// Per member stats read from the weekly rollups; nil when everything is computed from `activities`.
    var aggregates: WeekAggregates? = nil

    /// The week's report ranked by `metric`, ties ordered by full name; `rides` false leaves its rides list empty
    /// where the stats come from rollups (views that show no ride skip a big week's filter and sort).
    func report(metric: Metric, rides: Bool = true) -> WeekReport {
        let names = Dictionary(members.map { ($0.id, $0.fullName) }, uniquingKeysWith: { a, _ in a })
        return report(metric: metric, names: names, rides: rides)
    }

    private func report(metric: Metric, names: [MemberID: String], rides: Bool = true) -> WeekReport {
        guard let aggregates else {
            return WeeklyStats.report(
                activities: activities, week: week, counting: club.countedSportTypes, metric: metric, names: names)
        }
        let counted =
            rides ? WeeklyStats.countedActivities(activities, in: week, counting: club.countedSportTypes) : []
        return WeeklyStats.report(
            current: aggregates.current ?? WeeklyStats.memberStats(counted, in: week, counting: club.countedSportTypes),
            previous: aggregates.previous, counted: counted, week: week, metric: metric, names: names)
    }

    /// The week's first rider by `metric` (ties by full name, as in ``report(metric:)``); nil when nobody rode.
    func leader(by metric: Metric) -> MemberID? {
        guard let current = aggregates?.current else { return report(metric: metric).members.first?.memberID }
        let names = Dictionary(members.map { ($0.id, $0.fullName) }, uniquingKeysWith: { a, _ in a })
        return WeeklyStats.rank(Array(current.values), by: metric, names: names).first?.stats.memberID
    }

    /// Coaching insights of `member`'s week; `subject` is the rider of "Lowest week & why" (the week's lowest when
    /// nil). Needs `history` (see ``WeekService/load(club:offset:oldestOffset:history:anyData:historyMembers:leaderBy:rides:)``;
    /// with rollups, the series of `member` and of the subject).
    func insights(for member: MemberID, subject: MemberID?) -> WeekInsights {
        // Insight texts address riders by first name, and so are ranking ties broken.
        let names = Dictionary(members.map { ($0.id, $0.firstName) }, uniquingKeysWith: { a, _ in a })
        // The rides list only feeds the first-ride tip of a member without a ride (a typical ride's distance).
        let report = report(metric: .distance, names: names, rides: aggregates?.current?[member] == nil)
        let history =
            aggregates.map { MemberHistory(weeks: self.history, series: $0.series) }
            ?? MemberHistory(activities: activities, weeks: self.history, counting: club.countedSportTypes)
        let lowest = InsightsEngine.lowestWeek(for: subject, report: report, history: history, names: names)
        return WeekInsights(
            member: member, week: week,
            myStats: InsightsEngine.myStats(for: member, report: report, history: history, names: names),
            versusTop3: InsightsEngine.versusTop3(for: member, report: report, names: names),
            lowestWeekMember: lowest.member, lowestWeek: lowest.insights)
    }
}

/// What a week's views read from the weekly rollups (``WeekRollups``) instead of raw activities.
struct WeekAggregates: Sendable {
    /// Every member's stats of the week; nil when they are computed from `activities`.
    var current: [MemberID: MemberWeekStats]?
    /// Every member's stats of the week before (trends).
    var previous: [MemberID: MemberWeekStats]
    /// Members' stats over ``WeekData/history``, oldest first: every member active in it, or the members asked for.
    var series: [MemberID: [MemberWeekStats]]
}

/// One member's coaching insights for a week (domain values; ``InsightsResponse`` is their JSON).
struct WeekInsights: Sendable, Equatable {
    var member: MemberID
    var week: Week
    var myStats: [Insight]
    var versusTop3: VersusTop3
    /// The rider analysed in "Lowest week & why"; nil when nobody rode.
    var lowestWeekMember: MemberID?
    var lowestWeek: [Insight]

    var response: InsightsResponse {
        InsightsResponse(
            memberId: member.rawValue, weekLabel: week.label, myStats: myStats, versusTop3: versusTop3,
            lowestWeek: .init(memberId: lowestWeekMember?.rawValue, insights: lowestWeek))
    }
}

/// Reads club weeks from storage.
struct WeekService: Sendable {
    let members: MemberRepository
    let activities: ActivityRepository
    var now: @Sendable () -> Date = Date.init
    /// Weeks of history insights use for personal bests and streaks, unless set otherwise.
    static let defaultHistoryWeeks = 12
    /// Weeks of history used for personal bests and streaks.
    var historyWeeks = defaultHistoryWeeks
    /// Weeks kept in memory and brought up to date after writes (shared by copies of the service).
    let snapshots = WeekSnapshots()

    /// The oldest offset with data: the week the club was created or of its oldest activity, whichever is earlier.
    func oldestOffset(club: Club) async throws -> Int {
        let calendar = WeekCalendar(club: club)
        let earliest = min(club.createdAt, try await activities.earliestStart(club: club.id) ?? club.createdAt)
        return min(0, calendar.offset(of: earliest, from: now()))
    }

    /// Validates an offset against the club's history.
    func checkOffset(_ offset: Int, club: Club) async throws -> Int {
        guard offset <= 0 else { throw WeekOffsetError.invalid }
        let oldest = try await oldestOffset(club: club)
        guard offset >= oldest else { throw WeekOffsetError.beforeHistory(requested: offset, oldest: oldest) }
        return oldest
    }

    /// The database the repositories read.
    var database: Database { activities.database }

    /// Reads the club's current week into the kept snapshots (``WeekSnapshots``), so that its first visitor does not
    /// wait for the whole week's read. A club whose rollups are being rebuilt is read but not kept.
    func warmCurrentWeek(of club: Club) async throws {
        let week = WeekCalendar(club: club).week(offset: 0, from: now())
        _ = try await snapshots.snapshot(club: club.id, week: week, members: members, database: database)
    }

    /// Reads a week: from its snapshot (``WeekSnapshots``) its activities (unless `rides` is false: the stats are
    /// enough for charts and the table, and ``WeekData/activities`` is then empty) and the stats of the week and the
    /// week before it, and from the weekly rollups, with `history`, the series over the ``historyWeeks`` weeks insights look back
    /// over: of `historyMembers` and the week's lowest rider when given (one member's insights), of every member
    /// active in those weeks otherwise; with `leaderBy`, of the week's leader by that metric too (whom a guest's
    /// insights analyse).
    /// Checks the offset unless `oldestOffset` is given (by a caller that checked it already). `anyData` counts the
    /// club's activities when the week is empty, so that ``WeekData/hasAnyData`` is exact (pages need it; JSON does
    /// not).
    func load(
        club: Club, offset: Int, oldestOffset: Int? = nil, history: Bool = false, anyData: Bool = false,
        historyMembers: [MemberID]? = nil, leaderBy: Metric? = nil, rides: Bool = true
    ) async throws -> WeekData {
        let oldest: Int
        if let oldestOffset { oldest = oldestOffset } else { oldest = try await checkOffset(offset, club: club) }
        let now = now()
        let calendar = WeekCalendar(club: club)
        let week = calendar.week(offset: offset, from: now)
        let weeks = history ? calendar.weeks(offset: (offset - historyWeeks + 1)...offset, from: now) : []
        let snapshot = try await snapshots.snapshot(
            club: club.id, week: week, members: members, database: database, activities: rides)
        // Without the activities, a week with stats has data; one without is counted below when `anyData` asks.
        let weekHasData = !(snapshot.activities?.isEmpty ?? snapshot.current.isEmpty)
        var data = WeekData(
            club: club, offset: offset, oldestOffset: oldest, week: week, history: weeks, members: snapshot.members,
            activities: snapshot.activities ?? [], hasAnyData: weekHasData || oldest < 0,
            aggregates: WeekAggregates(current: snapshot.current, previous: snapshot.previous, series: [:]))
        if !data.hasAnyData && anyData { data.hasAnyData = try await activities.count(club: club.id) > 0 }
        if history {
            let series: [MemberID: [MemberWeekStats]]
            if var historyMembers {
                if let leaderBy, let leader = data.leader(by: leaderBy) { historyMembers.append(leader) }
                series = try await self.series(
                    of: historyMembers, lowestOf: snapshot.current, previous: snapshot.previous, data: data,
                    weeks: weeks, rollups: snapshot.rollupsCurrent)
            } else if snapshot.rollupsCurrent {
                series = try await database.run { db in
                    try await WeekRollups.series(club: club.id, weeks: weeks, on: db)
                }
            } else {
                series = try await seriesFromActivities(club: club, weeks: weeks, members: nil)
            }
            data.aggregates?.series = series
        }
        return data
    }

    /// The series of `members` and of the week's lowest rider (whom "Lowest week & why" analyses by default).
    /// Read from the rollups, or from activities while the club's are rebuilt (`rollups` false).
    private func series(
        of members: [MemberID], lowestOf current: [MemberID: MemberWeekStats],
        previous: [MemberID: MemberWeekStats], data: WeekData, weeks: [Week], rollups: Bool
    ) async throws -> [MemberID: [MemberWeekStats]] {
        let names = Dictionary(data.members.map { ($0.id, $0.firstName) }, uniquingKeysWith: { a, _ in a })
        let report = WeeklyStats.report(
            current: current, previous: previous, counted: [], week: data.week, names: names)
        let wanted = members + [InsightsEngine.lowestPerformer(report)].compactMap { $0 }
        guard rollups else { return try await seriesFromActivities(club: data.club, weeks: weeks, members: wanted) }
        return try await database.run { db in try await WeekRollups.series(members: wanted, weeks: weeks, on: db) }
    }

    /// What ``WeekRollups``' series give, computed from the activities of `weeks` (while the club's rollups are
    /// rebuilt): the stats of `members`, zero-filled, or of every member active in those weeks when nil.
    private func seriesFromActivities(
        club: Club, weeks: [Week], members wanted: [MemberID]?
    ) async throws -> [MemberID: [MemberWeekStats]] {
        guard let first = weeks.first, let last = weeks.last else { return [:] }
        let rows = try await activities.activities(club: club.id, from: first.start, to: last.end)
        let only = wanted.map(Set.init)
        var result: [MemberID: [MemberWeekStats]] = [:]
        for member in only ?? [] { result[member] = weeks.map { _ in .zero(member) } }
        for (index, week) in weeks.enumerated() {
            for (member, stats) in WeeklyStats.memberStats(rows, in: week, counting: club.countedSportTypes)
            where only?.contains(member) ?? true {
                result[member, default: weeks.map { _ in .zero(member) }][index] = stats
            }
        }
        return result
    }

    /// The key of what is cached for a week (its JSON, `/club-data`, rendered pages): changes when anything one of
    /// its answers shows may have changed (the club's settings, members and names; an activity of the week or of
    /// the ``WeekVersions/window`` weeks before it, which trends and insights read), and only then.
    func version(club record: ClubRecord, week: Week) async throws -> String {
        let highest = try await database.run { db in
            try await WeekVersions.highest(
                club: record.club.id, from: week.shifted(by: -WeekVersions.window).start, through: week.start, on: db)
        }
        return "\(record.settingsVersion).\(highest)"
    }

    /// ``version(club:week:)`` read in one query from the club's id.
    func version(club: ClubID, week: Week) async throws -> String {
        try await database.run { db in try await WeekVersions.key(club: club, week: week, on: db) }
    }

    /// The JSON of a week ranked by `metric`, cut by `paging` before its rows are formatted (a big club's week holds
    /// thousands); `path` is the request's, for the next page's link.
    func weekResponse(
        club: Club, offset: Int, metric: Metric, oldestOffset: Int? = nil, paging: WeekPaging = WeekPaging(),
        path: String = ""
    ) async throws -> (WeekResponse, WeekPaging.Info?) {
        let data = try await load(club: club, offset: offset, oldestOffset: oldestOffset)
        let (report, info) = paging.apply(to: data.report(metric: metric), offset: offset, path: path)
        return (
            WeekResponse(
                club: club, report: report, offset: offset, oldestOffset: data.oldestOffset, members: data.members),
            info
        )
    }

    /// The JSON of a member's insights: the week's ranking from its snapshot (``WeekSnapshots``) and the two riders'
    /// histories from the rollups.
    func insights(club: Club, member: MemberID, subject: MemberID?, offset: Int) async throws -> InsightsResponse {
        var data = try await load(
            club: club, offset: offset, history: true, historyMembers: [member] + (subject.map { [$0] } ?? []),
            rides: false)
        // The first-ride tip of a member without a ride quotes a typical ride of the week: only then are the week's
        // activities read (a week kept without them is then read whole, once; the tip needs no more exact a stamp).
        if data.aggregates?.current?[member] == nil {
            let week = try await snapshots.snapshot(
                club: club.id, week: data.week, members: members, database: database)
            data.activities = week.activities ?? []
        }
        return data.insights(for: member, subject: subject).response
    }

    /// The original worker's `/club-data` payload for a week.
    func feed(club: Club, offset: Int) async throws -> ClubDataFeed {
        // The feed answers for any offset the compatibility route accepts, so nothing is checked here.
        let data = try await load(club: club, offset: offset, oldestOffset: min(0, offset))
        let week = data.week
        let enrolled = data.members.filter { $0.stravaAthleteID != nil }.count
        return ClubDataFeed.build(
            week: week, activities: data.activities.filter { week.contains($0.startDate) }, members: data.members,
            counting: club.countedSportTypes, enrolledCount: enrolled, now: now())
    }
}
