import ClubhouseBasics
import Foundation
import Testing

@testable import TodayInSwitzerland

/// One `opening_hours` question: is the place open at `date` `time`, given these public and school holidays?
struct OpeningHoursCase: Sendable, CustomTestStringConvertible {
    let tag: String
    let date: String
    let time: String
    let expected: Bool?
    var holidays: [String] = []
    var schoolHolidays: [String] = []

    var testDescription: String {
        let extra = holidays.isEmpty ? "" : " (PH \(holidays.joined(separator: ",")))"
        let school = schoolHolidays.isEmpty ? "" : " (SH \(schoolHolidays.joined(separator: ",")))"
        return "\"\(tag)\" at \(date) \(time)\(extra)\(school) → \(expected.map(String.init) ?? "unknown")"
    }
}

/// Test dates: 2026-04-20 is a Monday, 04-25 a Saturday, 04-26 a Sunday; Good Friday 2026 is 04-03.
enum OpeningHoursFixtures {
    static func day(_ text: String) -> CivilDate { CivilDate(text) ?? CivilDate(dayNumber: 0) }

    static func moment(_ date: String, _ time: String) -> SwissTime {
        let parts = time.split(separator: ":").compactMap { Int($0) }
        return SwissTime(date: day(date), minutes: (parts.first ?? 0) * 60 + (parts.last ?? 0))
    }

