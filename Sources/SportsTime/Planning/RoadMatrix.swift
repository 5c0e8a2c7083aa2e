import Foundation

/// Real road times and distances between venues (from a routing engine such as OSRM), looked up by the two points'
/// coordinates so every planner that asks the ``TravelEstimator`` for a leg uses them where present.
public struct RoadMatrix: Sendable, Equatable {
    /// One directed leg.
    public struct Entry: Sendable, Equatable, Codable {
        /// Driving minutes.
        public var minutes: Double
        /// Road miles.
        public var miles: Double

        /// An entry from its parts.
        public init(minutes: Double, miles: Double) {
            self.minutes = minutes
            self.miles = miles
        }
    }

    /// Two coordinates rounded to 1e-4° (about 11 m), the lookup key.
    struct Key: Hashable, Sendable {
        var fromLatitude: Int32
        var fromLongitude: Int32
        var toLatitude: Int32
        var toLongitude: Int32

        init(_ from: Coordinate, _ to: Coordinate) {
            fromLatitude = Self.round(from.latitude)
            fromLongitude = Self.round(from.longitude)
            toLatitude = Self.round(to.latitude)
            toLongitude = Self.round(to.longitude)
        }

        static func round(_ value: Double) -> Int32 {
            guard value.isFinite else { return Int32.min }
            return Int32(max(-1_800_000, min(1_800_000, (value * 10_000).rounded())))
        }
    }

    private var entries: [Key: Entry] = [:]
    /// Where the times come from ("imported CSV", "OSRM http://…"), for reports.
    public var source: String

    /// An empty matrix.
    public init(source: String = "road matrix") {
        self.source = source
    }

    /// A matrix of `legs` between venues of `catalog` (legs naming unknown venues are skipped).
    public init(legs: [RoadLeg], catalog: Catalog, source: String = "road matrix") {
        self.source = source
        for leg in legs {
            guard let from = catalog.venue(leg.from), let to = catalog.venue(leg.to) else { continue }
            set(from: from.coordinate, to: to.coordinate, Entry(minutes: leg.minutes, miles: leg.miles))
        }
    }

    /// Directed legs stored.
    public var count: Int { entries.count }

    /// Whether no leg is stored.
    public var isEmpty: Bool { entries.isEmpty }

    /// Stores a leg (non-finite or negative values are ignored).
    public mutating func set(from: Coordinate, to: Coordinate, _ entry: Entry) {
        guard entry.minutes.isFinite, entry.miles.isFinite, entry.minutes >= 0, entry.miles >= 0 else { return }
        entries[Key(from, to)] = entry
    }

    /// The leg between two points, if stored.
    public func entry(from: Coordinate, to: Coordinate) -> Entry? {
        entries.isEmpty ? nil : entries[Key(from, to)]
    }
}

/// One row of a road-time matrix between two venues.
public struct RoadLeg: Sendable, Equatable, Codable {
    /// Start venue.
    public var from: VenueID
    /// End venue.
    public var to: VenueID
    /// Driving minutes.
    public var minutes: Double
    /// Road miles.
    public var miles: Double

    /// A leg from its parts.
    public init(from: VenueID, to: VenueID, minutes: Double, miles: Double) {
        self.from = from
        self.to = to
        self.minutes = minutes
        self.miles = miles
    }
}

/// What reading a road-matrix CSV produced: the good rows, and each bad row with its line and reason.
public struct RoadMatrixImport: Sendable, Equatable {
    /// A row that was not imported.
    public struct Problem: Sendable, Equatable, Codable {
        /// 1-based line of the file.
        public var line: Int
        /// Why.
        public var message: String
    }

    /// Rows read.
    public var legs: [RoadLeg]
    /// Rows rejected.
    public var problems: [Problem]

