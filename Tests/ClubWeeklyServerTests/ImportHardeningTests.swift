import ClubWeekly
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
import SQLKit
import ServerKit
import StravaAPI
import TestSupport
import Testing

@testable import ClubWeeklyServer

/// Exports built for these tests.
enum ImportFixtures {
    static let header = "Activity ID,Activity Date,Activity Name,Activity Type,Elapsed Time,Distance,Moving Time\n"

    /// `rows` rides (ids from `firstID`), one an hour apart going back from an hour ago, named by `name`.
    static func csv(rows: Int, firstID: Int = 5000, name: (Int) -> String = { "Ride \($0)" }) -> String {
        var text = header
        text.reserveCapacity(rows * 80)
        let start = Date().addingTimeInterval(-3600)
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "MMM d, yyyy, h:mm:ss a"
        for index in 0..<rows {
            let date = formatter.string(from: start.addingTimeInterval(-Double(index) * 3600))
            text += "\(firstID + index),\"\(date)\",\(quote(name(index))),Ride,3700,30.5,3600\n"
        }
        return text
    }

    static func quote(_ field: String) -> String {
        field.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" })
            ? "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : field
    }

    /// A `multipart/form-data` body with the file in the field `file`.
    static func multipart(_ file: String, boundary: String = "----cwimport9876") -> (ByteBuffer, HTTPFields) {
        var body = "--\(boundary)\r\nContent-Disposition: form-data; name=\"note\"\r\n\r\nhello\r\n"
        body += "--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"activities.csv\"\r\n"
        body += "Content-Type: text/csv\r\n\r\n\(file)\r\n--\(boundary)--\r\n"
        return (ByteBuffer(string: body), [.contentType: "multipart/form-data; boundary=\(boundary)"])
    }
}

extension RouteHarness {
    /// Signs in to the private club and joins as a named member; returns the member's session cookie and id.
    func joinedMember(_ client: some TestClientProtocol, first: String = "Ines") async throws -> (String, MemberID) {
        let cookie = try await memberCookie(client)
        let joined = try await client.execute(
            uri: "/api/clubs/\(privateSlug)/me", method: .post, headers: [.cookie: cookie],
            body: jsonBody(["firstName": first, "lastName": "Importer"]))
        #expect(joined.status == .created)
        return (try #require(joined.cookie), MemberID(try #require(joined.json["id"] as? String)))
    }

    func count(_ sql: SQLQueryString) async throws -> Int {
        try await database.run { db in try await db.raw(sql).first()?.decode(column: "n", as: Int.self) ?? 0 }
    }

    func activityCount(_ member: MemberID) async throws -> Int {
        try await count("SELECT COUNT(*) AS n FROM cw_activities WHERE member_id = \(bind: member.rawValue)")
    }

    /// A runner of the app's jobs (the background imports).
    var runner: JobRunner {
        var logger = Logger(label: "import-test")
        logger.logLevel = .error
        return JobRunner(queue: app.queue, handlers: app.jobHandlers, logger: logger)
    }
}

/// A database trigger that fails the insert of one activity: a failure part-way through an import.
enum FailingInsert {
    static func install(externalID: String, table: String = "cw_activities", on database: Database) async throws {
        try await database.run { db in
            switch database.kind {
            case .sqlite:
                try await db.raw(
                    """
                    CREATE TRIGGER fail_one BEFORE INSERT ON \(unsafeRaw: table)
                    WHEN NEW.external_id = '\(unsafeRaw: externalID)'
                    BEGIN SELECT RAISE(ABORT, 'injected failure'); END
                    """
                ).run()
            case .postgres:
                try await db.raw(
                    """
                    CREATE FUNCTION fail_one() RETURNS trigger AS $$
                    BEGIN
                        IF NEW.external_id = '\(unsafeRaw: externalID)' THEN RAISE EXCEPTION 'injected failure'; END IF;
                        RETURN NEW;
                    END $$ LANGUAGE plpgsql
                    """
                ).run()
                try await db.raw(
                    "CREATE TRIGGER fail_one BEFORE INSERT ON \(unsafeRaw: table) FOR EACH ROW EXECUTE FUNCTION fail_one()"
                ).run()
            }
        }
    }

