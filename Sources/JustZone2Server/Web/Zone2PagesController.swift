import Foundation
import Hummingbird
import JustZone2
import ServerKit

/// The pages of past rides, zones and settings: home, welcome, history and import, ride detail and summary (trim,
/// delete, downloads, upload), Strava activities, zones, settings and Strava connect. One folder per page under
/// `Web/Pages/` holds its Model, View and Routes.
struct Zone2PagesController: Sendable {
    let app: JustZone2App
    /// The clock and time zone weeks and dates are shown in (the server's).
    var now: @Sendable () -> Date = Date.init
    var timeZone: TimeZone = .current
    /// Short-lived answers of Strava the pages reuse (the history's Strava rides, five minutes per rider).
    let stravaCache = ResponseCache(capacity: 256, maxBytes: 4 << 20)

    /// Whether this controller serves `route`.
    func handles(_ route: Zone2PageURL) -> Bool {
        switch route {
        case .home, .welcome, .rides, .importRides, .rideDetail, .rideSummary, .rideTrim, .rideUpload, .rideDelete,
            .rideSave, .rideFIT, .rideTCX, .rideChart, .stravaActivity, .zones, .settings, .stravaConnect,
            .stravaCallback,
            .stravaDisconnect:
            true
        case .pair, .startRide, .ride, .rideState, .rideCommand, .bridge, .rideResume, .manifest, .assets: false
        }
    }

    func register(_ route: Zone2PageURL, on router: Router<AppRequestContext>) {
        switch route {
        case .home: router.on(route, use: homePage)
        case .welcome: router.on(route, use: welcomePage)
        case .rides: router.on(route, use: ridesPage)
        case .importRides: router.on(route, use: importRides)
        case .rideDetail: router.on(route, use: rideDetailPage)
        case .rideSummary: router.on(route, use: rideSummaryPage)
        case .rideTrim: router.on(route, use: rideTrim)
        case .rideUpload: router.on(route, use: rideUpload)
        case .rideDelete: router.on(route, use: rideDelete)
        case .rideSave: router.on(route, use: rideSave)
        case .rideFIT: router.on(route, use: rideFIT)
        case .rideTCX: router.on(route, use: rideTCX)
        case .rideChart: router.on(route, use: rideChart)
        case .stravaActivity: router.on(route, use: stravaActivityPage)
        case .zones: router.on(route, use: zonesPage)
        case .settings: router.on(route, use: settingsPage)
        case .stravaConnect: router.on(route, use: stravaConnect)
        case .stravaCallback: router.on(route, use: stravaCallback)
        case .stravaDisconnect: router.on(route, use: stravaDisconnect)
        case .pair, .startRide, .ride, .rideState, .rideCommand, .bridge, .rideResume, .manifest, .assets: break
        }
    }
}
