import Foundation
import Plot
import Testing
import TodayInSwitzerland
import WebUI

@testable import TodayInSwitzerlandServer

/// The snow page model (ranking by fresh snow then depth, filters, sort, powder alert, bars) and its view.
@Suite("Swiss web: snow page")
struct WebSnowTests {
    static let week = SnowRanking.WeekDates(monday: CivilDate(year: 2026, month: 11, day: 23)!)

    static func resort(
        _ id: String, snow: [Double], depth: Int = 0, drive: Int = 100, altitude: Int = 1500
    )
        -> SnowDestination
    {
        let days = zip(week.all, snow).map { date, cm in
            SnowDayForecast(
                date: date, snowfallCm: cm, weatherCode: cm > 0 ? 73 : 0, tempMax: -1, tempMin: -8, description: "")
        }
        return SnowDestination(
            id: id, name: id.capitalized, nameDE: id.capitalized + "DE", lat: 46.6, lon: 8.6, region: "Valais",
            regionDE: "Wallis", driveMinutes: drive, altitude: altitude, forecast: days,
            snowfallWeekTotal: (snow.reduce(0, +) * 10).rounded() / 10, snowDepthCm: depth)
    }

    static let resorts: [SnowDestination] =
        [
            resort("laax", snow: [0, 0, 5, 10, 0, 0, 0], depth: 40, drive: 100),
            resort("zermatt", snow: [10, 20, 15, 0, 0, 0, 0], depth: 120, drive: 195),
            resort("stoos", snow: [0, 0, 5, 10, 0, 0, 0], depth: 80, drive: 55),
            resort("braunwald", snow: [0, 0, 0, 0, 0, 0, 2.5], depth: 0, drive: 70, altitude: 0),
        ] + (1...9).map { resort("r\($0)", snow: [0, 0, 0, 0, 0, 0, 0], drive: 30 + $0) }

    static func model(
        _ list: [SnowDestination] = resorts, language: Language = .en, filter: String? = nil, sort: String? = nil,
        all: String? = nil
    ) throws -> SnowModel {
        SnowModel.make(
            resorts: list, week: week,
            sourceState: SourceState(
                list.isEmpty ? nil : CachedAnswer(body: Data(), fetchedAt: Date(), freshness: .fresh)),
            query: try SnowQuery.parse(filter: filter, sort: sort, all: all).get(),
            prefs: SwissPrefs(city: City.all[0], language: language, theme: .system),
            now: Date(timeIntervalSince1970: 1_795_700_000))
    }

    @Test("ranked by the week's fresh snow, equal snowfall by depth; ten cards then show all")
    func ranking() throws {
        let model = try Self.model()
        #expect(model.cards.map(\.id).prefix(4) == ["zermatt", "stoos", "laax", "braunwald"])
        #expect(model.cards.map(\.rank).prefix(4) == [1, 2, 3, 4])
        #expect(model.cards.count == 10)
        #expect(model.showAll?.label == "Show all 13 resorts")
        #expect(model.pins.count == 13)
        #expect(try Self.model(all: "1").cards.count == 13)
        #expect(try Self.model(all: "true").showAll == nil)
    }

    @Test("filters heavy / moderate / light by the week's total; sort by drive keeps the snow rank")
    func filterAndSort() throws {
        #expect(try Self.model(filter: "heavy").cards.map(\.id) == ["zermatt"])  // 45 cm
        #expect(try Self.model(filter: "moderate").cards.map(\.id) == ["stoos", "laax"])  // 15 cm each
        #expect(try Self.model(filter: "light", all: "1").cards.count == 10)
        let drive = try Self.model(sort: "drive", all: "1")
        #expect(drive.cards.first?.id == "r1")
        #expect(drive.cards.first { $0.id == "zermatt" }?.rank == 1)
        #expect(drive.filterChips.first { $0.key == "heavy" }?.url.contains("sort=drive") == true)
    }

    @Test("the powder alert: only when the top resort has more than 40 cm, whatever the filter")
    func powderAlert() throws {
        let alert = try #require(try Self.model(filter: "light").alert)
        #expect(alert.text == "Zermatt gets 45 cm of fresh snow this week, 3 h 15 min from Zürich.")
        #expect(alert.href == "#card-zermatt")
        let calm = Self.resorts.filter { $0.id != "zermatt" }
        #expect(try Self.model(calm).alert == nil)
        let de = try #require(try Self.model(language: .de).alert)
        #expect(de.title == "Pulverschnee-Alarm" && de.text.hasPrefix("ZermattDE bekommt diese Woche 45 cm"))
    }

    @Test("Mon–Sun bars scaled to the resort's largest day; a small day stays visible; badges")
    func bars() throws {
        let zermatt = try #require(try Self.model().cards.first { $0.id == "zermatt" })
        #expect(zermatt.days.map(\.label) == ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"])
        #expect(zermatt.days.map(\.percent) == [50, 100, 75, 0, 0, 0, 0])
        #expect(zermatt.days[1].snowfall == "20 cm")
        #expect(zermatt.chartText.hasPrefix("Fresh snow by day: Mon 10 cm, Tue 20 cm"))
        #expect(zermatt.badges == ["🚗 3 h 15 min from Zürich", "⛰️ 1500 m altitude", "📏 120 cm snow depth"])
        let braunwald = try #require(try Self.model().cards.first { $0.id == "braunwald" })
        #expect(braunwald.badges == ["🚗 1 h 10 min from Zürich"])  // no altitude, no depth
        #expect(braunwald.days.last?.percent == 100 && braunwald.weekTotal == "2.5 cm")
        let tiny = SnowModel.make(
            resorts: [Self.resort("x", snow: [100, 1, 0, 0, 0, 0, 0])], week: Self.week, sourceState: nil,
            query: SnowQuery(), prefs: .standard, now: Date())
        #expect(tiny.cards[0].days[1].percent == 5)
        #expect(try Self.model(language: .de).cards.first { $0.id == "braunwald" }?.weekTotal == "2,5 cm")
    }

    @Test("no data: the unavailable state; the view draws bars by class, no inline styles")
    func view() throws {
        let empty = try Self.model([])
        #expect(empty.cards.isEmpty && empty.alert == nil && empty.emptyText?.contains("not answering") == true)
        #expect(SnowView.main(empty, .en).render().contains("Forecast unavailable — retrying"))
        let html = SnowView.main(try Self.model(), .en).render()
        #expect(html.contains("<span class=\"snow-bar p100\"></span>"))
        #expect(html.contains("class=\"powder-alert\""))
        #expect(html.contains("<p class=\"visually-hidden\">Fresh snow by day: Mon 10 cm"))
        #expect(html.contains("id=\"pin-zermatt\""))
        #expect(!html.contains(" style=") && !html.contains("<script"))
        #expect((try? SnowQuery.parse(filter: "powder", sort: nil, all: nil).get()) == nil)
        #expect((try? SnowQuery.parse(filter: nil, sort: "depth", all: nil).get()) == nil)
    }
}
