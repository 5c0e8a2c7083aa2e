import Foundation
import Testing
import TodayInSwitzerland

/// The iCalendar writer (RFC 5545) and the entries "add to calendar" exports.
@Suite("Swiss web: iCalendar")
struct WebICSTests {
    static let stamp = Date(timeIntervalSince1970: 1_795_000_000)  // 2026-11-18T11:06:40Z

    static func date(_ text: String) -> CivilDate {
        guard let date = CivilDate(text) else { fatalError("bad test date \(text)") }
        return date
    }

    @Test("TEXT escaping: backslash, semicolon, comma and line breaks; control characters dropped")
    func escaping() {
        #expect(ICalendar.escape(#"a\b;c,d"#) == #"a\\b\;c\,d"#)
        #expect(ICalendar.escape("one\ntwo\r\nthree\rfour") == #"one\ntwo\nthree\nfour"#)
        #expect(ICalendar.escape("bell\u{07}tab\tend\u{7F}") == "belltab\tend")
        #expect(ICalendar.escape("Zürich: Räbeliechtli 🎃") == "Zürich: Räbeliechtli 🎃")
    }

    @Test("lines fold at 75 octets with CRLF and a leading space; short lines stay whole")
    func foldingASCII() {
        #expect(ICalendar.fold("SUMMARY:short") == "SUMMARY:short\r\n")
        let long = "DESCRIPTION:" + String(repeating: "x", count: 200)
        let folded = ICalendar.fold(long)
        let pieces = folded.components(separatedBy: "\r\n").dropLast()
        #expect(pieces.count == 3)
        #expect(pieces.allSatisfy { $0.utf8.count <= 75 })
        #expect(pieces.first?.utf8.count == 75)
        #expect(pieces.dropFirst().allSatisfy { $0.hasPrefix(" ") })
        // Unfolding (remove CRLF + one space) gives the line back.
        #expect(folded.replacingOccurrences(of: "\r\n ", with: "") == long + "\r\n")
    }

    @Test("folding never splits a multi-byte UTF-8 sequence, at any offset")
    func foldingMultibyte() {
        for prefix in 0..<4 {
            for sample in ["ü", "€", "🎄", "👨‍👩‍👧"] {
                let line = "SUMMARY:" + String(repeating: "a", count: prefix) + String(repeating: sample, count: 60)
                let folded = ICalendar.fold(line)
                for piece in folded.components(separatedBy: "\r\n").dropLast() {
                    #expect(piece.utf8.count <= 75, "\(sample) +\(prefix)")
                    // Each piece is valid UTF-8 on its own: decoding its bytes strictly gives it back.
                    #expect(String(validating: Array(piece.utf8), as: UTF8.self) == piece)
                }
                #expect(folded.replacingOccurrences(of: "\r\n ", with: "") == line + "\r\n")
            }
        }
    }

    @Test("a document: CRLF only, one VEVENT, all-day dates with an exclusive end, UTC DTSTAMP")
    func document() {
        let event = ICalendarEvent(
            uid: "x@y", start: Self.date("2026-11-19"), end: Self.date("2026-12-23"), summary: "Wienachtsdorf, Zürich",
            description: "Lights; food", url: "https://example.org/a?b=c", categories: ["Event"])
        let text = ICalendar.document([event], stamp: Self.stamp, name: "Zürich")
        #expect(text.hasPrefix("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:"))
        #expect(text.hasSuffix("END:VCALENDAR\r\n"))
        #expect(!text.replacingOccurrences(of: "\r\n", with: "").contains("\n"))
        #expect(!text.replacingOccurrences(of: "\r\n", with: "").contains("\r"))
        #expect(text.components(separatedBy: "BEGIN:VEVENT").count == 2)
        #expect(text.contains("\r\nDTSTART;VALUE=DATE:20261119\r\n"))
        #expect(text.contains("\r\nDTEND;VALUE=DATE:20261224\r\n"))
        #expect(text.contains("\r\nDTSTAMP:20261118T110640Z\r\n"))
        #expect(text.contains("\r\nUID:x@y\r\n"))
        #expect(text.contains(#"SUMMARY;LANGUAGE=en:Wienachtsdorf\, Zürich"#))
        #expect(text.contains(#"DESCRIPTION;LANGUAGE=en:Lights\; food"#))
        #expect(text.contains("\r\nURL:https://example.org/a?b=c\r\n"))
        #expect(text.contains("\r\nTRANSP:TRANSPARENT\r\n"))
        #expect(text.contains("X-WR-CALNAME:Zürich"))
    }