    static func remove(table: String = "cw_activities", on database: Database) async throws {
        try await database.run { db in
            switch database.kind {
            case .sqlite: try await db.raw("DROP TRIGGER fail_one").run()
            case .postgres:
                try await db.raw("DROP TRIGGER fail_one ON \(unsafeRaw: table)").run()
                try await db.raw("DROP FUNCTION fail_one()").run()
            }
        }
    }
}

@Suite("Imports: caps, all-or-nothing, streaming, background jobs")
struct ImportHardeningTests {
    /// One "character" of megabytes: a letter and combining marks. Counting characters alone lets it through.
    static let hugeCharacter = "a" + String(repeating: "\u{0301}", count: 2_000)

    // MARK: Caps

    @Test("limits are named once, in the core; shortening cuts between characters within the limit")
    func limits() {
        #expect(TextLimits.activityName == 255 && TextLimits.rowsPerImport == 50_000)
        #expect(ImportSettings().maxRows == TextLimits.rowsPerImport)
        let long = String(repeating: "é", count: 300)
        let cut = TextLimits.truncate(long, to: 255)
        #expect(cut.count == 255 && cut.hasSuffix("…") && TextLimits.fits(cut, 255))
        #expect(TextLimits.truncate("short", to: 255) == "short")
        #expect(!TextLimits.fits(Self.hugeCharacter, 255))
        #expect(Self.hugeCharacter.count == 1)
        let shortened = TextLimits.truncate(Self.hugeCharacter, to: 255)
        #expect(TextLimits.fits(shortened, 255))
        let emoji = String(repeating: "👩‍👩‍👧‍👦", count: 100)
        #expect(TextLimits.fits(TextLimits.truncate(emoji, to: 40), 40))
    }

    @Test("the JSON API refuses over-long names and sport types with 400 and a message", arguments: TestDatabases.kinds)
    func apiCaps(kind: DatabaseKind) async throws {
        let harness = try await RouteHarness.make(kind: kind)
        let slug = harness.privateSlug
        try await harness.test { client in
            let cookie = try await harness.memberCookie(client)
            for name in [String(repeating: "x", count: 41), Self.hugeCharacter] {
                let response = try await client.execute(
                    uri: "/api/clubs/\(slug)/me", method: .post, headers: [.cookie: cookie],
                    body: jsonBody(["firstName": name]))
                #expect(response.status == .badRequest)
                #expect(
                    (response.json["error"] as? [String: Any])?["message"] as? String == Membership.InvalidName.message)
            }
            let longLast = try await client.execute(
                uri: "/api/clubs/\(slug)/me", method: .post, headers: [.cookie: cookie],
                body: jsonBody(["firstName": "Ok", "lastName": Self.hugeCharacter]))
            #expect(longLast.status == .badRequest)
            let admin = try await harness.adminCookie(client)
            let bodies: [[String: Any]] = [
                ["name": String(repeating: "n", count: 81)], ["name": Self.hugeCharacter],
                ["countedSportTypes": [String(repeating: "R", count: 65)]],
                ["countedSportTypes": (0..<65).map { "Sport" + String(repeating: "x", count: $0) }],
                ["timeZone": String(repeating: "Z", count: 100_000)],
            ]
            for body in bodies {
                let response = try await client.execute(
                    uri: "/api/clubs/\(slug)", method: .patch, headers: [.cookie: admin], body: jsonBody(body))
                #expect(response.status == .badRequest, "\(body.keys)")
                #expect(response.body.readableBytes < 1000, "the message does not echo the input")
            }
            let club = try #require(try await harness.app.clubs.find(slug: slug)).club
            #expect(club.name == "Harbour Wheelers")
            #expect(try await harness.app.members.members(of: club.id).isEmpty)
        }
    }

    @Test("the forms refuse over-long names with the page and a message")
    func formCaps() async throws {
        let harness = try await RouteHarness.make()
        let slug = harness.privateSlug
        try await harness.test { client in
            let cookie = try await harness.memberCookie(client)
            let join = try await client.execute(
                uri: "/clubs/\(slug)/settings/name", method: .post, headers: withCookie(cookie, formHeaders),
                body: formBody([("firstName", Self.hugeCharacter), ("lastName", "")]))
            #expect(join.status == .badRequest)
            #expect(join.text.contains("First name must be 1–40 characters"))
            let admin = try await harness.adminCookie(client)
            let settings = try await client.execute(
                uri: "/clubs/\(slug)/admin/settings", method: .post, headers: withCookie(admin, formHeaders),
                body: formBody([
                    ("name", Self.hugeCharacter), ("sport", "Ride"), ("colour0", "#0055a4"), ("colour1", "#ffffff"),
                    ("colour2", "#ef4135"),
                ]))
            #expect(settings.status == .badRequest)
            #expect(settings.text.contains("Club name must be 1–80 characters"))
            #expect(try #require(try await harness.app.clubs.find(slug: slug)).club.name == "Harbour Wheelers")
        }
    }

