import Foundation
import Hummingbird
import SportsTime

/// The visitor's settings: units, home city, default leagues and theme, kept in the `st_prefs` cookie (readable by
/// scripts; it holds nothing secret), so the first request already renders the right page. Unknown or edited
/// values fall back to the defaults: a stale cookie never breaks a page.
public struct TripsPrefs: Sendable, Equatable {
    /// Miles or kilometres for distances.
    public enum Units: String, Sendable, CaseIterable {
        case mi, km
    }

    /// Light, dark or the system's choice.
    public enum Theme: String, Sendable, CaseIterable {
        case system, light, dark
    }

    public var units: Units
    /// A city with a venue (as `Catalog.location(named:)` reads it), where trips start by default.
    public var homeCity: String
    /// The leagues the wizard ticks first; empty means all.
    public var leagues: [League]
    public var theme: Theme

    /// The cookie holding the settings.
    public static let cookieName = "st_prefs"
    /// Miles, New York, every league, the system's theme.
    public static let standard = TripsPrefs(units: .mi, homeCity: "New York", leagues: [], theme: .system)

    public init(units: Units, homeCity: String, leagues: [League], theme: Theme) {
        self.units = units
        self.homeCity = homeCity
        self.leagues = leagues
        self.theme = theme
    }

    /// The cookie's value: `units|home city|mlb,nba|theme`, percent-encoded.
    public var cookieValue: String {
        let raw = [units.rawValue, homeCity, leagues.map(\.rawValue).joined(separator: ","), theme.rawValue]
            .joined(separator: "|")
        return raw.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
    }

    /// Settings from a cookie value (defaults for whatever is missing or unknown).
    public init(cookie: String?) {
        self = Self.standard
        guard let decoded = cookie?.removingPercentEncoding else { return }
        let parts = decoded.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
        if let first = parts.first, let units = Units(rawValue: first) { self.units = units }
        if parts.count > 1 {
            let city = parts[1].trimmingCharacters(in: .whitespaces)
            if (1...80).contains(city.count) { homeCity = city }
        }
        if parts.count > 2 { leagues = parts[2].split(separator: ",").compactMap { League(text: String($0)) } }
        if parts.count > 3, let theme = Theme(rawValue: parts[3]) { self.theme = theme }
    }

    /// The settings of a request (from its cookie).
    public static func resolve(_ request: Request) -> TripsPrefs {
        TripsPrefs(cookie: request.cookies[cookieName]?.value)
    }

    /// The `Set-Cookie` header value keeping these settings for 400 days.
    public func setCookie(secure: Bool) -> String {
        "\(Self.cookieName)=\(cookieValue); Path=/; Max-Age=34560000; SameSite=Lax\(secure ? "; Secure" : "")"
    }

    /// A distance in the chosen units, e.g. "215 mi" or "346 km".
    public func distance(miles: Double) -> String {
        switch units {
        case .mi: "\(Int(miles.rounded()).formatted()) mi"
        case .km: "\(Int((miles * 1.609344).rounded()).formatted()) km"
        }
    }
}
