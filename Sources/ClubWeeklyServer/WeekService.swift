import ClubWeekly
import Foundation
import ServerKit

/// Why a week offset was refused (the compatibility route words these like the original worker).
enum WeekOffsetError: Error, Equatable {
    case invalid
    case beforeHistory(requested: Int, oldest: Int)
}

/// Builds week views from storage.
struct WeekService: Sendable {
    let members: MemberRepository
    let activities: ActivityRepository
    var now: @Sendable () -> Date = Date.init
    /// Weeks of history used for personal bests and streaks.
    var historyWeeks = 12

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

    /// The week and the week before it (for trends), with the club's members.
    func load(club: Club, offset: Int) async throws -> (week: Week, activities: [Activity], members: [Member]) {
        let week = WeekCalendar(club: club).week(offset: offset, from: now())
        let rows = try await activities.activities(club: club.id, from: week.previous.start, to: week.end)
        return (week, rows, try await members.members(of: club.id))
    }

    func report(club: Club, offset: Int, metric: Metric) async throws -> (WeekReport, [Member]) {
        let (week, rows, members) = try await load(club: club, offset: offset)
        let names = Dictionary(members.map { ($0.id, $0.fullName) }, uniquingKeysWith: { a, _ in a })
        return (
            WeeklyStats.report(
                activities: rows, week: week, counting: club.countedSportTypes, metric: metric, names: names),
            members
        )
    }

    func weekView(club: Club, offset: Int, metric: Metric, oldestOffset: Int? = nil) async throws -> WeekView {
        let oldest: Int
        if let oldestOffset { oldest = oldestOffset } else { oldest = try await checkOffset(offset, club: club) }
        let (report, members) = try await report(club: club, offset: offset, metric: metric)
        return WeekView(club: club, report: report, offset: offset, oldestOffset: oldest, members: members)
    }

    func insights(club: Club, member: MemberID, subject: MemberID?, offset: Int) async throws -> InsightsView {
        _ = try await checkOffset(offset, club: club)
        let calendar = WeekCalendar(club: club)
        let weeks = calendar.weeks(offset: (offset - historyWeeks + 1)...offset, from: now())
        let first = weeks.first ?? calendar.week(offset: offset, from: now())
        let rows = try await activities.activities(
            club: club.id, from: first.previous.start, to: first.shifted(by: weeks.count).start)
        let members = try await members.members(of: club.id)
        let names = Dictionary(members.map { ($0.id, $0.firstName) }, uniquingKeysWith: { a, _ in a })
        let week = calendar.week(offset: offset, from: now())
        let report = WeeklyStats.report(activities: rows, week: week, counting: club.countedSportTypes, names: names)
        let history = MemberHistory(activities: rows, weeks: weeks, counting: club.countedSportTypes)
        let lowest = InsightsEngine.lowestWeek(for: subject, report: report, history: history, names: names)
        return InsightsView(
            memberId: member.rawValue, weekLabel: week.label,
            myStats: InsightsEngine.myStats(for: member, report: report, history: history, names: names),
            versusTop3: InsightsEngine.versusTop3(for: member, report: report, names: names),
            lowestWeek: .init(memberId: lowest.member?.rawValue, insights: lowest.insights))
    }

    /// The original worker's `/club-data` payload for a week.
    func feed(club: Club, offset: Int) async throws -> ClubDataFeed {
        let (week, rows, members) = try await load(club: club, offset: offset)
        let enrolled = members.filter { $0.stravaAthleteID != nil }.count
        return ClubDataFeed.build(
            week: week, activities: rows.filter { week.contains($0.startDate) }, members: members,
            counting: club.countedSportTypes, enrolledCount: enrolled, now: now())
    }
}