    @Test(
        "an activity name of megabytes is shortened to 255 characters and reported by line; the week stays small",
        arguments: TestDatabases.kinds)
    func importShortensNames(kind: DatabaseKind) async throws {
        let harness = try await RouteHarness.make(kind: kind)
        let huge = String(repeating: "Long ride ", count: 500_000)  // 5 MB
        let csv = ImportFixtures.csv(rows: 3) { $0 == 1 ? huge : "Ride \($0)" }
        try await harness.test { client in
            let (cookie, member) = try await harness.joinedMember(client)
            let response = try await client.execute(
                uri: "/api/clubs/\(harness.privateSlug)/me/import", method: .post, headers: [.cookie: cookie],
                body: ByteBuffer(string: csv))
            #expect(response.status == .ok)
            #expect(response.json["imported"] as? Int == 3)
            let problems = try #require(response.json["problems"] as? [[String: Any]])
            #expect(problems.count == 1)
            #expect(problems.first?["line"] as? Int == 3)
            #expect((problems.first?["message"] as? String)?.contains("shortened") == true)
            let names = try await harness.database.run { db in
                try await db.raw("SELECT name FROM cw_activities WHERE member_id = \(bind: member.rawValue)").all()
                    .map { try $0.decode(column: "name", as: String.self) }
            }
            #expect(names.map(\.count).max() == 255)
            #expect(names.contains { $0.hasPrefix("Long ride Long ride") && $0.hasSuffix("…") })
            let club = try #require(try await harness.app.clubs.find(slug: harness.privateSlug)).club
            let oldest = try await harness.app.weeks.checkOffset(0, club: club)
            var largest = 0
            for offset in stride(from: 0, through: oldest, by: -1) {
                let week = try await client.execute(
                    uri: "/api/clubs/\(harness.privateSlug)/week?offset=\(offset)", method: .get,
                    headers: [.cookie: cookie])
                largest = max(largest, week.body.readableBytes)
            }
            #expect(largest < 20_000, "largest week answer \(largest) bytes")
        }
    }

    @Test("names from Strava (athlete and activities, backfill and webhook renames) are shortened when stored")
    func stravaCaps() async throws {
        let harness = try await SyncHarness.make()
        defer { harness.cleanUp() }
        let server = try await harness.open()
        let athlete: Int64 = 9101
        await harness.strava.state.addAthlete(
            athlete, firstname: String(repeating: "F", count: 10_000), lastname: Self.hugeCharacter)
        let ride = harness.activity(
            id: 9_101_001, athlete: athlete, name: String(repeating: "🚴", count: 100_000), ago: 600)
        await harness.strava.state.put(ride, athlete: athlete)
        try await server.http { client in
            _ = try await harness.connect(athlete: athlete, client: client)
            try await server.runner.drain()
            let titles = try await harness.weekTitles(offset: 0, client: client)
            #expect(titles.count == 1 && titles.allSatisfy { TextLimits.fits($0, TextLimits.activityName) })
            let base = "http://127.0.0.1:\(try #require(client.port))"
            try await FakeStravaWebhook.send(
                FakeStravaWebhook.activity(
                    .update, id: ride.id, owner: athlete, updates: ["title": String(repeating: "t", count: 60_000)],
                    eventTime: harness.eventTime(5)),
                to: base)
            try await server.runner.drain()
            let renamed = try await harness.weekTitles(offset: 0, client: client)
            #expect(renamed.first?.hasPrefix("ttt") == true)
            #expect(renamed.first?.count == TextLimits.activityName)
        }
        let club = try await server.club()
        let member = try #require(try await server.app.members.members(of: club.id).first)
        #expect(member.firstName.count == TextLimits.firstName)
        #expect(TextLimits.fits(member.lastName, TextLimits.lastName))
        await server.close()
        await harness.strava.stop()
    }

