import Foundation

/// One problem found in a venue or team table: what is wrong, with which record, in words a data editor can act on.
public struct CatalogIssue: Sendable, Equatable, CustomStringConvertible {
    /// The kinds of problem ``Catalog/validate()`` reports.
    public enum Kind: String, Sendable, Equatable, CaseIterable {
        /// Latitude or longitude is not a finite number in range.
        case invalidCoordinate
        /// Latitude and longitude look exchanged.
        case swappedCoordinate
        /// A positive (eastern) longitude for a venue in North America: the minus sign is missing.
        case positiveLongitudeInNorthAmerica
        /// The longitude lies outside the band the venue's time zone covers.
        case longitudeOutsideZone
        /// Foundation does not know the time-zone identifier.
        case unknownTimeZone
        /// The time zone is real but the validator has no longitude band for it, so the venue cannot be checked.
        case uncheckedTimeZone
        /// The country is not an ISO 3166-1 alpha-2 code.
        case invalidCountry
        /// A required text field is empty.
        case emptyField
        /// Two venues share an id.
        case duplicateVenueID
        /// Two venues can be called the same name on the same day (name or alias).
        case duplicateVenueName
        /// The capacity is zero or negative.
        case invalidCapacity
        /// An alias stops being valid before it starts.
        case invalidAliasDates
        /// Two teams share an id.
        case duplicateTeamID
        /// The team's id is not `TeamID(league:abbreviation:)`.
        case teamIDMismatch
        /// The team's home venue is not in the table.
        case missingHomeVenue
        /// Two teams of a league answer to the same name, nickname, abbreviation or alias.
        case duplicateTeamName
    }

    /// What is wrong.
    public var kind: Kind
    /// The venue or team id the issue is about.
    public var subject: String
    /// A sentence saying what is wrong and what is expected.
    public var message: String

    /// An issue of `kind` about the record `subject`.
    public init(kind: Kind, subject: String, message: String) {
        self.kind = kind
        self.subject = subject
        self.message = message
    }

    /// "subject: message", e.g. "coors-field: longitude 104.9942 is east of Greenwich …".
    public var description: String { "\(subject): \(message)" }
}

extension Catalog {
    /// Longitude bands (west, east; degrees) that each IANA time zone used by venues covers, generous by a degree or
    /// two. A venue outside its zone's band has a wrong zone or a wrong coordinate.
    public static let timeZoneLongitudeBands: [String: ClosedRange<Double>] = [
        "America/New_York": -90...(-67),
        "America/Detroit": -90...(-82),
        "America/Indiana/Indianapolis": -88.5...(-84),
        "America/Kentucky/Louisville": -87...(-84),
        "America/Toronto": -95...(-72),
        "America/Halifax": -67...(-59),
        "America/Puerto_Rico": -68...(-65),
        "America/Chicago": -106...(-82),
        "America/Winnipeg": -102...(-88),
        "America/Mexico_City": -106...(-86),
        "America/Monterrey": -106...(-97),
        "America/Denver": -117...(-100),
        "America/Edmonton": -120...(-101),
        "America/Phoenix": -115...(-109),
        "America/Los_Angeles": -125...(-114),
        "America/Vancouver": -140...(-114),
        "America/Sao_Paulo": -56...(-34),
        "Europe/London": -8...2,
        "Europe/Dublin": -11...(-5),
        "Europe/Paris": -5...10,
        "Europe/Madrid": -10...5,
        "Europe/Berlin": 5...16,
        "Europe/Prague": 12...19,
        "Europe/Stockholm": 10...25,
        "Europe/Helsinki": 19...32,
        "Asia/Tokyo": 122...154,
        "Asia/Seoul": 124...132,
        "Australia/Melbourne": 140...150,
        "Australia/Sydney": 140...154,
    ]

    /// Countries whose longitudes are all western (negative): a positive value there is a dropped minus sign.
    static let westernHemisphereCountries: Set<String> = ["US", "CA", "MX", "PR"]

    /// Checks the catalogue's venues and teams (see ``validate(venues:teams:)``).
    public func validate() -> [CatalogIssue] {
        Catalog.validate(
            venues: venues.values.sorted { $0.id < $1.id }, teams: teams.values.sorted { $0.id < $1.id })
    }

