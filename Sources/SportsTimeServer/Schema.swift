import ServerKit

/// SportsTime's tables. Canonical venues and teams ship with the core; imported schedules, travellers and their
/// trips, visits and polls live here.
enum SportsTimeSchema {
    static let migrations: [Migration] = [
        Migration(id: "sportstime-001-schedule-and-trips") { kind in
            [
                """
                CREATE TABLE st_games (
                    id TEXT PRIMARY KEY,
                    league TEXT NOT NULL,
                    home TEXT NOT NULL,
                    away TEXT NOT NULL,
                    venue TEXT NOT NULL,
                    start_ms BIGINT NOT NULL,
                    local_date TEXT NOT NULL,
                    status TEXT NOT NULL,
                    doubleheader INTEGER
                )
                """,
                "CREATE INDEX st_games_league_start ON st_games (league, start_ms)",
                "CREATE TABLE st_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
                """
                CREATE TABLE st_travellers (
                    id TEXT PRIMARY KEY,
                    token_hash TEXT NOT NULL UNIQUE,
                    created_ms BIGINT NOT NULL
                )
                """,
                """
                CREATE TABLE st_trips (
                    id TEXT PRIMARY KEY,
                    traveller_id TEXT NOT NULL REFERENCES st_travellers (id) ON DELETE CASCADE,
                    name TEXT NOT NULL,
                    created_ms BIGINT NOT NULL,
                    body TEXT NOT NULL
                )
                """,
                "CREATE INDEX st_trips_traveller ON st_trips (traveller_id, created_ms)",
                """
                CREATE TABLE st_visits (
                    id TEXT PRIMARY KEY,
                    traveller_id TEXT NOT NULL REFERENCES st_travellers (id) ON DELETE CASCADE,
                    venue_id TEXT NOT NULL,
                    visit_date TEXT NOT NULL,
                    league TEXT,
                    game_id TEXT,
                    note TEXT,
                    created_ms BIGINT NOT NULL
                )
                """,
                "CREATE INDEX st_visits_traveller ON st_visits (traveller_id, visit_date)",
                """
                CREATE TABLE st_polls (
                    id TEXT PRIMARY KEY,
                    share_token TEXT NOT NULL UNIQUE,
                    owner_id TEXT NOT NULL REFERENCES st_travellers (id) ON DELETE CASCADE,
                    title TEXT NOT NULL,
                    body TEXT NOT NULL,
                    created_ms BIGINT NOT NULL,
                    closed_ms BIGINT
                )
                """,
                """
                CREATE TABLE st_votes (
                    poll_id TEXT NOT NULL REFERENCES st_polls (id) ON DELETE CASCADE,
                    voter_id TEXT NOT NULL,
                    option_id TEXT NOT NULL,
                    cast_ms BIGINT NOT NULL,
                    PRIMARY KEY (poll_id, voter_id)
                )
                """,
            ]
        },
        // The web pages' trip features: a read-only share link (unique, nullable: SQLite and PostgreSQL both allow
        // many NULLs under a unique index) and the traveller's own stops on the trip (JSON of `CustomItem`s).
        Migration(id: "sportstime-002-trips-web") { _ in
            [
                "ALTER TABLE st_trips ADD COLUMN share_token TEXT",
                "CREATE UNIQUE INDEX st_trips_share_token ON st_trips (share_token)",
                "ALTER TABLE st_trips ADD COLUMN custom_items TEXT",
            ]
        },
        // The job queue runs every-park tour searches.
        jobsMigration,
        SportsTimeSchema.pollsTour,
        SportsTimeSchema.roadTimes,
    ]
}

extension SportsTimeSchema {
    /// Every-park tour searches and their results, keyed by what was asked and the schedule's version. (A poll
    /// voter's choice is the row of `st_votes`, which a second vote now updates.)
    static let pollsTour = Migration(id: "sportstime-003-polls-tour") { _ in
        [
            """
            CREATE TABLE st_tours (
                key TEXT PRIMARY KEY,
                request TEXT NOT NULL,
                state TEXT NOT NULL,
                message TEXT NOT NULL,
                started_ms BIGINT,
                result TEXT,
                venue_count INTEGER NOT NULL DEFAULT 0,
                created_ms BIGINT NOT NULL,
                updated_ms BIGINT NOT NULL
            )
            """,
            "CREATE INDEX st_votes_voter ON st_votes (voter_id)",
        ]
    }
}
