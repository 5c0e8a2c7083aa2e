import ServerKit

extension JustZone2Schema {
    /// The web app's tables: riders (a browser's cookie, their settings and Strava link) and their rides (the FIT
    /// file once finished, the checkpoint while live, trim and upload state).
    static let webMigrations: [Migration] = [
        Migration(id: "jz2-0003-riders-rides") { kind in
            [
                """
                CREATE TABLE jz2_riders (
                    id TEXT PRIMARY KEY,
                    token_hash TEXT NOT NULL UNIQUE,
                    created_ms BIGINT NOT NULL,
                    settings TEXT NOT NULL,
                    strava_athlete_id BIGINT,
                    strava_tokens TEXT
                )
                """,
                """
                CREATE TABLE jz2_rides (
                    id TEXT PRIMARY KEY,
                    rider_id TEXT NOT NULL REFERENCES jz2_riders(id) ON DELETE CASCADE,
                    started_ms BIGINT NOT NULL,
                    source TEXT NOT NULL,
                    status TEXT NOT NULL,
                    name TEXT NOT NULL,
                    duration_s INTEGER NOT NULL,
                    average_power INTEGER,
                    average_hr INTEGER,
                    max_hr INTEGER,
                    zone2_s INTEGER,
                    trim_start_s INTEGER,
                    trim_end_s INTEGER,
                    file \(SQLTypes.blob(kind)),
                    checkpoint TEXT,
                    upload_state TEXT,
                    upload_message TEXT,
                    strava_activity_id BIGINT,
                    updated_ms BIGINT NOT NULL
                )
                """,
                "CREATE INDEX jz2_rides_rider_started ON jz2_rides (rider_id, started_ms)",
            ]
        }
    ]
}
