import Foundation
import Logging
import ServerKit
import StravaAPI
import StravaServer
import TestSupport
import Testing

@testable import JustZone2Server

/// `clubhouse key rotate` must re-seal riders' Strava tokens, or rotating the key would disconnect every rider.
@Suite("JustZone2 sealed columns")
struct PagesSealedTests {
    @Test("after a rotation the rider's Strava tokens open with the new key only")
    func stravaTokensRotate() async throws {
        let database = try await TestDatabases.make(.sqlite)
        try await Migrator(JustZone2App.migrations).migrate(database)
        let old = try TokenCipher(encodedKey: String(repeating: "1e", count: 32))
        let new = try TokenCipher(encodedKey: String(repeating: "2f", count: 32))
        var logger = Logger(label: "test")
        logger.logLevel = .warning
        func app(_ cipher: TokenCipher) throws -> JustZone2App {
            let strava = try StravaServices(
                settings: ServerConfig().strava, governor: InMemoryRateLimitGovernor(), logger: logger)
            return JustZone2App(
                config: ServerConfig(), database: database, strava: strava, cipher: cipher, logger: logger)
        }
        let before = try app(old)
        let rider = try await before.riders.create().rider
        let tokens = StravaLinkTokens(accessToken: "access-1", refreshToken: "refresh-1", expiresAt: 1_900_000_000)
        try await before.storeStrava(athlete: 7, tokens: tokens, rider: rider.id)

        let outcome = try await KeyRotation.reseal(JustZone2App.sealedColumns, in: database, from: old, to: new)
        #expect(outcome == KeyRotation.Outcome(resealed: 1, alreadyNew: 0))
        #expect(try await app(new).stravaLink(rider: rider.id) == tokens)
        #expect(try await app(old).stravaLink(rider: rider.id) == nil)
    }
}