    /// Reads `from,to,minutes,miles` rows (a header line naming those columns, in any order, is required; extra
    /// columns are ignored). Venues may be given by id or by name (current name or alias) in `catalog`. Bad rows —
    /// unknown or ambiguous venues, a venue to itself, missing or non-numeric, negative or absurd values (over
    /// 10,000 miles or 200 h), a speed over 100 mph — are reported and skipped; the good rows are kept. A leg given
    /// twice keeps the later row and reports the earlier one.
    public static func read(csv text: String, catalog: Catalog) -> RoadMatrixImport {
        var legs: [RoadLeg] = []
        var problems: [Problem] = []
        var lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map(String.init)
        if let first = lines.first, first.hasPrefix("\u{FEFF}") { lines[0] = String(first.dropFirst()) }
        guard let headerIndex = lines.firstIndex(where: { !$0.trimmingCharacters(in: .whitespaces).isEmpty }) else {
            return RoadMatrixImport(legs: [], problems: [Problem(line: 1, message: "empty file")])
        }
        let header = FeedCSVLine.split(lines[headerIndex]).map { $0.lowercased().trimmingCharacters(in: .whitespaces) }
        func column(_ names: [String]) -> Int? { header.firstIndex { names.contains($0) } }
        guard let fromColumn = column(["from", "origin", "from_venue"]),
            let toColumn = column(["to", "destination", "to_venue"]),
            let minutesColumn = column(["minutes", "duration_minutes"]),
            let milesColumn = column(["miles", "distance_miles"])
        else {
            return RoadMatrixImport(
                legs: [],
                problems: [
                    Problem(line: headerIndex + 1, message: "the header must name the columns from, to, minutes, miles")
                ])
        }
        var seen: [String: (index: Int, line: Int)] = [:]
        for index in lines.indices where index > headerIndex {
            let raw = lines[index]
            guard !raw.trimmingCharacters(in: .whitespaces).isEmpty else { continue }
            let lineNumber = index + 1
            let fields = FeedCSVLine.split(raw).map { $0.trimmingCharacters(in: .whitespaces) }
            func field(_ column: Int) -> String { column < fields.count ? fields[column] : "" }
            guard let from = venue(field(fromColumn), catalog: catalog) else {
                problems.append(Problem(line: lineNumber, message: "unknown venue “\(field(fromColumn))”"))
                continue
            }
            guard let to = venue(field(toColumn), catalog: catalog) else {
                problems.append(Problem(line: lineNumber, message: "unknown venue “\(field(toColumn))”"))
                continue
            }
            guard from != to else {
                problems.append(Problem(line: lineNumber, message: "a leg from \(from) to itself"))
                continue
            }
            guard let minutes = Double(field(minutesColumn)), minutes.isFinite, minutes > 0, minutes <= 12_000 else {
                problems.append(Problem(line: lineNumber, message: "minutes must be a number in (0, 12000]"))
                continue
            }
            guard let miles = Double(field(milesColumn)), miles.isFinite, miles > 0, miles <= 10_000 else {
                problems.append(Problem(line: lineNumber, message: "miles must be a number in (0, 10000]"))
                continue
            }
            guard miles / (minutes / 60) <= 100 else {
                problems.append(
                    Problem(line: lineNumber, message: "\(Int(miles)) mi in \(Int(minutes)) min is over 100 mph"))
                continue
            }
            let key = "\(from.rawValue)\u{1}\(to.rawValue)"
            if let earlier = seen[key] {
                problems.append(
                    Problem(line: earlier.line, message: "\(from) → \(to) is given again on line \(lineNumber)"))
                legs[earlier.index] = RoadLeg(from: from, to: to, minutes: minutes, miles: miles)
                seen[key] = (earlier.index, lineNumber)
                continue
            }
            seen[key] = (legs.count, lineNumber)
            legs.append(RoadLeg(from: from, to: to, minutes: minutes, miles: miles))
        }
        problems.sort { $0.line < $1.line }
        return RoadMatrixImport(legs: legs, problems: problems)
    }

    /// A venue named by id or by name.
    static func venue(_ text: String, catalog: Catalog) -> VenueID? {
        guard !text.isEmpty else { return nil }
        if catalog.venue(VenueID(rawValue: text)) != nil { return VenueID(rawValue: text) }
        return catalog.venue(named: text)?.id
    }
}

/// Splits one CSV line (double-quoted fields with "" escapes).
enum FeedCSVLine {
    static func split(_ line: String) -> [String] {
        var fields: [String] = []
        var current = ""
        var quoted = false
        var iterator = line.makeIterator()
        var pending: Character? = nil
        while let character = pending ?? iterator.next() {
            pending = nil
            if quoted {
                if character == "\"" {
                    if let next = iterator.next() {
                        if next == "\"" {
                            current.append("\"")
                        } else {
                            quoted = false
                            pending = next
                        }
                    } else {
                        quoted = false
                    }
                } else {
                    current.append(character)
                }
            } else if character == "\"" {
                quoted = true
            } else if character == "," {
                fields.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        fields.append(current)
        return fields
    }
}