    static let cases: [OpeningHoursCase] = [
        // Simple weekday and time selectors.
        .init(tag: "Mo-Fr 11:30-14:00", date: "2026-04-20", time: "12:00", expected: true),
        .init(tag: "Mo-Fr 11:30-14:00", date: "2026-04-20", time: "11:30", expected: true),
        .init(tag: "Mo-Fr 11:30-14:00", date: "2026-04-20", time: "14:00", expected: false),
        .init(tag: "Mo-Fr 11:30-14:00", date: "2026-04-20", time: "11:29", expected: false),
        .init(tag: "Mo-Fr 11:30-14:00", date: "2026-04-25", time: "12:00", expected: false),
        .init(tag: "Mo,We 10:00-12:00", date: "2026-04-22", time: "11:00", expected: true),
        .init(tag: "Mo,We 10:00-12:00", date: "2026-04-21", time: "11:00", expected: false),
        .init(tag: "Sa-Mo 10:00-16:00", date: "2026-04-26", time: "12:00", expected: true),
        .init(tag: "Sa-Mo 10:00-16:00", date: "2026-04-20", time: "12:00", expected: true),
        .init(tag: "Sa-Mo 10:00-16:00", date: "2026-04-21", time: "12:00", expected: false),
        .init(tag: "24/7", date: "2026-04-26", time: "03:00", expected: true),
        .init(tag: "Mo-Su 00:00-24:00", date: "2026-04-26", time: "23:59", expected: true),
        .init(tag: "Mo-Fr 11:30-14:00,18:00-22:00", date: "2026-04-21", time: "15:00", expected: false),
        .init(tag: "Mo-Fr 11:30-14:00,18:00-22:00", date: "2026-04-21", time: "19:00", expected: true),
        .init(tag: "Mo-Fr 11:30-14:00, 18:00-22:00; Sa 18:00-23:00", date: "2026-04-25", time: "22:30", expected: true),
        .init(
            tag: "Mo-Fr 11:30-14:00, 18:00-22:00; Sa 18:00-23:00", date: "2026-04-25", time: "12:00", expected: false),
        .init(tag: "Tu-Su 11:00-23:00; Mo off", date: "2026-04-20", time: "12:00", expected: false),
        .init(tag: "off", date: "2026-04-20", time: "12:00", expected: false),
        .init(tag: "closed", date: "2026-04-20", time: "12:00", expected: false),
        .init(tag: "Mo-Fr", date: "2026-04-21", time: "03:00", expected: true),
        // Overrides: ';' replaces the day, ',' adds, '||' fills gaps.
        .init(tag: "Mo-Fr 08:00-18:00; We off", date: "2026-04-22", time: "10:00", expected: false),
        .init(tag: "Mo-Fr 08:00-18:00; We off", date: "2026-04-21", time: "10:00", expected: true),
        .init(tag: "Mo-Fr 08:00-18:00; We 12:00-14:00", date: "2026-04-22", time: "10:00", expected: false),
        .init(tag: "Mo-Fr 08:00-18:00; We 12:00-14:00", date: "2026-04-22", time: "13:00", expected: true),
        .init(tag: "Mo-Fr 08:00-12:00, We 14:00-18:00", date: "2026-04-22", time: "10:00", expected: true),
        .init(tag: "Mo-Fr 08:00-12:00, We 14:00-18:00", date: "2026-04-22", time: "15:00", expected: true),
        .init(tag: "Mo-Fr 10:00-20:00, We off", date: "2026-04-22", time: "12:00", expected: false),
        .init(tag: "Mo-Fr 10:00-20:00, We 12:00-13:00 off", date: "2026-04-22", time: "11:00", expected: true),
        .init(tag: "Mo-Fr 10:00-20:00, We 12:00-13:00 off", date: "2026-04-22", time: "12:30", expected: false),
        .init(tag: "Mo-Fr 10:00-12:00 || \"by appointment\"", date: "2026-04-20", time: "11:00", expected: true),
        .init(tag: "Mo-Fr 10:00-12:00 || \"by appointment\"", date: "2026-04-20", time: "14:00", expected: nil),
        .init(tag: "Mo-Fr 10:00-12:00; Su off || unknown", date: "2026-04-26", time: "11:00", expected: false),
        .init(tag: "Mo-Fr 10:00-12:00; Su off || unknown", date: "2026-04-25", time: "11:00", expected: nil),
        .init(tag: "Mo-Fr 10:00-14:00; We 11:00-12:00 unknown", date: "2026-04-22", time: "11:30", expected: nil),
        // Past midnight: the day before's span counts, unless a later ';' rule replaces the day.
        .init(tag: "Fr-Sa 22:00-02:00", date: "2026-04-25", time: "01:00", expected: true),
        .init(tag: "Fr-Sa 22:00-02:00", date: "2026-04-26", time: "01:59", expected: true),
        .init(tag: "Fr-Sa 22:00-02:00", date: "2026-04-26", time: "02:00", expected: false),
        .init(tag: "Fr-Sa 22:00-02:00", date: "2026-04-24", time: "01:00", expected: false),
        .init(tag: "Mo-Sa 18:00-26:00", date: "2026-04-21", time: "01:30", expected: true),
        .init(tag: "22:00-02:00; Tu 12:00-14:00", date: "2026-04-21", time: "01:00", expected: false),
        .init(tag: "22:00-02:00; Tu 12:00-14:00", date: "2026-04-22", time: "01:00", expected: true),
        .init(tag: "22:00-02:00; Tu 12:00-14:00", date: "2026-04-21", time: "23:00", expected: false),
        .init(tag: "Su-Tu 11:00-01:00, We-Th 11:00-03:00", date: "2026-04-23", time: "00:30", expected: true),
        .init(tag: "Mo-Fr 10:00-10:00", date: "2026-04-25", time: "09:00", expected: true),
        .init(tag: "Mo-Fr 10:00-10:00", date: "2026-04-20", time: "09:00", expected: false),
        // Public holidays: "PH off" no longer closes every day.
        .init(tag: "Mo-Fr 11:00-14:00; PH off", date: "2026-04-20", time: "12:00", expected: true),
        .init(
            tag: "Mo-Fr 11:00-14:00; PH off", date: "2026-04-20", time: "12:00", expected: false,
            holidays: ["2026-04-20"]),
        .init(tag: "PH off; Mo-Fr 11:00-14:00", date: "2026-04-21", time: "12:00", expected: true),
        .init(
            tag: "Sa,Su,PH 10:00-16:00", date: "2026-04-06", time: "12:00", expected: true, holidays: ["2026-04-06"]),
        .init(tag: "Sa,Su,PH 10:00-16:00", date: "2026-04-06", time: "12:00", expected: false),
        .init(tag: "PH 10:00-12:00", date: "2026-04-21", time: "11:00", expected: false),
        .init(
            tag: "Mo-Su 10:00-18:00; PH +1 day off", date: "2026-04-07", time: "12:00", expected: false,
            holidays: ["2026-04-06"]),
        .init(
            tag: "Mo-Su 10:00-18:00; PH +1 day off", date: "2026-04-06", time: "12:00", expected: true,
            holidays: ["2026-04-06"]),
        // School holidays.
        .init(
            tag: "Mo-Fr 11:00-22:00; SH off", date: "2026-04-21", time: "12:00", expected: false,
            schoolHolidays: ["2026-04-21"]),
        .init(
            tag: "SH Mo-Fr 09:00-12:00", date: "2026-04-20", time: "10:00", expected: true,
            schoolHolidays: ["2026-04-20"]),
        .init(tag: "SH Mo-Fr 09:00-12:00", date: "2026-04-20", time: "10:00", expected: false),
        .init(
            tag: "SH Mo-Fr 09:00-12:00", date: "2026-04-25", time: "10:00", expected: false,
            schoolHolidays: ["2026-04-25"]),
        // Months and dates.
        .init(tag: "Jan-Mar 10:00-16:00", date: "2026-02-15", time: "12:00", expected: true),
        .init(tag: "Jan-Mar 10:00-16:00", date: "2026-04-01", time: "12:00", expected: false),
        .init(tag: "Nov-Feb 10:00-16:00", date: "2026-01-10", time: "12:00", expected: true),
        .init(tag: "Nov-Feb 10:00-16:00", date: "2026-06-10", time: "12:00", expected: false),
        .init(tag: "Mo-Su 10:00-18:00; Dec 24 off", date: "2026-12-24", time: "12:00", expected: false),
        .init(tag: "Mo-Su 10:00-18:00; Dec 24 off", date: "2026-12-23", time: "12:00", expected: true),
        .init(tag: "Mo-Su 10:00-18:00; Dec 24-26 off", date: "2026-12-26", time: "12:00", expected: false),
        .init(tag: "Mo-Su 10:00-18:00; Dec 24-26 off", date: "2026-12-27", time: "12:00", expected: true),
        .init(tag: "Mo-Su 10:00-18:00; Dec 25,26 off", date: "2026-12-26", time: "12:00", expected: false),
        .init(tag: "Mo-Su 10:00-18:00; Dec 24-Jan 02 off", date: "2027-01-01", time: "12:00", expected: false),
        .init(tag: "Mo-Su 10:00-18:00; Dec 24-Jan 02 off", date: "2027-01-03", time: "12:00", expected: true),
        .init(tag: "Jul-Aug Mo-Fr 11:00-22:00", date: "2026-07-15", time: "12:00", expected: true),
        .init(tag: "Jul-Aug Mo-Fr 11:00-22:00", date: "2026-06-15", time: "12:00", expected: false),
        .init(
            tag: "Apr-Oct: Mo-Su 11:00-22:00; Nov-Mar: We-Su 11:00-18:00", date: "2026-11-02", time: "12:00",
            expected: false),
        .init(
            tag: "Apr-Oct: Mo-Su 11:00-22:00; Nov-Mar: We-Su 11:00-18:00", date: "2026-11-04", time: "12:00",
            expected: true),
        .init(tag: "Mar 15+ 10:00-12:00", date: "2026-03-10", time: "11:00", expected: false),
        .init(tag: "Mar 15+ 10:00-12:00", date: "2026-09-10", time: "11:00", expected: true),
        .init(tag: "2026 Jan-Mar 10:00-12:00", date: "2026-02-02", time: "11:00", expected: true),
        .init(tag: "2026 Jan-Mar 10:00-12:00", date: "2027-02-01", time: "11:00", expected: false),
        .init(tag: "2025-2027 10:00-12:00", date: "2027-02-01", time: "11:00", expected: true),
        .init(tag: "week 15-17 Mo-Fr 10:00-12:00", date: "2026-04-20", time: "11:00", expected: true),
        .init(tag: "week 15-16 Mo-Fr 10:00-12:00", date: "2026-04-20", time: "11:00", expected: false),
        .init(tag: "Mo-Su 10:00-18:00; easter -2 days off", date: "2026-04-03", time: "12:00", expected: false),
        .init(tag: "Mo-Su 10:00-18:00; easter -2 days off", date: "2026-04-02", time: "12:00", expected: true),
        // n-th weekday of the month.
        .init(tag: "Mo[1] 10:00-12:00", date: "2026-04-06", time: "11:00", expected: true),
        .init(tag: "Mo[1] 10:00-12:00", date: "2026-04-13", time: "11:00", expected: false),
        .init(tag: "Su[-1] 10:00-12:00", date: "2026-04-26", time: "11:00", expected: true),
        .init(tag: "Su[-1] 10:00-12:00", date: "2026-04-19", time: "11:00", expected: false),
        // Open ends, comments, sunrise/sunset.
        .init(tag: "Mo-Fr 17:00+", date: "2026-04-20", time: "23:00", expected: true),
        .init(tag: "Mo-Fr 17:00+", date: "2026-04-20", time: "16:00", expected: false),
        .init(tag: "Mo-Fr 11:00-14:00+", date: "2026-04-20", time: "12:00", expected: true),
        .init(tag: "Mo-Fr 11:00-14:00+", date: "2026-04-20", time: "15:00", expected: nil),
        .init(tag: "Mo-Fr 10:00-18:00 \"call ahead\"", date: "2026-04-20", time: "12:00", expected: true),
        .init(tag: "\"by appointment\"", date: "2026-04-20", time: "12:00", expected: nil),
        .init(tag: "Mo \"on request\"", date: "2026-04-21", time: "12:00", expected: false),
        .init(tag: "Su off \"Ruhetag\"", date: "2026-04-26", time: "12:00", expected: false),
        .init(tag: "Mo-Fr sunrise-sunset", date: "2026-04-20", time: "07:00", expected: true),
        .init(tag: "Mo-Fr sunrise-sunset", date: "2026-04-20", time: "20:30", expected: false),
        .init(tag: "(sunrise+01:00)-(sunset-01:00)", date: "2026-04-20", time: "06:30", expected: false),
        .init(tag: "(sunrise+01:00)-(sunset-01:00)", date: "2026-04-20", time: "18:30", expected: true),
        // Tolerated deviations.
        .init(tag: "mo-fr 11:00-14:00", date: "2026-04-20", time: "12:00", expected: true),
        .init(tag: "Mo-Fr 9:00-14:00", date: "2026-04-20", time: "09:30", expected: true),
        .init(tag: "Di-So 11:00-14:00", date: "2026-04-21", time: "12:00", expected: true),
        .init(tag: "Di-So 11:00-14:00", date: "2026-04-20", time: "12:00", expected: false),
        .init(tag: "Mo-Fr 11:00–14:00", date: "2026-04-20", time: "12:00", expected: true),
        .init(tag: "Mo-Fr: 11:00-14:00", date: "2026-04-20", time: "12:00", expected: true),
        .init(tag: "Mo-Fr 11:00-14:00;", date: "2026-04-20", time: "12:00", expected: true),
        .init(tag: "Mo-Fr 11:00-14:00 18:00-22:00", date: "2026-04-20", time: "19:00", expected: true),
    ]

