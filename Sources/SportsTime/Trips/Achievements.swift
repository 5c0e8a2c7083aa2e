import Foundation

/// What an achievement asks for.
public enum AchievementRule: Codable, Sendable, Equatable, Hashable {
    /// At least `count` distinct catalogue venues visited (any league, neutral sites included).
    case distinctVenues(count: Int)
    /// Every home venue of `league`'s division (or conference) called `division`.
    case division(league: League, division: String)
    /// Every home venue of `league`.
    case league(League)
    /// A visit in each of the three route regions (east, central, west; see ``Region/of(_:)``).
    case allRegions
    /// Two different venues on the same day.
    case twoVenuesOneDay
}

/// An achievement that can be earned: a stable id, a title and a description for the badge.
public struct AchievementDefinition: Codable, Sendable, Equatable, Hashable, Identifiable {
    /// Stable id, e.g. `venues-10`, `division-mlb-al-east`, `league-nba`.
    public var id: String
    /// Badge title, e.g. "AL East complete".
    public var title: String
    /// What it takes, in a sentence.
    public var description: String
    /// How it is evaluated.
    public var rule: AchievementRule

    /// A definition.
    public init(id: String, title: String, description: String, rule: AchievementRule) {
        self.id = id
        self.title = title
        self.description = description
        self.rule = rule
    }
}

/// An evaluated achievement: earned (with the date of the visit that completed it) or in progress.
public struct Achievement: Codable, Sendable, Equatable, Hashable, Identifiable {
    /// What was evaluated.
    public var definition: AchievementDefinition
    /// The date of the visit that completed it; nil while not earned.
    public var earnedOn: LocalDate?
    /// Progress so far (capped at `target`).
    public var current: Int
    /// What completes it.
    public var target: Int

    /// An evaluated achievement.
    public init(definition: AchievementDefinition, earnedOn: LocalDate?, current: Int, target: Int) {
        self.definition = definition
        self.earnedOn = earnedOn
        self.current = current
        self.target = target
    }

    /// The definition's id.
    public var id: String { definition.id }
    /// Whether it has been earned.
    public var isEarned: Bool { earnedOn != nil }
    /// Progress as a fraction 0…1.
    public var fraction: Double { target <= 0 ? 0 : min(1, Double(current) / Double(target)) }
}

/// Evaluates achievements over a fan's visits and the catalogue.
///
/// The definitions, in this order:
/// - `first-visit` "First visit": any visit to a catalogue venue;
/// - `venues-5`, `venues-10`, `venues-25`, `venues-50`: that many distinct catalogue venues;
/// - `all-regions` "Coast to coast": a visit in the east, the central and the west region;
/// - `two-in-a-day` "Doubleheader day": two different venues on the same day;
/// - per league with teams in the catalogue (league order): `league-<league>` "Every MLB ballpark", then, when the
///   league has two or more, one `division-<league>-<division>` "AL East complete" per division (the conference for
///   leagues without divisions), by name.
///
/// A league or division achievement counts visits the way ``ProgressReport`` does (``StadiumVisit/counts(for:)``).
/// Evaluation sorts the visits first, so the result never depends on their order; an earned date is the date of the
/// visit that completed the achievement, the earliest possible.
public struct AchievementEngine: Sendable {
    /// Distinct-venue milestones.
    public static let venueMilestones = [5, 10, 25, 50]

    /// The catalogue the venues and divisions come from.
    public let catalog: Catalog
    /// Every achievement this catalogue offers, in display order.
    public let definitions: [AchievementDefinition]

    /// An engine for `catalog`.
    public init(catalog: Catalog) {
        self.catalog = catalog
        var definitions: [AchievementDefinition] = [
            AchievementDefinition(
                id: "first-visit", title: "First visit", description: "Visit your first venue.",
                rule: .distinctVenues(count: 1))
        ]
        for count in Self.venueMilestones {
            definitions.append(
                AchievementDefinition(
                    id: "venues-\(count)", title: "\(count) venues", description: "Visit \(count) different venues.",
                    rule: .distinctVenues(count: count)))
        }
        definitions.append(
            AchievementDefinition(
                id: "all-regions", title: "Coast to coast",
                description: "Visit a venue in the east, one in the central region and one in the west.",
                rule: .allRegions))
        definitions.append(
            AchievementDefinition(
                id: "two-in-a-day", title: "Doubleheader day",
                description: "Visit two different venues on the same day.",
                rule: .twoVenuesOneDay))
        for league in League.allCases {
            let teams = catalog.teams.values.filter { $0.league == league }
            guard !teams.isEmpty else { continue }
            definitions.append(
                AchievementDefinition(
                    id: "league-\(league.rawValue)", title: "Every \(league.displayName) \(Self.venueNoun(league))",
                    description: "Visit the home venue of every \(league.displayName) team.", rule: .league(league)))
            let divisions = Set(teams.map(Self.divisionName)).sorted()
            // A league with one division (or none) has only the league achievement.
            for division in divisions where divisions.count > 1 {
                let name = Self.qualified(division, in: league)
                definitions.append(
                    AchievementDefinition(
                        id: "division-\(league.rawValue)-\(Self.slug(division))", title: "\(name) complete",
                        description: "Visit the home venue of every \(name) team.",
                        rule: .division(league: league, division: division)))
            }
        }
        self.definitions = definitions
    }

