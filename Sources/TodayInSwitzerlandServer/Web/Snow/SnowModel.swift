import Foundation
import TodayInSwitzerland
import WebUI

/// `?filter=all|heavy|moderate|light&sort=snowfall|drive&all=1` of the snow page, validated.
struct SnowQuery: Equatable, Sendable {
    enum SortKey: String, CaseIterable, Sendable { case snowfall, drive }

    var filter: SnowRanking.Filter = .all
    var sort: SortKey = .snowfall
    var showAll = false

    static func parse(filter: String?, sort: String?, all: String?) -> Result<SnowQuery, EventsQueryError> {
        var query = SnowQuery()
        if let filter, !filter.isEmpty {
            guard let value = SnowRanking.Filter(rawValue: filter) else {
                return .failure(.init(message: "filter must be one of: all, heavy, moderate, light."))
            }
            query.filter = value
        }
        if let sort, !sort.isEmpty {
            guard let value = SortKey(rawValue: sort) else {
                return .failure(.init(message: "sort must be one of: snowfall, drive."))
            }
            query.sort = value
        }
        query.showAll = all == "1" || all == "true"
        return .success(query)
    }
}

/// The snow page ("Where is the snow?"): a map of the resorts with circles by the week's snowfall, the fresh powder
/// alert, and the resorts ranked by fresh snow (then depth) with Monday–Sunday bars.
struct SnowModel: Equatable, Sendable {
    struct Day: Equatable, Sendable {
        var label: String
        var longLabel: String
        var icon: String
        var description: String
        var temperatures: String
        var snowfall: String
        /// 0–100: the day's snowfall against the resort's largest day of the week.
        var percent: Int
    }

    struct Card: Equatable, Sendable {
        var id: String
        var rank: Int
        var name: String
        var region: String
        var weekTotal: String
        var snowClass: SnowClass
        var classLabel: String
        var classIcon: String
        var badges: [String]
        var directionsURL: String
        var days: [Day]
        /// "Snowfall by day: Mon 12 cm, …" for screen readers (the bars are for the eyes).
        var chartText: String
    }

    struct Alert: Equatable, Sendable {
        var title: String
        var text: String
        var href: String
    }

    var title: String
    var subtitle: String
    var dateRange: String
    var sourceState: SourceState?
    var mapLabel: String
    var pins: [SwissMapPin]
    var legend: [SunshineModel.LegendEntry]
    var filterChips: [Components.LinkItem]
    var sortChips: [Components.LinkItem]
    var alert: Alert?
    var cards: [Card]
    var showAll: (label: String, url: String)?
    var emptyText: String?
    var renderedAt: Date

    static func == (a: Self, b: Self) -> Bool {
        a.title == b.title && a.dateRange == b.dateRange && a.pins == b.pins && a.legend == b.legend
            && a.filterChips == b.filterChips && a.sortChips == b.sortChips && a.alert == b.alert
            && a.cards == b.cards && a.showAll?.url == b.showAll?.url && a.emptyText == b.emptyText
            && a.sourceState?.state == b.sourceState?.state
    }

    static let initialCount = 10

    /// The resorts ranked by fresh snow, more depth first among equal snowfall (the API's order keeps ties in the
    /// config order; depth is what a skier asks next).
    static func ranked(_ resorts: [SnowDestination]) -> [SnowDestination] {
        resorts.enumerated().sorted { a, b in
            if a.element.snowfallWeekTotal != b.element.snowfallWeekTotal {
                return a.element.snowfallWeekTotal > b.element.snowfallWeekTotal
            }
            if a.element.snowDepthCm != b.element.snowDepthCm { return a.element.snowDepthCm > b.element.snowDepthCm }
            return a.offset < b.offset
        }.map(\.element)
    }

