import ClubWeekly
import Foundation

/// What the Clubhouse home page shows of a club this week.
public struct ClubGlance: Sendable, Equatable {
    /// The club's name.
    public var clubName: String
    /// The club's dashboard.
    public var url: String
    /// Whether the week can be shown to anyone (a private club's riders are named only to its members).
    public var isPublic: Bool
    /// This week's leader by distance, privacy-shortened ("Anna K."), when the club is public and anyone rode.
    public var leaderName: String?
    /// The leader's distance, e.g. "182.4 km".
    public var leaderDistance: String?
    /// The whole club's distance this week, e.g. "1,204 km"; nil for a private club.
    public var clubDistance: String?
    /// Riders with a ride this week; nil for a private club.
    public var activeRiders: Int?

    /// A glance from its parts.
    public init(
        clubName: String, url: String, isPublic: Bool, leaderName: String? = nil, leaderDistance: String? = nil,
        clubDistance: String? = nil, activeRiders: Int? = nil
    ) {
        self.clubName = clubName
        self.url = url
        self.isPublic = isPublic
        self.leaderName = leaderName
        self.leaderDistance = leaderDistance
        self.clubDistance = clubDistance
        self.activeRiders = activeRiders
    }
}

extension ClubWeeklyApp {
    /// This week's glance of the club `slug`, or nil when there is no such club.
    public func glance(slug: String) async throws -> ClubGlance? {
        guard let record = try await clubs.find(slug: slug) else { return nil }
        let club = record.club
        let url = ClubWeeklyURL.dashboard(slug).path
        guard club.isFeedPublic else {
            return ClubGlance(clubName: club.name, url: url, isPublic: false)
        }
        let data = try await weeks.load(club: club, offset: 0, oldestOffset: 0)
        let report = data.report(metric: .distance)
        let leader = report.members.first
        let member = leader.flatMap { ranked in data.members.first { $0.id == ranked.stats.memberID } }
        return ClubGlance(
            clubName: club.name, url: url, isPublic: true,
            leaderName: member.map { Format.privacyName(firstName: $0.firstName, lastName: $0.lastName) },
            leaderDistance: leader.map { Format.distanceKm($0.stats.distance) },
            clubDistance: Format.distanceKm(report.summary.distance, decimals: 0),
            activeRiders: report.summary.activeMembers)
    }
}
