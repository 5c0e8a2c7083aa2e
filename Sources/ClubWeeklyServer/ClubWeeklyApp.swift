import ClubWeekly
import Foundation
import Hummingbird
import Logging
import ServerKit
import StravaAPI
import StravaServer

/// Club Weekly's server: storage, services, jobs and routes, assembled from configuration.
public struct ClubWeeklyApp: AppModule {
    let config: ServerConfig
    let database: Database
    let logger: Logger
    let clubs: ClubRepository
    let members: MemberRepository
    let activities: ActivityRepository
    let accounts: StravaAccountRepository
    let oauthStates: OAuthStateRepository
    let clubService: ClubService
    let weeks: WeekService
    let imports: ImportService
    let sync: StravaSync
    let sessions: SessionStore
    let limiter: AttemptLimiter
    let proxyLimiter: AttemptLimiter
    let queue: JobQueue
    let strava: StravaServices
    let membership: Membership
    let cache = ResponseCache()
    /// Concurrent misses of one rendered page share its render (``RenderFlights``).
    let renders = RenderFlights()

    /// Every migration Club Weekly needs: the shared ServerKit tables and Strava budget first.
    public static let migrations: [Migration] =
        sharedMigrations + StravaServices.migrations + ClubWeeklySchema.migrations

    /// Values sealed with the token-encryption key: club codes, member keys, Strava tokens.
    public static let sealedColumns: [SealedColumn] = ClubWeeklySchema.sealedColumns

    /// Builds the repositories and services over `database`, calling Strava through `strava`.
    public init(
        config: ServerConfig, database: Database, cipher: TokenCipher, strava: StravaServices, logger: Logger,
        now: @escaping @Sendable () -> Date = Date.init
    ) {
        self.config = config
        self.database = database
        self.logger = logger
        clubs = ClubRepository(database: database)
        members = MemberRepository(database: database)
        activities = ActivityRepository(database: database)
        accounts = StravaAccountRepository(database: database, cipher: cipher)
        oauthStates = OAuthStateRepository(database: database)
        clubService = ClubService(clubs: clubs, cipher: cipher)
        weeks = WeekService(members: members, activities: activities, now: now)
        imports = ImportService(
            repository: ImportRepository(database: database), settings: ImportSettings(settings: config.settings),
            logger: logger, now: now)
        sessions = SessionStore(database: database)
        limiter = AttemptLimiter(database: database, limit: 10, window: 15 * 60)
        proxyLimiter = AttemptLimiter(database: database, limit: 30, window: 15 * 60)
        queue = JobQueue(database: database)
        self.strava = strava
        sync = StravaSync(
            client: strava.client, accounts: accounts, members: members, activities: activities, queue: queue,
            logger: logger, now: now)
        membership = Membership(
            members: members, accounts: accounts, sessions: sessions, sync: sync, clubService: clubService, now: now)
    }

    /// Background job handlers of this app.
    public var jobHandlers: [String: JobRunner.Handler] {
        sync.handlers.merging(imports.handlers) { first, _ in first }
            .merging([RollupJob.kind: RollupJob.handler(database: database, logger: logger)]) { first, _ in first }
    }

    /// Start-up work: the recurring reconciliation job, and the demo club when the database has no club.
    public func prepare() async throws {
        try await sync.scheduleRecurring()
        // An import that ran inside a request of a process that stopped will never finish: say so to its member.
        let now = Date()
        try await imports.repository.failAbandoned(before: now.addingTimeInterval(-3600), now: now)
        try await RollupJob.queueStale(database: database)
        if config.seedDemo { try await seedDemoIfEmpty() }
    }

    /// Reads the current week of the clubs with the most members into memory (`serve` calls it in the background at
    /// start-up): the first read of a week since the server started is the slow one, 130–240 ms at 5,000 members,
    /// and is then kept up to date write by write. At most `limit` clubs, half the weeks kept, so visitors' own
    /// weeks still fit. Returns the clubs read; an error is logged, not thrown (nothing depends on it), and the
    /// next club is read.
    @discardableResult
    public func warmCurrentWeeks(limit: Int = 6) async -> Int {
        let biggest: [ClubID]
        do {
            biggest = try await members.biggestClubs(limit: limit)
        } catch {
            logger.warning("could not list the clubs to read at start-up", metadata: ["error": "\(error)"])
            return 0
        }
        var read = 0
        for id in biggest {
            do {
                guard let record = try await clubs.find(id: id) else { continue }
                try await weeks.warmCurrentWeek(of: record.club)
                read += 1
            } catch {
                logger.warning(
                    "could not read a club's current week at start-up",
                    metadata: ["club": "\(id.rawValue)", "error": "\(error)"])
            }
        }
        return read
    }

    /// Creates the demo club (public feed) with 16 weeks of generated rides when there is no club yet; logs its code.
    @discardableResult
    public func seedDemoIfEmpty(now: Date = Date()) async throws -> Bool {
        if let existing = try await clubs.find(slug: DemoClub.slug) {
            let code = try clubService.code(of: existing)
            logger.notice(
                "demo club ready", metadata: ["url": "\(config.baseURL)/clubs/demo", "club code": "\(code)"])
            return false
        }
        guard try await clubs.count() == 0 else { return false }
        let created = try await clubService.create(
            name: "Demo Cycling Club", slug: DemoClub.slug, timeZone: "Europe/Dublin", feedPublic: true,
            now: now.addingTimeInterval(-Double(DemoClub.weeks) * 7 * 86400))
        let generated = DemoClub.generate(club: created.club, now: now)
        for member in generated.members { try await members.insert(member) }
        try await activities.upsert(generated.activities, club: created.club.id, policy: .replace, now: now)
        logger.notice(
            "demo club created",
            metadata: [
                "url": "\(config.baseURL)/clubs/demo", "club code": "\(created.code)",
                "members": "\(generated.members.count)", "activities": "\(generated.activities.count)",
            ])
        return true
    }

