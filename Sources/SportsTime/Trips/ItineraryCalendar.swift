import Foundation

/// iCalendar (RFC 5545) export of a planned trip: one event per game and one all-day event per drive, for any
/// calendar app (Apple Calendar, Google Calendar, Outlook).
///
/// The text follows the RFC's rules: CRLF line endings, content lines folded at 75 octets without splitting a UTF-8
/// character, TEXT values escaped (`\\`, `\;`, `\,`, `\n`), times in UTC (`…Z`).
public enum ItineraryCalendar {
    /// The calendar's product identifier.
    public static let productID = "-//Clubhouse//SportsTime//EN"
    /// The HTTP content type of an export.
    public static let contentType = "text/calendar; charset=utf-8"
    /// The longest content line, in octets, before folding (CRLF not counted).
    public static let maximumLineOctets = 75

    /// The calendar of `option`.
    ///
    /// - Parameters:
    ///   - name: the calendar's display name (`X-WR-CALNAME`).
    ///   - tripID: a stable id of the saved trip, used in the drives' UIDs so re-importing updates rather than
    ///     duplicates them; without one, the first game's id (or the first drive's date) stands in.
    ///   - generatedAt: the `DTSTAMP` of every event (pass the export time; a fixed value keeps output reproducible).
    public static func document(
        for option: ItineraryOption, name: String = "SportsTime trip", tripID: String? = nil, generatedAt: Date
    ) -> String {
        let stamp = utcTimestamp(generatedAt)
        var lines = [
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:\(productID)", "CALSCALE:GREGORIAN", "METHOD:PUBLISH",
            "X-WR-CALNAME:\(escapeText(name))",
        ]
        for game in option.games {
            lines += gameEvent(game, stamp: stamp)
        }
        let tripKey = uidSafe(
            tripID ?? option.games.first?.gameId.rawValue ?? option.legs.first.map { "trip-\($0.departureDay)" }
                ?? "trip")
        // Drives name the city of the game at each end ("Boston, MA") rather than the venue's full name.
        var cities: [VenueID: String] = [:]
        for game in option.games where !game.city.isEmpty { cities[game.venueId] = game.city }
        for (index, leg) in option.legs.enumerated() {
            lines += legEvent(leg, uid: "\(tripKey)-leg-\(index + 1)@clubhouse", cities: cities, stamp: stamp)
        }
        lines.append("END:VCALENDAR")
        return lines.map(fold).joined(separator: "\r\n") + "\r\n"
    }

    /// The export as UTF-8 bytes.
    public static func data(
        for option: ItineraryOption, name: String = "SportsTime trip", tripID: String? = nil, generatedAt: Date
    ) -> Data {
        Data(document(for: option, name: name, tripID: tripID, generatedAt: generatedAt).utf8)
    }

    /// The event of one game: UTC start and end (start + the league's typical duration), teams, place and position.
    static func gameEvent(_ game: PlannedGame, stamp: String) -> [String] {
        let end = game.start.addingTimeInterval(game.league.typicalGameDuration)
        let location = game.city.isEmpty ? game.venueName : "\(game.venueName), \(game.city)"
        var description = "\(game.league.displayName): \(game.awayTeamName) at \(game.homeTeamName)"
        description += "\n\(location)"
        if !game.localStart.isEmpty { description += "\nStarts \(game.localStart)" }
        var lines = [
            "BEGIN:VEVENT",
            "UID:\(uidSafe(game.gameId.rawValue))@clubhouse",
            "DTSTAMP:\(stamp)",
            "DTSTART:\(utcTimestamp(game.start))",
            "DTEND:\(utcTimestamp(end))",
            "SUMMARY:\(escapeText("\(game.awayTeamName) at \(game.homeTeamName)"))",
            "LOCATION:\(escapeText(location))",
        ]
        let coordinate = Coordinate(latitude: game.latitude, longitude: game.longitude)
        // (0, 0) is the builder's placeholder for a venue missing from the catalogue, not a real position.
        if coordinate.isValid, game.latitude != 0 || game.longitude != 0 {
            lines.append(String(format: "GEO:%.6f;%.6f", game.latitude, game.longitude))
        }
        lines += [
            "DESCRIPTION:\(escapeText(description))",
            "CATEGORIES:\(escapeText(game.league.displayName))",
            "END:VEVENT",
        ]
        return lines
    }

