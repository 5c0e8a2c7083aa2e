import Foundation
import Plot
import Testing
import TodayInSwitzerland
import WebUI

@testable import TodayInSwitzerlandServer

/// The sunshine page model (baseline, escape, filters, sort, show all, timeline) and its view.
@Suite("Swiss web: sunshine page")
struct WebSunshineTests {
    static let weekend = SunshineRanking.WeekendDates(friday: CivilDate(year: 2026, month: 11, day: 27)!)

    static func place(
        _ id: String, hours: [Double], drive: Int, baseline: Bool = false, sunny: [Int] = [9, 10, 11, 14],
        rain: Double = 0
    ) -> SunshineDestination {
        let days = zip(weekend.all, hours).map { date, h in
            SunshineDayForecast(
                date: date, weatherCode: h > 5 ? 0 : 3, tempMax: 12, tempMin: -2, sunshineHours: h, precipMm: rain,
                sunnyHours: sunny, description: "")
        }
        return SunshineDestination(
            id: id, name: id.capitalized, nameDE: id.capitalized + "DE", lat: 46.5, lon: 8.5, region: "Region",
            regionDE: "RegionDE", driveMinutes: drive, isBaseline: baseline, forecast: days,
            sunshineHoursTotal: (hours.reduce(0, +) * 10).rounded() / 10,
            highlights: [
                Highlight(
                    name: "Lake", nameDE: "See", type: "lake", description: "Swim", descriptionDE: "Baden",
                    indoor: false, lat: 46.5, lon: 8.5)
            ])
    }

    /// API order: baseline first, then most sunshine first.
    static let ranking: [SunshineDestination] =
        [
            place("zurich", hours: [1, 1, 2], drive: 0, baseline: true),
            place("lugano", hours: [8, 8, 8], drive: 150, rain: 1.25),
            place("chur", hours: [4, 4, 4], drive: 80),
            place("luzern", hours: [2, 2, 1], drive: 45),
        ] + (1...10).map { place("extra\($0)", hours: [0.5, 0.5, 0.5], drive: 200 + $0) }

    static func model(
        _ destinations: [SunshineDestination] = ranking, language: Language = .en, filter: String? = nil,
        sort: String? = nil, all: String? = nil, state: String = "fresh"
    ) throws -> SunshineModel {
        let query = try SunshineQuery.parse(filter: filter, sort: sort, all: all).get()
        return SunshineModel.make(
            destinations: destinations, weekend: weekend,
            sourceState: SourceState(
                destinations.isEmpty
                    ? nil
                    : CachedAnswer(
                        body: Data(), fetchedAt: Date(timeIntervalSince1970: 1_795_600_000),
                        freshness: Freshness(rawValue: state) ?? .fresh)),
            query: query, prefs: SwissPrefs(city: City.all[0], language: language, theme: .system),
            now: Date(timeIntervalSince1970: 1_795_700_000))
    }

    @Test("Zürich first as the baseline, ranks in sunshine order, ten cards then show all")
    func ranking() throws {
        let model = try Self.model()
        #expect(model.baseline?.id == "zurich" && model.baseline?.rank == nil)
        #expect(model.cards.map(\.id).prefix(3) == ["lugano", "chur", "luzern"])
        #expect(model.cards.map(\.rank).prefix(3) == [1, 2, 3])
        #expect(model.cards.count == 10)
        #expect(model.cards.last?.id == "extra7")
        #expect(model.showAll?.label == "Show all 13 destinations")
        #expect(model.showAll?.url.hasSuffix("all=1#card-extra8") == true)
        // Every place has a pin; one whose card is not listed yet leads to the full list.
        #expect(model.pins.count == 14)
        #expect(model.pins.first { $0.id == "extra9" }?.href.contains("all=1#card-extra9") == true)
        #expect(model.pins.first { $0.id == "lugano" }?.href == "#card-lugano")
        #expect(try Self.model(all: "1").cards.count == 13)
        #expect(try Self.model(all: "1").showAll == nil)
    }

    @Test("the sunny escape: Zürich under 6 h, the shortest drive among sunnier places")
    func escape() throws {
        let model = try Self.model()
        #expect(model.escape?.href == "#card-luzern")
        #expect(model.escape?.text.contains("Luzern, 5.0 h, 45 min away") == true)
        var sunnyZurich = Self.ranking
        sunnyZurich[0] = Self.place("zurich", hours: [3, 3, 3], drive: 0, baseline: true)
        #expect(try Self.model(sunnyZurich).escape == nil)
    }

    @Test("filters by class keep the baseline; sort by drive; chips mark the current choice and keep the other")
    func filterAndSort() throws {
        let sunny = try Self.model(filter: "sunny")
        #expect(sunny.baseline?.id == "zurich")
        #expect(sunny.cards.map(\.id) == ["lugano", "chur"])  // weekend totals 24 h and 12 h
        #expect(try Self.model(filter: "partly").cards.map(\.id) == ["luzern"])  // 5 h
        #expect(try Self.model(filter: "cloudy", all: "1").cards.count == 10)
        let drive = try Self.model(sort: "drive")
        #expect(drive.cards.map(\.id).prefix(3) == ["luzern", "chur", "lugano"])
        #expect(drive.cards.map(\.rank).prefix(3) == [3, 2, 1])  // the rank stays the sunshine rank
        #expect(drive.sortChips.first { $0.isCurrent }?.key == "drive")
        #expect(drive.filterChips.first { $0.key == "sunny" }?.url.contains("sort=drive") == true)
        let none = try Self.model(Self.ranking.filter { $0.sunshineHoursTotal < 6 }, filter: "sunny")
        #expect(none.emptyText == "No destination matches this filter this weekend.")
    }