    /// Realistic tags from Swiss restaurants, all of which must parse without notes.
    static let realWorld = [
        "Mo-Fr 11:00-14:00,17:30-23:00; Sa 17:30-23:00; Su,PH off",
        "Tu-Sa 11:30-14:00,18:00-23:30; Su 11:30-15:00; Mo off",
        "Mo-Sa 07:00-19:00; Su 08:00-18:00",
        "Mo-Th 11:00-23:00; Fr-Sa 11:00-01:00; Su 12:00-22:00",
        "Mo-Fr 06:30-18:30; Sa 08:00-16:00; PH off",
        "Apr-Oct Mo-Su 09:00-22:00; Nov-Mar Th-Su 10:00-18:00",
        "Mo-Fr 11:30-14:00; Jul 20-Aug 10 off",
        "Mo-Su 11:00-22:00; Dec 24-26 off; Dec 31 11:00-16:00",
        "We-Su 10:00-18:00; Mo,Tu off; PH 10:00-18:00",
        "Mo-Fr 07:30-17:00, Sa 09:00-14:00",
    ]
}

@Suite("OSM opening_hours")
struct OpeningHoursTests {
    @Test("open, closed or unknown at a moment", arguments: OpeningHoursFixtures.cases)
    func openAt(_ example: OpeningHoursCase) throws {
        let hours = try OpeningHours(example.tag)
        let holidays = Set(example.holidays)
        let schoolHolidays = Set(example.schoolHolidays)
        let answer = hours.isOpen(
            at: OpeningHoursFixtures.moment(example.date, example.time),
            holiday: { holidays.contains($0.description) },
            schoolHoliday: { schoolHolidays.contains($0.description) })
        #expect(answer == example.expected, "\(example.testDescription)")
    }