    @Test("text stored before the limits is cut by the migration")
    func migrationCutsOldText() async throws {
        let database = try await TestDatabases.make(.sqlite)
        let before = ClubWeeklyApp.migrations.filter { !$0.id.hasPrefix("cw-") || $0.id < "cw-0003" }
        try await Migrator(before).migrate(database)
        try await database.run { db in
            try await db.raw(
                """
                INSERT INTO cw_clubs (id, slug, name, time_zone, week_start, sport_types, colors, feed_public, code_sealed,
                    code_hash, created_at)
                VALUES ('c1', 'old', \(bind: String(repeating: "C", count: 500)), 'UTC', 2, 'Ride', '{}', 1, 'x', 'y', 0)
                """
            ).run()
            try await db.raw(
                "INSERT INTO cw_members (id, club_id, first_name, last_name, joined_at) VALUES ('m1', 'c1', 'A', 'B', 0)"
            ).run()
            try await db.raw(
                """
                INSERT INTO cw_activities (club_id, member_id, source, external_id, start_at, sport_type, distance,
                    moving_time, elapsed_time, elevation, name, trainer, commute, updated_at)
                VALUES ('c1', 'm1', 'import', '1', 0, 'Ride', 1, 1, 1, 0, \(bind: String(repeating: "n", count: 1 << 20)),
                    0, 0, 0)
                """
            ).run()
        }
        try await Migrator(ClubWeeklyApp.migrations).migrate(database)
        let name = try await database.run { db in
            try await db.raw("SELECT name FROM cw_activities").first()?.decode(column: "name", as: String.self)
        }
        #expect(name?.count == 255 && name?.hasSuffix("…") == true)
        let club = try await database.run { db in
            try await db.raw("SELECT name FROM cw_clubs").first()?.decode(column: "name", as: String.self)
        }
        #expect(club?.count == 80)
        await database.close()
    }

    // MARK: Row cap

    @Test("a file with more rows than allowed is refused whole with 422 and a message; nothing is stored")
    func rowCap() async throws {
        let harness = try await RouteHarness.make(environment: ["CLUBWEEKLY_IMPORT_MAX_ROWS": "5"])
        try await harness.test { client in
            let (cookie, member) = try await harness.joinedMember(client)
            let response = try await client.execute(
                uri: "/api/clubs/\(harness.privateSlug)/me/import", method: .post, headers: [.cookie: cookie],
                body: ByteBuffer(string: ImportFixtures.csv(rows: 6)))
            #expect(response.status == .unprocessableContent)
            let error = try #require(response.json["error"] as? [String: Any])
            #expect(error["code"] as? String == "too_many_rows")
            #expect((error["message"] as? String)?.contains("more than 5 activities") == true)
            #expect(try await harness.activityCount(member) == 0)
            let ok = try await client.execute(
                uri: "/api/clubs/\(harness.privateSlug)/me/import", method: .post, headers: [.cookie: cookie],
                body: ByteBuffer(string: ImportFixtures.csv(rows: 5)))
            #expect(ok.status == .ok)
        }
    }

    // MARK: All or nothing

    @Test(
        "a failure part-way stores nothing of the file; after it, the import and a re-import store each row once",
        arguments: TestDatabases.kinds)
    func allOrNothing(kind: DatabaseKind) async throws {
        let harness = try await RouteHarness.make(kind: kind)
        let csv = ImportFixtures.csv(rows: 450, firstID: 1000)
        try await harness.test { client in
            let (cookie, member) = try await harness.joinedMember(client)
            try await FailingInsert.install(externalID: "1400", on: harness.database)
            let failed = try await client.execute(
                uri: "/api/clubs/\(harness.privateSlug)/me/import", method: .post, headers: [.cookie: cookie],
                body: ByteBuffer(string: csv))
            #expect(failed.status == .internalServerError)
            #expect((failed.json["error"] as? [String: Any])?["code"] as? String == "import_failed")
            #expect(try await harness.activityCount(member) == 0, "no row of the failed file is stored")
            #expect(try await harness.count("SELECT COUNT(*) AS n FROM cw_import_rows") == 0)
            #expect(try await harness.count("SELECT COUNT(*) AS n FROM cw_imports WHERE status = 'failed'") == 1)
            try await FailingInsert.remove(on: harness.database)

            let imported = try await client.execute(
                uri: "/api/clubs/\(harness.privateSlug)/me/import", method: .post, headers: [.cookie: cookie],
                body: ByteBuffer(string: csv))
            #expect(imported.status == .ok)
            #expect(imported.json["imported"] as? Int == 450)
            let again = try await client.execute(
                uri: "/api/clubs/\(harness.privateSlug)/me/import", method: .post, headers: [.cookie: cookie],
                body: ByteBuffer(string: csv))
            #expect(again.json["imported"] as? Int == 0)
            #expect(again.json["alreadyPresent"] as? Int == 450)
            #expect(try await harness.activityCount(member) == 450)
        }
    }