    @Test("per day: icon, temperatures, hours, rain only when it rains, the 6–20 h timeline with spoken text")
    func days() throws {
        let lugano = try #require(try Self.model().cards.first { $0.id == "lugano" })
        #expect(lugano.days.map(\.label) == ["Fri", "Sat", "Sun"])
        let friday = try #require(lugano.days.first)
        #expect(friday.icon == "☀️" && friday.temperatures == "12° / -2°" && friday.hours == "8.0 h")
        #expect(friday.rain == "1.2 mm" || friday.rain == "1.3 mm")
        #expect(friday.timeline.count == 15 && friday.timeline.first?.hour == 6 && friday.timeline.last?.hour == 20)
        #expect(friday.timeline.filter(\.sunny).map(\.hour) == [9, 10, 11, 14])
        #expect(friday.timelineText == "Sun 9–11 h and 14 h")
        #expect(try Self.model().cards.first { $0.id == "chur" }?.days.first?.rain == nil)
        #expect(lugano.drive == "2 h 30 min by car from Zürich")
        #expect(lugano.directionsURL.hasPrefix("https://www.openstreetmap.org/directions?to=46.50000%2C8.50000"))
        #expect(SunshineModel.timelineText([], .en) == "No sun between 6 and 20 h")
        #expect(SunshineModel.timelineText([6, 7, 8, 12, 18, 19, 20], .de) == "Sonne 6–8 Uhr, 12 Uhr und 18–20 Uhr")
    }

    @Test("map pins: radius grows with the hours, the class is the colour, the baseline its own kind")
    func pins() throws {
        let model = try Self.model()
        let lugano = try #require(model.pins.first { $0.id == "lugano" })
        let luzern = try #require(model.pins.first { $0.id == "luzern" })
        #expect(lugano.radius > luzern.radius)
        #expect(lugano.kind == "sunny" && luzern.kind == "partly")
        #expect(model.pins.first?.kind == "baseline")
        #expect(lugano.label == "Lugano: 24.0 h of sun, sunny")
        #expect(SunshineModel.pinRadius(-3) == 5 && SunshineModel.pinRadius(100) == 16)
    }

    @Test("German texts and decimal commas")
    func german() throws {
        let model = try Self.model(language: .de)
        #expect(model.title == "Wo ist die Sonne?")
        #expect(model.dateRange == "Fr 27. Nov. – So 29. Nov. 2026")
        let lugano = try #require(model.cards.first { $0.id == "lugano" })
        #expect(lugano.name == "LuganoDE" && lugano.region == "RegionDE" && lugano.hoursTotal == "24,0 h")
        #expect(lugano.classLabel == "sonnig")
        #expect(lugano.highlights.first?.name == "See")
        #expect(model.showAll?.label == "Alle 13 Ziele zeigen")
    }

    @Test("upstream down: last good data says so; no data at all gives the unavailable state, not an empty page")
    func unavailable() throws {
        let empty = try Self.model([])
        #expect(empty.cards.isEmpty && empty.baseline == nil && empty.pins.isEmpty)
        #expect(empty.emptyText?.contains("not answering") == true)
        #expect(empty.sourceState?.state == "unavailable")
        let html = SunshineView.main(empty, .en).render()
        #expect(html.contains("Forecast unavailable — retrying"))
        let stale = SunshineView.main(try Self.model(state: "lastGood"), .en).render()
        #expect(stale.contains("Forecast from ") && stale.contains("retrying"))
    }

    @Test("bad query values are refused")
    func badQueries() {
        #expect((try? SunshineQuery.parse(filter: "rainy", sort: nil, all: nil).get()) == nil)
        #expect((try? SunshineQuery.parse(filter: nil, sort: "name", all: nil).get()) == nil)
        #expect(
            (try? SunshineQuery.parse(filter: "partly", sort: "drive", all: "1").get())
                == SunshineQuery(filter: .partly, sort: .drive, showAll: true))
    }

    @Test("the view: baseline card first, hidden extras, timeline hidden from screen readers with its text")
    func view() throws {
        let html = SunshineView.main(try Self.model(), .en).render()
        #expect(html.contains("id=\"card-zurich\""))
        let baseline = try #require(html.range(of: "id=\"card-zurich\""))
        let first = try #require(html.range(of: "id=\"card-lugano\""))
        #expect(baseline.lowerBound < first.lowerBound)
        #expect(!html.contains("id=\"card-extra8\""))
        #expect(
            html.contains(
                "<a class=\"button secondary\" id=\"show-all\" href=\"/swiss/app/sunshine?city=zurich&amp;lang=en&amp;all=1#card-extra8\">"
            ))
        // Hours 6…20: 6, 7, 8 dark, 9, 10, 11 lit, 12, 13 dark, 14 lit, 15…20 dark.
        #expect(
            html.contains(
                "<div class=\"timeline\" aria-hidden=\"true\"><i></i><i></i><i></i><b></b><b></b><b></b><i></i><i></i><b></b><i></i><i></i><i></i><i></i><i></i><i></i></div>"
            ))
        #expect(html.contains("<p class=\"visually-hidden\">Sun 9–11 h and 14 h</p>"))
        #expect(html.contains("id=\"pin-lugano\""))
        #expect(html.contains("data-pin=\"pin-lugano\""))
        #expect(html.contains("class=\"escape-nudge\""))
        #expect(!html.contains(" style=") && !html.contains("<script"))
    }
}
