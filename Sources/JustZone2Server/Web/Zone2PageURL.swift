import HTTPTypes
import ServerKit

/// Every page of the JustZone2 web app, under `/zone2/` (the worker-compatible JSON endpoints of ``JustZone2URL``
/// keep their paths, so the ride history page is `/zone2/rides`, not `/zone2/history`).
public enum Zone2PageURL: String, AppRoute {
    /// This week's Zone 2 minutes against the goal, last rides, "start a ride", Strava status, ride in progress.
    case home = "zone2"
    /// First visit: age or max HR → zones (GET shows, POST saves).
    case welcome = "zone2/welcome"
    /// Pair the trainer and the strap (Web Bluetooth), remembered devices, "use the simulator".
    case pair = "zone2/pair"
    /// POST: start a ride (`mode` erg|hr, `watts`, `minutes`, `warmup`, `source` bridge|simulator).
    case startRide = "zone2/rides/start"
    /// The live ride (the radio tab, or a read-only viewer in a second tab).
    case ride = "zone2/ride"
    /// The live ride's snapshot as JSON (what `state` frames carry), for pages without a socket.
    case rideState = "zone2/ride/state"
    /// POST: a rider command without JavaScript (`action` adjust|pause|resume|lap|stop, `value`).
    case rideCommand = "zone2/ride/command"
    /// The WebSocket of the Web Bluetooth bridge (upgrade only).
    case bridge = "zone2/bridge"
    /// History: the rider's rides (recorded, imported, pending upload) with filters and weekly totals.
    case rides = "zone2/rides"
    /// POST: import FIT/TCX/GPX files (one result per file).
    case importRides = "zone2/rides/import"
    /// One recorded or imported ride: charts, zones, EF and decoupling, trim, delete, download, upload, resume.
    case rideDetail = "zone2/rides/:id"
    /// The page after a ride: figures, trim, save, upload, downloads.
    case rideSummary = "zone2/rides/:id/summary"
    /// POST: trim (`start`, `end` in seconds of the ride), or reset with `reset=1`.
    case rideTrim = "zone2/rides/:id/trim"
    /// POST: upload to Strava (status shown on the ride's pages).
    case rideUpload = "zone2/rides/:id/upload"
    /// GET asks to confirm; POST deletes.
    case rideDelete = "zone2/rides/:id/delete"
    /// POST: carry on an interrupted ride from its checkpoint.
    case rideResume = "zone2/rides/:id/resume"
    /// POST: keep an interrupted ride as it is (its checkpoint becomes the ride's FIT file).
    case rideSave = "zone2/rides/:id/save"
    case rideFIT = "zone2/rides/:id/ride.fit"
    case rideTCX = "zone2/rides/:id/ride.tcx"
    /// The ride's chart as an SVG file.
    case rideChart = "zone2/rides/:id/chart.svg"
    /// A Strava activity of the rider (history rows from Strava).
    case stravaActivity = "zone2/activities/:stravaId"
    /// Heart-rate zones: max/resting HR, the core's five methods, the resulting zones (GET shows, POST saves).
    case zones = "zone2/zones"
    /// FTP, Strava connect/disconnect, the bridge log, demo (GET shows, POST saves).
    case settings = "zone2/settings"
    /// Starts Strava's OAuth for this rider.
    case stravaConnect = "zone2/strava/connect"
    /// Strava's OAuth callback.
    case stravaCallback = "zone2/strava/callback"
    /// POST: forget this rider's Strava tokens.
    case stravaDisconnect = "zone2/strava/disconnect"
    case manifest = "zone2/manifest.webmanifest"
    case assets = "assets/zone2/:name"

    /// The methods the route answers.
    public var methods: [HTTPRequest.Method] {
        switch self {
        case .startRide, .rideCommand, .importRides, .rideTrim, .rideUpload, .rideResume, .rideSave,
            .stravaDisconnect:
            [.post]
        case .welcome, .rideDelete, .zones, .settings: [.get, .post]
        default: [.get]
        }
    }

    /// The path pattern.
    public var pattern: String { rawValue }
}

/// The views in the app's navigation, in the order the nav shows them.
public enum Zone2Section: String, Sendable, CaseIterable {
    case ride, rides, zones, settings

    /// The page the nav links to.
    public var url: String {
        switch self {
        case .ride: Zone2PageURL.home.path()
        case .rides: Zone2PageURL.rides.path()
        case .zones: Zone2PageURL.zones.path()
        case .settings: Zone2PageURL.settings.path()
        }
    }

    /// The nav's label.
    public var name: String {
        switch self {
        case .ride: "Ride"
        case .rides: "Rides"
        case .zones: "Zones"
        case .settings: "Settings"
        }
    }

    /// The nav's icon (decorative).
    public var icon: String {
        switch self {
        case .ride: "🚴"
        case .rides: "📈"
        case .zones: "❤️"
        case .settings: "⚙️"
        }
    }
}
