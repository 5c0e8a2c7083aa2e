import ClubWeekly
import Foundation
import SQLKit
import ServerKit

/// Stored club plus its secrets (the code is sealed so admins can read it back; the hash finds it).
struct ClubRecord: Sendable {
    var club: Club
    var codeSealed: String
    var codeHash: String
    var adminPasswordHash: String?
    /// Bumped by every write that changes what the club's pages show; keys cached responses (see ``ResponseCache``).
    var dataVersion: Int64 = 0
    /// Bumped by writes that can change any week (members, names, settings), not by activity writes; with
    /// ``WeekVersions`` it keys one week's cached answers (``WeekService/version(club:week:)``).
    var settingsVersion: Int64 = 0
}

/// SQL that marks a club's data as changed, inside the same unit of work as the change: for changes that can show on
/// any week (members, names, settings), which bump `settings_version` too. Activity writes mark only the weeks they
/// touched (``WeekVersions``, through ``WeekRollups/refresh(member:instants:scope:on:)``).
enum DataVersion {
    static func bump(club: ClubID, on db: any SQLDatabase) async throws {
        try await db.raw(
            """
            UPDATE cw_clubs SET data_version = data_version + 1, settings_version = settings_version + 1
            WHERE id = \(bind: club.rawValue)
            """
        ).run()
    }

    static func bump(memberOf member: MemberID, on db: any SQLDatabase) async throws {
        try await db.raw(
            """
            UPDATE cw_clubs SET data_version = data_version + 1, settings_version = settings_version + 1
            WHERE id = (SELECT club_id FROM cw_members WHERE id = \(bind: member.rawValue))
            """
        ).run()
    }
}

/// Clubs and their settings.
struct ClubRepository: Sendable {
    let database: Database
    /// Activities up to which a settings change rebuilds the club's rollups in its own transaction (about half a
    /// second); a bigger club's are rebuilt by a background job (``RollupJob``).
    var inlineRebuildLimit = 50_000

    func insert(_ record: ClubRecord) async throws {
        let club = record.club
        let colors = try String(decoding: JSONEncoder().encode(club.colors), as: UTF8.self)
        try await database.run { db in
            try await db.raw(
                """
                INSERT INTO cw_clubs (id, slug, name, time_zone, week_start, sport_types, colors, feed_public,
                    code_sealed, code_hash, admin_password_hash, created_at, rollups_version)
                VALUES (\(bind: club.id.rawValue), \(bind: club.slug), \(bind: club.name), \(bind: club.timeZoneIdentifier),
                    \(bind: club.weekStart.rawValue), \(bind: club.countedSportTypes.sorted().joined(separator: ",")),
                    \(bind: colors), \(bind: club.isFeedPublic ? 1 : 0), \(bind: record.codeSealed), \(bind: record.codeHash),
                    \(bind: record.adminPasswordHash), \(bind: club.createdAt.epochMilliseconds),
                    \(bind: WeekRollups.currentVersion))
                """
            ).run()
        }
    }

    /// Stores the club's settings; a new time zone, week start or counted sport types rebuilds its rollups (they
    /// decide which week and whether an activity counts): in the same transaction, or for a club of more than
    /// ``inlineRebuildLimit`` activities by a job queued in it.
    func update(_ club: Club) async throws {
        let colors = try String(decoding: JSONEncoder().encode(club.colors), as: UTF8.self)
        try await database.transaction { db in
            let before = try await db.raw("SELECT * FROM cw_clubs WHERE id = \(bind: club.id.rawValue)").first().map(
                Self.decode)
            try await db.raw(
                """
                UPDATE cw_clubs SET name = \(bind: club.name), slug = \(bind: club.slug),
                    time_zone = \(bind: club.timeZoneIdentifier), week_start = \(bind: club.weekStart.rawValue),
                    sport_types = \(bind: club.countedSportTypes.sorted().joined(separator: ",")), colors = \(bind: colors),
                    feed_public = \(bind: club.isFeedPublic ? 1 : 0), data_version = data_version + 1,
                    settings_version = settings_version + 1
                WHERE id = \(bind: club.id.rawValue)
                """
            ).run()
            if let old = before?.club,
                old.timeZoneIdentifier != club.timeZoneIdentifier || old.weekStart != club.weekStart
                    || old.countedSportTypes != club.countedSportTypes
            {
                // A small club is rebuilt at once; a big one in the background, read from activities meanwhile.
                let activities =
                    try await db.raw(
                        "SELECT COUNT(*) AS n FROM cw_activities WHERE club_id = \(bind: club.id.rawValue)"
                    ).first()?.decode(column: "n", as: Int.self) ?? 0
                if activities <= inlineRebuildLimit {
                    try await WeekRollups.rebuild(club: club.id, on: db)
                } else {
                    try await WeekRollups.markStale(club: club.id, on: db)
                    try await RollupJob.enqueue(club: club.id, on: db)
                }
            }
        }
    }

