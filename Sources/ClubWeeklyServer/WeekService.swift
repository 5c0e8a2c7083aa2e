import ClubWeekly
import Foundation
import ServerKit

/// Why a week offset was refused (the compatibility route words these like the original worker).
enum WeekOffsetError: Error, Equatable {
    case invalid
    case beforeHistory(requested: Int, oldest: Int)
}

/// Everything stored that one club week's pages and responses are computed from, read in one go by
/// ``WeekService/load(club:offset:oldestOffset:history:anyData:)``: the week, the week before it (for trends) and, when
/// asked for, the weeks of history that insights need. Reports and insights are pure functions of it.
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
    /// Stored activities from the start of the week before the first loaded week to the end of `week`.
    var activities: [Activity]
    /// Whether the club has any activity at all (a new club shows a welcome instead of "a quiet week").
    var hasAnyData: Bool

    /// The week's report ranked by `metric`, ties ordered by full name.
    func report(metric: Metric) -> WeekReport {
        let names = Dictionary(members.map { ($0.id, $0.fullName) }, uniquingKeysWith: { a, _ in a })
        return WeeklyStats.report(
            activities: activities, week: week, counting: club.countedSportTypes, metric: metric, names: names)
    }

    /// Coaching insights of `member`'s week; `subject` is the rider of "Lowest week & why" (the week's lowest when
    /// nil). Needs `history` (see ``WeekService/load(club:offset:oldestOffset:history:anyData:)``).
    func insights(for member: MemberID, subject: MemberID?) -> WeekInsights {
        // Insight texts address riders by first name, and so are ranking ties broken.
        let names = Dictionary(members.map { ($0.id, $0.firstName) }, uniquingKeysWith: { a, _ in a })
        let report = WeeklyStats.report(
            activities: activities, week: week, counting: club.countedSportTypes, names: names)
        let history = MemberHistory(activities: activities, weeks: history, counting: club.countedSportTypes)
        let lowest = InsightsEngine.lowestWeek(for: subject, report: report, history: history, names: names)
        return WeekInsights(
            member: member, week: week,
            myStats: InsightsEngine.myStats(for: member, report: report, history: history, names: names),
            versusTop3: InsightsEngine.versusTop3(for: member, report: report, names: names),
            lowestWeekMember: lowest.member, lowestWeek: lowest.insights)
    }
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

    /// Reads a week with one query for its activities: the week and the week before it, and with `history` the
    /// ``historyWeeks`` weeks insights look back over. Checks the offset unless `oldestOffset` is given (by a caller
    /// that checked it already). `anyData` counts the club's activities when the week and its history are empty, so
    /// that ``WeekData/hasAnyData`` is exact (pages need it; JSON does not).
    func load(
        club: Club, offset: Int, oldestOffset: Int? = nil, history: Bool = false, anyData: Bool = false
    ) async throws -> WeekData {
        let oldest: Int
        if let oldestOffset { oldest = oldestOffset } else { oldest = try await checkOffset(offset, club: club) }
        let now = now()
        let calendar = WeekCalendar(club: club)
        let week = calendar.week(offset: offset, from: now)
        let weeks = history ? calendar.weeks(offset: (offset - historyWeeks + 1)...offset, from: now) : []
        let first = weeks.first ?? week
        let rows = try await activities.activities(
            club: club.id, from: first.previous.start,
            to: weeks.isEmpty ? week.end : first.shifted(by: weeks.count).start)
        let members = try await members.members(of: club.id)
        var hasAnyData = !rows.isEmpty || oldest < 0
        if !hasAnyData && anyData { hasAnyData = try await activities.count(club: club.id) > 0 }
        return WeekData(
            club: club, offset: offset, oldestOffset: oldest, week: week, history: weeks, members: members,
            activities: rows, hasAnyData: hasAnyData)
    }

    /// The JSON of a week ranked by `metric`.
    func weekResponse(club: Club, offset: Int, metric: Metric, oldestOffset: Int? = nil) async throws -> WeekResponse {
        let data = try await load(club: club, offset: offset, oldestOffset: oldestOffset)
        return WeekResponse(
            club: club, report: data.report(metric: metric), offset: offset, oldestOffset: data.oldestOffset,
            members: data.members)
    }

    /// The JSON of a member's insights.
    func insights(club: Club, member: MemberID, subject: MemberID?, offset: Int) async throws -> InsightsResponse {
        try await load(club: club, offset: offset, history: true).insights(for: member, subject: subject).response
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
