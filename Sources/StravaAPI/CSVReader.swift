import Foundation

/// An RFC 4180 reader over UTF-8 bytes that keeps each record's physical line number.
///
/// Lenient where real exports are sloppy: a quote inside an unquoted field is literal, text after a closing
/// quote is kept, records may have any number of fields, LF, CRLF and lone CR all end a line, and blank
/// lines are skipped.
///
/// Bytes arrive in chunks of any size (``feed(_:into:)``, then ``finish(into:)``), so a file is read without holding
/// it. A hostile file cannot make one record huge: a field keeps at most ``maxFieldBytes`` bytes and a record at
/// most ``maxFields`` fields; the record says what was cut.
struct CSVReader {
    struct Record: Equatable {
        /// The 1-based physical line the record starts on.
        var line: Int
        var fields: [String]
        /// The record's last field opened a quote that the file never closed.
        var unterminatedQuote = false
        /// Indices of fields longer than ``CSVReader/maxFieldBytes`` (their text is the beginning only).
        var cutFields: [Int] = []
        /// Fields dropped beyond ``CSVReader/maxFields``.
        var droppedFields = 0
        /// A field is not valid UTF-8.
        var invalidText = false
    }

    private static let quote = UInt8(ascii: "\"")
    private static let comma = UInt8(ascii: ",")
    private static let cr = UInt8(ascii: "\r")
    private static let lf = UInt8(ascii: "\n")

    /// Bytes kept of one field.
    var maxFieldBytes = 16 << 10
    /// Fields kept of one record.
    var maxFields = 256

    private var fields: [String] = []
    private var field: [UInt8] = []
    private var fieldBytes = 0
    private var cutFields: [Int] = []
    private var droppedFields = 0
    private var invalidText = false
    private var inQuotes = false
    /// A quote was seen inside a quoted field: the next byte says whether it was an escaped quote or the end.
    private var quoteInQuotes = false
    private var fieldWasQuoted = false
    /// The previous byte was a CR that ended a line: a following LF belongs to it.
    private var skipLF = false
    private var line = 1
    private var recordLine = 1
    /// Whether any byte fed so far is NUL (binary files).
    private(set) var sawNUL = false
    /// Whether any byte fed so far is other than a space, tab or line break.
    private(set) var sawText = false
    /// How many bytes of a leading UTF-8 byte-order mark were seen; nil once past the start.
    private var bomMatched: Int? = 0
    private static let bom: [UInt8] = [0xEF, 0xBB, 0xBF]

    init() {}

    /// Every record of a whole file in memory.
    static func records(_ bytes: [UInt8]) -> [Record] {
        var reader = CSVReader()
        var records: [Record] = []
        reader.feed(bytes, into: &records)
        reader.finish(into: &records)
        return records
    }

    /// Reads the next chunk, appending the records it completes.
    mutating func feed(_ bytes: some Sequence<UInt8>, into records: inout [Record]) {
        for byte in bytes {
            if let matched = bomMatched {
                // A leading byte-order mark is not part of the first field.
                if byte == Self.bom[matched] {
                    bomMatched = matched + 1 == Self.bom.count ? nil : matched + 1
                    continue
                }
                bomMatched = nil
                feed(Self.bom[..<matched], into: &records)
            }
            if byte == 0 { sawNUL = true }
            if !sawText, byte != 0x20, byte != 0x09, byte != Self.cr, byte != Self.lf { sawText = true }
            if skipLF {
                skipLF = false
                if byte == Self.lf { continue }
            }
            if quoteInQuotes {
                quoteInQuotes = false
                if byte == Self.quote {
                    append(Self.quote)
                    continue
                }
                inQuotes = false
                // The byte after a closing quote is read as unquoted text below.
            }
            if inQuotes {
                switch byte {
                case Self.quote:
                    quoteInQuotes = true
                case Self.cr, Self.lf:
                    // A line break inside a field: kept as "\n", counted as one physical line.
                    append(Self.lf)
                    line += 1
                    skipLF = byte == Self.cr
                default:
                    append(byte)
                }
                continue
            }
            switch byte {
            case Self.quote where fieldBytes == 0 && !fieldWasQuoted:
                inQuotes = true
                fieldWasQuoted = true
            case Self.comma:
                endField()
                fieldWasQuoted = false
            case Self.cr, Self.lf:
                skipLF = byte == Self.cr
                line += 1
                endRecord(into: &records)
            default:
                append(byte)
            }
        }
    }