    @Test("an export row never replaces an activity synced from Strava, and is counted as already present")
    func keepsStravaRows() async throws {
        let harness = try await RouteHarness.make()
        try await harness.test { client in
            let (cookie, member) = try await harness.joinedMember(client)
            let club = try #require(try await harness.app.clubs.find(slug: harness.privateSlug)).club
            let synced = Activity(
                memberID: member, source: .strava, externalID: "5001", startDate: Date(), sportType: "Ride",
                distance: 99_000, movingTime: 1, elapsedTime: 1, elevationGain: 0, name: "From Strava", trainer: false,
                commute: false)
            try await harness.app.activities.upsert([synced], club: club.id, policy: .replace)
            let response = try await client.execute(
                uri: "/api/clubs/\(harness.privateSlug)/me/import", method: .post, headers: [.cookie: cookie],
                body: ByteBuffer(string: ImportFixtures.csv(rows: 3)))
            #expect(response.json["imported"] as? Int == 2)
            #expect(response.json["alreadyPresent"] as? Int == 1)
            let name = try await harness.database.run { db in
                try await db.raw("SELECT name FROM cw_activities WHERE external_id = '5001'").first()?
                    .decode(column: "name", as: String.self)
            }
            #expect(name == "From Strava")
        }
    }

    // MARK: Streaming

    @Test("an upload over the limit is refused with 413 (API and form) and leaves nothing behind")
    func uploadLimit() async throws {
        let spool = TestDatabases.temporaryFile("spool")
        try FileManager.default.createDirectory(atPath: spool, withIntermediateDirectories: true)
        let harness = try await RouteHarness.make(environment: [
            "CLUBWEEKLY_IMPORT_MAX_BYTES": "100000", "CLUBWEEKLY_IMPORT_SPOOL_DIR": spool,
        ])
        let big = ImportFixtures.csv(rows: 3000)
        #expect(big.utf8.count > 100_000)
        try await harness.test { client in
            let (cookie, member) = try await harness.joinedMember(client)
            let api = try await client.execute(
                uri: "/api/clubs/\(harness.privateSlug)/me/import", method: .post, headers: [.cookie: cookie],
                body: ByteBuffer(string: big))
            #expect(api.status == .contentTooLarge)
            #expect((api.json["error"] as? [String: Any])?["code"] as? String == "too_large")
            let (body, headers) = ImportFixtures.multipart(big)
            let form = try await client.execute(
                uri: "/clubs/\(harness.privateSlug)/settings/import", method: .post,
                headers: withCookie(cookie, headers), body: body)
            #expect(form.status == .contentTooLarge)
            #expect(form.text.contains("larger than"))
            #expect(try await harness.activityCount(member) == 0)
            #expect(try await harness.count("SELECT COUNT(*) AS n FROM cw_imports") == 0)
            #expect(try FileManager.default.contentsOfDirectory(atPath: spool).isEmpty, "no temporary file is left")
            let small = try await client.execute(
                uri: "/api/clubs/\(harness.privateSlug)/me/import", method: .post, headers: [.cookie: cookie],
                body: ByteBuffer(string: ImportFixtures.csv(rows: 10)))
            #expect(small.status == .ok)
            #expect(try FileManager.default.contentsOfDirectory(atPath: spool).isEmpty)
        }
    }

    /// A body that never ends, counting what was read of it.
    struct EndlessBody: AsyncSequence, Sendable {
        let pulled: Counter
        struct AsyncIterator: AsyncIteratorProtocol {
            let pulled: Counter
            mutating func next() async throws -> ByteBuffer? {
                pulled.add()
                return ByteBuffer(repeating: UInt8(ascii: "x"), count: 64 << 10)
            }
        }
        func makeAsyncIterator() -> AsyncIterator { AsyncIterator(pulled: pulled) }
    }