    // MARK: Command-line operations

    /// `clubhouse club create`.
    public func createClub(
        name: String, slug: String?, timeZone: String, weekStart: String?, code: String?, adminPassword: String?,
        publicFeed: Bool
    ) async throws -> (slug: String, code: String) {
        var start = Weekday.monday
        if let weekStart {
            guard let parsed = Weekday(name: weekStart) else {
                throw ConfigError.invalid("--week-start", weekStart, "a weekday name such as monday or sunday")
            }
            start = parsed
        }
        let created = try await clubService.create(
            name: name, slug: slug, timeZone: timeZone, weekStart: start, code: code, adminPassword: adminPassword,
            feedPublic: publicFeed)
        return (created.club.slug, created.code)
    }

    /// One line per club for `clubhouse club list`.
    public func listClubs() async throws -> [String] {
        var lines: [String] = []
        for record in try await clubs.all() {
            let club = record.club
            let memberCount = try await members.members(of: club.id).count
            let activityCount = try await activities.count(club: club.id)
            lines.append(
                "\(club.slug)\t\(club.name)\t\(club.timeZoneIdentifier)\tcode \(try clubService.code(of: record))\t"
                    + "\(memberCount) members\t\(activityCount) activities\t\(club.isFeedPublic ? "public" : "private") feed"
            )
        }
        return lines
    }

    /// `clubhouse club import`: imports a Strava export for a member (created when no member has that name).
    public func importFile(path: String, clubSlug: String, memberName: String) async throws -> String {
        guard let record = try await clubs.find(slug: clubSlug) else {
            throw CLIError("No club with slug '\(clubSlug)'.")
        }
        guard FileManager.default.isReadableFile(atPath: path) else { throw CLIError("Cannot read \(path).") }
        let parts = memberName.trimmingCharacters(in: .whitespaces).split(separator: " ", maxSplits: 1).map(String.init)
        guard let first = parts.first, !first.isEmpty else {
            throw CLIError("--member needs a name like \"Sarah Murphy\".")
        }
        let last = parts.count > 1 ? parts[1] : ""
        guard TextLimits.fits(first, TextLimits.firstName), TextLimits.fits(last, TextLimits.lastName) else {
            throw CLIError("--member: \(Membership.InvalidName.message)")
        }
        let existing = try await members.find(named: first, last, in: record.club.id)
        let member: Member
        if let existing {
            member = existing
        } else {
            member = Member(
                id: MemberID(UUID().uuidString.lowercased()), clubID: record.club.id, firstName: first, lastName: last,
                joinedAt: Date())
            try await members.insert(member)
        }
        // Read from the file in place, row by row, and committed in one transaction whatever its size.
        let report: ImportReport
        do {
            report = try await imports.importFile(at: URL(fileURLWithPath: path), member: member)
        } catch let error as ImportError {
            throw CLIError("\(path): \(error.description)")
        }
        var lines = [
            "Imported \(report.imported) new activit\(report.imported == 1 ? "y" : "ies") for \(member.fullName) in \(clubSlug) "
                + "(\(report.rows) rows, \(report.alreadyPresent) already present, \(report.problems.count) problems)."
        ]
        lines += report.problems.map { "  line \($0.line): \($0.message)" }
        if report.moreProblems > 0 { lines.append("  … and \(report.moreProblems) more rows with problems") }
        return lines.joined(separator: "\n")
    }

    /// `clubhouse club sync`: queues a reconciliation for every connected member of the club; returns how many.
    public func queueSync(clubSlug: String) async throws -> Int {
        guard let record = try await clubs.find(slug: clubSlug) else {
            throw CLIError("No club with slug '\(clubSlug)'.")
        }
        let athletes = Set(try await members.members(of: record.club.id).compactMap(\.stravaAthleteID))
        for athlete in athletes {
            try await queue.enqueue(
                kind: StravaJob.reconcileAthlete,
                payload: try StravaSync.encode(StravaJob.AthletePayload(athleteID: athlete)),
                dedupeKey: "\(StravaJob.reconcileAthlete):\(athlete)")
        }
        return athletes.count
    }
}

extension ClubWeeklyApp {
    /// `clubhouse club unlock`: lifts the lock-out of wrong club codes and admin passwords for the whole club, or
    /// for one client address; returns how many failed attempts were forgotten.
    public func unlock(clubSlug: String, address: String?) async throws -> Int {
        guard let record = try await clubs.find(slug: clubSlug) else {
            throw CLIError("No club with slug '\(clubSlug)'.")
        }
        let id = record.club.id
        let prefixes = [CredentialKind.code, .admin].map { kind in
            address.map { kind.attemptKey(club: id, client: $0) } ?? kind.attemptKey(club: id, client: "")
        }
        return try await limiter.reset(prefixes: prefixes)
    }
}

/// What a failed attempt guessed, naming the lock-out it counts towards.
enum CredentialKind: String {
    /// The club code (join, sign-in, Bearer reads).
    case code
    /// The admin password.
    case admin

    /// The ``AttemptLimiter`` key of a client's attempts at this credential of a club (a prefix of all of them
    /// when `client` is empty).
    func attemptKey(club: ClubID, client: String) -> String { "\(rawValue):\(club):\(client)" }
}

/// A command-line error with the message to print.
public struct CLIError: Error, CustomStringConvertible {
    /// The message printed to the user (no stack trace or error type).
    public let description: String
    /// An error with `description` as the message to print.
    public init(_ description: String) { self.description = description }
}
