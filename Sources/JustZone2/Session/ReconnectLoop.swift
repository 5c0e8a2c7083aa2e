import Foundation

/// The connection loop both sessions run: connect `transport`, run `connected` until the link drops, and again, with
/// a wait from `delays` after each failed attempt (the last repeats; reset by a success), until the task is
/// cancelled; then disconnect. `connected` runs in the caller's isolation (the session actor).
func keepConnected(
    _ transport: any GATTTransport, delays: [Duration], sleep: @Sendable (Duration) async throws -> Void,
    isolation: isolated (any Actor)? = #isolation, connected: () async -> Void
) async {
    var attempt = 0
    while !Task.isCancelled {
        do {
            try await transport.connect()
        } catch {
            let delay = delays.isEmpty ? Duration.seconds(1) : delays[min(attempt, delays.count - 1)]
            attempt += 1
            try? await sleep(delay)
            continue
        }
        attempt = 0
        await connected()
    }
    await transport.disconnect()
}
