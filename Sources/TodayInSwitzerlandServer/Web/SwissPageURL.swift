import HTTPTypes
import ServerKit
import TodayInSwitzerland

/// Every page of the Today in Switzerland web app, under `/swiss/app` (the worker-compatible JSON API keeps its
/// paths under `/swiss/`).
public enum SwissPageURL: String, AppRoute {
    case today = "swiss/app"
    case activities = "swiss/app/activities"
    case events = "swiss/app/events"
    /// One event, holiday or school holiday as an iCalendar file.
    case eventICS = "swiss/app/events/:id/ics"
    /// A city's subscribable calendar of events and holidays.
    case calendarFeed = "swiss/app/calendar/:city/events.ics"
    case weekend = "swiss/app/weekend"
    case sunshine = "swiss/app/sunshine"
    case snow = "swiss/app/snow"
    case lunch = "swiss/app/lunch"
    case deals = "swiss/app/deals"
    case settings = "swiss/app/settings"
    /// The compact home-screen card (the original's `widget.html`).
    case widget = "swiss/app/widget"
    case manifest = "swiss/app/manifest.webmanifest"
    case assets = "assets/swiss/:name"

    /// GET; the settings, activities and lunch pages also take their forms' POSTs.
    public var methods: [HTTPRequest.Method] {
        switch self {
        case .settings, .activities, .lunch: [.get, .post]
        default: [.get]
        }
    }

    /// The path pattern.
    public var pattern: String { rawValue }
}

/// The views in the app's navigation, in the order the nav shows them.
public enum SwissSection: String, Sendable, CaseIterable {
    case today, activities, events, weekend, sunshine, snow, lunch, deals, settings

    /// The page of the view.
    public var url: SwissPageURL {
        switch self {
        case .today: .today
        case .activities: .activities
        case .events: .events
        case .weekend: .weekend
        case .sunshine: .sunshine
        case .snow: .snow
        case .lunch: .lunch
        case .deals: .deals
        case .settings: .settings
        }
    }

    /// The emoji of the view (decorative).
    public var icon: String {
        switch self {
        case .today: "📰"
        case .activities: "🎈"
        case .events: "📅"
        case .weekend: "🗓️"
        case .sunshine: "☀️"
        case .snow: "❄️"
        case .lunch: "🍽️"
        case .deals: "🏷️"
        case .settings: "⚙️"
        }
    }

    /// The name in the nav.
    public func name(_ language: Language) -> String {
        switch self {
        case .today: language.t("Today", "Heute")
        case .activities: language.t("What to do", "Unternehmen")
        case .events: language.t("Events", "Anlässe")
        case .weekend: language.t("Weekend", "Wochenende")
        case .sunshine: language.t("Sunshine", "Sonne")
        case .snow: language.t("Snow", "Schnee")
        case .lunch: language.t("Lunch", "Mittagessen")
        case .deals: language.t("Deals", "Angebote")
        case .settings: language.t("Settings", "Einstellungen")
        }
    }
}

extension Language {
    /// The English or German text: every visible string of the web app goes through this.
    public func t(_ english: String, _ german: String) -> String { self == .de ? german : english }
}

// The app's language and position types win over Plot's `Language` and WebUI's `GeoPoint` in this module.
public typealias Language = TodayInSwitzerland.Language
public typealias GeoPoint = TodayInSwitzerland.GeoPoint