    /// Ends the input, appending the last record if the file does not end with a line break.
    mutating func finish(into records: inout [Record]) {
        if let matched = bomMatched, matched > 0 {
            bomMatched = nil
            feed(Self.bom[..<matched], into: &records)
        }
        if inQuotes && !quoteInQuotes {
            endField()
            records.append(makeRecord(unterminatedQuote: true))
            reset()
        } else {
            endRecord(into: &records)
        }
        inQuotes = false
        quoteInQuotes = false
    }

    private mutating func append(_ byte: UInt8) {
        fieldBytes += 1
        if field.count < maxFieldBytes { field.append(byte) }
    }

    private mutating func endField() {
        if fields.count >= maxFields {
            droppedFields += 1
        } else {
            if fieldBytes > field.count {
                cutFields.append(fields.count)
                // Cut between characters, not inside one: drop a trailing partial UTF-8 sequence.
                while let last = field.last, last & 0xC0 == 0x80 { field.removeLast() }
                if let last = field.last, last >= 0xC0 { field.removeLast() }
            }
            if let text = String(validating: field, as: UTF8.self) {
                fields.append(text)
            } else {
                invalidText = true
                fields.append(String(decoding: field, as: UTF8.self))
            }
        }
        field.removeAll(keepingCapacity: field.capacity <= 4096)
        fieldBytes = 0
    }

    private func makeRecord(unterminatedQuote: Bool = false) -> Record {
        Record(
            line: recordLine, fields: fields, unterminatedQuote: unterminatedQuote, cutFields: cutFields,
            droppedFields: droppedFields, invalidText: invalidText)
    }

    private mutating func endRecord(into records: inout [Record]) {
        let blank = fields.isEmpty && fieldBytes == 0 && !fieldWasQuoted
        if !blank {
            endField()
            records.append(makeRecord())
        }
        reset()
    }

    private mutating func reset() {
        fields.removeAll(keepingCapacity: true)
        field.removeAll(keepingCapacity: field.capacity <= 4096)
        fieldBytes = 0
        cutFields.removeAll()
        droppedFields = 0
        invalidText = false
        fieldWasQuoted = false
        recordLine = line
    }
}

/// Chunks of a file or of bytes in memory, read in order.
struct ByteChunks {
    private enum Source {
        case memory([UInt8], offset: Int)
        case file(FileHandle)
    }
    private var source: Source
    private let chunkSize: Int

    init(bytes: [UInt8], chunkSize: Int = 256 << 10) {
        source = .memory(bytes, offset: 0)
        self.chunkSize = chunkSize
    }

    init(file: URL, chunkSize: Int = 256 << 10) throws {
        source = .file(try FileHandle(forReadingFrom: file))
        self.chunkSize = chunkSize
    }

    /// The next chunk, or nil at the end.
    mutating func next() throws -> ArraySlice<UInt8>? {
        switch source {
        case .memory(let bytes, let offset):
            guard offset < bytes.count else { return nil }
            let end = min(bytes.count, offset + chunkSize)
            source = .memory(bytes, offset: end)
            return bytes[offset..<end]
        case .file(let handle):
            guard let data = try handle.read(upToCount: chunkSize), !data.isEmpty else { return nil }
            return ArraySlice(data)
        }
    }

    /// Closes the file, if any.
    func close() {
        if case .file(let handle) = source { try? handle.close() }
    }
}

/// Records pulled one at a time from ``ByteChunks``, holding at most one chunk's worth.
struct CSVRecordStream {
    private var chunks: ByteChunks
    private var reader = CSVReader()
    private var pending: [CSVReader.Record] = []
    private var position = 0
    private var finished = false

    init(_ chunks: ByteChunks) {
        self.chunks = chunks
    }

    /// Whether the input so far contained a NUL byte.
    var sawNUL: Bool { reader.sawNUL }
    /// Whether the input so far contained anything but blanks and line breaks.
    var sawText: Bool { reader.sawText }

    /// The next record, or nil at the end of the input.
    mutating func next() throws -> CSVReader.Record? {
        while position >= pending.count {
            if finished { return nil }
            pending.removeAll(keepingCapacity: true)
            position = 0
            if let chunk = try chunks.next() {
                reader.feed(chunk, into: &pending)
            } else {
                reader.finish(into: &pending)
                finished = true
                chunks.close()
            }
        }
        defer { position += 1 }
        return pending[position]
    }

    /// Closes the underlying file.
    func close() { chunks.close() }
}