    func setCode(_ id: ClubID, sealed: String, hash: String) async throws {
        try await database.run { db in
            try await db.raw(
                "UPDATE cw_clubs SET code_sealed = \(bind: sealed), code_hash = \(bind: hash) WHERE id = \(bind: id.rawValue)"
            ).run()
        }
    }

    func setAdminPassword(_ id: ClubID, hash: String) async throws {
        try await database.run { db in
            try await db.raw("UPDATE cw_clubs SET admin_password_hash = \(bind: hash) WHERE id = \(bind: id.rawValue)")
                .run()
        }
    }

    func find(slug: String) async throws -> ClubRecord? {
        try await database.run { db in
            try await db.raw("SELECT * FROM cw_clubs WHERE slug = \(bind: slug)").first().map(Self.decode)
        }
    }

    func find(id: ClubID) async throws -> ClubRecord? {
        try await database.run { db in
            try await db.raw("SELECT * FROM cw_clubs WHERE id = \(bind: id.rawValue)").first().map(Self.decode)
        }
    }

    func all() async throws -> [ClubRecord] {
        try await database.run { db in
            try await db.raw("SELECT * FROM cw_clubs ORDER BY created_at, slug").all().map(Self.decode)
        }
    }

    func count() async throws -> Int {
        try await database.run { db in
            try await db.raw("SELECT COUNT(*) AS n FROM cw_clubs").first()?.decode(column: "n", as: Int.self) ?? 0
        }
    }

    static func decode(_ row: any SQLRow) throws -> ClubRecord {
        let colorsText = try row.decode(column: "colors", as: String.self)
        let colors = (try? JSONDecoder().decode(ClubColors.self, from: Data(colorsText.utf8))) ?? .tricolore
        let types = try row.decode(column: "sport_types", as: String.self).split(separator: ",").map(String.init)
        let club = Club(
            id: ClubID(try row.decode(column: "id", as: String.self)),
            name: try row.decode(column: "name", as: String.self),
            slug: try row.decode(column: "slug", as: String.self),
            timeZoneIdentifier: try row.decode(column: "time_zone", as: String.self),
            weekStart: Weekday(rawValue: try row.decode(column: "week_start", as: Int.self)) ?? .monday,
            countedSportTypes: Set(types),
            colors: colors,
            isFeedPublic: try row.decode(column: "feed_public", as: Int.self) != 0,
            createdAt: Date(epochMilliseconds: try row.decode(column: "created_at", as: Int64.self)))
        return ClubRecord(
            club: club,
            codeSealed: try row.decode(column: "code_sealed", as: String.self),
            codeHash: try row.decode(column: "code_hash", as: String.self),
            adminPasswordHash: try row.decode(column: "admin_password_hash", as: String?.self),
            dataVersion: try row.decode(column: "data_version", as: Int64.self),
            settingsVersion: try row.decode(column: "settings_version", as: Int64?.self) ?? 0)
    }
}

/// Members of clubs.
struct MemberRepository: Sendable {
    let database: Database

    func insert(_ member: Member) async throws {
        try await database.transaction { db in try await Self.insert(member, on: db) }
    }

    static func insert(_ member: Member, on db: any SQLDatabase) async throws {
        // Names from Strava or the command line are shortened; the forms and the API refuse long ones earlier.
        var member = member
        member.firstName = TextLimits.truncate(member.firstName, to: TextLimits.firstName)
        member.lastName = TextLimits.truncate(member.lastName, to: TextLimits.lastName)
        try await db.raw(
            """
            INSERT INTO cw_members (id, club_id, first_name, last_name, strava_athlete_id, joined_at)
            VALUES (\(bind: member.id.rawValue), \(bind: member.clubID.rawValue), \(bind: member.firstName),
                \(bind: member.lastName), \(bind: member.stravaAthleteID), \(bind: member.joinedAt.epochMilliseconds))
            """
        ).run()
        try await DataVersion.bump(club: member.clubID, on: db)
    }

