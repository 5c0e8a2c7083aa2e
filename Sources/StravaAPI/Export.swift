import Foundation

/// One activity read from the bulk export's `activities.csv`.
public struct StravaExportRow: Sendable, Equatable {
    /// The physical line the row starts on (header = line 1).
    public var line: Int
    /// Strava's activity id, digits only.
    public var activityID: String
    /// When the activity started, in UTC.
    public var startDate: Date
    /// The activity's title (may be empty).
    public var name: String
    /// The API sport-type identifier, such as `VirtualRide`.
    public var sportType: String
    /// Distance in metres.
    public var distance: Double
    /// Moving time in seconds (the elapsed time when the export has none).
    public var movingTime: Int
    /// Elapsed time in seconds.
    public var elapsedTime: Int
    /// Elevation gain in metres (0 when empty).
    public var elevationGain: Double
    /// Whether the activity is marked as a commute.
    public var commute: Bool
    /// Whether it was recorded on a trainer, when the export says.
    public var trainer: Bool?

    /// Creates a row.
    public init(
        line: Int, activityID: String, startDate: Date, name: String, sportType: String, distance: Double,
        movingTime: Int, elapsedTime: Int, elevationGain: Double, commute: Bool, trainer: Bool? = nil
    ) {
        self.line = line
        self.activityID = activityID
        self.startDate = startDate
        self.name = name
        self.sportType = sportType
        self.distance = distance
        self.movingTime = movingTime
        self.elapsedTime = elapsedTime
        self.elevationGain = elevationGain
        self.commute = commute
        self.trainer = trainer
    }
}

/// A row that could not be imported and why.
public struct StravaExportProblem: Sendable, Equatable {
    /// The physical line the row starts on (header = line 1).
    public var line: Int
    /// What is wrong, naming the column.
    public var message: String

    /// Creates a problem.
    public init(line: Int, message: String) {
        self.line = line
        self.message = message
    }
}

/// The outcome of reading an export: the good rows and the bad ones.
public struct StravaExportReport: Sendable, Equatable {
    /// Rows that were read completely, in file order.
    public var rows: [StravaExportRow]
    /// Rows that were skipped, in file order.
    public var problems: [StravaExportProblem]

    /// Creates a report.
    public init(rows: [StravaExportRow], problems: [StravaExportProblem]) {
        self.rows = rows
        self.problems = problems
    }
}

/// Why an export file cannot be read at all.
public enum StravaExportError: Error, Sendable, Equatable {
    /// The file is not UTF-8 text (perhaps the ZIP archive itself or a spreadsheet).
    case notText
    /// The header lacks required columns, listed by name.
    case missingColumns([String])
    /// The file has no header.
    case empty

    /// A sentence telling the user what went wrong and what to do.
    public var message: String {
        switch self {
        case .notText:
            return
                "The file is not a text CSV file. Upload activities.csv from Strava's \"Download your data\" archive."
        case .missingColumns(let names):
            return "The file is missing the column\(names.count == 1 ? "" : "s") "
                + names.map { "\"\($0)\"" }.joined(separator: ", ")
                + ". Upload activities.csv from Strava's \"Download your data\" archive."
        case .empty:
            return "The file is empty. Upload activities.csv from Strava's \"Download your data\" archive."
        }
    }
}

/// Reads `activities.csv` from Strava's "Download your data" archive.
///
/// Columns are found by name. Where names repeat, the first `Distance` is the summary value (km, or miles for
/// imperial accounts) and a later one is precise metres, preferred when filled; the later `Elapsed Time` is
/// preferred likewise. With a single `Distance` column, the unit follows its position (before `Moving Time` or
/// without one: km) unless the values' magnitude clearly says otherwise.
public enum StravaExportCSV {
    /// Parses the file; throws only when it is unusable as a whole, and reports bad rows as problems.
    public static func parse(_ data: Data) throws(StravaExportError) -> StravaExportReport {
        var bytes = [UInt8](data)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            bytes.removeFirst(3)
        }
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) || bytes.contains(0)
            || String(bytes: bytes, encoding: .utf8) == nil
        {
            throw .notText
        }
        if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) {
            throw .empty
        }
        let records = CSVReader.records(bytes)
        guard let header = records.first else { throw .empty }
        let columns = try Columns(header: header.fields)
        return Reader(columns: columns, records: Array(records.dropFirst())).report()
    }
}

