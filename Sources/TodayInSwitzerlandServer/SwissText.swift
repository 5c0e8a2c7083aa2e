import Foundation
import TodayInSwitzerland

extension SwissApp {
    /// The morning briefing for the terminal (`clubhouse swiss today`).
    public func briefingText(city: City, language: Language, refresh: Bool = false) async -> String {
        let r = await newsResponse(city: city, language: language, refresh: refresh)
        let de = language == .de
        var lines = ["\(de ? "Heute in" : "Today in") \(r.city.name) — \(CivilDate(r.timestamp))"]
        let w = r.weather
        lines.append(
            w.available
                ? "\(w.icon) \(w.temperature) °C, \(w.description), \(de ? "Wind" : "wind") \(w.windSpeed) km/h"
                    + (w.stale == true ? " (\(de ? "letzte bekannte Daten" : "last known data"))" : "")
                : "❔ \(w.description)")
        if !w.hourly.isEmpty {
            lines.append("   " + w.hourly.prefix(6).map { "\($0.time) \($0.temperature)°" }.joined(separator: "  "))
        }
        if let story = r.briefing?.topStory {
            lines.append("")
            lines.append("📰 \(story.item.headline) (\(story.item.source))")
        }
        if let pick = r.briefing?.dailyPick {
            lines.append(
                "\(pick.emoji) \(de ? "Tipp" : "Today's pick"): \(de ? pick.nameDE : pick.name) — \(de ? pick.reasonDE : pick.reason)"
            )
        }
        lines.append("")
        let status = r.transport.summary
        lines.append(
            r.sources["transport"]?.state == "unavailable"
                ? "🚆 \(de ? "Abfahrten nicht verfügbar" : "Departures unavailable")"
                : status.totalDelayed == 0
                    ? "🚆 \(de ? "Keine Verspätungen" : "No delays")"
                    : "🚆 \(status.totalDelayed) \(de ? "verspätet, bis" : "delayed, up to") \(status.maxDelay) min: "
                        + r.transport.delays.prefix(3).map { "\($0.line) → \($0.destination) +\($0.delay)'" }
                        .joined(separator: ", "))
        for holiday in r.holidays {
            let name = de ? holiday.nameDE : holiday.name
            lines.append(
                "🎉 \(name) \(holiday.date)"
                    + (holiday.isToday
                        ? (de ? " (heute)" : " (today)") : " (\(de ? "in" : "in") \(holiday.daysUntil) d)"))
        }
        lines.append("📜 \(r.history.year): \(de ? r.history.eventDE : r.history.event)")
        for (name, items) in [
            ("Top", r.categories.topStories), (de ? "Politik" : "Politics", r.categories.politics),
            (de ? "Lokal" : "Local", r.categories.local),
        ] where !items.isEmpty {
            lines.append("")
            lines.append("\(name):")
            lines += items.prefix(4).map { "  • \($0.headline) — \($0.source)" }
        }
        let unavailable = r.sources.filter { $0.value.state == "lastGood" || $0.value.state == "unavailable" }
        if !unavailable.isEmpty {
            lines.append("")
            lines.append(
                (de ? "Nicht aktuell: " : "Not up to date: ")
                    + unavailable.keys.sorted().map { "\($0) (\(unavailable[$0]?.state ?? ""))" }.joined(
                        separator: ", "))
        }
        return lines.joined(separator: "\n")
    }

    /// The weekend sunshine ranking for the terminal (`clubhouse swiss sunshine`).
    public func sunshineText(language: Language, refresh: Bool = false) async -> String {
        let r = await sunshineResponse(language: language, refresh: refresh)
        let de = language == .de
        var lines = [
            "\(de ? "Sonne am Wochenende" : "Weekend sunshine") \(r.weekendDates.friday) – \(r.weekendDates.sunday)"
        ]
        if r.destinations.isEmpty {
            lines.append(
                de
                    ? "Keine Vorhersage verfügbar (Open-Meteo nicht erreichbar)."
                    : "No forecast available (Open-Meteo unreachable).")
            return lines.joined(separator: "\n")
        }
        for d in r.destinations {
            let name = de ? d.nameDE : d.name
            let label = SunshineRanking.classify(d.sunshineHoursTotal).rawValue
            lines.append(
                String(format: "%5.1f h  ", d.sunshineHoursTotal) + "\(name) (\(de ? d.regionDE : d.region))"
                    + (d.isBaseline ? "" : ", \(SunshineRanking.driveText(minutes: d.driveMinutes))") + " — \(label)")
        }
        if let escape = r.nearestSunnyEscape {
            lines.append("")
            lines.append(
                "☀️ \(de ? "Nächste Sonnenflucht" : "Nearest sunny escape"): \(de ? escape.nameDE : escape.name), "
                    + "\(SunshineRanking.driveText(minutes: escape.driveMinutes)), "
                    + String(format: "%.1f h", escape.sunshineHoursTotal))
        }
        if r.sources["openMeteo"]?.state == "lastGood" {
            lines.append(de ? "(Letzte bekannte Vorhersage)" : "(Last known forecast)")
        }
        return lines.joined(separator: "\n")
    }
}