    func members(of club: ClubID) async throws -> [Member] {
        try await database.run { db in
            try await db.raw(
                "SELECT * FROM cw_members WHERE club_id = \(bind: club.rawValue) ORDER BY first_name, last_name, id"
            ).all().map(Self.decode)
        }
    }

    /// The `limit` clubs with the most members, biggest first.
    func biggestClubs(limit: Int) async throws -> [ClubID] {
        try await database.run { db in
            try await db.raw(
                """
                SELECT club_id FROM cw_members GROUP BY club_id ORDER BY COUNT(*) DESC, club_id LIMIT \(bind: limit)
                """
            ).all().map { ClubID(try $0.decode(column: "club_id", as: String.self)) }
        }
    }

    func find(_ id: MemberID, in club: ClubID) async throws -> Member? {
        try await database.run { db in
            try await db.raw(
                "SELECT * FROM cw_members WHERE id = \(bind: id.rawValue) AND club_id = \(bind: club.rawValue)"
            ).first().map(Self.decode)
        }
    }

    /// The member of the club with this name, compared case-insensitively (first match in name and id order),
    /// read without loading the whole club: SQL narrows by ASCII case folding, Swift compares like the pages do.
    func find(named first: String, _ last: String, in club: ClubID) async throws -> Member? {
        let matches: @Sendable (Member) -> Bool = { member in
            member.firstName.lowercased() == first.lowercased() && member.lastName.lowercased() == last.lowercased()
        }
        let ascii = (first + last).unicodeScalars.allSatisfy(\.isASCII)
        guard ascii else { return try await members(of: club).first(where: matches) }
        return try await database.run { db in
            try await db.raw(
                """
                SELECT * FROM cw_members WHERE club_id = \(bind: club.rawValue)
                  AND lower(first_name) = \(bind: first.lowercased()) AND lower(last_name) = \(bind: last.lowercased())
                ORDER BY first_name, last_name, id
                """
            ).all().map(Self.decode).first(where: matches)
        }
    }

    func find(athlete: Int64, in club: ClubID) async throws -> Member? {
        try await database.run { db in
            try await db.raw(
                "SELECT * FROM cw_members WHERE strava_athlete_id = \(bind: athlete) AND club_id = \(bind: club.rawValue)"
            ).first().map(Self.decode)
        }
    }

    /// Every member (in any club) linked to a Strava athlete: webhook events fan out to all of them.
    func members(athlete: Int64) async throws -> [Member] {
        try await database.run { db in
            try await db.raw("SELECT * FROM cw_members WHERE strava_athlete_id = \(bind: athlete)").all().map(
                Self.decode)
        }
    }

    func linkAthlete(_ id: MemberID, athlete: Int64?) async throws {
        try await database.transaction { db in
            try await db.raw(
                "UPDATE cw_members SET strava_athlete_id = \(bind: athlete) WHERE id = \(bind: id.rawValue)"
            ).run()
            try await DataVersion.bump(memberOf: id, on: db)
        }
    }

    /// Stores the member key of the worker's `/enrol`, sealed so that re-enrolment can hand the same key back.
    func setMemberKey(_ id: MemberID, sealed: String) async throws {
        try await database.run { db in
            try await db.raw(
                "UPDATE cw_members SET member_key_sealed = \(bind: sealed) WHERE id = \(bind: id.rawValue)"
            )
            .run()
        }
    }

    func memberKeySealed(_ id: MemberID) async throws -> String? {
        try await database.run { db in
            try await db.raw("SELECT member_key_sealed FROM cw_members WHERE id = \(bind: id.rawValue)").first()?
                .decode(column: "member_key_sealed", as: String?.self)
        }
    }