    /// The page from the week's resorts (any order).
    static func make(
        resorts: [SnowDestination], week: SnowRanking.WeekDates, sourceState: SourceState?, query: SnowQuery,
        prefs: SwissPrefs, now: Date
    ) -> SnowModel {
        let l = prefs.language
        let ranking = ranked(resorts)
        let ranks = Dictionary(
            ranking.enumerated().map { ($0.element.id, $0.offset + 1) }, uniquingKeysWith: { first, _ in first })
        let shown = SnowRanking.arrange(
            ranking, filter: query.filter, sort: query.sort == .drive ? .driveTime : .snowfall)

        func link(filter: SnowRanking.Filter, sort: SnowQuery.SortKey, all: Bool) -> String {
            var items: [(String, String)] = []
            if filter != .all { items.append(("filter", filter.rawValue)) }
            if sort != .snowfall { items.append(("sort", sort.rawValue)) }
            if all { items.append(("all", "1")) }
            return prefs.link(.snow, items)
        }
        let allURL = link(filter: query.filter, sort: query.sort, all: true)

        // The first ten only, unless "show all".
        let listed = query.showAll ? shown : Array(shown.prefix(initialCount))
        let cards = listed.enumerated().map { index, resort -> Card in
            let largest = resort.forecast.map(\.snowfallCm).max() ?? 0
            var badges = [
                l.t(
                    "🚗 \(SwissComponents.drive(resort.driveMinutes)) from Zürich",
                    "🚗 \(SwissComponents.drive(resort.driveMinutes)) ab Zürich")
            ]
            if resort.altitude > 0 {
                badges.append(l.t("⛰️ \(resort.altitude) m altitude", "⛰️ \(resort.altitude) m ü. M."))
            }
            if resort.snowDepthCm > 0 {
                badges.append(l.t("📏 \(resort.snowDepthCm) cm snow depth", "📏 \(resort.snowDepthCm) cm Schneehöhe"))
            }
            let days = resort.forecast.map { day -> Day in
                Day(
                    label: SwissDateText.shortWeekday(day.date, l), longLabel: SwissDateText.long(day.date, l),
                    icon: WeatherCodes.icon(day.weatherCode).emoji,
                    description: WeatherCodes.description(day.weatherCode, in: l),
                    temperatures: "\(day.tempMax)° / \(day.tempMin)°", snowfall: cm(day.snowfallCm, l),
                    percent: largest > 0 && day.snowfallCm > 0
                        ? max(5, Int((day.snowfallCm / largest * 100).rounded())) : 0)
            }
            return Card(
                id: resort.id, rank: ranks[resort.id] ?? index + 1, name: l == .de ? resort.nameDE : resort.name,
                region: l == .de ? resort.regionDE : resort.region, weekTotal: cm(resort.snowfallWeekTotal, l),
                snowClass: resort.snowClass, classLabel: classLabel(resort.snowClass, l),
                classIcon: classIcon(resort.snowClass), badges: badges,
                directionsURL: SwissComponents.directionsURL(resort.point), days: days,
                chartText: l.t("Fresh snow by day: ", "Neuschnee pro Tag: ")
                    + days.map { "\($0.label) \($0.snowfall)" }.joined(separator: ", "))
        }
        let extraIDs = Set(shown.dropFirst(listed.count).map(\.id))
        let pins = shown.map { resort in
            SwissMapPin(
                id: resort.id, point: resort.point,
                label: l.t(
                    "\(resort.name): \(cm(resort.snowfallWeekTotal, l)) fresh snow this week, \(classLabel(resort.snowClass, l))",
                    "\(resort.nameDE): \(cm(resort.snowfallWeekTotal, l)) Neuschnee diese Woche, \(classLabel(resort.snowClass, l))"
                ),
                href: extraIDs.contains(resort.id) ? "\(allURL)#card-\(resort.id)" : "#card-\(resort.id)",
                radius: pinRadius(resort.snowfallWeekTotal), kind: resort.snowClass.rawValue,
                text: resort.snowfallWeekTotal >= 20 ? String(format: "%.0f", resort.snowfallWeekTotal.rounded()) : nil)
        }
        var alert: Alert?
        if let top = SnowRanking.powderAlert(in: ranking) {
            let name = l == .de ? top.nameDE : top.name
            alert = Alert(
                title: l.t("Fresh powder alert", "Pulverschnee-Alarm"),
                text: l.t(
                    "\(name) gets \(cm(top.snowfallWeekTotal, l)) of fresh snow this week, \(SwissComponents.drive(top.driveMinutes)) from Zürich.",
                    "\(name) bekommt diese Woche \(cm(top.snowfallWeekTotal, l)) Neuschnee, \(SwissComponents.drive(top.driveMinutes)) ab Zürich."
                ),
                href: extraIDs.contains(top.id) ? "\(allURL)#card-\(top.id)" : "#card-\(top.id)")
        }
        let filterChips = SnowRanking.Filter.allCases.map { option in
            Components.LinkItem(
                label: filterLabel(option, l), url: link(filter: option, sort: query.sort, all: query.showAll),
                isCurrent: option == query.filter, key: option.rawValue,
                icon: SnowClass(rawValue: option.rawValue).map(classIcon), prefetch: false)
        }
        let sortChips = SnowQuery.SortKey.allCases.map { option in
            Components.LinkItem(
                label: option == .snowfall
                    ? l.t("Most fresh snow", "Meiste Neuschnee") : l.t("Shortest drive", "Kürzeste Fahrt"),
                url: link(filter: query.filter, sort: option, all: query.showAll), isCurrent: option == query.sort,
                key: option.rawValue, icon: option == .snowfall ? "❄️" : "🚗", prefetch: false)
        }
        return SnowModel(
            title: l.t("Where is the snow?", "Wo hat es Schnee?"),
            subtitle: l.t(
                "Fresh snow this week — ski resorts from Zürich", "Neuschnee diese Woche — Skigebiete ab Zürich"),
            dateRange: l.t("Week of ", "Woche vom ")
                + "\(SwissDateText.weekdayShort(week.monday, l)) – \(SwissDateText.weekdayShort(week.sunday, l)) \(week.sunday.year)",
            sourceState: sourceState,
            mapLabel: l.t(
                "Map of Switzerland: fresh snow this week by resort",
                "Karte der Schweiz: Neuschnee diese Woche pro Skigebiet"),
            pins: pins,
            legend: [
                .init(kind: "heavy", icon: "🏔️", text: l.t("Heavy: more than 30 cm", "Viel: mehr als 30 cm")),
                .init(kind: "moderate", icon: "❄️", text: l.t("Moderate: 10–30 cm", "Mittel: 10–30 cm")),
                .init(kind: "light", icon: "🌨️", text: l.t("Light: less than 10 cm", "Wenig: weniger als 10 cm")),
            ],
            filterChips: filterChips, sortChips: sortChips, alert: alert, cards: cards,
            showAll: listed.count < shown.count
                ? (
                    l.t("Show all \(shown.count) resorts", "Alle \(shown.count) Skigebiete zeigen"),
                    allURL + "#card-\(shown[listed.count].id)"
                ) : nil,
            emptyText: resorts.isEmpty
                ? l.t(
                    "No snow forecast yet — the weather service is not answering; retrying in the background.",
                    "Noch keine Schneeprognose — der Wetterdienst antwortet nicht; neuer Versuch im Hintergrund.")
                : cards.isEmpty
                    ? l.t(
                        "No resort matches this filter this week.", "Kein Skigebiet passt diese Woche zu diesem Filter."
                    ) : nil,
            renderedAt: now)
    }