    @Test("at least 40 distinct tags are checked")
    func enoughTags() {
        #expect(Set(OpeningHoursFixtures.cases.map(\.tag)).count >= 40)
    }

    @Test("real Swiss restaurant tags parse cleanly", arguments: OpeningHoursFixtures.realWorld)
    func realWorld(_ tag: String) throws {
        let hours = try OpeningHours(tag)
        #expect(hours.notes.isEmpty, "\(hours.notes)")
        #expect(!hours.rules.isEmpty)
    }

    @Test("the parsed structure of a typical tag")
    func structure() throws {
        let hours = try OpeningHours("Mo-Fr 11:30-14:00,18:00-22:00; Sa-Mo 10:00-16:00, Su,PH off || \"call\"")
        #expect(hours.rules.map(\.kind) == [.normal, .normal, .additional, .fallback])
        let first = hours.rules[0]
        #expect(first.days?.weekdays == [OpeningHours.WeekdayRange(start: .mo, end: .fr)])
        #expect(first.times.map(\.start) == [.clock(690), .clock(1080)])
        #expect(first.times.map(\.end) == [.clock(840), .clock(1320)])
        #expect(hours.rules[1].days?.weekdays == [OpeningHours.WeekdayRange(start: .sa, end: .mo)])
        #expect(hours.rules[2].days?.holidays == [OpeningHours.HolidaySelector(kind: .publicHoliday)])
        #expect(hours.rules[2].state == .closed)
        #expect(hours.rules[3].state == .unknown)
        #expect(hours.rules[3].comment == "call")
        #expect(hours.rules[1].position == 31)
    }

