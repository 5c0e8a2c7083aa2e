import ClubWeekly
import ServerKit

/// Club Weekly's tables. Times are epoch milliseconds (UTC); distances metres; durations seconds.
enum ClubWeeklySchema {
    /// Every column written with `TokenCipher.seal` (`clubhouse key rotate` re-seals them).
    static let sealedColumns: [SealedColumn] = [
        SealedColumn(table: "cw_clubs", column: "code_sealed"),
        SealedColumn(table: "cw_members", column: "member_key_sealed"),
        SealedColumn(table: "cw_strava_athletes", column: "access_token"),
        SealedColumn(table: "cw_strava_athletes", column: "refresh_token"),
    ]

    static let migrations: [Migration] = [
        Migration(id: "cw-0001-clubs") { kind in
            [
                """
                CREATE TABLE cw_clubs (
                    id TEXT PRIMARY KEY,
                    slug TEXT NOT NULL UNIQUE,
                    name TEXT NOT NULL,
                    time_zone TEXT NOT NULL,
                    week_start INTEGER NOT NULL,
                    sport_types TEXT NOT NULL,
                    colors TEXT NOT NULL,
                    feed_public INTEGER NOT NULL,
                    code_sealed TEXT NOT NULL,
                    code_hash TEXT NOT NULL,
                    admin_password_hash TEXT,
                    data_version BIGINT NOT NULL DEFAULT 0,
                    created_at BIGINT NOT NULL)
                """,
                """
                CREATE TABLE cw_members (
                    id TEXT PRIMARY KEY,
                    club_id TEXT NOT NULL REFERENCES cw_clubs(id) ON DELETE CASCADE,
                    first_name TEXT NOT NULL,
                    last_name TEXT NOT NULL,
                    strava_athlete_id BIGINT,
                    member_key_sealed TEXT,
                    joined_at BIGINT NOT NULL,
                    UNIQUE (club_id, strava_athlete_id))
                """,
                "CREATE INDEX cw_members_athlete ON cw_members (strava_athlete_id)",
                """
                CREATE TABLE cw_activities (
                    id \(SQLTypes.autoIncrementKey(kind)),
                    club_id TEXT NOT NULL REFERENCES cw_clubs(id) ON DELETE CASCADE,
                    member_id TEXT NOT NULL REFERENCES cw_members(id) ON DELETE CASCADE,
                    source TEXT NOT NULL,
                    external_id TEXT NOT NULL,
                    start_at BIGINT NOT NULL,
                    sport_type TEXT NOT NULL,
                    distance \(SQLTypes.double(kind)) NOT NULL,
                    moving_time INTEGER NOT NULL,
                    elapsed_time INTEGER NOT NULL,
                    elevation \(SQLTypes.double(kind)) NOT NULL,
                    name TEXT NOT NULL,
                    trainer INTEGER NOT NULL,
                    commute INTEGER NOT NULL,
                    updated_at BIGINT NOT NULL,
                    last_event_time BIGINT NOT NULL DEFAULT 0,
                    UNIQUE (member_id, external_id))
                """,
                "CREATE INDEX cw_activities_club_time ON cw_activities (club_id, start_at)",
                """
                CREATE TABLE cw_strava_athletes (
                    athlete_id BIGINT PRIMARY KEY,
                    first_name TEXT NOT NULL,
                    last_name TEXT NOT NULL,
                    access_token TEXT NOT NULL,
                    refresh_token TEXT NOT NULL,
                    expires_at BIGINT NOT NULL,
                    scope TEXT NOT NULL,
                    connected_at BIGINT NOT NULL,
                    last_sync_at BIGINT,
                    last_error TEXT,
                    refresh_lease_until BIGINT)
                """,
                """
                CREATE TABLE cw_oauth_states (
                    state_hash TEXT PRIMARY KEY,
                    club_id TEXT NOT NULL REFERENCES cw_clubs(id) ON DELETE CASCADE,
                    session_subject TEXT,
                    expires_at BIGINT NOT NULL)
                """,
                "CREATE TABLE cw_rate_limits (name TEXT PRIMARY KEY, state TEXT NOT NULL, updated_at BIGINT NOT NULL)",
            ]
        },
        // The Strava budget moved to the shared `strava_rate_limits` table (StravaServer), which JustZone2 uses too.
        // (`WHERE 1 = 1` tells SQLite's parser that `ON CONFLICT` is not a join constraint.)
        Migration(
            id: "cw-0002-shared-strava-budget",
            [
                """
                INSERT INTO strava_rate_limits (name, state, updated_at)
                SELECT name, state, updated_at FROM cw_rate_limits WHERE 1 = 1
                ON CONFLICT (name) DO NOTHING
                """,
                "DROP TABLE cw_rate_limits",
            ]),
        // Text stored before the limits existed is cut to them (a 50 MB activity name made every week view 50 MB).
        Migration(
            id: "cw-0003-text-limits",
            [
                Self.cut("cw_activities", "name", TextLimits.activityName),
                Self.cut("cw_activities", "sport_type", TextLimits.sportType),
                Self.cut("cw_members", "first_name", TextLimits.firstName),
                Self.cut("cw_members", "last_name", TextLimits.lastName),
                Self.cut("cw_clubs", "name", TextLimits.clubName),
                Self.cut("cw_strava_athletes", "first_name", TextLimits.firstName),
                Self.cut("cw_strava_athletes", "last_name", TextLimits.lastName),
            ]),
        // Imports: progress and report (`cw_imports`), uploads waiting for a background job (`cw_import_chunks`) and
        // rows checked but not yet committed (`cw_import_rows`); see ``ImportRepository``.
        Migration(id: "cw-0004-imports") { kind in
            [
                """
                CREATE TABLE cw_imports (
                    id TEXT PRIMARY KEY,
                    club_id TEXT NOT NULL REFERENCES cw_clubs(id) ON DELETE CASCADE,
                    member_id TEXT NOT NULL REFERENCES cw_members(id) ON DELETE CASCADE,
                    status TEXT NOT NULL,
                    background INTEGER NOT NULL,
                    rows_total INTEGER NOT NULL,
                    rows_done INTEGER NOT NULL DEFAULT 0,
                    report TEXT,
                    error TEXT,
                    created_at BIGINT NOT NULL,
                    updated_at BIGINT NOT NULL,
                    finished_at BIGINT)
                """,
                "CREATE INDEX cw_imports_member ON cw_imports (member_id, created_at)",
                "CREATE INDEX cw_imports_status ON cw_imports (status, updated_at)",
                """
                CREATE TABLE cw_import_chunks (
                    import_id TEXT NOT NULL REFERENCES cw_imports(id) ON DELETE CASCADE,
                    seq INTEGER NOT NULL,
                    data \(SQLTypes.blob(kind)) NOT NULL,
                    PRIMARY KEY (import_id, seq))
                """,
                """
                CREATE TABLE cw_import_rows (
                    import_id TEXT NOT NULL REFERENCES cw_imports(id) ON DELETE CASCADE,
                    line INTEGER NOT NULL,
                    external_id TEXT NOT NULL,
                    start_at BIGINT NOT NULL,
                    sport_type TEXT NOT NULL,
                    distance \(SQLTypes.double(kind)) NOT NULL,
                    moving_time INTEGER NOT NULL,
                    elapsed_time INTEGER NOT NULL,
                    elevation \(SQLTypes.double(kind)) NOT NULL,
                    name TEXT NOT NULL,
                    trainer INTEGER NOT NULL,
                    commute INTEGER NOT NULL,
                    PRIMARY KEY (import_id, external_id))
                """,
            ]
        },
        // Webhook events already applied: a redelivery or a re-run job reads nothing from Strava again.
        Migration(
            id: "cw-0005-strava-events",
            [
                "CREATE TABLE cw_strava_events (event_key TEXT PRIMARY KEY, applied_at BIGINT NOT NULL)",
                "CREATE INDEX cw_strava_events_applied ON cw_strava_events (applied_at)",
            ]),
        // Per member per week aggregates and per week versions (issue 17): see ``WeekRollups``.
        WeekRollups.migration,
        // Which members' weeks each write changed: a cached week re-reads only those (``WeekSnapshots``).
        WeekVersions.memberMigration,
    ]

    /// Cuts `column` of `table` to `limit` characters, ending with "…" like ``TextLimits/truncate(_:to:)``.
    static func cut(_ table: String, _ column: String, _ limit: Int) -> String {
        "UPDATE \(table) SET \(column) = substr(\(column), 1, \(limit - 1)) || '…' WHERE length(\(column)) > \(limit)"
    }
}