/// Where each needed column is.
struct Columns {
    var id: Int
    var date: Int
    var type: Int
    var name: Int?
    var distances: [Int]
    var elapsed: [Int]
    var moving: Int?
    var elevation: Int?
    var commute: Int?
    var trainer: Int?
    var headerCount: Int

    init(header: [String]) throws(StravaExportError) {
        let names = header.map(Self.normalize)
        func all(_ candidates: String...) -> [Int] {
            for candidate in candidates {
                let found = names.indices.filter { names[$0] == candidate }
                if !found.isEmpty { return found }
            }
            return []
        }
        let id = all("activity id", "id").first
        let date = all("activity date", "date").first
        let type = all("activity type", "type").first
        let distances = all("distance")
        var missing: [String] = []
        if id == nil { missing.append("Activity ID") }
        if date == nil { missing.append("Activity Date") }
        if type == nil { missing.append("Activity Type") }
        if distances.isEmpty { missing.append("Distance") }
        guard missing.isEmpty, let id, let date, let type else {
            throw .missingColumns(missing)
        }
        self.id = id
        self.date = date
        self.type = type
        self.distances = distances
        name = all("activity name", "name").first
        elapsed = all("elapsed time")
        moving = all("moving time").first
        elevation = all("elevation gain", "total elevation gain").first
        commute = all("commute").first
        trainer = all("trainer").first
        headerCount = header.count
    }

    /// The highest index a row must reach to be usable.
    var requiredCount: Int { max(id, date, type, distances.first ?? 0) + 1 }

    static func normalize(_ name: String) -> String {
        name.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
            .replacingOccurrences(of: "_", with: " ")
            .split(separator: " ").joined(separator: " ")
    }
}

/// Turns records into rows and problems.
struct Reader {
    var columns: Columns
    var records: [CSVReader.Record]

    /// How to convert the distance columns to metres, decided once for the whole file.
    struct DistanceUnits {
        /// Metres per unit of the first (summary) column.
        var first: Double
        /// Metres per unit of a later (precise) column.
        var later: Double
    }

    enum Outcome {
        case row(StravaExportRow)
        case problem(StravaExportProblem)
    }

    func report() -> StravaExportReport {
        let units = distanceUnits()
        var rows: [StravaExportRow] = []
        var problems: [StravaExportProblem] = []
        var seen: [String: Int] = [:]
        for record in records {
            if record.fields.allSatisfy({ $0.trimmingCharacters(in: .whitespaces).isEmpty }) {
                continue
            }
            switch row(record, units: units) {
            case .row(let row):
                if let first = seen[row.activityID] {
                    problems.append(
                        StravaExportProblem(
                            line: row.line,
                            message: "Activity ID \(row.activityID) appears again (first on line \(first)); skipped."))
                } else {
                    seen[row.activityID] = row.line
                    rows.append(row)
                }
            case .problem(let problem):
                problems.append(problem)
            }
        }
        return StravaExportReport(rows: rows, problems: problems)
    }

    private func field(_ record: CSVReader.Record, _ index: Int?) -> String {
        guard let index, index < record.fields.count else { return "" }
        return record.fields[index].trimmingCharacters(in: .whitespacesAndNewlines)
    }