    /// Deletes the member and (by cascade) all their activities.
    func delete(_ id: MemberID, in club: ClubID) async throws {
        try await database.transaction { db in
            try await DataVersion.bump(club: club, on: db)
            let weeks = try await db.raw(
                "SELECT week_start FROM cw_week_rollups WHERE member_id = \(bind: id.rawValue)"
            ).all().map { try $0.decode(column: "week_start", as: Int64.self) }
            try await db.raw("DELETE FROM cw_week_rollups WHERE member_id = \(bind: id.rawValue)").run()
            try await WeekVersions.touch(club: club, weekStarts: weeks, member: id, on: db)
            // Their change log goes too: the settings version bumped above makes every kept week read whole.
            try await db.raw("DELETE FROM cw_member_week_versions WHERE member_id = \(bind: id.rawValue)").run()
            try await db.raw("DELETE FROM cw_activities WHERE member_id = \(bind: id.rawValue)").run()
            try await db.raw(
                "DELETE FROM cw_members WHERE id = \(bind: id.rawValue) AND club_id = \(bind: club.rawValue)"
            ).run()
        }
    }

    static func decode(_ row: any SQLRow) throws -> Member {
        Member(
            id: MemberID(try row.decode(column: "id", as: String.self)),
            clubID: ClubID(try row.decode(column: "club_id", as: String.self)),
            firstName: try row.decode(column: "first_name", as: String.self),
            lastName: try row.decode(column: "last_name", as: String.self),
            stravaAthleteID: try row.decode(column: "strava_athlete_id", as: Int64?.self),
            joinedAt: Date(epochMilliseconds: try row.decode(column: "joined_at", as: Int64.self)))
    }
}

/// How an activity write resolves against an existing row with the same (member, external id).
enum UpsertPolicy {
    /// Strava API data is authoritative: replaces whatever is stored.
    case replace
    /// Export rows never overwrite API rows; they only fill in or refresh other export rows.
    case keepStrava
}

/// Activities of members.
struct ActivityRepository: Sendable {
    let database: Database

