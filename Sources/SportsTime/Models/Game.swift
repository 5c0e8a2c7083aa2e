import Foundation

/// Where a game stands.
public enum GameStatus: String, Codable, Sendable, CaseIterable {
    case scheduled, final, postponed, cancelled, suspended

    /// Whether a fan can plan to attend it.
    public var isPlayable: Bool { self == .scheduled || self == .final }
}

/// One game of a league's schedule.
public struct Game: Codable, Sendable, Hashable, Identifiable {
    public var id: GameID
    public var league: League
    public var home: TeamID
    public var away: TeamID
    /// Where it is played (neutral sites keep their real venue, not the home team's park).
    public var venue: VenueID
    /// First pitch / puck drop / tip-off, UTC.
    public var start: Date
    /// The calendar date at the venue.
    public var localDate: LocalDate
    public var status: GameStatus
    /// 1 or 2 for a doubleheader's games, nil otherwise.
    public var doubleheader: Int?

    public init(
        id: GameID, league: League, home: TeamID, away: TeamID, venue: VenueID, start: Date, localDate: LocalDate,
        status: GameStatus = .scheduled, doubleheader: Int? = nil
    ) {
        self.id = id
        self.league = league
        self.home = home
        self.away = away
        self.venue = venue
        self.start = start
        self.localDate = localDate
        self.status = status
        self.doubleheader = doubleheader
    }

    /// When a fan leaves the venue (start + the league's typical duration).
    public var end: Date { start.addingTimeInterval(league.typicalGameDuration) }
}
