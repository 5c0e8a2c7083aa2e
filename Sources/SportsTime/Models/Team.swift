import Foundation

/// A team of a league.
public struct Team: Codable, Sendable, Hashable, Identifiable {
    public var id: TeamID
    public var league: League
    /// Full name, e.g. "Boston Red Sox".
    public var name: String
    /// The league's abbreviation or tricode, e.g. "BOS".
    public var abbreviation: String
    /// The club's short name, e.g. "Red Sox" (MLB's `clubName`).
    public var nickname: String
    /// Conference or league within the league, e.g. "American League", "Eastern".
    public var conference: String
    /// Division, e.g. "AL East", "Atlantic"; empty for leagues without divisions.
    public var division: String
    public var homeVenue: VenueID
    /// Other names feeds use for the team (former names, sponsors' spellings).
    public var aliases: [String]

    public init(
        id: TeamID, league: League, name: String, abbreviation: String, nickname: String, conference: String,
        division: String, homeVenue: VenueID, aliases: [String] = []
    ) {
        self.id = id
        self.league = league
        self.name = name
        self.abbreviation = abbreviation
        self.nickname = nickname
        self.conference = conference
        self.division = division
        self.homeVenue = homeVenue
        self.aliases = aliases
    }
}
