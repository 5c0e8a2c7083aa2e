import Foundation

/// An RFC 4180 reader over UTF-8 bytes that keeps each record's physical line number.
///
/// Lenient where real exports are sloppy: a quote inside an unquoted field is literal, text after a closing
/// quote is kept, records may have any number of fields, LF, CRLF and lone CR all end a line, and blank
/// lines are skipped.
struct CSVReader {
    struct Record: Equatable {
        /// The 1-based physical line the record starts on.
        var line: Int
        var fields: [String]
        /// The record's last field opened a quote that the file never closed.
        var unterminatedQuote = false
    }

    private static let quote = UInt8(ascii: "\"")
    private static let comma = UInt8(ascii: ",")
    private static let cr = UInt8(ascii: "\r")
    private static let lf = UInt8(ascii: "\n")

    static func records(_ bytes: [UInt8]) -> [Record] {
        var records: [Record] = []
        var fields: [String] = []
        var field: [UInt8] = []
        var inQuotes = false
        var fieldWasQuoted = false
        var line = 1
        var recordLine = 1
        var index = 0
        let count = bytes.count

        func endField() {
            fields.append(String(decoding: field, as: UTF8.self))
            field.removeAll(keepingCapacity: true)
        }
        func endRecord(nextLine: Int) {
            let blank = fields.isEmpty && field.isEmpty && !fieldWasQuoted
            if !blank {
                endField()
                records.append(Record(line: recordLine, fields: fields))
            }
            fields.removeAll(keepingCapacity: true)
            field.removeAll(keepingCapacity: true)
            fieldWasQuoted = false
            recordLine = nextLine
        }

        while index < count {
            let byte = bytes[index]
            if inQuotes {
                if byte == quote {
                    if index + 1 < count, bytes[index + 1] == quote {
                        field.append(quote)
                        index += 2
                    } else {
                        inQuotes = false
                        index += 1
                    }
                    continue
                }
                if byte == cr || byte == lf {
                    // A line break inside a field: kept as "\n", counted as one physical line.
                    field.append(lf)
                    line += 1
                    index += (byte == cr && index + 1 < count && bytes[index + 1] == lf) ? 2 : 1
                    continue
                }
                field.append(byte)
                index += 1
                continue
            }
            switch byte {
            case quote where field.isEmpty && !fieldWasQuoted:
                inQuotes = true
                fieldWasQuoted = true
                index += 1
            case comma:
                endField()
                fieldWasQuoted = false
                index += 1
            case cr, lf:
                index += (byte == cr && index + 1 < count && bytes[index + 1] == lf) ? 2 : 1
                line += 1
                endRecord(nextLine: line)
            default:
                field.append(byte)
                index += 1
            }
        }
        if inQuotes {
            endField()
            records.append(Record(line: recordLine, fields: fields, unterminatedQuote: true))
        } else {
            endRecord(nextLine: line)
        }
        return records
    }
}
