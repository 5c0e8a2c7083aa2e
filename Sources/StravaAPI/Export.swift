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
    /// The file has more data rows than one import may hold (the limit is given).
    case tooManyRows(Int)
    /// The file could not be read (the reason is given).
    case unreadable(String)

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
        case .tooManyRows(let limit):
            return "The file has more than \(Self.grouped(limit)) "
                + "activities, more than one import takes. Split it into smaller files (by year, for example) "
                + "and import each."
        case .unreadable(let reason):
            return "The file could not be read (\(reason)). Upload it again."
        }
    }

    /// 50000 → "50,000".
    static func grouped(_ value: Int) -> String {
        var digits = String(value.magnitude)
        var groups: [Substring] = []
        while digits.count > 3 {
            groups.insert(Substring(digits.suffix(3)), at: 0)
            digits.removeLast(3)
        }
        groups.insert(Substring(digits), at: 0)
        return (value < 0 ? "-" : "") + groups.joined(separator: ",")
    }
}

/// One data row of an export as read: an activity, or a row that cannot be imported.
public enum StravaExportItem: Sendable, Equatable {
    /// A row read completely.
    case row(StravaExportRow)
    /// A row that was skipped and why.
    case problem(StravaExportProblem)
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
        let file = try StravaExportFile(data: data)
        var rows: [StravaExportRow] = []
        var problems: [StravaExportProblem] = []
        var items = try file.items()
        while let item = try items.next() {
            switch item {
            case .row(let row): rows.append(row)
            case .problem(let problem): problems.append(problem)
            }
        }
        return StravaExportReport(rows: rows, problems: problems)
    }
}

/// An export read in two passes, one chunk and one row at a time, so a large file is never held in memory.
///
/// Creating it reads the file once: it checks that the file is UTF-8 text with the needed columns, counts the data
/// rows (refusing more than `maxRows`) and decides the distance units from the whole file's values.
/// ``items()`` then reads it again row by row.
public struct StravaExportFile: Sendable {
    private enum Source: Sendable {
        case file(URL)
        case bytes([UInt8])
    }
    private let source: Source
    let columns: Columns
    let units: Reader.DistanceUnits
    /// Data rows after the header (blank lines are not counted).
    public let dataRows: Int

    /// Checks the CSV file at `url`.
    public init(file url: URL, maxRows: Int = .max) throws(StravaExportError) {
        try self.init(source: .file(url), maxRows: maxRows)
    }

    /// Checks CSV bytes in memory.
    public init(data: Data, maxRows: Int = .max) throws(StravaExportError) {
        try self.init(source: .bytes([UInt8](data)), maxRows: maxRows)
    }

    private init(source: Source, maxRows: Int) throws(StravaExportError) {
        self.source = source
        var stream = try Self.stream(source)
        defer { stream.close() }
        var header: CSVReader.Record?
        var columns: Result<Columns, StravaExportError>?
        var rows = 0
        var statistics = Reader.UnitStatistics()
        var invalidText = false
        while let record = try Self.next(&stream) {
            if record.invalidText || stream.sawNUL {
                invalidText = true
                break
            }
            guard header != nil else {
                header = record
                do throws(StravaExportError) {
                    columns = .success(try Columns(header: record.fields))
                } catch {
                    columns = .failure(error)
                }
                continue
            }
            guard case .success(let found) = columns else { continue }
            if Reader.isBlank(record) { continue }
            rows += 1
            if rows > maxRows { throw .tooManyRows(maxRows) }
            statistics.add(record, columns: found)
        }
        if invalidText || stream.sawNUL { throw .notText }
        guard stream.sawText, let columns else { throw .empty }
        let found = try columns.get()
        self.columns = found
        self.units = Reader.distanceUnits(columns: found, statistics: statistics)
        self.dataRows = rows
    }

    private static func stream(_ source: Source) throws(StravaExportError) -> CSVRecordStream {
        switch source {
        case .bytes(let bytes):
            return CSVRecordStream(ByteChunks(bytes: bytes))
        case .file(let url):
            do {
                return CSVRecordStream(try ByteChunks(file: url))
            } catch {
                throw .unreadable(error.localizedDescription)
            }
        }
    }

    private static func next(_ stream: inout CSVRecordStream) throws(StravaExportError) -> CSVReader.Record? {
        do {
            return try stream.next()
        } catch {
            throw .unreadable(error.localizedDescription)
        }
    }

    /// The data rows, in file order, as rows or problems.
    public func items() throws(StravaExportError) -> Items {
        var stream = try Self.stream(source)
        // The header was checked when the file was opened.
        do throws(StravaExportError) {
            _ = try Self.next(&stream)
        } catch {
            stream.close()
            throw error
        }
        return Items(stream: stream, reader: Reader(columns: columns, units: units))
    }

    /// Reads the rows one at a time (the second pass).
    public struct Items {
        fileprivate var stream: CSVRecordStream
        fileprivate let reader: Reader
        private var seen: [String: Int] = [:]

        fileprivate init(stream: CSVRecordStream, reader: Reader) {
            self.stream = stream
            self.reader = reader
        }

