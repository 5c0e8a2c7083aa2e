import ServiceLifecycle

/// A service that does one piece of work when the server shuts down gracefully (before the database closes), such
/// as saving what is in memory.
public struct OnShutdown: Service {
    let work: @Sendable () async -> Void

    /// Runs `work` once the graceful shutdown starts (or the service is cancelled).
    public init(_ work: @escaping @Sendable () async -> Void) { self.work = work }

    public func run() async throws {
        try? await gracefulShutdown()
        await work()
    }
}

/// A service that runs `work` until the server shuts down (then the work is cancelled).
public struct UntilShutdown: Service {
    let work: @Sendable () async -> Void

    /// Runs `work` for as long as the server runs.
    public init(_ work: @escaping @Sendable () async -> Void) { self.work = work }

    public func run() async throws {
        await cancelWhenGracefulShutdown { await work() }
    }
}
