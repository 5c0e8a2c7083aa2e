import ClubWeekly
import Foundation
import ServerKit
import TestSupport
import Testing
import ZIPFoundation

@testable import ClubWeeklyServer

/// Strava's "Download your data" archive: `activities.csv` at the root next to `activities/<id>.fit.gz` files.
@Suite("Strava export archives")
struct ExportZipTests {
    static let csv = """
        Activity ID,Activity Date,Activity Name,Activity Type,Elapsed Time,Distance,Moving Time,Elevation Gain
        9001,"Nov 16, 2026, 8:00:00 AM",Long one,Ride,10000,95.2,9500,900
        9002,"Nov 18, 2026, 6:30:00 PM",Run,Run,3000,10.0,2900,40

        """

    static func archive(entries: [(String, Data)], compression: CompressionMethod = .deflate) throws -> Data {
        let archive = try Archive(data: Data(), accessMode: .create)
        for (path, data) in entries {
            try archive.addEntry(
                with: path, type: .file, uncompressedSize: Int64(data.count), compressionMethod: compression
            ) { position, size in
                data.subdata(in: Int(position)..<Int(position) + size)
            }
        }
        return try #require(archive.data)
    }

    @Test("a deflated export archive imports its activities.csv and ignores the activity files")
    func importsArchive() async throws {
        let harness = try await RouteHarness.make()
        let club = try #require(try await harness.app.clubs.find(slug: "harbour-wheelers")).club
        let member = Member(
            id: MemberID("zip-member"), clubID: club.id, firstName: "Zoe", lastName: "Zip", joinedAt: Date())
        try await harness.app.members.insert(member)
        let zip = try Self.archive(entries: [
            ("activities/9001.fit.gz", Data([0x1F, 0x8B, 0x08, 0x00])),
            ("activities.csv", Data(Self.csv.utf8)),
            ("profile.csv", Data("Athlete ID\n1\n".utf8)),
        ])
        let report = try await harness.app.imports.importExport(zip, member: member)
        #expect(report.imported == 2)
        #expect(report.problems.isEmpty)
        let again = try await harness.app.imports.importExport(zip, member: member)
        #expect(again.imported == 0 && again.alreadyPresent == 2)
    }

    @Test("archives without activities.csv, truncated archives and bombs are refused with a reason")
    func badArchives() async throws {
        let harness = try await RouteHarness.make()
        let club = try #require(try await harness.app.clubs.find(slug: "harbour-wheelers")).club
        let member = Member(
            id: MemberID("zip-member-2"), clubID: club.id, firstName: "Zed", lastName: "Zip", joinedAt: Date())
        try await harness.app.members.insert(member)
        let noCSV = try Self.archive(entries: [("profile.csv", Data("x".utf8))])
        await #expect(throws: ImportError.zipWithoutCSV) {
            try await harness.app.imports.importExport(noCSV, member: member)
        }
        let whole = try Self.archive(entries: [("activities.csv", Data(Self.csv.utf8))])
        await #expect(throws: ImportError.self) {
            try await harness.app.imports.importExport(whole.prefix(whole.count / 2), member: member)
        }
        // 80 MB of zeros deflates to well under a megabyte; the importer stops inflating at its limit.
        let bomb = try Self.archive(entries: [("activities.csv", Data(count: 80 << 20))])
        #expect(bomb.count < 1 << 20)
        await #expect(throws: ImportError.self) { try await harness.app.imports.importExport(bomb, member: member) }
        #expect(try await harness.app.activities.count(member: member.id) == 0)
    }
}