    /// The all-day event of one drive, over the days it spans, marked free time.
    static func legEvent(_ leg: TravelLeg, uid: String, cities: [VenueID: String], stamp: String) -> [String] {
        let from = leg.fromVenueId.flatMap { cities[$0] } ?? leg.fromName
        var to = leg.toVenueId.flatMap { cities[$0] } ?? leg.toName
        // A hop within one city (home to the local park) names the venue: "Boston, MA → Fenway Park, Boston, MA".
        if to == from { to = leg.toName }
        let summary = "Drive \(from) → \(to), \(milesText(leg.miles)), \(durationText(hours: leg.drivingHours))"
        let firstDay = leg.dailyHours.map(\.day).min() ?? leg.departureDay
        let lastDay = leg.dailyHours.map(\.day).max() ?? leg.departureDay
        var description = "From \(leg.fromName) to \(leg.toName)."
        if leg.dailyHours.count > 1 {
            for (index, day) in leg.dailyHours.enumerated() {
                description += "\nDay \(index + 1) (\(day.day)): \(durationText(hours: day.hours)) of driving"
            }
        }
        for stop in leg.overnightStops {
            description += "\nNight of \(stop.date): \(stop.name)"
        }
        return [
            "BEGIN:VEVENT",
            "UID:\(uid)",
            "DTSTAMP:\(stamp)",
            "DTSTART;VALUE=DATE:\(compactDate(firstDay))",
            // DTEND of an all-day event is exclusive: the day after the last day of driving.
            "DTEND;VALUE=DATE:\(compactDate(lastDay.adding(days: 1)))",
            "SUMMARY:\(escapeText(summary))",
            "DESCRIPTION:\(escapeText(description))",
            "TRANSP:TRANSPARENT",
            "END:VEVENT",
        ]
    }

    /// "220 mi".
    static func milesText(_ miles: Double) -> String {
        guard miles.isFinite else { return "? mi" }
        return "\(Int(max(0, miles).rounded())) mi"
    }

    /// "3h 50m", "45m", "4h".
    public static func durationText(hours: Double) -> String {
        guard hours.isFinite else { return "?" }
        let minutes = Int((max(0, min(hours, 10_000)) * 60).rounded())
        let (h, m) = (minutes / 60, minutes % 60)
        if h == 0 { return "\(m)m" }
        return m == 0 ? "\(h)h" : "\(h)h \(m)m"
    }

    /// `instant` as an RFC 5545 UTC DATE-TIME, e.g. `20250606T171000Z`.
    public static func utcTimestamp(_ instant: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 0) ?? .current
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: instant)
        return String(
            format: "%04d%02d%02dT%02d%02d%02dZ", c.year ?? 1970, c.month ?? 1, c.day ?? 1, c.hour ?? 0, c.minute ?? 0,
            c.second ?? 0)
    }

    /// `date` as an RFC 5545 DATE, e.g. `20250606`.
    static func compactDate(_ date: LocalDate) -> String {
        String(format: "%04d%02d%02d", date.year, date.month, date.day)
    }

    /// A TEXT value escaped per RFC 5545 §3.3.11: backslash, semicolon and comma get a backslash; line breaks
    /// (CRLF, LF or CR) become `\n`; other control characters, which the RFC forbids in values, are dropped.
    public static func escapeText(_ text: String) -> String {
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
            case "\t": result += " "
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F { continue }
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// `line` folded per RFC 5545 §3.1: no piece longer than 75 octets, continuation pieces start with one space,
    /// joined by CRLF. Breaks fall between characters, never inside a UTF-8 sequence (nor inside a grapheme
    /// cluster, unless one cluster alone is longer than a line).
    public static func fold(_ line: String) -> String {
        guard line.utf8.count > maximumLineOctets else { return line }
        var pieces: [String] = []
        var current = ""
        var currentOctets = 0
        func limit() -> Int { pieces.isEmpty ? maximumLineOctets : maximumLineOctets - 1 }
        func flush() {
            pieces.append(current)
            current = ""
            currentOctets = 0
        }
        for character in line {
            let octets = character.utf8.count
            if currentOctets + octets <= limit() {
                current.append(character)
                currentOctets += octets
                continue
            }
            if octets <= maximumLineOctets - 1 {
                flush()
                current.append(character)
                currentOctets = octets
                continue
            }
            // A cluster longer than a line: break between its scalars.
            for scalar in character.unicodeScalars {
                let size = String(scalar).utf8.count
                if currentOctets + size > limit() { flush() }
                current.unicodeScalars.append(scalar)
                currentOctets += size
            }
        }
        if !current.isEmpty || pieces.isEmpty { pieces.append(current) }
        return pieces.enumerated().map { $0.offset == 0 ? $0.element : " " + $0.element }.joined(separator: "\r\n")
    }

    /// An id usable inside a UID: letters, digits and `-_.` kept, anything else replaced by `-`.
    static func uidSafe(_ text: String) -> String {
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.")
        let mapped = String(text.map { allowed.contains($0) ? $0 : "-" })
        return mapped.isEmpty ? "trip" : mapped
    }
}