    @Test("lenient readings leave notes; sunrise is approximated with a note")
    func notes() throws {
        #expect(try OpeningHours("Di-So 11:00-14:00").notes.count == 2)
        #expect(try OpeningHours("Mo-Fr 9:00-14:00").notes.count == 1)
        #expect(try OpeningHours("Mo-Fr 11:00-14:00;;").notes.count == 1)
        #expect(try OpeningHours("Mo-Fr sunrise-sunset").notes.count == 2)
        #expect(try OpeningHours("Mo-Fr 11:00-14:00").notes.isEmpty)
    }

    @Test("the day's schedule covers 00:00-24:00 and includes the night before")
    func schedule() throws {
        let hours = try OpeningHours("Fr-Sa 11:30-14:00,18:00-02:00")
        let saturday = hours.schedule(on: OpeningHoursFixtures.day("2026-04-25"))
        #expect(
            saturday == [
                .init(start: 0, end: 120, state: .open), .init(start: 120, end: 690, state: .closed),
                .init(start: 690, end: 840, state: .open), .init(start: 840, end: 1080, state: .closed),
                .init(start: 1080, end: 1440, state: .open),
            ])
        let sunday = hours.schedule(on: OpeningHoursFixtures.day("2026-04-26"))
        #expect(sunday == [.init(start: 0, end: 120, state: .open), .init(start: 120, end: 1440, state: .closed)])
    }

    @Test("open during an interval, also reaching into the next day")
    func during() throws {
        let hours = try OpeningHours("Mo-Fr 11:30-14:00; Sa 00:00-01:00")
        let friday = OpeningHoursFixtures.day("2026-04-24")
        #expect(hours.isOpen(on: friday, during: 600..<700) == true)
        #expect(hours.isOpen(on: friday, during: 840..<900) == false)
        #expect(hours.isOpen(on: friday, during: 1400..<1450) == true)
        #expect(hours.isOpen(on: friday, during: 690..<690) == true)
        #expect(hours.isOpen(on: friday, during: -50..<5000) == true)
    }

    @Test("the lunch window is 11:00 to 14:00, edges excluded")
    func lunchEdges() throws {
        let monday = OpeningHoursFixtures.day("2026-04-20")
        let examples: [(String, Bool?)] = [
            ("Mo-Fr 07:00-11:00", false), ("Mo-Fr 07:00-11:01", true), ("Mo-Fr 14:00-22:00", false),
            ("Mo-Fr 13:59-22:00", true), ("Mo-Fr 11:00-11:30", true), ("Mo-Fr 10:00-12:00", true),
            ("Sa 11:00-14:00", false), ("24/7", true), ("Mo 11:00-14:00 unknown", nil),
            ("Mo-Fr 07:00-11:00,14:00-18:00", false), ("Mo 12:00", true),
        ]
        for (tag, expected) in examples {
            #expect(try OpeningHours(tag).openForLunch(on: monday) == expected, "\(tag)")
        }
    }

    @Test("a night that runs past noon from the day before counts for lunch")
    func lunchFromTheDayBefore() throws {
        let sunday = OpeningHoursFixtures.day("2026-04-26")
        #expect(try OpeningHours("Sa 20:00-11:30").openForLunch(on: sunday) == true)
        #expect(try OpeningHours("Sa 20:00-11:00").openForLunch(on: sunday) == false)
    }

    @Test("'PH off' only closes on holidays (the original closed every day)")
    func publicHolidayOff() throws {
        let monday = OpeningHoursFixtures.day("2026-04-20")
        let hours = try OpeningHours("Mo-Fr 11:00-14:00; PH off")
        #expect(hours.openForLunch(on: monday) == true)
        #expect(hours.openForLunch(on: monday, isHoliday: { $0 == monday }) == false)
        #expect(OpeningHours.openForLunch(tag: "PH off", on: monday) == false)
    }

    @Test("missing, empty or malformed tags give no lunch answer")
    func lunchWithoutTag() {
        let monday = OpeningHoursFixtures.day("2026-04-20")
        #expect(OpeningHours.openForLunch(tag: nil, on: monday) == nil)
        #expect(OpeningHours.openForLunch(tag: "", on: monday) == nil)
        #expect(OpeningHours.openForLunch(tag: "  ", on: monday) == nil)
        #expect(OpeningHours.openForLunch(tag: "Mo-Fr 11h-14h", on: monday) == nil)
        #expect(OpeningHours.openForLunch(tag: "Mo-Fr 11:00-14:00", on: monday) == true)
    }

    @Test(
        "malformed tags throw with the position",
        arguments: [
            ("", OpeningHoursError.empty),
            ("   ", .empty),
            ("Mo-Fr 25:00-26:00", .invalidValue("25:00", reason: "a span starts at 24:00 at the latest", position: 6)),
            ("Mo-Fr 10:00-49:00", .invalidValue("49:00", reason: "times run from 00:00 to 48:00", position: 12)),
            ("Mo-Fr 11:70-12:00", .invalidValue("11:70", reason: "times run from 00:00 to 48:00", position: 6)),
            ("Mo-Fr 11:0-12:00", .invalidValue("11:0", reason: "times are written HH:MM", position: 6)),
            (
                "Mo-Fr 11:00-14:00 Uhr",
                .unexpected(found: "'Uhr'", expected: "';', ',' or '||' between rules", position: 18)
            ),
            ("Mo-Fr 10:00-", .unexpected(found: "end of text", expected: "a time like 11:30", position: 12)),
            ("Mo-Fr \"unterminated", .unterminatedComment(position: 6)),
            ("Mo-Fr 10:00-12:00 ||", .unexpected(found: "end of text", expected: "a rule after '||'", position: 20)),
            ("Feb 30 off", .invalidValue("30", reason: "the month has no such day", position: 4)),
            ("week 54", .invalidValue("54", reason: "weeks are numbered 01 to 53", position: 5)),
            ("Mo[6] 10:00-12:00", .invalidValue("6", reason: "a month has at most 5 of each weekday", position: 3)),
            ("Mo-Fr 10:00-16:00/01:00", .unsupported(feature: "repeating times (\"10:00-16:00/01:00\")", position: 17)),
            ("Mo-Fr 10:00 @ 12:00", .unexpectedCharacter("@", position: 12)),
            ("Mo-Fr 10.00-12.00", .unexpectedCharacter(".", position: 8)),
            ("12345", .invalidValue("12345", reason: "numbers have at most 4 digits", position: 0)),
            (
                ", Mo 10:00-12:00",
                .unexpected(
                    found: "','",
                    expected: "a rule: weekdays (Mo-Fr), months (Jan-Mar), times (11:30-14:00), 24/7, off or a comment",
                    position: 0)
            ),
            ("Mo | Tu", .unexpectedCharacter("|", position: 3)),
            ("Jan-", .unexpected(found: "end of text", expected: "a day or a month after '-'", position: 4)),
            (
                "Mo-Fr 10:00-12:00 Tu 14:00-16:00",
                .unexpected(
                    found: "'Tu'", expected: "';', ',' or '||' between rules", position: 18)
            ),
        ] as [(String, OpeningHoursError)])
    func malformed(_ tag: String, _ error: OpeningHoursError) {
        #expect(throws: error) { try OpeningHours(tag) }
        #expect(!error.description.isEmpty)
    }

    @Test("too long values are refused before parsing")
    func tooLong() {
        let tag = Array(repeating: "Mo 10:00-12:00", count: 100).joined(separator: "; ")
        #expect(throws: OpeningHoursError.tooLong(length: tag.count, limit: 1000)) { try OpeningHours(tag) }
    }

    @Test("encodes as the tag string and decodes by parsing it")
    func codable() throws {
        let hours = try OpeningHours("Mo-Fr 11:00-14:00; PH off")
        let data = try JSONEncoder().encode(["hours": hours])
        #expect(String(decoding: data, as: UTF8.self) == #"{"hours":"Mo-Fr 11:00-14:00; PH off"}"#)
        #expect(try JSONDecoder().decode([String: OpeningHours].self, from: data)["hours"] == hours)
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode([String: OpeningHours].self, from: Data(#"{"hours":"Mo-Fr 99:00"}"#.utf8))
        }
    }

    @Test("ISO week numbers and Easter dates")
    func calendarHelpers() {
        #expect(OpeningHoursFixtures.day("2026-04-20").isoWeekNumber == 17)
        #expect(OpeningHoursFixtures.day("2027-01-01").isoWeekNumber == 53)
        #expect(OpeningHoursFixtures.day("2026-12-31").isoWeekNumber == 53)
        #expect(OpeningHoursFixtures.day("2025-12-29").isoWeekNumber == 1)
        #expect(SwissCalendarMath.easterSunday(2026)?.description == "2026-04-05")
        #expect(SwissCalendarMath.easterSunday(2025)?.description == "2025-04-20")
        #expect(SwissCalendarMath.easterSunday(2027)?.description == "2027-03-28")
    }

    @Test("50,000 random and mutated strings never crash the parser or the evaluation")
    func fuzz() {
        var random = OpeningHoursFuzzRandom(seed: 0x5EED_1234)
        let seeds = OpeningHoursFixtures.cases.map(\.tag) + OpeningHoursFixtures.realWorld
        let alphabet = Array("0123456789::--,,;;  ||++[]()/\"MoTuWeThFrSaSuPHSHJanDecoffweek24/7sunrise.é😀\t–")
        let days = (0..<10).map { OpeningHoursFixtures.day("2026-04-20").adding(days: $0 * 37) }
        var parsed = 0
        for iteration in 0..<50_000 {
            var characters: [Character]
            if iteration % 5 == 1 {
                let text = Self.generatedValue(&random)
                do {
                    let hours = try OpeningHours(text)
                    parsed += 1
                    _ = hours.openForLunch(on: days[iteration % days.count], isHoliday: { $0.day == 1 })
                } catch {
                    Issue.record("a generated valid value did not parse: \"\(text)\": \(error)")
                    return
                }
                continue
            }
            if iteration % 5 == 0 {
                characters = (0..<random.next(below: 40)).map { _ in alphabet[random.next(below: alphabet.count)] }
            } else {
                characters = Array(seeds[random.next(below: seeds.count)])
                for _ in 0...random.next(below: 3) {
                    let position = random.next(below: characters.count + 1)
                    switch random.next(below: 3) {
                    case 0: characters.insert(alphabet[random.next(below: alphabet.count)], at: position)
                    case 1: if position < characters.count { characters.remove(at: position) }
                    default:
                        if position < characters.count {
                            characters[position] = alphabet[random.next(below: alphabet.count)]
                        }
                    }
                }
            }
            let text = String(characters)
            do {
                let hours = try OpeningHours(text)
                parsed += 1
                let day = days[iteration % days.count]
                let schedule = hours.schedule(on: day, holiday: { $0.day % 3 == 0 }, schoolHoliday: { $0.month == 7 })
                guard schedule.first?.start == 0, schedule.last?.end == 1440,
                    zip(schedule, schedule.dropFirst()).allSatisfy({ $0.end == $1.start && $0.start < $0.end })
                else {
                    Issue.record("schedule of \"\(text)\" does not tile the day: \(schedule)")
                    return
                }
                _ = hours.openForLunch(on: day)
                _ = hours.isOpen(at: SwissTime(date: day, minutes: random.next(below: 1440)))
            } catch {
                guard error.position.map({ $0 >= 0 && $0 <= characters.count }) ?? true else {
                    Issue.record("position out of range for \"\(text)\": \(error)")
                    return
                }
            }
        }
        print("opening_hours fuzz: \(parsed) of 50000 strings parsed")
        #expect(parsed > 2_000)
    }
}