    /// Inserts or updates activities of one club in one transaction (all or none); returns how many rows were new.
    /// Names and sport types longer than ``TextLimits`` are shortened, whatever the source.
    @discardableResult
    func upsert(_ activities: [Activity], club: ClubID, policy: UpsertPolicy, now: Date = Date()) async throws -> Int {
        try await database.transaction { db in
            var inserted = 0
            // API data is the state as of now: a webhook title older than this must not overwrite it.
            let stamp = policy == .replace ? Int64(now.timeIntervalSince1970) : 0
            // The starts each member's write touched, before and after: their weeks' rollups are recomputed.
            var touched: [MemberID: [Int64]] = [:]
            for original in activities {
                let activity = Self.capped(original)
                let existing = try await db.raw(
                    """
                    SELECT source, start_at FROM cw_activities
                    WHERE member_id = \(bind: activity.memberID.rawValue) AND external_id = \(bind: activity.externalID)
                    """
                ).first().map {
                    (
                        source: try $0.decode(column: "source", as: String.self),
                        start: try $0.decode(column: "start_at", as: Int64.self)
                    )
                }
                if let existing {
                    if policy == .keepStrava && existing.source == ActivitySource.strava.rawValue { continue }
                    touched[activity.memberID, default: []].append(existing.start)
                    try await db.raw(
                        """
                        UPDATE cw_activities SET source = \(bind: activity.source.rawValue),
                            start_at = \(bind: activity.startDate.epochMilliseconds), sport_type = \(bind: activity.sportType),
                            distance = \(bind: activity.distance), moving_time = \(bind: activity.movingTime),
                            elapsed_time = \(bind: activity.elapsedTime), elevation = \(bind: activity.elevationGain),
                            name = \(bind: activity.name), trainer = \(bind: activity.trainer ? 1 : 0),
                            commute = \(bind: activity.commute ? 1 : 0), updated_at = \(bind: now.epochMilliseconds),
                            last_event_time = \(bind: stamp)
                        WHERE member_id = \(bind: activity.memberID.rawValue) AND external_id = \(bind: activity.externalID)
                        """
                    ).run()
                } else {
                    try await db.raw(
                        """
                        INSERT INTO cw_activities (club_id, member_id, source, external_id, start_at, sport_type, distance,
                            moving_time, elapsed_time, elevation, name, trainer, commute, updated_at, last_event_time)
                        VALUES (\(bind: club.rawValue), \(bind: activity.memberID.rawValue), \(bind: activity.source.rawValue),
                            \(bind: activity.externalID), \(bind: activity.startDate.epochMilliseconds), \(bind: activity.sportType),
                            \(bind: activity.distance), \(bind: activity.movingTime), \(bind: activity.elapsedTime),
                            \(bind: activity.elevationGain), \(bind: activity.name), \(bind: activity.trainer ? 1 : 0),
                            \(bind: activity.commute ? 1 : 0), \(bind: now.epochMilliseconds), \(bind: stamp))
                        """
                    ).run()
                    inserted += 1
                }
                touched[activity.memberID, default: []].append(activity.startDate.epochMilliseconds)
            }
            if !touched.isEmpty, let scope = try await WeekRollups.scope(club: club, on: db) {
                for (member, instants) in touched.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
                    try await WeekRollups.refresh(member: member, instants: instants, scope: scope, on: db)
                }
            }
            return inserted
        }
    }

    /// `activity` with its text cut to ``TextLimits`` (the last defence: every way in checks earlier).
    static func capped(_ activity: Activity) -> Activity {
        guard
            !TextLimits.fits(activity.name, TextLimits.activityName)
                || !TextLimits.fits(activity.sportType, TextLimits.sportType)
        else { return activity }
        var capped = activity
        capped.name = TextLimits.truncate(activity.name, to: TextLimits.activityName)
        capped.sportType = TextLimits.truncate(activity.sportType, to: TextLimits.sportType)
        return capped
    }

    /// Renames an activity from a webhook `update` without fetching it again. Events can arrive out of order: a
    /// title older than the last applied event is ignored. Returns false when the activity is not stored.
    func rename(member: MemberID, externalID: String, name: String, eventTime: Int64) async throws -> Bool {
        let name = TextLimits.truncate(name, to: TextLimits.activityName)
        return try await database.transaction { db in
            guard
                let row = try await db.raw(
                    """
                    SELECT last_event_time, start_at FROM cw_activities
                    WHERE member_id = \(bind: member.rawValue) AND external_id = \(bind: externalID)
                    """
                ).first()
            else { return false }
            guard try row.decode(column: "last_event_time", as: Int64.self) <= eventTime else { return true }
            try await db.raw(
                """
                UPDATE cw_activities SET name = \(bind: name), last_event_time = \(bind: eventTime)
                WHERE member_id = \(bind: member.rawValue) AND external_id = \(bind: externalID)
                """
            ).run()
            // Names show in the week's rides list: only that week changed.
            if let scope = try await WeekRollups.scope(memberOf: member, on: db) {
                let start = Date(epochMilliseconds: try row.decode(column: "start_at", as: Int64.self))
                try await WeekVersions.touch(
                    club: scope.club, weekStarts: [scope.calendar.week(containing: start).start.epochMilliseconds],
                    member: member, on: db)
            }
            return true
        }
    }

    func delete(member: MemberID, externalID: String) async throws {
        try await database.transaction { db in
            let starts = try await db.raw(
                """
                SELECT start_at FROM cw_activities
                WHERE member_id = \(bind: member.rawValue) AND external_id = \(bind: externalID)
                """
            ).all().map { try $0.decode(column: "start_at", as: Int64.self) }
            guard !starts.isEmpty else { return }
            try await db.raw(
                "DELETE FROM cw_activities WHERE member_id = \(bind: member.rawValue) AND external_id = \(bind: externalID)"
            ).run()
            if let scope = try await WeekRollups.scope(memberOf: member, on: db) {
                try await WeekRollups.refresh(member: member, instants: starts, scope: scope, on: db)
            }
        }
    }

    /// Deletes a member's Strava-sourced activities starting at or after `from`, except the external ids in
    /// `keeping`, in one transaction (deauthorization, and rides Strava no longer has at reconciliation).
    /// Returns how many were deleted.
    @discardableResult
    func deleteStrava(member: MemberID, from: Date = .distantPast, keeping: Set<String> = []) async throws -> Int {
        try await database.transaction { db in
            let rows = try await db.raw(
                """
                SELECT external_id, start_at FROM cw_activities
                WHERE member_id = \(bind: member.rawValue) AND source = 'strava' AND start_at >= \(bind: from.epochMilliseconds)
                """
            ).all().map {
                (
                    id: try $0.decode(column: "external_id", as: String.self),
                    start: try $0.decode(column: "start_at", as: Int64.self)
                )
            }.filter { !keeping.contains($0.id) }
            for row in rows {
                try await db.raw(
                    "DELETE FROM cw_activities WHERE member_id = \(bind: member.rawValue) AND external_id = \(bind: row.id)"
                ).run()
            }
            if !rows.isEmpty, let scope = try await WeekRollups.scope(memberOf: member, on: db) {
                try await WeekRollups.refresh(member: member, instants: rows.map(\.start), scope: scope, on: db)
            }
            return rows.count
        }
    }

    /// Number of stored activities of each member of a club (members without any are absent).
    func countsByMember(club: ClubID) async throws -> [MemberID: Int] {
        try await database.run { db in
            let rows = try await db.raw(
                "SELECT member_id, COUNT(*) AS n FROM cw_activities WHERE club_id = \(bind: club.rawValue) GROUP BY member_id"
            ).all()
            var counts: [MemberID: Int] = [:]
            for row in rows {
                counts[MemberID(try row.decode(column: "member_id", as: String.self))] = try row.decode(
                    column: "n", as: Int.self)
            }
            return counts
        }
    }

    /// Activities of a club starting in `[from, to)`, oldest first.
    func activities(club: ClubID, from: Date, to: Date) async throws -> [Activity] {
        try await database.run { db in try await Self.activities(club: club, members: nil, from: from, to: to, on: db) }
    }

    /// Activities of a club starting in `[from, to)`, of `members` only when given, oldest first (ties in the order
    /// they were stored: the order the rollups add them in, so sums computed from these rows equal theirs).
    static func activities(
        club: ClubID, members: Set<MemberID>?, from: Date, to: Date, on db: any SQLDatabase
    ) async throws -> [Activity] {
        if let members, members.isEmpty { return [] }
        let only: SQLQueryString =
            members.map { "AND member_id IN (\(binds: $0.map(\.rawValue)))" } ?? ""
        return try await db.raw(
            """
            SELECT \(unsafeRaw: Self.columns) FROM cw_activities WHERE club_id = \(bind: club.rawValue)
              AND start_at >= \(bind: from.epochMilliseconds) AND start_at < \(bind: to.epochMilliseconds) \(only)
            ORDER BY start_at, id
            """
        ).all().map(Self.decode)
    }

    /// The start of the club's oldest activity, or nil when it has none.
    func earliestStart(club: ClubID) async throws -> Date? {
        try await database.run { db in
            try await db.raw("SELECT MIN(start_at) AS t FROM cw_activities WHERE club_id = \(bind: club.rawValue)")
                .first()?.decode(column: "t", as: Int64?.self).map(Date.init(epochMilliseconds:))
        }
    }

    func count(member: MemberID) async throws -> Int {
        try await database.run { db in
            try await db.raw("SELECT COUNT(*) AS n FROM cw_activities WHERE member_id = \(bind: member.rawValue)")
                .first()?.decode(column: "n", as: Int.self) ?? 0
        }
    }

    func count(club: ClubID) async throws -> Int {
        try await database.run { db in
            try await db.raw("SELECT COUNT(*) AS n FROM cw_activities WHERE club_id = \(bind: club.rawValue)")
                .first()?.decode(column: "n", as: Int.self) ?? 0
        }
    }

    /// The columns ``decode(_:)`` reads (not `*`: fewer columns materialised per row on the hot week-view path).
    static let columns =
        "member_id, source, external_id, start_at, sport_type, distance, moving_time, elapsed_time, elevation, name, "
        + "trainer, commute"

    static func decode(_ row: any SQLRow) throws -> Activity {
        Activity(
            memberID: MemberID(try row.decode(column: "member_id", as: String.self)),
            source: ActivitySource(rawValue: try row.decode(column: "source", as: String.self)) ?? .strava,
            externalID: try row.decode(column: "external_id", as: String.self),
            startDate: Date(epochMilliseconds: try row.decode(column: "start_at", as: Int64.self)),
            sportType: try row.decode(column: "sport_type", as: String.self),
            distance: try row.decode(column: "distance", as: Double.self),
            movingTime: try row.decode(column: "moving_time", as: Int.self),
            elapsedTime: try row.decode(column: "elapsed_time", as: Int.self),
            elevationGain: try row.decode(column: "elevation", as: Double.self),
            name: try row.decode(column: "name", as: String.self),
            trainer: try row.decode(column: "trainer", as: Int.self) != 0,
            commute: try row.decode(column: "commute", as: Int.self) != 0)
    }
}
