import Hummingbird
import ServerKit

/// The live ride: pair, start, the ride page, its state and commands, and the bridge's WebSocket.
struct Zone2LiveController: Sendable {
    let app: JustZone2App

    /// Whether this controller serves `route`.
    func handles(_ route: Zone2PageURL) -> Bool { false }

    func register(_ route: Zone2PageURL, on router: Router<AppRequestContext>) {}
}
