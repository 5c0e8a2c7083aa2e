import Foundation
import Hummingbird
import NIOCore
import ServerKit

/// Why an upload was not received.
enum UploadError: Error, Equatable, CustomStringConvertible {
    /// The body is larger than the limit (bytes).
    case tooLarge(Int)
    /// A form body that is not valid `multipart/form-data`.
    case malformedForm(String)
    /// The temporary file could not be written.
    case storage(String)

    var description: String {
        switch self {
        case .tooLarge(let limit):
            "The file is larger than \(limit >> 20) MB, the most one import takes. Upload activities.csv on its own, "
                + "or split it by year."
        case .malformedForm(let detail): "The form could not be read: \(detail)."
        case .storage(let detail): "The upload could not be stored on the server (\(detail)). Try again later."
        }
    }
}

/// An upload on disk; the caller removes it when done.
struct SpooledFile: Sendable {
    let url: URL
    /// Bytes received.
    let size: Int

    func remove() { try? FileManager.default.removeItem(at: url) }
}

/// Writes request bodies to temporary files as they arrive, so an upload costs a buffer, not its size, in memory,
/// and stops reading as soon as the body passes `limit` (which a `Content-Length` header can tell before any byte).
struct UploadSpool: Sendable {
    let directory: URL
    let limit: Int

    /// A new empty file in the spool directory, open for writing.
    func create(suffix: String = "upload") throws(UploadError) -> (URL, FileHandle) {
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let url = directory.appendingPathComponent("\(UUID().uuidString.lowercased()).\(suffix)")
            guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
                throw UploadError.storage("cannot create a file in \(directory.path)")
            }
            return (url, try FileHandle(forWritingTo: url))
        } catch let error as UploadError {
            throw error
        } catch {
            throw .storage(error.localizedDescription)
        }
    }

    /// Refuses at once a body whose announced length is over the limit.
    func checkAnnouncedLength(_ request: Request) throws(UploadError) {
        if let text = request.headers[.contentLength], let length = Int(text), length > limit {
            throw .tooLarge(limit)
        }
    }

    /// The whole body, as a file.
    func receive(_ request: Request) async throws -> SpooledFile {
        try checkAnnouncedLength(request)
        let (url, handle) = try create()
        var size = 0
        do {
            for try await buffer in request.body {
                size += buffer.readableBytes
                if size > limit { throw UploadError.tooLarge(limit) }
                try buffer.withUnsafeReadableBytes { try handle.write(contentsOf: $0) }
            }
            try handle.close()
        } catch {
            try? handle.close()
            try? FileManager.default.removeItem(at: url)
            throw error
        }
        return SpooledFile(url: url, size: size)
    }

    /// A `multipart/form-data` body: the file of the part named `fileField` goes to disk (nil when the form has no
    /// such part or it is empty); other text fields are kept in memory up to 16 kB each; other files are skipped.
    func receiveForm(
        _ request: Request, fileField: String
    ) async throws -> (file: SpooledFile?, fields: [String: String]) {
        try checkAnnouncedLength(request)
        let contentType = request.headers[.contentType] ?? ""
        guard contentType.lowercased().hasPrefix("multipart/form-data") else {
            throw UploadError.malformedForm("files must be sent as multipart/form-data")
        }
        guard let boundary = MultipartScanner.boundary(in: contentType) else {
            throw UploadError.malformedForm("the multipart form has no valid boundary")
        }
        var scanner = MultipartScanner(boundary: boundary, fileField: fileField, spool: self)
        var size = 0
        do {
            for try await buffer in request.body {
                size += buffer.readableBytes
                if size > limit { throw UploadError.tooLarge(limit) }
                try buffer.withUnsafeReadableBytes { try scanner.feed($0) }
            }
            return try scanner.finish()
        } catch {
            scanner.discard()
            throw error
        }
    }
}

/// A streaming `multipart/form-data` reader (RFC 7578): it holds at most one network chunk plus a boundary's length.
struct MultipartScanner {
    private enum State {
        case preamble
        case afterDelimiter
        case headers
        case file(FileHandle, URL)
        case field(String, [UInt8])
        case skip
        case done
    }

    private let delimiter: [UInt8]
    /// CR LF before a delimiter ends a part's content.
    private let partEnd: [UInt8]
    private let fileField: String
    private let spool: UploadSpool
    private var state = State.preamble
    private var buffer: [UInt8] = []
    private var fileURL: URL?
    private var fileSize = 0
    private var fields: [String: String] = [:]
    private static let maxHeaderBytes = 16 << 10
    private static let maxFieldBytes = 16 << 10

    init(boundary: String, fileField: String, spool: UploadSpool) {
        delimiter = Array("--\(boundary)".utf8)
        partEnd = Array("\r\n--\(boundary)".utf8)
        self.fileField = fileField
        self.spool = spool
    }

