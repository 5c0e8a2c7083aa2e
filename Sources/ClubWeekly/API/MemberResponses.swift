import Foundation

/// JSON of `GET /api/clubs/{slug}/members/{id}/insights`.
public struct InsightsResponse: Codable, Sendable, Equatable {
    /// The rider analysed in "Lowest week & why".
    public struct Lowest: Codable, Sendable, Equatable {
        /// The rider; nil when nobody rode.
        public var memberId: String?
        /// What explains their week.
        public var insights: [Insight]

        /// A lowest-week analysis from its parts.
        public init(memberId: String?, insights: [Insight]) {
            self.memberId = memberId
            self.insights = insights
        }
    }
    /// Whose insights these are.
    public var memberId: String
    /// "Week of 26 Oct – 1 Nov 2026".
    public var weekLabel: String
    /// "My stats" cards.
    public var myStats: [Insight]
    /// The member against the week's top three.
    public var versusTop3: VersusTop3
    /// The week's lowest rider (or the one asked for) and why.
    public var lowestWeek: Lowest

    /// A response from its parts.
    public init(
        memberId: String, weekLabel: String, myStats: [Insight], versusTop3: VersusTop3, lowestWeek: Lowest
    ) {
        self.memberId = memberId
        self.weekLabel = weekLabel
        self.myStats = myStats
        self.versusTop3 = versusTop3
        self.lowestWeek = lowestWeek
    }
}

/// JSON of a member in `GET /api/clubs/{slug}/members`, `GET /me` and `POST /me`.
public struct MemberResponse: Codable, Sendable, Equatable {
    /// The member's id.
    public var id: String
    /// Privacy name: "Sarah M.".
    public var name: String
    /// First and last name.
    public var fullName: String
    /// "SM".
    public var initials: String
    /// Whether Strava is connected.
    public var stravaConnected: Bool
    /// When the member joined.
    public var joinedAt: Date

    /// The response for `member`.
    public init(_ member: Member) {
        id = member.id.rawValue
        name = Format.privacyName(firstName: member.firstName, lastName: member.lastName)
        fullName = member.fullName
        initials = Format.initials(firstName: member.firstName, lastName: member.lastName)
        stravaConnected = member.stravaAthleteID != nil
        joinedAt = member.joinedAt
    }
}

/// JSON row of `GET /api/clubs/{slug}/sync`: one member's data source and sync state.
public struct SyncStatusResponse: Codable, Sendable, Equatable {
    /// The member's id.
    public var memberId: String
    /// Privacy name.
    public var name: String
    /// `strava` or `import`.
    public var source: String
    /// Whether a Strava account is connected and syncing.
    public var connected: Bool
    /// The last successful sync.
    public var lastSyncAt: Date?
    /// The last sync error, if the last sync failed.
    public var lastError: String?
    /// Activities stored for the member.
    public var activities: Int

    /// A row from its parts.
    public init(
        memberId: String, name: String, source: String, connected: Bool, lastSyncAt: Date?, lastError: String?,
        activities: Int
    ) {
        self.memberId = memberId
        self.name = name
        self.source = source
        self.connected = connected
        self.lastSyncAt = lastSyncAt
        self.lastError = lastError
        self.activities = activities
    }
}
