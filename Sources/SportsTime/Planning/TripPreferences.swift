import Foundation

/// Which scenario planner runs (the spec's `PlanningMode`).
public enum PlanningMode: String, Codable, Sendable, CaseIterable {
    /// Scenario A: every game of the chosen sports within a date range.
    case dateRange
    /// Scenario B: games the user picked (must-see), optionally with more games around them.
    case gameFirst
    /// Scenario C: from a start location to an end location, with games along the way.
    case locations
    /// Scenario D: follow one team's home and away games.
    case followTeam
    /// Scenario E: find windows across the season where every chosen team plays at home.
    case teamFirst
}

/// How busy the trip may be.
///
/// The rule each level applies:
/// - `packed`: up to 2 games on one day (a same-day double when the hop fits between them), no rest required.
/// - `moderate`: at most 1 game a day and at most ``maxConsecutiveGameDays`` (4) game days in a row.
/// - `relaxed`: at most 1 game a day and at least one day without a game between two game days.
public enum LeisureLevel: String, Codable, Sendable, CaseIterable {
    case packed, moderate, relaxed

    /// The most games on one local day.
    public var maxGamesPerDay: Int { self == .packed ? 2 : 1 }

    /// The most game days in a row (nil = no limit).
    public var maxConsecutiveGameDays: Int? {
        switch self {
        case .packed: nil
        case .moderate: 4
        case .relaxed: 1
        }
    }

    /// The fewest calendar days between two game days (1 = the next day; 2 = one free day between).
    public var minimumDaysBetweenGameDays: Int { self == .relaxed ? 2 : 1 }
}

/// A named point where a trip starts or ends.
public struct TripLocation: Codable, Sendable, Equatable, Hashable {
    /// What the user sees, e.g. "Boston, MA".
    public var name: String
    /// Where it is.
    public var coordinate: Coordinate

    /// A named point.
    public init(name: String, coordinate: Coordinate) {
        self.name = name
        self.coordinate = coordinate
    }
}

/// The planning engine's input (the spec's table under "Planning Engine Input Validation").
public struct TripPreferences: Codable, Sendable, Equatable {
    /// Which scenario planner runs.
    public var planningMode: PlanningMode
    /// Leagues whose games may fill the trip ("at least one sport should be selected").
    public var sports: Set<League>
    /// First day of the trip (inclusive).
    public var startDate: LocalDate?
    /// Last day of the trip (inclusive).
    public var endDate: LocalDate?
    /// Games the trip must include (scenario B; honoured as anchors by every scenario).
    public var mustSeeGameIds: [GameID]
    /// Where the trip starts (scenario C needs it; any mode counts the drive from it).
    public var startLocation: TripLocation?
    /// Where the trip ends (scenario C needs it; any mode counts the drive to it).
    public var endLocation: TripLocation?
    /// The team scenario D follows.
    public var followTeamId: TeamID?
    /// The teams scenario E visits at home.
    public var selectedTeamIds: [TeamID]
    /// Drivers sharing the wheel (clamped to at least 1 by ``DrivingConstraints``).
    public var numberOfDrivers: Int
    /// Hours each driver drives a day; nil means 8 (clamped to at least 1 by ``DrivingConstraints``).
    public var maxDrivingHoursPerDriver: Double?
    /// The most stops (a stop is a run of consecutive games at one venue); nil = no cap.
    public var numberOfStops: Int?
    /// How busy the trip may be.
    public var leisureLevel: LeisureLevel
    /// When false, a city may appear on only one day of the trip.
    public var allowRepeatCities: Bool
    /// Regions whose venues may be visited (must-see games are kept wherever they are).
    public var selectedRegions: Set<Region>

