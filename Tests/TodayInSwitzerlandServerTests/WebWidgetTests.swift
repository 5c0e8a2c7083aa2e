import Foundation
import Testing
import TodayInSwitzerland

@testable import TodayInSwitzerlandServer

@Suite("Swiss web: widget page")
struct WebWidgetTests {
    typealias F = TodayFixtures

    static func sunshine() -> SunshineResponse {
        func place(_ id: String, _ hours: Double, baseline: Bool = false) -> SunshineDestination {
            SunshineDestination(
                id: id, name: id.capitalized, nameDE: id.capitalized + " DE", lat: 46, lon: 8, region: "R",
                regionDE: "R", driveMinutes: 65, isBaseline: baseline, forecast: [], sunshineHoursTotal: hours)
        }
        return SunshineResponse(
            destinations: [
                place("zurich", 20, baseline: true), place("lugano", 18.5), place("sion", 17), place("chur", 12),
                place("davos", 11),
            ],
            weekendDates: .init(friday: F.date("2026-11-27")), nearestSunnyEscape: nil, timestamp: F.morning,
            sources: [:])
    }

    @Test("weather, the top story with its source, transport line, top-3 sunny places without the baseline")
    func model() {
        let m = WidgetModel.make(news: F.news(), sunshine: Self.sunshine(), prefs: F.prefs())
        #expect(m.temperature == "7°" && m.weatherText == "Light rain" && m.cityName == "Zürich")
        #expect(m.headline == "Bundesrat <b>entscheidet</b>" && m.headlineSource == "SRF")
        #expect(m.transport == "On time" && m.transportStatus == "none")
        #expect(m.places.map(\.name) == ["Lugano", "Sion", "Chur"])
        #expect(m.places[0].hours == "18.5 h" && m.places[0].drive == "1 h 05 min")
        #expect(m.appURL == "/swiss/app?city=zurich&lang=en")
        let delays = [TrainDelay(line: "IC 8", destination: "Bern", delay: 18, scheduledTime: "08:02", platform: "")]
        let de = WidgetModel.make(news: F.news(delays: delays), sunshine: Self.sunshine(), prefs: F.prefs(.de))
        #expect(de.transport == "3 Verspätungen" && de.transportStatus == "major")
        #expect(de.places[0].hours == "18,5 h" && de.places[0].name == "Lugano DE")
        let down = WidgetModel.make(
            news: F.news(
                weather: F.weather(available: false), sources: ["transport": F.state(nil)]),
            sunshine: SunshineResponse(
                destinations: [], weekendDates: .init(friday: F.date("2026-11-27")), nearestSunnyEscape: nil,
                timestamp: F.morning, sources: [:]),
            prefs: F.prefs())
        #expect(down.temperature == nil && down.weatherText == "Weather unavailable")
        #expect(down.transport == "Departures unavailable" && down.places.isEmpty)
    }

    @Test("HTML: one card with the refresh interval and the 'Open full app' link")
    func view() {
        let html = F.render(
            WidgetView.main(WidgetModel.make(news: F.news(), sunshine: Self.sunshine(), prefs: F.prefs())))
        #expect(html.contains(#"data-refresh-seconds="300""#))
        #expect(
            html.contains(#"<a class="button widget-open" href="/swiss/app?city=zurich&amp;lang=en">Open full app</a>"#)
        )
        #expect(html.contains("Bundesrat &lt;b&gt;entscheidet&lt;/b&gt;"))
        #expect(html.contains("🚆 On time"))
    }
}
