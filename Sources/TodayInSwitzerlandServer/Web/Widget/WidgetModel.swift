import Foundation
import TodayInSwitzerland

/// The compact home-screen card (PWA notes §10): weather, one headline, the transport line, the weekend's three
/// sunniest places and a link to the app.
struct WidgetModel: Sendable, Equatable {
    /// A sunny place of the weekend.
    struct Place: Sendable, Equatable {
        var name: String
        /// "9.5 h" / "9,5 h".
        var hours: String
        /// "1 h 05 min".
        var drive: String
    }

    var language: Language
    var cityName: String
    var weatherIcon: String
    /// "12°", or nil when unavailable.
    var temperature: String?
    var weatherText: String
    var headline: String?
    var headlineURL: String?
    var headlineSource: String?
    /// "On time" / "4 delays" / "Departures unavailable".
    var transport: String
    var transportStatus: String
    var places: [Place]
    var appURL: String
    var sunshineURL: String

    /// How often the card reloads itself.
    static let refreshSeconds = 300

    /// The card from the briefing and the sunshine ranking.
    static func make(news: NewsResponse, sunshine: SunshineResponse, prefs: SwissPrefs) -> WidgetModel {
        let l = prefs.language
        let w = news.weather
        let story =
            news.briefing?.topStory?.item
            ?? [NewsCategory.politics, .disruptions, .local, .topStories].lazy.compactMap { news.categories[$0].first }
            .first
        let transportText: String
        let status: String
        if news.transport.summary.totalDelayed > 0 {
            let n = news.transport.summary.totalDelayed
            transportText = l.t(n == 1 ? "1 delay" : "\(n) delays", n == 1 ? "1 Verspätung" : "\(n) Verspätungen")
            status = news.transport.summary.status == .major ? "major" : "minor"
        } else if news.sources["transport"]?.state == "unavailable" {
            transportText = l.t("Departures unavailable", "Abfahrten nicht verfügbar")
            status = "unknown"
        } else {
            transportText = l.t("On time", "Pünktlich")
            status = "none"
        }
        let places = sunshine.destinations.filter { !$0.isBaseline }
            .sorted { $0.sunshineHoursTotal > $1.sunshineHoursTotal }.prefix(3)
            .map { place in
                let hours = String(format: "%.1f h", place.sunshineHoursTotal)
                return Place(
                    name: l == .de ? place.nameDE : place.name,
                    hours: l == .de ? hours.replacingOccurrences(of: ".", with: ",") : hours,
                    drive: SwissComponents.drive(place.driveMinutes))
            }
        return WidgetModel(
            language: l, cityName: prefs.cityName, weatherIcon: w.available ? w.icon : "❔",
            temperature: w.available ? "\(w.temperature)°" : nil,
            weatherText: w.available ? w.description : l.t("Weather unavailable", "Wetter nicht verfügbar"),
            headline: story?.headline, headlineURL: story.flatMap { $0.url.hasPrefix("http") ? $0.url : nil },
            headlineSource: story?.source, transport: transportText, transportStatus: status, places: Array(places),
            appURL: prefs.link(.today), sunshineURL: prefs.link(.sunshine))
    }
}
