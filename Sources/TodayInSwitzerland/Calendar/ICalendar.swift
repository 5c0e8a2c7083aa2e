import Foundation

/// An all-day entry of an iCalendar file: an event, a public holiday or a school holiday period.
public struct ICalendarEvent: Sendable, Equatable {
    /// Globally unique and stable across downloads, so a calendar app updates the entry instead of adding a copy.
    public var uid: String
    /// The first day.
    public var start: CivilDate
    /// The last day, inclusive (the file writes the day after it, as RFC 5545 wants for all-day entries).
    public var end: CivilDate
    /// The title.
    public var summary: String
    /// The longer text; nil or empty leaves DESCRIPTION out.
    public var description: String?
    /// A web page about it; nil or empty leaves URL out.
    public var url: String?
    /// Categories (e.g. "Holiday"), each escaped on its own.
    public var categories: [String]
    /// Whether the day blocks time in the user's calendar (TRANSP OPAQUE) or not (TRANSPARENT, the default: a
    /// festival or a school holiday should not make the user look busy).
    public var busy: Bool

    /// An entry from its parts; an `end` before `start` is written as a one-day entry.
    public init(
        uid: String, start: CivilDate, end: CivilDate, summary: String, description: String? = nil,
        url: String? = nil, categories: [String] = [], busy: Bool = false
    ) {
        self.uid = uid
        self.start = start
        self.end = max(start, end)
        self.summary = summary
        self.description = description
        self.url = url
        self.categories = categories
        self.busy = busy
    }
}

/// An RFC 5545 iCalendar writer for all-day entries: CRLF line ends, TEXT escaping, lines folded at 75 octets
/// without splitting a UTF-8 sequence, DTSTART/DTEND as VALUE=DATE with an exclusive end, DTSTAMP in UTC.
public enum ICalendar {
    /// The product identifier written into every file.
    public static let productID = "-//Clubhouse//Today in Switzerland//EN"
    /// The longest line in octets, line break excluded (RFC 5545 section 3.1).
    public static let maximumLineOctets = 75

    /// A whole `VCALENDAR` with `events`. `name` becomes X-WR-CALNAME (the name calendar apps show for a
    /// subscription); `refreshHours` adds REFRESH-INTERVAL and X-PUBLISHED-TTL (how often a subscriber polls).
    public static func document(
        _ events: [ICalendarEvent], stamp: Date, name: String? = nil, language: Language = .en,
        refreshHours: Int? = nil
    ) -> String {
        var lines = [
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:\(productID)", "CALSCALE:GREGORIAN", "METHOD:PUBLISH",
        ]
        if let name { lines.append("X-WR-CALNAME:\(escape(name))") }
        if let refreshHours, refreshHours > 0 {
            lines.append("REFRESH-INTERVAL;VALUE=DURATION:PT\(refreshHours)H")
            lines.append("X-PUBLISHED-TTL:PT\(refreshHours)H")
        }
        let dtstamp = timestamp(stamp)
        for event in events {
            lines.append("BEGIN:VEVENT")
            lines.append("UID:\(escape(event.uid))")
            lines.append("DTSTAMP:\(dtstamp)")
            lines.append("DTSTART;VALUE=DATE:\(date(event.start))")
            lines.append("DTEND;VALUE=DATE:\(date(event.end.adding(days: 1)))")
            lines.append("SUMMARY;LANGUAGE=\(language.rawValue):\(escape(event.summary))")
            if let description = event.description, !description.isEmpty {
                lines.append("DESCRIPTION;LANGUAGE=\(language.rawValue):\(escape(description))")
            }
            if let url = event.url, !url.isEmpty, isWebAddress(url) {
                // URL is of type URI, not TEXT: no backslash escaping, but no line breaks or control characters.
                lines.append("URL:\(url)")
            }
            if !event.categories.isEmpty {
                lines.append("CATEGORIES:\(event.categories.map(escape).joined(separator: ","))")
            }
            lines.append("TRANSP:\(event.busy ? "OPAQUE" : "TRANSPARENT")")
            lines.append("END:VEVENT")
        }
        lines.append("END:VCALENDAR")
        return lines.map(fold).joined()
    }

    /// TEXT escaping (RFC 5545 section 3.3.11): backslash, semicolon and comma get a backslash, a line break becomes
    /// `\n`; other control characters (which the format forbids) are dropped, a tab is kept.
    public static func escape(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        var previousWasCR = false
        for scalar in text.unicodeScalars {
            defer { previousWasCR = scalar == "\r" }
            switch scalar {
            case "\\": result += "\\\\"
            case ";": result += "\\;"
            case ",": result += "\\,"
            case "\r": result += "\\n"
            case "\n": if !previousWasCR { result += "\\n" }
            case "\u{2028}", "\u{2029}": result += "\\n"
            case "\t": result.unicodeScalars.append(scalar)
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F { continue }
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// One content line ready to write: folded into pieces of at most 75 octets (a continuation starts with a
    /// space, which counts), each ending in CRLF. A piece never ends inside a UTF-8 sequence.
    public static func fold(_ line: String) -> String {
        var result = ""
        var octets = 0
        for scalar in line.unicodeScalars {
            let size = UTF8.width(scalar)
            if octets + size > maximumLineOctets {
                result += "\r\n "
                octets = 1
            }
            result.unicodeScalars.append(scalar)
            octets += size
        }
        return result + "\r\n"
    }

    /// `YYYYMMDD`.
    public static func date(_ date: CivilDate) -> String {
        String(format: "%04d%02d%02d", date.year, date.month, date.day)
    }

    /// `YYYYMMDDTHHMMSSZ` in UTC.
    public static func timestamp(_ instant: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? TimeZone(secondsFromGMT: 0) ?? .current
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: instant)
        return String(
            format: "%04d%02d%02dT%02d%02d%02dZ", c.year ?? 1970, c.month ?? 1, c.day ?? 1, c.hour ?? 0,
            c.minute ?? 0, c.second ?? 0)
    }

    /// Only http(s) addresses without spaces or control characters go into URL.
    static func isWebAddress(_ text: String) -> Bool {
        (text.hasPrefix("https://") || text.hasPrefix("http://"))
            && !text.unicodeScalars.contains { $0.value <= 0x20 || $0.value == 0x7F }
    }
}