extension OpeningHoursTests {
    /// A random value that follows the specification (the parser must accept it).
    static func generatedValue(_ random: inout OpeningHoursFuzzRandom) -> String {
        func pick(_ options: [String]) -> String { options[random.next(below: options.count)] }
        func time(maxHour: Int) -> String {
            String(format: "%02d:%02d", random.next(below: maxHour + 1), random.next(below: 4) * 15)
        }
        var rules: [String] = []
        for _ in 0...random.next(below: 4) {
            var parts: [String] = []
            if random.next(below: 4) == 0 {
                parts.append(
                    pick(["Jan-Mar", "Dec 24", "Jul 01-Aug 15", "Nov-Feb", "Dec 25,26", "2026", "week 10-20"]))
            }
            if random.next(below: 3) > 0 {
                let items = (0...random.next(below: 2)).map { _ in
                    pick(["Mo", "Mo-Fr", "Sa-Mo", "PH", "SH", "Su[-1]", "Tu,Th", "We[1,3]", "PH +1 day"])
                }
                parts.append(items.joined(separator: ","))
            }
            if random.next(below: 4) > 0 {
                let spans = (0...random.next(below: 2)).map { _ in
                    random.next(below: 6) == 0 ? time(maxHour: 23) + "+" : time(maxHour: 23) + "-" + time(maxHour: 28)
                }
                parts.append(spans.joined(separator: ","))
            }
            if parts.isEmpty { parts.append("24/7") }
            parts.append(pick(["", "", "off", "open", "unknown", "\"note\""]))
            rules.append(parts.filter { !$0.isEmpty }.joined(separator: " "))
        }
        var text = rules[0]
        for rule in rules.dropFirst() { text += pick(["; ", ", ", " || "]) + rule }
        return text
    }
}

/// A seeded generator (SplitMix64) so the fuzz run is the same every time; every draw advances it, even for
/// bounds below 2.
struct OpeningHoursFuzzRandom {
    private var generator: SplitMix64

    init(seed: UInt64) { generator = SplitMix64(seed: seed) }

    mutating func next(below bound: Int) -> Int {
        let z = generator.next()
        return bound <= 0 ? 0 : Int(z % UInt64(bound))
    }
}