    private func row(_ record: CSVReader.Record, units: DistanceUnits) -> Outcome {
        let line = record.line
        if record.unterminatedQuote {
            return .problem(
                StravaExportProblem(
                    line: line,
                    message: "A quoted field opened on this row is never closed, so the rest of the file was skipped."))
        }
        if record.fields.count < columns.requiredCount {
            return .problem(
                StravaExportProblem(
                    line: line,
                    message: "The row has only \(record.fields.count) of \(columns.headerCount) columns; "
                        + "it is cut off or not an activity."))
        }
        var issues: [String] = []

        let id = field(record, columns.id)
        if id.isEmpty {
            issues.append("Activity ID is empty")
        } else if !id.allSatisfy({ $0.isASCII && $0.isNumber }) {
            issues.append("Activity ID \"\(id)\" is not a number")
        }

        let dateText = field(record, columns.date)
        let date = ExportDate.parse(dateText)
        if dateText.isEmpty {
            issues.append("Activity Date is empty")
        } else if date == nil {
            issues.append("Activity Date \"\(dateText)\" is not a date like \"Mar 12, 2024, 6:00:00 PM\"")
        }

        let typeText = field(record, columns.type)
        let sportType = StravaSportType.bestIdentifier(for: typeText)
        if sportType == nil {
            issues.append(typeText.isEmpty ? "Activity Type is empty" : "Activity Type \"\(typeText)\" is not a sport")
        }

        let distance = distanceValue(record, units: units, issues: &issues)

        var elapsed: Double?
        for index in columns.elapsed.reversed() {
            let text = field(record, index)
            guard !text.isEmpty else { continue }
            elapsed = measure(text, column: "Elapsed Time", duration: true, issues: &issues)
            break
        }
        var moving: Double?
        let movingText = field(record, columns.moving)
        if !movingText.isEmpty {
            moving = measure(movingText, column: "Moving Time", duration: true, issues: &issues)
        }
        let elevationText = field(record, columns.elevation)
        let elevation =
            elevationText.isEmpty ? 0 : measure(elevationText, column: "Elevation Gain", issues: &issues)

        let commuteText = field(record, columns.commute)
        let commute = Self.bool(commuteText)
        if commute == nil {
            issues.append("Commute \"\(commuteText)\" is not true or false")
        }
        let trainerText = field(record, columns.trainer)
        let trainer = trainerText.isEmpty ? nil : Self.bool(trainerText)
        if !trainerText.isEmpty, trainer == nil {
            issues.append("Trainer \"\(trainerText)\" is not true or false")
        }

        guard issues.isEmpty, let date, let sportType, let distance else {
            return .problem(StravaExportProblem(line: line, message: issues.joined(separator: "; ") + "."))
        }
        let elapsedTime = Self.seconds(elapsed ?? moving ?? 0)
        return .row(
            StravaExportRow(
                line: line, activityID: id, startDate: date, name: field(record, columns.name), sportType: sportType,
                distance: distance, movingTime: moving.map(Self.seconds) ?? elapsedTime, elapsedTime: elapsedTime,
                elevationGain: elevation ?? 0, commute: commute ?? false, trainer: trainer))
    }

    private func distanceValue(_ record: CSVReader.Record, units: DistanceUnits, issues: inout [String]) -> Double? {
        let first = columns.distances.first
        let later = columns.distances.count > 1 ? columns.distances.last : nil
        let laterText = field(record, later)
        if !laterText.isEmpty {
            return measure(laterText, column: "Distance", issues: &issues).map { $0 * units.later }
        }
        let firstText = field(record, first)
        if firstText.isEmpty {
            // Manual entries such as weight training carry no distance.
            return 0
        }
        return measure(firstText, column: "Distance", issues: &issues).map { $0 * units.first }
    }

    /// A non-negative number in the field, or nil with an issue naming the column.
    private func measure(_ text: String, column: String, duration: Bool = false, issues: inout [String]) -> Double? {
        guard let value = Self.number(text) ?? (duration ? Self.clockDuration(text) : nil) else {
            issues.append("\(column) \"\(text)\" is not a number")
            return nil
        }
        guard value >= 0 else {
            issues.append("\(column) is negative (\(text))")
            return nil
        }
        return value
    }

    /// Decides the distance units from the whole file's values.
    func distanceUnits() -> DistanceUnits {
        guard let first = columns.distances.first else { return DistanceUnits(first: 1000, later: 1) }
        let firstValues = records.compactMap { record -> Double? in
            guard first < record.fields.count else { return nil }
            return Self.number(record.fields[first].trimmingCharacters(in: .whitespaces))
        }
        if columns.distances.count > 1, let later = columns.distances.last {
            // The ratio of the precise column to the summary column tells the summary unit: ~1000 for km,
            // ~1609 for miles, ~1 when both hold km.
            let ratios = records.compactMap { record -> Double? in
                guard later < record.fields.count, first < record.fields.count,
                    let summary = Self.number(record.fields[first].trimmingCharacters(in: .whitespaces)),
                    let precise = Self.number(record.fields[later].trimmingCharacters(in: .whitespaces)),
                    summary > 0, precise > 0
                else { return nil }
                return precise / summary
            }
            guard let ratio = Self.median(ratios) else { return DistanceUnits(first: 1000, later: 1) }
            if ratio < 10 { return DistanceUnits(first: 1000, later: 1000) }
            return DistanceUnits(first: abs(ratio - 1609.344) < abs(ratio - 1000) ? 1609.344 : 1000, later: 1)
        }
        var inKilometres = columns.moving.map { first < $0 } ?? true
        if let median = Self.median(firstValues.filter { $0 > 0 }) {
            // Nobody's typical activity is over 1,000 km or under 20 m.
            if inKilometres, median > 1000 { inKilometres = false }
            if !inKilometres, median < 20 { inKilometres = true }
        }
        let unit = inKilometres ? 1000.0 : 1
        return DistanceUnits(first: unit, later: unit)
    }

