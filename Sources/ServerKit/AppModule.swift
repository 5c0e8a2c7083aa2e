import Hummingbird

/// One Clubhouse app as the assembly sees it: its tables, its routes, its background jobs and its start-up work.
///
/// `buildApplication` (target `ClubhouseServer`) mounts every module the same way for `clubhouse serve` and for
/// the tests that drive the assembled application, so what the tests run is what users get.
public protocol AppModule: Sendable {
    /// The app's migrations in order; their ids are unique across apps (each app prefixes its own).
    static var migrations: [Migration] { get }

    /// Columns holding values sealed with the token-encryption key, re-sealed by `clubhouse key rotate` (none by
    /// default). A table that stores a ``TokenCipher`` output must be listed, or rotating the key loses it.
    static var sealedColumns: [SealedColumn] { get }

    /// Registers every route of the app, each from the app's URL enum.
    func addRoutes(to router: Router<AppRequestContext>)

    /// Background job handlers by job kind (none by default).
    var jobHandlers: [String: JobRunner.Handler] { get }

    /// Start-up work after migrations: recurring jobs, housekeeping and, when configured, the demo data.
    func prepare() async throws
}

extension AppModule {
    /// No sealed values.
    public static var sealedColumns: [SealedColumn] { [] }

    /// No background jobs.
    public var jobHandlers: [String: JobRunner.Handler] { [:] }

    /// Nothing to do at start-up.
    public func prepare() async throws {}
}
