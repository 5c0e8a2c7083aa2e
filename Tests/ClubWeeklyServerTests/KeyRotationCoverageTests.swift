import ClubWeekly
import Foundation
import SQLKit
import ServerKit
import TestSupport
import Testing

@testable import ClubWeeklyServer

/// `clubhouse key rotate` must re-seal every value Club Weekly seals, or rotating the key would lose it.
@Suite("Club Weekly sealed columns")
struct KeyRotationCoverageTests {
    @Test("after a rotation no stored value opens with the old key, and every secret reads back with the new one")
    func everySealedValueRotates() async throws {
        let database = try await TestDatabases.make(.sqlite)
        try await Migrator(ClubWeeklyApp.migrations).migrate(database)
        let old = try TokenCipher(encodedKey: String(repeating: "1e", count: 32))
        let new = try TokenCipher(encodedKey: String(repeating: "2f", count: 32))
        let clubs = ClubRepository(database: database)
        let members = MemberRepository(database: database)
        let created = try await ClubService(clubs: clubs, cipher: old).create(
            name: "Rotate CC", timeZone: "Europe/Dublin")
        let member = Member(
            id: MemberID("m1"), clubID: created.club.id, firstName: "Ann", lastName: "Ash", joinedAt: Date())
        try await members.insert(member)
        try await members.setMemberKey(member.id, sealed: try old.seal("member-key-1"))
        let t0 = Date(timeIntervalSince1970: 1_795_000_000)
        try await StravaAccountRepository(database: database, cipher: old).save(
            StravaAccount(
                athleteID: 7, firstName: "Ann", lastName: "Ash", accessToken: "access-1", refreshToken: "refresh-1",
                expiresAt: t0, scope: "read", connectedAt: t0))

        let outcome = try await KeyRotation.reseal(ClubWeeklyApp.sealedColumns, in: database, from: old, to: new)
        #expect(outcome == KeyRotation.Outcome(resealed: 4, alreadyNew: 0))

        // Every text value of every table: none may still be sealed under the old key.
        let leftovers = try await database.run { db in
            var found: [String] = []
            let tables = try await db.raw("SELECT name FROM sqlite_master WHERE type = 'table'").all().map {
                try $0.decode(column: "name", as: String.self)
            }
            for table in tables where !table.hasPrefix("sqlite_") {
                let columns = try await db.raw("SELECT name FROM pragma_table_info(\(bind: table))").all().map {
                    try $0.decode(column: "name", as: String.self)
                }
                for column in columns {
                    let values = try await db.raw(
                        "SELECT CAST(\(ident: column) AS TEXT) AS v FROM \(ident: table) WHERE \(ident: column) IS NOT NULL"
                    ).all().map { try $0.decode(column: "v", as: String.self) }
                    if values.contains(where: { (try? old.open($0)) != nil }) { found.append("\(table).\(column)") }
                }
            }
            return found
        }
        #expect(leftovers.isEmpty, "sealed columns missing from ClubWeeklyApp.sealedColumns: \(leftovers)")

        let service = ClubService(clubs: clubs, cipher: new)
        let record = try #require(try await clubs.find(slug: created.club.slug))
        #expect(try service.code(of: record) == created.code)
        #expect(try new.open(try #require(try await members.memberKeySealed(member.id))) == "member-key-1")
        let account = try #require(try await StravaAccountRepository(database: database, cipher: new).find(7))
        #expect(account.accessToken == "access-1" && account.refreshToken == "refresh-1")
        await database.close()
    }
}
