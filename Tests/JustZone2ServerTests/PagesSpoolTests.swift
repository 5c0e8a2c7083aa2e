import Foundation
import NIOCore
import NIOFoundationCompat
import Testing

@testable import JustZone2Server

/// The import's multipart reader: files spooled to disk whatever the pieces the body comes in, limits kept.
@Suite("JustZone2 import: spooled multipart")
struct PagesSpoolTests {
    static let type = "multipart/form-data; boundary=zone2-test-boundary"

    static func body(_ files: [(String, Data)], field: (String, String)? = nil) -> Data {
        var (_, buffer) = Pages.multipart(files)
        var data = buffer.readData(length: buffer.readableBytes) ?? Data()
        if let field {
            let part =
                "--zone2-test-boundary\r\nContent-Disposition: form-data; name=\"\(field.0)\"\r\n\r\n\(field.1)\r\n"
            data = Data(part.utf8) + data
        }
        return data
    }

    static func read(_ body: Data, piece: Int, fileLimit: Int = 1 << 20, maxFiles: Int = 50) throws -> SpooledUpload {
        var upload = try #require(SpooledUpload(contentType: type, fileLimit: fileLimit, maxFiles: maxFiles))
        var index = 0
        while index < body.count {
            try upload.feed(body[index..<min(body.count, index + piece)])
            index += piece
        }
        try upload.finish()
        return upload
    }

    @Test("the same files and fields whatever the size of the pieces, boundary-like bytes inside a file kept")
    func pieces() throws {
        let tricky = Data("a\r\n--zone2-test-boundar\r\n-zone2-test-boundary\r\nb".utf8)
        let binary = Data((0..<5000).map { UInt8($0 % 256) })
        let body = Self.body([("a.fit", tricky), ("b.tcx", binary), ("empty.gpx", Data())], field: ("note", "hello"))
        for piece in [1, 2, 7, 64, 4096, body.count] {
            let upload = try Self.read(body, piece: piece)
            defer { upload.remove() }
            #expect(upload.files.map(\.filename) == ["a.fit", "b.tcx", "empty.gpx"], "piece \(piece)")
            #expect(try upload.files.map { try Data(contentsOf: try #require($0.url)) } == [tricky, binary, Data()])
            #expect(upload.fields.map(\.value) == ["hello"] && upload.files.allSatisfy { !$0.tooLarge })
        }
    }

    @Test("a file over the limit is flagged without its bytes; too many files, no parts or a cut body are refused")
    func limits() throws {
        let big = Self.body([("big.fit", Data(count: 3000)), ("small.fit", Data(count: 10))])
        let upload = try Self.read(big, piece: 100, fileLimit: 1000)
        defer { upload.remove() }
        #expect(upload.files.map(\.tooLarge) == [true, false] && upload.files[1].size == 10)
        #expect(throws: SpooledUpload.Failure.tooManyFiles) {
            try Self.read(Self.body([("a", Data()), ("b", Data()), ("c", Data())]), piece: 50, maxFiles: 2)
        }
        #expect(throws: SpooledUpload.Failure.malformed("the body ends inside a part")) {
            try Self.read(Self.body([("a.fit", Data(count: 100))]).prefix(120), piece: 50)
        }
        #expect(throws: SpooledUpload.Failure.self) {
            try Self.read(Data(repeating: 0x41, count: 5000), piece: 1000)
        }
        // A refused body leaves no temporary file behind.
        let directory = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("jz2-spool-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var cut = try #require(
            SpooledUpload(contentType: Self.type, fileLimit: 1000, maxFiles: 5, directory: directory))
        try cut.feed(Self.body([("a.fit", Data(count: 100)), ("b.fit", Data(count: 100))]).prefix(300))
        #expect(try !FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
        #expect(throws: SpooledUpload.Failure.self) { try cut.finish() }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
        #expect(SpooledUpload(contentType: "application/json", fileLimit: 1, maxFiles: 1) == nil)
        #expect(SpooledUpload(contentType: "multipart/form-data", fileLimit: 1, maxFiles: 1) == nil)
    }
}