    /// Preferences with the spec's defaults for everything not given.
    public init(
        planningMode: PlanningMode = .dateRange, sports: Set<League> = [], startDate: LocalDate? = nil,
        endDate: LocalDate? = nil, mustSeeGameIds: [GameID] = [], startLocation: TripLocation? = nil,
        endLocation: TripLocation? = nil, followTeamId: TeamID? = nil, selectedTeamIds: [TeamID] = [],
        numberOfDrivers: Int = 1, maxDrivingHoursPerDriver: Double? = nil, numberOfStops: Int? = nil,
        leisureLevel: LeisureLevel = .moderate, allowRepeatCities: Bool = true,
        selectedRegions: Set<Region> = Set(Region.allCases)
    ) {
        self.planningMode = planningMode
        self.sports = sports
        self.startDate = startDate
        self.endDate = endDate
        self.mustSeeGameIds = mustSeeGameIds
        self.startLocation = startLocation
        self.endLocation = endLocation
        self.followTeamId = followTeamId
        self.selectedTeamIds = selectedTeamIds
        self.numberOfDrivers = numberOfDrivers
        self.maxDrivingHoursPerDriver = maxDrivingHoursPerDriver
        self.numberOfStops = numberOfStops
        self.leisureLevel = leisureLevel
        self.allowRepeatCities = allowRepeatCities
        self.selectedRegions = selectedRegions
    }

    private enum CodingKeys: String, CodingKey {
        case planningMode, sports, startDate, endDate, mustSeeGameIds, startLocation, endLocation, followTeamId
        case selectedTeamIds, numberOfDrivers, maxDrivingHoursPerDriver, numberOfStops, leisureLevel
        case allowRepeatCities, selectedRegions
    }

    /// Decodes with the table's defaults for every missing field, so an API client sends only what it sets.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            planningMode: try c.decodeIfPresent(PlanningMode.self, forKey: .planningMode) ?? .dateRange,
            sports: try c.decodeIfPresent(Set<League>.self, forKey: .sports) ?? [],
            startDate: try c.decodeIfPresent(LocalDate.self, forKey: .startDate),
            endDate: try c.decodeIfPresent(LocalDate.self, forKey: .endDate),
            mustSeeGameIds: try c.decodeIfPresent([GameID].self, forKey: .mustSeeGameIds) ?? [],
            startLocation: try c.decodeIfPresent(TripLocation.self, forKey: .startLocation),
            endLocation: try c.decodeIfPresent(TripLocation.self, forKey: .endLocation),
            followTeamId: try c.decodeIfPresent(TeamID.self, forKey: .followTeamId),
            selectedTeamIds: try c.decodeIfPresent([TeamID].self, forKey: .selectedTeamIds) ?? [],
            numberOfDrivers: try c.decodeIfPresent(Int.self, forKey: .numberOfDrivers) ?? 1,
            maxDrivingHoursPerDriver: try c.decodeIfPresent(Double.self, forKey: .maxDrivingHoursPerDriver),
            numberOfStops: try c.decodeIfPresent(Int.self, forKey: .numberOfStops),
            leisureLevel: try c.decodeIfPresent(LeisureLevel.self, forKey: .leisureLevel) ?? .moderate,
            allowRepeatCities: try c.decodeIfPresent(Bool.self, forKey: .allowRepeatCities) ?? true,
            selectedRegions: try c.decodeIfPresent(Set<Region>.self, forKey: .selectedRegions) ?? Set(Region.allCases))
    }

    /// The clamped driving limits of these preferences.
    public var drivingConstraints: DrivingConstraints {
        DrivingConstraints(numberOfDrivers: numberOfDrivers, maxHoursPerDriver: maxDrivingHoursPerDriver)
    }
}

/// Daily driving limits with the spec's clamping: drivers ≥ 1, hours per driver ≥ 1 (nil → 8).
public struct DrivingConstraints: Codable, Sendable, Equatable {
    /// Hours per driver when none are given (the notes: fans plan at most ~8 h a day per driver).
    public static let defaultHoursPerDriver = 8.0

    /// Drivers, at least 1.
    public let numberOfDrivers: Int
    /// Hours each driver drives a day, at least 1.
    public let maxHoursPerDriver: Double

    /// Clamps `numberOfDrivers` to at least 1 and `maxHoursPerDriver` to at least 1 (nil or not finite → 8).
    public init(numberOfDrivers: Int, maxHoursPerDriver: Double?) {
        self.numberOfDrivers = max(1, numberOfDrivers)
        let hours = maxHoursPerDriver ?? Self.defaultHoursPerDriver
        self.maxHoursPerDriver = hours.isFinite ? max(1, hours) : Self.defaultHoursPerDriver
    }

    /// Hours of driving a day: drivers × hours per driver.
    public var dailyLimit: Double { Double(numberOfDrivers) * maxHoursPerDriver }
}
