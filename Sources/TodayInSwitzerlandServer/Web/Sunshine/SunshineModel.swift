import Foundation
import TodayInSwitzerland
import WebUI

/// `?filter=all|sunny|partly|cloudy&sort=hours|drive&all=1` of the sunshine page, validated.
struct SunshineQuery: Equatable, Sendable {
    enum SortKey: String, CaseIterable, Sendable { case hours, drive }

    var filter: SunshineRanking.Filter = .all
    var sort: SortKey = .hours
    /// Show every destination instead of the first ten.
    var showAll = false

    static func parse(filter: String?, sort: String?, all: String?) -> Result<SunshineQuery, EventsQueryError> {
        var query = SunshineQuery()
        if let filter, !filter.isEmpty {
            guard let value = SunshineRanking.Filter(rawValue: filter) else {
                return .failure(.init(message: "filter must be one of: all, sunny, partly, cloudy."))
            }
            query.filter = value
        }
        if let sort, !sort.isEmpty {
            guard let value = SortKey(rawValue: sort) else {
                return .failure(.init(message: "sort must be one of: hours, drive."))
            }
            query.sort = value
        }
        query.showAll = all == "1" || all == "true"
        return .success(query)
    }
}

/// The sunshine page ("Where is the sun?"): a map of Switzerland with circles by weekend sunshine, Zürich's
/// baseline first, the nearest sunny escape, and the ranked places with their Fri–Sun forecast and hourly timeline.
struct SunshineModel: Equatable, Sendable {
    struct Hour: Equatable, Sendable {
        var hour: Int
        var sunny: Bool
    }

    struct Day: Equatable, Sendable {
        var label: String
        var longLabel: String
        var icon: String
        var description: String
        var temperatures: String
        var hours: String
        /// "1.2 mm" when it rains, else nil.
        var rain: String?
        /// 6…20 h.
        var timeline: [Hour]
        /// "Sun 9–12 h and 14–16 h" for screen readers (the timeline is drawn for the eyes).
        var timelineText: String
    }

    struct Highlight: Equatable, Sendable {
        var name: String
        var description: String
        var indoor: Bool
        var directionsURL: String
    }

    struct Card: Equatable, Sendable {
        var id: String
        /// Place in the sunshine ranking (the baseline has none).
        var rank: Int?
        var name: String
        var region: String
        var hoursTotal: String
        var sunClass: SunshineClass
        var classLabel: String
        var classIcon: String
        var drive: String?
        var directionsURL: String
        var isBaseline: Bool
        var days: [Day]
        /// Things to do there.
        var highlights: [Highlight]
    }

    struct Escape: Equatable, Sendable {
        var text: String
        var href: String
    }

    struct LegendEntry: Equatable, Sendable {
        var kind: String
        var icon: String
        var text: String
    }

    var title: String
    var subtitle: String
    var dateRange: String
    var sourceState: SourceState?
    var mapLabel: String
    var pins: [SwissMapPin]
    var legend: [LegendEntry]
    var filterChips: [Components.LinkItem]
    var sortChips: [Components.LinkItem]
    var baseline: Card?
    var escape: Escape?
    var cards: [Card]
    var showAll: (label: String, url: String)?
    /// Shown instead of the list: no data at all, or nothing in the filter.
    var emptyText: String?
    var renderedAt: Date

    static func == (a: Self, b: Self) -> Bool {
        a.title == b.title && a.dateRange == b.dateRange && a.pins == b.pins && a.legend == b.legend
            && a.filterChips == b.filterChips && a.sortChips == b.sortChips && a.baseline == b.baseline
            && a.escape == b.escape && a.cards == b.cards && a.showAll?.url == b.showAll?.url
            && a.emptyText == b.emptyText && a.sourceState?.state == b.sourceState?.state
    }

    /// Cards shown before "show all".
    static let initialCount = 10