    static func median(_ values: [Double]) -> Double? {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    /// A finite number; a lone decimal comma ("25,5") is accepted for exports that went through a spreadsheet.
    static func number(_ text: String) -> Double? {
        guard !text.isEmpty else { return nil }
        if let value = Double(text), value.isFinite { return value }
        if !text.contains("."), text.filter({ $0 == "," }).count == 1,
            let value = Double(text.replacingOccurrences(of: ",", with: ".")), value.isFinite
        {
            return value
        }
        return nil
    }

    /// Seconds in `H:MM:SS` or `MM:SS`.
    static func clockDuration(_ text: String) -> Double? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard (2...3).contains(parts.count) else { return nil }
        var total = 0.0
        for (index, part) in parts.enumerated() {
            guard let value = Double(part), value.isFinite, value >= 0, index == 0 || value < 60 else { return nil }
            total = total * 60 + value
        }
        return total
    }

    static func seconds(_ value: Double) -> Int {
        guard value.isFinite, value < Double(Int32.max) else { return Int(Int32.max) }
        return Int(value.rounded())
    }

    static func bool(_ text: String) -> Bool? {
        switch text.lowercased() {
        case "", "false", "0", "no", "n": return false
        case "true", "1", "yes", "y": return true
        default: return nil
        }
    }
}

/// The export's `Activity Date` formats, all UTC.
enum ExportDate {
    private static let months = [
        "january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
        "november", "december",
    ]

    /// Parses `Mar 12, 2024, 6:00:00 PM`, `12 Mar 2024, 18:00:00` and ISO 8601.
    static func parse(_ raw: String) -> Date? {
        let text = String(
            raw.unicodeScalars.map { scalar -> Character in
                // ICU puts a narrow no-break space before AM/PM in newer formats.
                scalar.properties.isWhitespace ? " " : Character(scalar)
            }
        ).trimmingCharacters(in: .whitespaces)
        if text.first?.isNumber == true, let date = ISO8601.parse(text) {
            return date
        }
        var tokens = text.split { $0 == " " || $0 == "," }.map(String.init)
        var meridiem: String?
        if let last = tokens.last {
            let lowered = last.lowercased().replacingOccurrences(of: ".", with: "")
            if lowered == "am" || lowered == "pm" {
                meridiem = lowered
                tokens.removeLast()
            } else if lowered.hasSuffix("am") || lowered.hasSuffix("pm"), lowered.contains(":") {
                meridiem = String(lowered.suffix(2))
                tokens[tokens.count - 1] = String(last.dropLast(2))
            }
        }
        guard tokens.count == 4 else { return nil }
        var month: Int64?
        var day: Int64?
        var year: Int64?
        var time: (Int64, Int64, Int64)?
        for token in tokens {
            if token.contains(":") {
                guard time == nil, let parsed = clock(token) else { return nil }
                time = parsed
            } else if token.allSatisfy({ $0.isASCII && $0.isNumber }) {
                guard let value = Int64(token) else { return nil }
                if token.count == 4 {
                    guard year == nil else { return nil }
                    year = value
                } else if token.count <= 2 {
                    guard day == nil else { return nil }
                    day = value
                } else {
                    return nil
                }
            } else {
                let name = token.lowercased().replacingOccurrences(of: ".", with: "")
                guard month == nil, name.count >= 3,
                    let index = months.firstIndex(where: { $0.hasPrefix(name) })
                else { return nil }
                month = Int64(index + 1)
            }
        }
        guard let month, let day, let year, let (clockHour, minute, second) = time else { return nil }
        var hour = clockHour
        if let meridiem {
            guard (1...12).contains(hour) else { return nil }
            hour = hour % 12 + (meridiem == "pm" ? 12 : 0)
        }
        return UTCCalendar.date(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
    }

    private static func clock(_ token: String) -> (Int64, Int64, Int64)? {
        let parts = token.split(separator: ":", omittingEmptySubsequences: false)
        guard (2...3).contains(parts.count), parts.allSatisfy({ !$0.isEmpty && $0.count <= 2 }) else { return nil }
        let values = parts.compactMap { Int64($0) }
        guard values.count == parts.count else { return nil }
        return (values[0], values[1], values.count == 3 ? values[2] : 0)
    }
}