    /// Checks a venue and team table before it is used: coordinates (range, swapped values, a missing minus sign,
    /// longitude against the time zone's band), time zones, country codes, empty fields, venue names and aliases that
    /// two venues claim on the same day, capacities, team ids, duplicate team names within a league, and home venues.
    /// Returns no issues for a clean table; never throws or traps, whatever the input.
    public static func validate(venues: [Venue], teams: [Team]) -> [CatalogIssue] {
        var issues: [CatalogIssue] = []
        var seenVenueIDs: Set<VenueID> = []
        for venue in venues {
            if !seenVenueIDs.insert(venue.id).inserted {
                issues.append(
                    .init(kind: .duplicateVenueID, subject: venue.id.rawValue, message: "venue id is used twice"))
            }
            issues += validate(venue)
        }
        issues += duplicateVenueNames(venues)

        var seenTeamIDs: Set<TeamID> = []
        for team in teams {
            let subject = team.id.rawValue
            if !seenTeamIDs.insert(team.id).inserted {
                issues.append(.init(kind: .duplicateTeamID, subject: subject, message: "team id is used twice"))
            }
            let expected = TeamID(league: team.league, abbreviation: team.abbreviation)
            if team.id != expected {
                issues.append(
                    .init(
                        kind: .teamIDMismatch, subject: subject,
                        message: "id should be \"\(expected)\" (league and abbreviation \"\(team.abbreviation)\")"))
            }
            for (field, value) in [
                ("name", team.name), ("abbreviation", team.abbreviation), ("nickname", team.nickname),
            ]
            where value.trimmingCharacters(in: .whitespaces).isEmpty {
                issues.append(.init(kind: .emptyField, subject: subject, message: "\(field) is empty"))
            }
            if !seenVenueIDs.contains(team.homeVenue) {
                issues.append(
                    .init(
                        kind: .missingHomeVenue, subject: subject,
                        message: "home venue \"\(team.homeVenue)\" is not in the venue table"))
            }
        }
        issues += duplicateTeamNames(teams)
        return issues
    }

    private static func validate(_ venue: Venue) -> [CatalogIssue] {
        var issues: [CatalogIssue] = []
        let subject = venue.id.rawValue
        func report(_ kind: CatalogIssue.Kind, _ message: String) {
            issues.append(CatalogIssue(kind: kind, subject: subject, message: message))
        }
        for (field, value) in [
            ("id", venue.id.rawValue), ("name", venue.name), ("city", venue.city), ("region", venue.region),
        ] where value.trimmingCharacters(in: .whitespaces).isEmpty {
            report(.emptyField, "\(field) is empty")
        }
        for alias in venue.aliases where alias.name.trimmingCharacters(in: .whitespaces).isEmpty {
            report(.emptyField, "an alias has an empty name")
        }
        for alias in venue.aliases {
            if let from = alias.validFrom, let until = alias.validUntil, until < from {
                report(.invalidAliasDates, "alias \"\(alias.name)\" ends (\(until)) before it starts (\(from))")
            }
        }
        let country = venue.country.unicodeScalars
        if country.count != 2 || !country.allSatisfy({ ("A"..."Z").contains($0) }) {
            report(.invalidCountry, "country \"\(venue.country)\" is not an ISO 3166-1 alpha-2 code such as \"US\"")
        }
        if let capacity = venue.capacity, capacity <= 0 {
            report(.invalidCapacity, "capacity \(capacity) is not positive")
        }

        let zoneKnown = TimeZone(identifier: venue.timeZone) != nil
        if !zoneKnown {
            report(.unknownTimeZone, "time zone \"\(venue.timeZone)\" is not an IANA identifier this system knows")
        }

        let coordinate = venue.coordinate
        guard coordinate.latitude.isFinite, coordinate.longitude.isFinite else {
            report(.invalidCoordinate, "coordinate \(coordinate.latitude), \(coordinate.longitude) is not a number")
            return issues
        }
        // No venue lies south of 60° S or north of 75° N; a latitude there (even beyond ±90) next to a longitude that
        // would fit is the two values exchanged.
        let plausibleLatitude = -60.0...75.0
        if !plausibleLatitude.contains(coordinate.latitude) && plausibleLatitude.contains(coordinate.longitude)
            && abs(coordinate.latitude) <= 180
        {
            report(
                .swappedCoordinate,
                "latitude \(coordinate.latitude) is where no venue is but the longitude would fit: lat and lon swapped?"
            )
            return issues
        }
        guard coordinate.isValid else {
            report(.invalidCoordinate, "coordinate \(coordinate.latitude), \(coordinate.longitude) is out of range")
            return issues
        }
        if westernHemisphereCountries.contains(venue.country.uppercased()) && coordinate.longitude > 0 {
            report(
                .positiveLongitudeInNorthAmerica,
                "longitude \(coordinate.longitude) is east of Greenwich for a venue in \(venue.country): missing minus sign?"
            )
            return issues
        }
        if let band = timeZoneLongitudeBands[venue.timeZone] {
            if !band.contains(coordinate.longitude) {
                report(
                    .longitudeOutsideZone,
                    "longitude \(coordinate.longitude) is outside \(band.lowerBound)…\(band.upperBound), the band of "
                        + "\(venue.timeZone): wrong time zone or wrong coordinate")
            }
        } else if zoneKnown {
            report(
                .uncheckedTimeZone,
                "time zone \"\(venue.timeZone)\" has no longitude band to check against; add one to the validator")
        }
        return issues
    }