    /// The boundary parameter of a `multipart/form-data` content type, if valid (RFC 2046: 1–70 characters from a
    /// small set, never CR or LF).
    static func boundary(in contentType: String) -> String? {
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'()+_,-./:=? ".utf8)
        for piece in contentType.split(separator: ";").dropFirst() {
            let pair = piece.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard pair.count == 2, pair[0].lowercased() == "boundary" else { continue }
            var value = pair[1]
            if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 {
                value = String(value.dropFirst().dropLast())
            }
            guard (1...70).contains(value.utf8.count), value.utf8.allSatisfy({ allowed.contains($0) }) else {
                return nil
            }
            return value
        }
        return nil
    }

    mutating func feed(_ bytes: UnsafeRawBufferPointer) throws {
        buffer.append(contentsOf: bytes)
        try process()
    }

    /// Ends the body: the form must be complete.
    mutating func finish() throws -> (file: SpooledFile?, fields: [String: String]) {
        guard case .done = state else {
            discard()
            throw UploadError.malformedForm("the form ended before its last part was closed")
        }
        let file = fileURL.map { SpooledFile(url: $0, size: fileSize) }
        if let file, file.size == 0 {
            file.remove()
            return (nil, fields)
        }
        return (file, fields)
    }

    /// Removes the file written so far (the upload failed).
    mutating func discard() {
        if case .file(let handle, _) = state { try? handle.close() }
        if let fileURL { try? FileManager.default.removeItem(at: fileURL) }
        fileURL = nil
        state = .done
    }

    private mutating func process() throws {
        while true {
            switch state {
            case .preamble:
                if let index = Self.find(delimiter, in: buffer) {
                    buffer.removeSubrange(..<(index + delimiter.count))
                    state = .afterDelimiter
                } else {
                    // Preambles are discarded; keep only what could be the start of the delimiter.
                    buffer.removeFirst(max(0, buffer.count - delimiter.count))
                    return
                }
            case .afterDelimiter:
                guard buffer.count >= 2 else { return }
                if buffer[0] == 0x2D, buffer[1] == 0x2D {
                    state = .done
                    buffer.removeAll()
                    return
                }
                guard buffer[0] == 0x0D, buffer[1] == 0x0A else {
                    throw UploadError.malformedForm("a part does not start on a new line")
                }
                buffer.removeFirst(2)
                state = .headers
            case .headers:
                guard let end = Self.find(Array("\r\n\r\n".utf8), in: buffer) else {
                    if buffer.count > Self.maxHeaderBytes {
                        throw UploadError.malformedForm("a part's headers are too long")
                    }
                    return
                }
                let headers = String(decoding: buffer[..<end], as: UTF8.self)
                buffer.removeSubrange(..<(end + 4))
                state = try openPart(headers)
            case .file, .field, .skip:
                if let index = Self.find(partEnd, in: buffer) {
                    try consume(buffer[..<index])
                    buffer.removeSubrange(..<(index + partEnd.count))
                    try closePart()
                    state = .afterDelimiter
                } else {
                    let keep = partEnd.count - 1
                    guard buffer.count > keep else { return }
                    try consume(buffer[..<(buffer.count - keep)])
                    buffer.removeFirst(buffer.count - keep)
                    return
                }
            case .done:
                buffer.removeAll()
                return
            }
        }
    }

    private mutating func openPart(_ headers: String) throws -> State {
        var name: String?
        var filename: String?
        for line in headers.components(separatedBy: "\r\n") where line.lowercased().hasPrefix("content-disposition:") {
            name = FormData.parameter("name", in: line)
            filename = FormData.parameter("filename", in: line)
        }
        guard let name else { return .skip }
        if filename != nil {
            guard name == fileField, fileURL == nil else { return .skip }
            let (url, handle) = try spool.create()
            fileURL = url
            return .file(handle, url)
        }
        return .field(name, [])
    }

    private mutating func consume(_ bytes: ArraySlice<UInt8>) throws {
        guard !bytes.isEmpty else { return }
        switch state {
        case .file(let handle, _):
            try bytes.withUnsafeBytes { try handle.write(contentsOf: $0) }
            fileSize += bytes.count
        case .field(let name, var value):
            guard value.count + bytes.count <= Self.maxFieldBytes else {
                throw UploadError.malformedForm("the field \(name.prefix(40)) is too long")
            }
            value.append(contentsOf: bytes)
            state = .field(name, value)
        default:
            break
        }
    }

    private mutating func closePart() throws {
        switch state {
        case .file(let handle, _):
            try handle.close()
        case .field(let name, let value):
            if fields[name] == nil { fields[name] = String(decoding: value, as: UTF8.self) }
        default:
            break
        }
    }

    /// First index of `needle` in `haystack`. Candidates are found by scanning for the first byte; the needles here
    /// (CR LF or "--" then a boundary without CR) cannot overlap themselves much, so the search is linear in practice.
    static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        let n = needle.count
        guard let first = needle.first, haystack.count >= n else { return nil }
        let last = haystack.count - n
        var i = 0
        while i <= last {
            guard let candidate = haystack[i...last].firstIndex(of: first) else { return nil }
            var j = 1
            while j < n && haystack[candidate + j] == needle[j] { j += 1 }
            if j == n { return candidate }
            i = candidate + 1
        }
        return nil
    }
}
