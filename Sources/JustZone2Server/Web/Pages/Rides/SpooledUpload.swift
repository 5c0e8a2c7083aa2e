import Foundation
import ServerKit

/// A `multipart/form-data` body read piece by piece, each file part written to its own temporary file, so an import
/// is never held whole in memory (at most one part's tail and one file at a time). A file over `fileLimit` is kept
/// as "too large" without its bytes; text fields are kept (small).
struct SpooledUpload {
    /// One file of the body: where its bytes are, or why they are not.
    struct File: Sendable {
        var filename: String
        var url: URL?
        var size: Int
        var tooLarge: Bool
    }

    enum Failure: Error, Equatable {
        case malformed(String)
        case tooManyFiles
    }

    let boundary: [UInt8]
    let fileLimit: Int
    let maxFiles: Int
    let directory: URL
    private(set) var files: [File] = []
    private(set) var fields: [(name: String, value: String)] = []

    private enum State { case preamble, headers, content, done }
    private var state = State.preamble
    private var pending: [UInt8] = []
    private var field: (name: String, bytes: [UInt8])?
    private var handle: FileHandle?

    /// A reader for the body of `contentType` (nil when it is not multipart with a usable boundary).
    init?(contentType: String?, fileLimit: Int, maxFiles: Int, directory: URL = FileManager.default.temporaryDirectory)
    {
        guard let contentType, contentType.lowercased().hasPrefix("multipart/form-data"),
            let boundary = FormData.parameter("boundary", in: contentType), (1...70).contains(boundary.utf8.count),
            !boundary.contains("\r"), !boundary.contains("\n")
        else { return nil }
        self.boundary = Array("--\(boundary)".utf8)
        self.fileLimit = fileLimit
        self.maxFiles = maxFiles
        self.directory = directory
    }

    /// Feeds the next piece of the body.
    /// A refused body leaves no temporary file behind.
    mutating func feed(_ bytes: some Sequence<UInt8>) throws(Failure) {
        pending.append(contentsOf: bytes)
        do throws(Failure) {
            while try step() {}
        } catch {
            discard()
            throw error
        }
    }

    /// After the last piece: the body must have ended with the closing delimiter.
    mutating func finish() throws(Failure) {
        closeFile()
        guard state == .done else {
            discard()
            throw .malformed("the body ends inside a part")
        }
    }

    private mutating func discard() {
        closeFile()
        remove()
        files.removeAll()
    }

    /// Deletes the temporary files.
    func remove() {
        for file in files { if let url = file.url { try? FileManager.default.removeItem(at: url) } }
    }

    /// One step of the state machine; false when it needs more bytes.
    private mutating func step() throws(Failure) -> Bool {
        switch state {
        case .done:
            pending.removeAll()
            return false
        case .preamble:
            // The first delimiter, then CR LF (a part follows) or "--" (an empty form).
            guard let start = Self.find(boundary, in: pending), pending.count >= start + boundary.count + 2 else {
                if pending.count > 4096 { throw .malformed("no parts") }
                return false
            }
            let after = pending[(start + boundary.count)..<(start + boundary.count + 2)]
            if after.elementsEqual([0x2D, 0x2D]) {
                state = .done
            } else if after.elementsEqual([0x0D, 0x0A]) {
                state = .headers
            } else {
                throw .malformed("no parts")
            }
            pending.removeFirst(start + boundary.count + 2)
            return true
        case .headers:
            guard let end = Self.find(Array("\r\n\r\n".utf8), in: pending) else {
                if pending.count > 16 << 10 { throw .malformed("part headers too long") }
                return false
            }
            let headers = String(decoding: pending[..<end], as: UTF8.self)
            pending.removeFirst(end + 4)
            try open(headers)
            state = .content
            return true
        case .content:
            let delimiter = [0x0D, 0x0A] + boundary
            if let end = Self.find(delimiter, in: pending) {
                // After the delimiter: "--" ends the body, CR LF starts the next part; wait for those two bytes.
                guard pending.count >= end + delimiter.count + 2 else { return false }
                write(pending[..<end])
                closePart()
                let after = pending[(end + delimiter.count)..<(end + delimiter.count + 2)]
                if after.elementsEqual([0x2D, 0x2D]) {
                    state = .done
                } else if after.elementsEqual([0x0D, 0x0A]) {
                    state = .headers
                } else {
                    throw .malformed("a delimiter is followed by garbage")
                }
                pending.removeFirst(end + delimiter.count + 2)
                return true
            }
            // Keep what could be the start of the delimiter; the rest belongs to the part.
            let keep = delimiter.count - 1
            if pending.count > keep {
                write(pending[..<(pending.count - keep)])
                pending.removeFirst(pending.count - keep)
            }
            return false
        }
    }

    private mutating func open(_ headers: String) throws(Failure) {
        var name = ""
        var filename: String?
        for line in headers.components(separatedBy: "\r\n") where line.lowercased().hasPrefix("content-disposition:") {
            name = FormData.parameter("name", in: line) ?? ""
            filename = FormData.parameter("filename", in: line)
        }
        guard let filename else {
            field = (name, [])
            return
        }
        guard files.count < maxFiles else { throw .tooManyFiles }
        let url = directory.appendingPathComponent("jz2-import-\(UUID().uuidString)")
        let created = FileManager.default.createFile(atPath: url.path, contents: nil)
        handle = created ? try? FileHandle(forWritingTo: url) : nil
        files.append(File(filename: filename, url: created ? url : nil, size: 0, tooLarge: false))
    }

    private mutating func write(_ bytes: ArraySlice<UInt8>) {
        guard !bytes.isEmpty else { return }
        if field != nil {
            // Text fields of an import form are a few bytes; a huge one is cut, not kept.
            if (field?.bytes.count ?? 0) < 4096 { field?.bytes.append(contentsOf: bytes.prefix(4096)) }
            return
        }
        guard let index = files.indices.last else { return }
        files[index].size += bytes.count
        if files[index].size > fileLimit {
            files[index].tooLarge = true
            closeFile()
            return
        }
        try? handle?.write(contentsOf: Data(bytes))
    }

    private mutating func closePart() {
        if let field { fields.append((field.name, String(decoding: field.bytes, as: UTF8.self))) }
        field = nil
        closeFile()
    }

    private mutating func closeFile() {
        try? handle?.close()
        handle = nil
    }

    /// First index of `needle` in `haystack`.
    static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard let first = needle.first, haystack.count >= needle.count else { return nil }
        var index = 0
        let last = haystack.count - needle.count
        while index <= last {
            guard let candidate = haystack[index...last].firstIndex(of: first) else { return nil }
            if haystack[candidate..<(candidate + needle.count)].elementsEqual(needle) { return candidate }
            index = candidate + 1
        }
        return nil
    }
}
