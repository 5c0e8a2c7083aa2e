import Hummingbird
import ServerKit

/// The pages of past rides, zones and settings: home, welcome, history and import, ride detail and summary (trim,
/// delete, downloads, upload), Strava activities, zones, settings and Strava connect.
struct Zone2PagesController: Sendable {
    let app: JustZone2App

    /// Whether this controller serves `route`.
    func handles(_ route: Zone2PageURL) -> Bool { false }

    func register(_ route: Zone2PageURL, on router: Router<AppRequestContext>) {}
}