    @Test("a URL that is not http(s) or holds a line break is left out; an end before the start is one day")
    func hostileInput() {
        let event = ICalendarEvent(
            uid: "u", start: Self.date("2026-05-02"), end: Self.date("2026-05-01"), summary: "S",
            url: "https://evil.example/\r\nATTENDEE:x")
        let text = ICalendar.document([event], stamp: Self.stamp)
        #expect(!text.contains("URL:"))
        #expect(!text.contains("ATTENDEE"))
        #expect(text.contains("DTEND;VALUE=DATE:20260503"))
        let script = ICalendarEvent(
            uid: "u", start: Self.date("2026-05-02"), end: Self.date("2026-05-02"), summary: "S",
            url: "javascript:alert(1)")
        #expect(!ICalendar.document([script], stamp: Self.stamp).contains("URL:"))
    }

    @Test("entry ids round-trip; malformed ids are refused")
    func ids() {
        for text in ["zurich-street-parade-2026", "holiday-zurich-goodFriday-2026-04-03", "school-bern-2026-07-04"] {
            #expect(CalendarEntryID(text)?.description == text)
        }
        #expect(
            CalendarEntryID("holiday-zurich-goodFriday-2026-04-03")
                == .holiday(
                    city: "zurich", key: "goodFriday", date: Self.date("2026-04-03")))
        for bad in [
            "", "holiday-zurich-2026-04-03", "holiday--x-2026-04-03", "school-2026-13-01", "a b", "ä",
            "holiday-zurich-goodFriday-2026-02-30", String(repeating: "a", count: 200), "../etc/passwd",
        ] {
            #expect(CalendarEntryID(bad) == nil, "\(bad)")
        }
    }

    @Test("holidays: a public holiday blocks the day, a half day does not; German texts; unknown ones not found")
    func holidays() throws {
        let zurich = try #require(City.find("zurich"))
        let goodFriday = try #require(
            CalendarEntries.find(
                .holiday(city: "zurich", key: "goodFriday", date: Self.date("2026-04-03")), events: [],
                schoolHolidays: SchoolHolidays.periods(for:), language: .de))
        #expect(goodFriday.summary == "Karfreitag")
        #expect(goodFriday.busy)
        #expect(goodFriday.uid == "holiday-zurich-goodFriday-2026-04-03@today-in-switzerland.clubhouse")
        let sechselaeuten = try #require(
            HolidayCalendar.holidays(year: 2026, city: zurich).first { $0.key == "sechselaeuten" })
        #expect(!CalendarEntries.entry(sechselaeuten, city: zurich, language: .en).busy)
        // Wrong date, wrong city, unknown city: nothing.
        for id in [
            CalendarEntryID.holiday(city: "zurich", key: "goodFriday", date: Self.date("2026-04-04")),
            .holiday(city: "geneva", key: "sechselaeuten", date: sechselaeuten.date),
            .holiday(city: "atlantis", key: "goodFriday", date: Self.date("2026-04-03")),
            .school(city: "zurich", start: Self.date("2026-01-01")), .event("no-such-event"),
        ] {
            #expect(
                CalendarEntries.find(id, events: [], schoolHolidays: SchoolHolidays.periods(for:), language: .en)
                    == nil, "\(id)")
        }
    }

    @Test("the feed holds upcoming events, holidays and school holidays of the city only, by date")
    func feed() throws {
        let zurich = try #require(City.find("zurich"))
        let today = Self.date("2026-11-26")
        let events = [
            CityEvent(
                id: "past", name: "Past", nameDE: "Vorbei", city: "zurich", startDate: Self.date("2026-11-01"),
                endDate: Self.date("2026-11-25"), description: "", descriptionDE: "", toddlerFriendly: true,
                free: true),
            CityEvent(
                id: "running", name: "Running", nameDE: "Läuft", city: "zurich", startDate: Self.date("2026-11-19"),
                endDate: Self.date("2026-12-23"), description: "d", descriptionDE: "dd", toddlerFriendly: true,
                free: true),
            CityEvent(
                id: "basel", name: "Basel", nameDE: "Basel", city: "basel", startDate: Self.date("2026-12-01"),
                endDate: Self.date("2026-12-01"), description: "", descriptionDE: "", toddlerFriendly: false,
                free: false),
        ]
        let entries = CalendarEntries.feed(
            city: zurich, events: events, schoolHolidays: SchoolHolidays.periods(for: zurich), today: today,
            language: .de)
        let uids = entries.map(\.uid)
        #expect(uids.contains("running@today-in-switzerland.clubhouse"))
        #expect(!uids.contains("past@today-in-switzerland.clubhouse"))
        #expect(!uids.contains("basel@today-in-switzerland.clubhouse"))
        #expect(entries.contains { $0.summary == "Weihnachten" && $0.start == Self.date("2026-12-25") })
        #expect(entries.contains { $0.summary.hasPrefix("Schulferien:") })
        #expect(entries.map(\.start) == entries.map(\.start).sorted())
        #expect(entries.allSatisfy { $0.end >= today })
        #expect(Set(uids).count == uids.count)
        let running = try #require(entries.first { $0.uid.hasPrefix("running@") })
        #expect(running.description == "dd\n\nFür Kleinkinder geeignet · Gratis")
    }
}