    /// A name's days of use: the current name always, an alias between its dates (nil = open).
    private struct NameUse {
        var venue: VenueID
        var name: String
        var from: LocalDate?
        var until: LocalDate?

        func overlaps(_ other: NameUse) -> Bool {
            let startsBeforeOtherEnds = from.map { start in other.until.map { start <= $0 } ?? true } ?? true
            let otherStartsBeforeThisEnds = other.from.map { start in until.map { start <= $0 } ?? true } ?? true
            return startsBeforeOtherEnds && otherStartsBeforeThisEnds
        }
    }

    private static func duplicateVenueNames(_ venues: [Venue]) -> [CatalogIssue] {
        var uses: [String: [NameUse]] = [:]
        for venue in venues {
            let names =
                [NameUse(venue: venue.id, name: venue.name)]
                + venue.aliases.map {
                    NameUse(venue: venue.id, name: $0.name, from: $0.validFrom, until: $0.validUntil)
                }
            for use in names {
                let key = normalized(use.name)
                guard !key.isEmpty else { continue }
                uses[key, default: []].append(use)
            }
        }
        var issues: [CatalogIssue] = []
        for key in uses.keys.sorted() {
            let list = uses[key] ?? []
            var reported: Set<VenueID> = []
            var seenInVenue: Set<VenueID> = []
            for use in list where !seenInVenue.insert(use.venue).inserted {
                // The catalogue indexes every spelling, so a repeat within one venue makes its own lookup ambiguous.
                issues.append(
                    CatalogIssue(
                        kind: .duplicateVenueName, subject: use.venue.rawValue,
                        message: "alias \"\(use.name)\" repeats another name of the same venue; remove it"))
            }
            for (index, use) in list.enumerated() {
                for other in list[(index + 1)...] where other.venue != use.venue && use.overlaps(other) {
                    guard reported.insert(other.venue).inserted else { continue }
                    issues.append(
                        CatalogIssue(
                            kind: .duplicateVenueName, subject: other.venue.rawValue,
                            message: "name \"\(other.name)\" is also used by \(use.venue) at the same time"))
                }
            }
        }
        return issues
    }

    private static func duplicateTeamNames(_ teams: [Team]) -> [CatalogIssue] {
        var owners: [League: [String: TeamID]] = [:]
        var issues: [CatalogIssue] = []
        for team in teams {
            let names = [team.name, team.nickname, team.abbreviation] + team.aliases
            for key in Set(names.map { normalized($0) }).sorted() where !key.isEmpty {
                if let owner = owners[team.league]?[key], owner != team.id {
                    issues.append(
                        CatalogIssue(
                            kind: .duplicateTeamName, subject: team.id.rawValue,
                            message: "\"\(key)\" also names \(owner) in \(team.league.displayName)"))
                } else {
                    owners[team.league, default: [:]][key] = team.id
                }
            }
        }
        return issues
    }
}