    /// The page from the ranking (`destinations` in API order: baseline first, then most sunshine first).
    static func make(
        destinations: [SunshineDestination], weekend: SunshineRanking.WeekendDates, sourceState: SourceState?,
        query: SunshineQuery, prefs: SwissPrefs, now: Date
    ) -> SunshineModel {
        let l = prefs.language
        let ranks = Dictionary(
            destinations.filter { !$0.isBaseline }.enumerated().map { ($0.element.id, $0.offset + 1) },
            uniquingKeysWith: { first, _ in first })
        let arranged = SunshineRanking.arrange(
            destinations, filter: query.filter, sort: query.sort == .drive ? .driveTime : .hours)
        let baselinePlace = arranged.first(where: \.isBaseline)
        let others = arranged.filter { !$0.isBaseline }

        func link(filter: SunshineRanking.Filter, sort: SunshineQuery.SortKey, all: Bool) -> String {
            var items: [(String, String)] = []
            if filter != .all { items.append(("filter", filter.rawValue)) }
            if sort != .hours { items.append(("sort", sort.rawValue)) }
            if all { items.append(("all", "1")) }
            return prefs.link(.sunshine, items)
        }
        let allURL = link(filter: query.filter, sort: query.sort, all: true)

        func card(_ place: SunshineDestination) -> Card {
            Card(
                id: place.id, rank: place.isBaseline ? nil : ranks[place.id],
                name: l == .de ? place.nameDE : place.name,
                region: l == .de ? place.regionDE : place.region, hoursTotal: hoursText(place.sunshineHoursTotal, l),
                sunClass: place.sunshineClass, classLabel: classLabel(place.sunshineClass, l),
                classIcon: classIcon(place.sunshineClass),
                drive: place.isBaseline
                    ? nil
                    : l.t(
                        "\(SwissComponents.drive(place.driveMinutes)) by car from Zürich",
                        "\(SwissComponents.drive(place.driveMinutes)) mit dem Auto ab Zürich"),
                directionsURL: SwissComponents.directionsURL(place.point), isBaseline: place.isBaseline,
                days: place.forecast.map { day($0, l) },
                highlights: place.highlights.map {
                    Highlight(
                        name: l == .de ? $0.nameDE : $0.name, description: l == .de ? $0.descriptionDE : $0.description,
                        indoor: $0.indoor,
                        directionsURL: SwissComponents.directionsURL(
                            TodayInSwitzerland.GeoPoint(lat: $0.lat, lon: $0.lon)))
                })
        }
        // The first ten only, unless "show all": the rest are a link (and a swap by script) away.
        let shown = query.showAll ? others : Array(others.prefix(initialCount))
        let cards = shown.map(card)
        let pins = (baselinePlace.map { [$0] } ?? []) + others
        let extraIDs = Set(others.dropFirst(shown.count).map(\.id))
        let mapPins = pins.map { place in
            SwissMapPin(
                id: place.id, point: place.point,
                label: l.t(
                    "\(l == .de ? place.nameDE : place.name): \(hoursText(place.sunshineHoursTotal, l)) of sun, \(classLabel(place.sunshineClass, l))",
                    "\(place.nameDE): \(hoursText(place.sunshineHoursTotal, l)) Sonne, \(classLabel(place.sunshineClass, l))"
                ),
                href: extraIDs.contains(place.id) ? "\(allURL)#card-\(place.id)" : "#card-\(place.id)",
                radius: place.isBaseline ? 16 : pinRadius(place.sunshineHoursTotal),
                kind: place.isBaseline ? "baseline" : place.sunshineClass.rawValue,
                text: place.sunshineHoursTotal >= 10 || place.isBaseline
                    ? String(format: "%.0f", place.sunshineHoursTotal.rounded()) : nil)
        }

        var escape: Escape?
        if let place = SunshineRanking.nearestSunnyEscape(in: destinations),
            let base = destinations.first(where: \.isBaseline)
        {
            let name = l == .de ? place.nameDE : place.name
            escape = Escape(
                text: l.t(
                    "Zürich gets only \(hoursText(base.sunshineHoursTotal, l)) of sun. Nearest sunnier place: \(name), \(hoursText(place.sunshineHoursTotal, l)), \(SwissComponents.drive(place.driveMinutes)) away.",
                    "Zürich hat nur \(hoursText(base.sunshineHoursTotal, l)) Sonne. Nächster sonnigerer Ort: \(name), \(hoursText(place.sunshineHoursTotal, l)), \(SwissComponents.drive(place.driveMinutes)) entfernt."
                ),
                href: extraIDs.contains(place.id) ? "\(allURL)#card-\(place.id)" : "#card-\(place.id)")
        }

        let filterChips = SunshineRanking.Filter.allCases.map { option in
            Components.LinkItem(
                label: filterLabel(option, l), url: link(filter: option, sort: query.sort, all: query.showAll),
                isCurrent: option == query.filter, key: option.rawValue,
                icon: option == .all ? nil : classIcon(SunshineClass(rawValue: option.rawValue) ?? .sunny),
                prefetch: false)
        }
        let sortChips = SunshineQuery.SortKey.allCases.map { option in
            Components.LinkItem(
                label: option == .hours ? l.t("Most sun", "Meiste Sonne") : l.t("Shortest drive", "Kürzeste Fahrt"),
                url: link(filter: query.filter, sort: option, all: query.showAll), isCurrent: option == query.sort,
                key: option.rawValue, icon: option == .hours ? "☀️" : "🚗", prefetch: false)
        }
        let emptyText: String? =
            destinations.isEmpty
            ? l.t(
                "No sunshine forecast yet — the weather service is not answering; retrying in the background.",
                "Noch keine Sonnenprognose — der Wetterdienst antwortet nicht; neuer Versuch im Hintergrund.")
            : others.isEmpty
                ? l.t(
                    "No destination matches this filter this weekend.",
                    "Kein Ziel passt an diesem Wochenende zu diesem Filter.")
                : nil
        return SunshineModel(
            title: l.t("Where is the sun?", "Wo ist die Sonne?"),
            subtitle: l.t(
                "Weekend sunshine forecast — best destinations from Zürich",
                "Sonnenprognose fürs Wochenende — die besten Ziele ab Zürich"),
            dateRange:
                "\(SwissDateText.weekdayShort(weekend.friday, l)) – \(SwissDateText.weekdayShort(weekend.sunday, l)) \(weekend.sunday.year)",
            sourceState: sourceState,
            mapLabel: l.t(
                "Map of Switzerland: sunshine this weekend by place", "Karte der Schweiz: Sonnenstunden am Wochenende"),
            pins: mapPins,
            legend: [
                LegendEntry(
                    kind: "baseline", icon: "📍", text: l.t("Zürich, your starting point", "Zürich, dein Startpunkt")),
                LegendEntry(kind: "sunny", icon: "☀️", text: l.t("Sunny: more than 6 h", "Sonnig: mehr als 6 h")),
                LegendEntry(kind: "partly", icon: "⛅", text: l.t("Partly: 3–6 h", "Teilweise: 3–6 h")),
                LegendEntry(kind: "cloudy", icon: "☁️", text: l.t("Cloudy: less than 3 h", "Bewölkt: weniger als 3 h")),
            ],
            filterChips: filterChips, sortChips: sortChips, baseline: baselinePlace.map(card),
            escape: escape, cards: cards,
            showAll: shown.count < others.count
                ? (
                    l.t("Show all \(others.count) destinations", "Alle \(others.count) Ziele zeigen"),
                    allURL + "#card-\(others[shown.count].id)"
                ) : nil,
            emptyText: emptyText, renderedAt: now)
    }