    /// "12.5 cm" / "12,5 cm"; whole numbers without a decimal.
    static func cm(_ value: Double, _ l: Language) -> String {
        let text = value == value.rounded() ? String(format: "%.0f", value) : String(format: "%.1f", value)
        return (l == .de ? text.replacingOccurrences(of: ".", with: ",") : text) + " cm"
    }

    /// 5 to 16 view-box units for 0 to 60 cm.
    static func pinRadius(_ cm: Double) -> Double {
        ((5 + min(max(cm, 0), 60) / 60 * 11) * 10).rounded() / 10
    }

    static func classLabel(_ snowClass: SnowClass, _ l: Language) -> String {
        switch snowClass {
        case .heavy: l.t("heavy snowfall", "viel Neuschnee")
        case .moderate: l.t("moderate snowfall", "mittlerer Neuschnee")
        case .light: l.t("light snowfall", "wenig Neuschnee")
        }
    }

    static func classIcon(_ snowClass: SnowClass) -> String {
        switch snowClass {
        case .heavy: "🏔️"
        case .moderate: "❄️"
        case .light: "🌨️"
        }
    }

    static func filterLabel(_ filter: SnowRanking.Filter, _ l: Language) -> String {
        switch filter {
        case .all: l.t("All", "Alle")
        case .heavy: l.t("Heavy (> 30 cm)", "Viel (> 30 cm)")
        case .moderate: l.t("Moderate (10–30 cm)", "Mittel (10–30 cm)")
        case .light: l.t("Light (< 10 cm)", "Wenig (< 10 cm)")
        }
    }
}