    final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var value = 0
        func add() {
            lock.lock()
            defer { lock.unlock() }
            value += 1
        }
        var count: Int {
            lock.lock()
            defer { lock.unlock() }
            return value
        }
    }

    @Test("without a Content-Length, the spool stops reading as soon as the body passes the limit")
    func streamingLimit() async throws {
        let directory = URL(fileURLWithPath: TestDatabases.temporaryFile("spool"))
        let spool = UploadSpool(directory: directory, limit: 200_000)
        let counter = Counter()
        let request = Request(
            head: HTTPRequest(method: .post, scheme: "http", authority: "x", path: "/import"),
            body: RequestBody(asyncSequence: EndlessBody(pulled: counter)))
        await #expect(throws: UploadError.tooLarge(200_000)) { try await spool.receive(request) }
        #expect(counter.count == 4, "read 4 × 64 kB, then stopped")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
    }

    @Test("the multipart reader finds the file whatever the chunk boundaries")
    func multipartChunks() async throws {
        let directory = URL(fileURLWithPath: TestDatabases.temporaryFile("spool"))
        let spool = UploadSpool(directory: directory, limit: 1 << 20)
        // File content with look-alikes of the delimiter and CR LF at the edges.
        let content = "\r\nline one\r\n--not-the-boundary\r\n------cwimport987\r\nend\r\n"
        let (body, _) = ImportFixtures.multipart(content)
        let bytes = Array(body.readableBytesView)
        for size in [1, 2, 3, 7, 64, bytes.count] {
            var scanner = MultipartScanner(boundary: "----cwimport9876", fileField: "file", spool: spool)
            var start = 0
            while start < bytes.count {
                let end = min(bytes.count, start + size)
                try bytes[start..<end].withUnsafeBytes { try scanner.feed($0) }
                start = end
            }
            let (file, fields) = try scanner.finish()
            let received = try #require(file)
            #expect(try String(contentsOf: received.url, encoding: .utf8) == content, "chunks of \(size)")
            #expect(fields == ["note": "hello"])
            received.remove()
        }
        var truncated = MultipartScanner(boundary: "----cwimport9876", fileField: "file", spool: spool)
        try bytes.dropLast(20).withUnsafeBytes { try truncated.feed($0) }
        #expect(throws: UploadError.self) { try truncated.finish() }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
    }

    // MARK: Background jobs

    @Test(
        "a large import runs as a job: 202 with its status, progress on the member's page, then the report",
        arguments: TestDatabases.kinds)
    func backgroundImport(kind: DatabaseKind) async throws {
        let harness = try await RouteHarness.make(
            kind: kind, environment: ["CLUBWEEKLY_IMPORT_BACKGROUND_ROWS": "20"])
        let csv =
            ImportFixtures.csv(rows: 1200) { $0 == 7 ? String(repeating: "n", count: 1000) : "Ride \($0)" }
            + "9999999,not a date,Broken,Ride,1,1,1\n"
        let slug = harness.privateSlug
        try await harness.test { client in
            let (cookie, member) = try await harness.joinedMember(client)
            let queued = try await client.execute(
                uri: "/api/clubs/\(slug)/me/import", method: .post, headers: [.cookie: cookie],
                body: ByteBuffer(string: csv))
            #expect(queued.status == .accepted)
            try OpenAPIConformanceTests.expectConforms(queued, "ImportStatus")
            let location = try #require(queued.headers[.location])
            let id = try #require(queued.json["id"] as? String)
            #expect(location == "/api/clubs/\(slug)/me/imports/\(id)")
            #expect(queued.json["status"] as? String == "queued")
            #expect(queued.json["rowsTotal"] as? Int == 1201)
            #expect(try await harness.activityCount(member) == 0, "nothing is stored inside the request")

            let page = try await client.execute(
                uri: try #require(queued.json["pageUrl"] as? String), method: .get, headers: [.cookie: cookie])
            #expect(page.status == .ok)
            #expect(page.text.contains("data-section=\"import-progress\""))
            #expect(page.text.contains("data-import-status-url=\"\(location)\""))
            #expect(page.text.contains("http-equiv=\"refresh\""), "reloads itself without JavaScript")
            #expect(page.text.contains("Waiting to start"))
            let settings = try await client.execute(
                uri: "/clubs/\(slug)/settings", method: .get, headers: [.cookie: cookie])
            #expect(settings.text.contains("data-section=\"import-progress\""), "the running import shows anywhere")

            // Another member cannot read it.
            let (otherCookie, _) = try await harness.joinedMember(client, first: "Other")
            let foreign = try await client.execute(uri: location, method: .get, headers: [.cookie: otherCookie])
            #expect(foreign.status == .notFound)

            try await harness.runner.drain()
            let done = try await client.execute(uri: location, method: .get, headers: [.cookie: cookie])
            #expect(done.status == .ok)
            try OpenAPIConformanceTests.expectConforms(done, "ImportStatus")
            #expect(done.json["status"] as? String == "done")
            #expect(done.json["rowsDone"] as? Int == 1201)
            let report = try #require(done.json["report"] as? [String: Any])
            #expect(report["imported"] as? Int == 1200)
            let problems = try #require(report["problems"] as? [[String: Any]])
            #expect(problems.compactMap { $0["line"] as? Int } == [9, 1202])
            #expect(try await harness.activityCount(member) == 1200)
            #expect(try await harness.count("SELECT COUNT(*) AS n FROM cw_import_chunks") == 0, "the upload is gone")
            #expect(try await harness.count("SELECT COUNT(*) AS n FROM cw_import_rows") == 0)

            let result = try await client.execute(
                uri: try #require(queued.json["pageUrl"] as? String), method: .get, headers: [.cookie: cookie])
            #expect(result.text.contains("Import finished: 1200 new activities."))
            #expect(result.text.contains("1201 rows read · 1200 new activities · 0 already present · 2 problems"))
            #expect(!result.text.contains("http-equiv=\"refresh\""))

            // The form: a large file redirects to the page that shows its progress.
            let (body, headers) = ImportFixtures.multipart(csv)
            let posted = try await client.execute(
                uri: "/clubs/\(slug)/settings/import", method: .post, headers: withCookie(cookie, headers), body: body)
            #expect(posted.status == .seeOther)
            let next = try #require(posted.headers[.location])
            #expect(next.hasPrefix("/clubs/\(slug)/settings?import="))
            try await harness.runner.drain()
            let second = try await client.execute(uri: next, method: .get, headers: [.cookie: cookie])
            #expect(second.text.contains("0 new activities · 1200 already present"))
        }
    }

    @Test("a background import that fails stores nothing; its retry after the failure stores the file once")
    func backgroundFailureAndRetry() async throws {
        let harness = try await RouteHarness.make(environment: ["CLUBWEEKLY_IMPORT_BACKGROUND_ROWS": "10"])
        let csv = ImportFixtures.csv(rows: 600, firstID: 1000)
        try await harness.test { client in
            let (cookie, member) = try await harness.joinedMember(client)
            try await FailingInsert.install(externalID: "1550", on: harness.database)
            let queued = try await client.execute(
                uri: "/api/clubs/\(harness.privateSlug)/me/import", method: .post, headers: [.cookie: cookie],
                body: ByteBuffer(string: csv))
            #expect(queued.status == .accepted)
            let location = try #require(queued.headers[.location])
            try await harness.runner.drain()
            #expect(try await harness.activityCount(member) == 0)
            let status = try await client.execute(uri: location, method: .get, headers: [.cookie: cookie])
            #expect(status.json["status"] as? String == "running", "the job will be retried")
            try await FailingInsert.remove(on: harness.database)
            // The retry is due after a back-off; make it due now.
            try await harness.database.run { db in try await db.raw("UPDATE jobs SET run_at = 0").run() }
            try await harness.runner.drain()
            let done = try await client.execute(uri: location, method: .get, headers: [.cookie: cookie])
            #expect(done.json["status"] as? String == "done")
            #expect((done.json["report"] as? [String: Any])?["imported"] as? Int == 600)
            #expect(try await harness.activityCount(member) == 600)
        }
    }

    @Test("the command line imports a file in place and refuses an over-long member name")
    func commandLine() async throws {
        let harness = try await RouteHarness.make()
        let path = TestDatabases.temporaryFile("activities.csv")
        try ImportFixtures.csv(rows: 2500).write(toFile: path, atomically: true, encoding: .utf8)
        let output = try await harness.app.importFile(
            path: path, clubSlug: harness.privateSlug, memberName: "Cli Rider")
        #expect(output.hasPrefix("Imported 2500 new activities for Cli Rider"))
        await #expect(throws: CLIError.self) {
            try await harness.app.importFile(
                path: path, clubSlug: harness.privateSlug, memberName: String(repeating: "x", count: 50))
        }
    }
}