    static func day(_ day: SunshineDayForecast, _ l: Language) -> Day {
        let sunny = Set(day.sunnyHours)
        return Day(
            label: SwissDateText.shortWeekday(day.date, l), longLabel: SwissDateText.long(day.date, l),
            icon: WeatherCodes.icon(day.weatherCode).emoji,
            description: WeatherCodes.description(day.weatherCode, in: l),
            temperatures: "\(day.tempMax)° / \(day.tempMin)°", hours: hoursText(day.sunshineHours, l),
            rain: day.precipMm > 0 ? "\(decimal(day.precipMm, l)) mm" : nil,
            timeline: (6...20).map { Hour(hour: $0, sunny: sunny.contains($0)) },
            timelineText: timelineText(day.sunnyHours.filter { (6...20).contains($0) }, l))
    }

    /// "Sun 9–12 h and 15 h" / "Sonne 9–12 Uhr und 15 Uhr"; "No sun between 6 and 20 h".
    static func timelineText(_ hours: [Int], _ l: Language) -> String {
        let sorted = Array(Set(hours)).sorted()
        guard var start = sorted.first else {
            return l.t("No sun between 6 and 20 h", "Keine Sonne zwischen 6 und 20 Uhr")
        }
        var ranges: [String] = []
        var previous = start
        let unit = l.t("h", "Uhr")
        func close() { ranges.append(start == previous ? "\(start) \(unit)" : "\(start)–\(previous) \(unit)") }
        for hour in sorted.dropFirst() {
            if hour == previous + 1 {
                previous = hour
            } else {
                close()
                start = hour
                previous = hour
            }
        }
        close()
        let list =
            ranges.count == 1
            ? ranges[0] : ranges.dropLast().joined(separator: ", ") + l.t(" and ", " und ") + (ranges.last ?? "")
        return l.t("Sun \(list)", "Sonne \(list)")
    }

    /// "14.2 h" / "14,2 h".
    static func hoursText(_ hours: Double, _ l: Language) -> String { "\(decimal(hours, l)) h" }

    static func decimal(_ value: Double, _ l: Language) -> String {
        let text = String(format: "%.1f", value)
        return l == .de ? text.replacingOccurrences(of: ".", with: ",") : text
    }

    /// 5 to 16 view-box units: a weekend total of 0 to 30 hours.
    static func pinRadius(_ hours: Double) -> Double {
        ((5 + min(max(hours, 0), 30) / 30 * 11) * 10).rounded() / 10
    }

    static func classLabel(_ sunClass: SunshineClass, _ l: Language) -> String {
        switch sunClass {
        case .sunny: l.t("sunny", "sonnig")
        case .partly: l.t("partly sunny", "teilweise sonnig")
        case .cloudy: l.t("cloudy", "bewölkt")
        }
    }

    static func classIcon(_ sunClass: SunshineClass) -> String {
        switch sunClass {
        case .sunny: "☀️"
        case .partly: "⛅"
        case .cloudy: "☁️"
        }
    }

    static func filterLabel(_ filter: SunshineRanking.Filter, _ l: Language) -> String {
        switch filter {
        case .all: l.t("All", "Alle")
        case .sunny: l.t("Sunny (> 6 h)", "Sonnig (> 6 h)")
        case .partly: l.t("Partly (3–6 h)", "Teilweise (3–6 h)")
        case .cloudy: l.t("Cloudy (< 3 h)", "Bewölkt (< 3 h)")
        }
    }
}
