import Foundation
import Hummingbird
import ServerKit
import TodayInSwitzerland

/// The visitor's city, language and theme: from the page's query (`?city=&lang=`, so links are shareable and
/// cacheable per city and language), else the `swiss_prefs` cookie the settings page sets (so the first request
/// already renders the right page, without a flash), else Zürich, English and the system's theme.
public struct SwissPrefs: Sendable, Equatable {
    /// Light, dark or the system's choice.
    public enum Theme: String, Sendable, CaseIterable {
        case system, light, dark
    }

    public var city: City
    public var language: Language
    public var theme: Theme

    /// The cookie holding the settings.
    public static let cookieName = "swiss_prefs"
    /// Zürich, English, system theme.
    public static let standard = SwissPrefs(city: City.all[0], language: .en, theme: .system)

    public init(city: City, language: Language, theme: Theme) {
        self.city = city
        self.language = language
        self.theme = theme
    }

    /// The cookie's value, `city.lang.theme` (e.g. `basel.de.dark`).
    public var cookieValue: String { "\(city.id).\(language.rawValue).\(theme.rawValue)" }

    /// Settings from a cookie value; unknown parts fall back to the standard ones (a stale or edited cookie never
    /// breaks a page).
    public init(cookie: String?) {
        let parts = (cookie ?? "").split(separator: ".").map(String.init)
        self.init(
            city: parts.first.flatMap { City.find($0) } ?? Self.standard.city,
            language: parts.count > 1 ? Language(query: parts[1]) ?? .en : .en,
            theme: parts.count > 2 ? Theme(rawValue: parts[2]) ?? .system : .system)
    }

    /// The settings of a request: its query over its cookie. Unknown query values are ignored.
    public static func resolve(_ request: Request) -> SwissPrefs {
        var prefs = SwissPrefs(cookie: request.cookies[cookieName]?.value)
        let query = request.uri.queryParameters
        if let id = query.get("city"), let city = City.find(id.lowercased()) { prefs.city = city }
        if let lang = query.get("lang"), let language = Language(query: lang) { prefs.language = language }
        return prefs
    }

    /// The city's name in the chosen language.
    public var cityName: String { language == .de ? city.nameDE : city.name }

    /// A link to `page` for this city and language, with further query items.
    public func link(
        _ page: SwissPageURL, _ query: [(String, String)] = [], parameters: [String: String] = [:]
    )
        -> String
    {
        page.path(parameters, query: RoutePath.query([("city", city.id), ("lang", language.rawValue)] + query))
    }

    /// The `Set-Cookie` header value keeping these settings for a year (readable by scripts: the service worker
    /// and offline copies use it; it holds nothing secret).
    public func setCookie(secure: Bool) -> String {
        "\(Self.cookieName)=\(cookieValue); Path=/; Max-Age=31536000; SameSite=Lax\(secure ? "; Secure" : "")"
    }
}