        /// The next row or problem, or nil after the last row.
        public mutating func next() throws(StravaExportError) -> StravaExportItem? {
            while let record = try StravaExportFile.next(&stream) {
                if Reader.isBlank(record) { continue }
                switch reader.row(record) {
                case .row(let row):
                    if let first = seen[row.activityID] {
                        return .problem(
                            StravaExportProblem(
                                line: row.line,
                                message:
                                    "Activity ID \(row.activityID) appears again (first on line \(first)); skipped."
                            ))
                    }
                    seen[row.activityID] = row.line
                    return .row(row)
                case .problem(let problem):
                    return .problem(problem)
                }
            }
            return nil
        }

        /// Stops reading (closes the file).
        public func close() { stream.close() }
    }
}

/// Where each needed column is.
struct Columns: Sendable {
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
struct Reader: Sendable {
    var columns: Columns
    var units: DistanceUnits

    /// How to convert the distance columns to metres, decided once for the whole file.
    struct DistanceUnits: Sendable {
        /// Metres per unit of the first (summary) column.
        var first: Double
        /// Metres per unit of a later (precise) column.
        var later: Double
    }

    typealias Outcome = StravaExportItem

    /// What the first pass collects to decide the distance units.
    struct UnitStatistics {
        /// Values of the first distance column.
        var firstValues: [Double] = []
        /// Ratios of the precise (later) distance column to the summary (first) one.
        var ratios: [Double] = []

        mutating func add(_ record: CSVReader.Record, columns: Columns) {
            guard let first = columns.distances.first, first < record.fields.count else { return }
            let summary = Reader.number(record.fields[first].trimmingCharacters(in: .whitespaces))
            if let summary { firstValues.append(summary) }
            if columns.distances.count > 1, let later = columns.distances.last, later < record.fields.count,
                let summary, summary > 0,
                let precise = Reader.number(record.fields[later].trimmingCharacters(in: .whitespaces)), precise > 0
            {
                ratios.append(precise / summary)
            }
        }
    }

    /// A record whose fields are all empty or blanks (skipped, not counted).
    static func isBlank(_ record: CSVReader.Record) -> Bool {
        record.fields.allSatisfy { $0.trimmingCharacters(in: .whitespaces).isEmpty }
    }

    /// `text` for a message: at most 40 characters, so a problem list stays short whatever the file holds.
    static func quoted(_ text: String) -> String {
        let shown = text.count > 40 ? text.prefix(39) + "…" : Substring(text)
        return "\"\(shown)\""
    }

    private func field(_ record: CSVReader.Record, _ index: Int?) -> String {
        guard let index, index < record.fields.count else { return "" }
        return record.fields[index].trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func row(_ record: CSVReader.Record) -> Outcome {
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
            issues.append("Activity ID \(Self.quoted(id)) is not a number")
        }

        let dateText = field(record, columns.date)
        let date = ExportDate.parse(dateText)
        if dateText.isEmpty {
            issues.append("Activity Date is empty")
        } else if date == nil {
            issues.append("Activity Date \(Self.quoted(dateText)) is not a date like \"Mar 12, 2024, 6:00:00 PM\"")
        }

        let typeText = field(record, columns.type)
        let sportType = StravaSportType.bestIdentifier(for: typeText)
        if sportType == nil {
            issues.append(
                typeText.isEmpty ? "Activity Type is empty" : "Activity Type \(Self.quoted(typeText)) is not a sport")
        }

        let distance = distanceValue(record, issues: &issues)

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
            issues.append("Commute \(Self.quoted(commuteText)) is not true or false")
        }
        let trainerText = field(record, columns.trainer)
        let trainer = trainerText.isEmpty ? nil : Self.bool(trainerText)
        if !trainerText.isEmpty, trainer == nil {
            issues.append("Trainer \(Self.quoted(trainerText)) is not true or false")
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

    private func distanceValue(_ record: CSVReader.Record, issues: inout [String]) -> Double? {
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
            issues.append("\(column) \(Self.quoted(text)) is not a number")
            return nil
        }
        guard value >= 0 else {
            issues.append("\(column) is negative (\(text.prefix(40)))")
            return nil
        }
        return value
    }

    /// Decides the distance units from the whole file's values.
    static func distanceUnits(columns: Columns, statistics: UnitStatistics) -> DistanceUnits {
        guard let first = columns.distances.first else { return DistanceUnits(first: 1000, later: 1) }
        if columns.distances.count > 1 {
            // The ratio of the precise column to the summary column tells the summary unit: ~1000 for km,
            // ~1609 for miles, ~1 when both hold km.
            guard let ratio = median(statistics.ratios) else { return DistanceUnits(first: 1000, later: 1) }
            if ratio < 10 { return DistanceUnits(first: 1000, later: 1000) }
            return DistanceUnits(first: abs(ratio - 1609.344) < abs(ratio - 1000) ? 1609.344 : 1000, later: 1)
        }
        var inKilometres = columns.moving.map { first < $0 } ?? true
        if let median = median(statistics.firstValues.filter { $0 > 0 }) {
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
