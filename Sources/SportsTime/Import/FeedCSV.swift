import Foundation

/// A small RFC 4180 reader: comma-separated fields, records ended by CRLF or LF, fields in double quotes may hold
/// commas, line breaks and doubled quotes (`""`). Lenient where files in the wild are: a quote inside an unquoted
/// field is kept as text, text after a closing quote is appended, a UTF-8 byte-order mark is skipped and blank
/// lines are ignored.
struct FeedCSVReader: Sendable {
    /// One record and the (1-based) line it starts on.
    struct Record: Sendable, Equatable {
        var line: Int
        var fields: [String]
    }

    /// The records in file order.
    private(set) var records: [Record] = []
    /// The line of a quoted field that is never closed (its record runs to the end of the file), if any.
    private(set) var unterminatedQuoteLine: Int?

    init(_ text: String) {
        var bytes = Array(text.utf8)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        var fields: [String] = []
        var field: [UInt8] = []
        var line = 1
        var recordLine = 1
        var inQuotes = false
        var quoteOpenedOnLine = 1
        var fieldWasQuoted = false
        var index = 0

        func endField() {
            fields.append(String(decoding: field, as: UTF8.self))
            field.removeAll(keepingCapacity: true)
            fieldWasQuoted = false
        }
        func endRecord() {
            endField()
            let isBlank = fields.count == 1 && fields[0].trimmingCharacters(in: .whitespaces).isEmpty
            if !isBlank { records.append(Record(line: recordLine, fields: fields)) }
            fields.removeAll(keepingCapacity: true)
        }

        while index < bytes.count {
            let byte = bytes[index]
            if inQuotes {
                if byte == UInt8(ascii: "\"") {
                    if index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "\"") {
                        field.append(byte)
                        index += 1
                    } else {
                        inQuotes = false
                    }
                } else {
                    if byte == 0x0A { line += 1 }
                    field.append(byte)
                }
            } else {
                switch byte {
                case UInt8(ascii: ","):
                    endField()
                case 0x0D, 0x0A:
                    if byte == 0x0D, index + 1 < bytes.count, bytes[index + 1] == 0x0A { index += 1 }
                    endRecord()
                    line += 1
                    recordLine = line
                case UInt8(ascii: "\"") where field.isEmpty && !fieldWasQuoted:
                    inQuotes = true
                    fieldWasQuoted = true
                    quoteOpenedOnLine = line
                default:
                    field.append(byte)
                }
            }
            index += 1
        }
        if inQuotes { unterminatedQuoteLine = quoteOpenedOnLine }
        if !field.isEmpty || !fields.isEmpty || fieldWasQuoted { endRecord() }
    }
}

/// The header of a CSV file mapped to column positions, with lookups by column name.
struct FeedCSVTable: Sendable {
    let columns: [String: Int]
    let rows: [FeedCSVReader.Record]
    let unterminatedQuoteLine: Int?

    /// Reads `data` as CSV with a header row; throws when it is empty, binary or has no header.
    init(_ data: Data, format: ScheduleFormat) throws(ImportError) {
        guard let text = String(data: data, encoding: .utf8) ?? String(data: data, encoding: .isoLatin1) else {
            throw .unreadable(format, detail: "not text")
        }
        if text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { throw .empty(format) }
        if text.utf8.contains(0) { throw .unreadable(format, detail: "binary data, not CSV text") }
        let reader = FeedCSVReader(text)
        guard let header = reader.records.first else { throw .empty(format) }
        var columns: [String: Int] = [:]
        for (position, name) in header.fields.enumerated() {
            let key = name.trimmingCharacters(in: .whitespaces).lowercased()
            if columns[key] == nil { columns[key] = position }
        }
        self.columns = columns
        rows = Array(reader.records.dropFirst())
        unterminatedQuoteLine = reader.unterminatedQuoteLine
    }

    /// Throws when any of `names` is not a column.
    func require(_ names: [String], format: ScheduleFormat) throws(ImportError) {
        let missing = names.filter { columns[$0] == nil }
        guard missing.isEmpty else {
            // A file of another shape lacks most columns: say "wrong format" rather than list them all.
            if missing.count == names.count { throw .wrongShape(format) }
            throw .missingColumns(format, missing)
        }
    }

    /// The trimmed value of `column` in `row`; nil when absent, empty or `NA` (nflverse's missing value).
    func value(_ column: String, in row: FeedCSVReader.Record) -> String? {
        guard let position = columns[column], position < row.fields.count else { return nil }
        let value = row.fields[position].trimmingCharacters(in: .whitespaces)
        return value.isEmpty || value == "NA" ? nil : value
    }
}