    /// Every definition evaluated over `visits`, in definition order.
    public func evaluate(_ visits: [StadiumVisit]) -> [Achievement] {
        // Visits to venues the catalogue does not know cannot be placed in a region or league: ignore them.
        let visits = visits.filter { catalog.venue($0.venue) != nil }.sorted(by: StadiumVisit.canonicalOrder)
        return definitions.map { evaluate($0, visits: visits) }
    }

    private func evaluate(_ definition: AchievementDefinition, visits: [StadiumVisit]) -> Achievement {
        switch definition.rule {
        case .distinctVenues(let count):
            var seen: Set<VenueID> = []
            var earned: LocalDate?
            for visit in visits {
                seen.insert(visit.venue)
                if earned == nil, seen.count >= count { earned = visit.date }
            }
            return Achievement(definition: definition, earnedOn: earned, current: min(seen.count, count), target: count)
        case .league(let league):
            let venues = Set(catalog.teams.values.filter { $0.league == league }.map(\.homeVenue))
            return completion(definition, of: venues, visits: visits.filter { $0.counts(for: league) })
        case .division(let league, let division):
            let venues = Set(
                catalog.teams.values.filter { $0.league == league && Self.divisionName($0) == division }.map(
                    \.homeVenue))
            return completion(definition, of: venues, visits: visits.filter { $0.counts(for: league) })
        case .allRegions:
            var firstByRegion: [Region: LocalDate] = [:]
            for visit in visits {
                guard let venue = catalog.venue(visit.venue) else { continue }
                let region = venue.routeRegion
                if firstByRegion[region] == nil { firstByRegion[region] = visit.date }
            }
            let target = Region.allCases.count
            let earned = firstByRegion.count == target ? firstByRegion.values.max() : nil
            return Achievement(definition: definition, earnedOn: earned, current: firstByRegion.count, target: target)
        case .twoVenuesOneDay:
            var venuesByDay: [LocalDate: Set<VenueID>] = [:]
            for visit in visits { venuesByDay[visit.date, default: []].insert(visit.venue) }
            let earned = venuesByDay.filter { $0.value.count >= 2 }.keys.min()
            let best = venuesByDay.values.map(\.count).max() ?? 0
            return Achievement(definition: definition, earnedOn: earned, current: min(best, 2), target: 2)
        }
    }

    /// Earned on the date the last missing venue of `venues` was first visited.
    private func completion(
        _ definition: AchievementDefinition, of venues: Set<VenueID>, visits: [StadiumVisit]
    )
        -> Achievement
    {
        var first: [VenueID: LocalDate] = [:]
        for visit in visits where venues.contains(visit.venue) && first[visit.venue] == nil {
            first[visit.venue] = visit.date
        }
        let earned = !venues.isEmpty && first.count == venues.count ? first.values.max() : nil
        return Achievement(definition: definition, earnedOn: earned, current: first.count, target: venues.count)
    }

    /// A team's division, its conference when the league has none, else the league's name.
    static func divisionName(_ team: Team) -> String {
        if !team.division.isEmpty { return team.division }
        if !team.conference.isEmpty { return team.conference }
        return team.league.displayName
    }

    /// What a league's venues are called: ballparks (MLB), arenas (NBA, NHL, WNBA), stadiums.
    static func venueNoun(_ league: League) -> String {
        switch league {
        case .mlb: "ballpark"
        case .nba, .nhl, .wnba: "arena"
        case .nfl, .mls, .nwsl: "stadium"
        }
    }

    /// "AL East" stays as it is; "Atlantic" becomes "NBA Atlantic" so NBA and NHL badges differ.
    static func qualified(_ division: String, in league: League) -> String {
        let first = division.split(separator: " ").first.map(String.init) ?? ""
        if ["AL", "NL", "AFC", "NFC", league.displayName].contains(first) { return division }
        return "\(league.displayName) \(division)"
    }

    /// "AL East" → "al-east".
    static func slug(_ text: String) -> String {
        Catalog.normalized(text).split(separator: " ").joined(separator: "-")
    }
}
