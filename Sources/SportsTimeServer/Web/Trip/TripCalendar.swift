import Foundation
import SportsTime

/// The trip's calendar: the core's events (a VEVENT per game and per drive) plus one per custom stop. The core's
/// exporter takes no extra events, so the stops are added here with the same RFC 5545 escaping and folding.
enum TripCalendar {
    static func document(
        _ option: ItineraryOption, name: String, tripID: String?, items: [CustomItem], generatedAt: Date
    ) -> String {
        let core = ItineraryCalendar.document(for: option, name: name, tripID: tripID, generatedAt: generatedAt)
        guard !items.isEmpty else { return core }
        let stamp = ItineraryCalendar.utcTimestamp(generatedAt)
        let events = items.flatMap { event($0, tripKey: tripID ?? "trip", stamp: stamp) }
            .map(ItineraryCalendar.fold).joined(separator: "\r\n")
        let end = "END:VCALENDAR\r\n"
        guard core.hasSuffix(end) else { return core }
        return String(core.dropLast(end.count)) + events + "\r\n" + end
    }

    /// A custom stop: at its time as floating local time (the venue's clock that day) for an hour, or all day.
    static func event(_ item: CustomItem, tripKey: String, stamp: String) -> [String] {
        let date = String(format: "%04d%02d%02d", item.day.year, item.day.month, item.day.day)
        var lines = [
            "BEGIN:VEVENT",
            "UID:\(safe(tripKey))-item-\(safe(item.id))@clubhouse",
            "DTSTAMP:\(stamp)",
        ]
        if let minute = item.minute {
            let end = min(minute + 60, 23 * 60 + 59)
            lines.append("DTSTART:\(date)T\(String(format: "%02d%02d00", minute / 60, minute % 60))")
            lines.append("DTEND:\(date)T\(String(format: "%02d%02d00", end / 60, end % 60))")
        } else {
            let next = item.day.adding(days: 1)
            lines.append("DTSTART;VALUE=DATE:\(date)")
            lines.append("DTEND;VALUE=DATE:\(String(format: "%04d%02d%02d", next.year, next.month, next.day))")
            lines.append("TRANSP:TRANSPARENT")
        }
        lines.append("SUMMARY:\(ItineraryCalendar.escapeText("\(item.kind.title): \(item.title)"))")
        if let place = item.place, !place.isEmpty {
            lines.append("LOCATION:\(ItineraryCalendar.escapeText(place))")
        }
        if let note = item.note, !note.isEmpty {
            lines.append("DESCRIPTION:\(ItineraryCalendar.escapeText(note))")
        }
        lines.append("END:VEVENT")
        return lines
    }

    static func safe(_ text: String) -> String {
        String(text.map { $0.isLetter || $0.isNumber || $0 == "-" ? $0 : "-" })
    }
}
