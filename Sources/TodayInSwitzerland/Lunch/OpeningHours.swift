import Foundation

/// An OSM `opening_hours` value, parsed once (https://wiki.openstreetmap.org/wiki/Key:opening_hours/specification).
///
/// Supported: rule sequences separated by `;` (a later rule replaces earlier ones on the days it selects), `,`
/// (additional rules, which only add) and `||` (fallback rules, for the moments no earlier rule covers); years
/// (`2025`, `2024-2026`, `2025+`), month and date ranges (`Jan-Mar`, `Dec 24`, `Dec 24-26`, `Dec 24-Jan 02`,
/// `Mar 15+`, `easter -2 days`), ISO weeks (`week 01-10/2`), weekdays (`Mo-Fr`, `Mo,We`, wrapping `Sa-Mo`, the
/// n-th weekday of the month `Mo[1]`, `Su[-1]`), public and school holidays (`PH`, `SH`, `PH +1 day`; `SH Mo-Fr`
/// intersects), time spans (`11:30-14:00`, `18:00-24:00`, wrapping `22:00-02:00` or `22:00-26:00`, open end
/// `17:00+`, several spans `11:30-14:00,18:00-22:00`), `sunrise`/`sunset`/`dawn`/`dusk` with offsets (evaluated
/// at fixed times, see ``SolarEvent``), `open`/`closed`/`off`/`unknown`, comments in quotes and `24/7`.
///
/// Lenient where data from Swiss mappers commonly strays and the meaning is clear: case, German and three-letter
/// weekday names (`Di`, `Mon`), en dashes, one-digit hours, `Mo-Fr: 10:00-12:00`, empty rules from a doubled or
/// trailing `;`. Each leniency leaves a ``notes`` entry. Anything else throws an ``OpeningHoursError`` with the
/// position; nothing crashes.
///
/// Encodes as the original tag string.
public struct OpeningHours: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The tag as given.
    public let source: String
    /// The rules in order.
    public let rules: [Rule]
    /// What was accepted although not strictly valid, or evaluated approximately (human sentences).
    public let notes: [String]

    /// The longest value accepted (OSM itself stores at most 255 characters).
    public static let maximumLength = 1000

    /// Parses an `opening_hours` value.
    public init(_ text: String) throws(OpeningHoursError) {
        var parser = try OpeningHoursParser(text)
        rules = try parser.parse()
        notes = parser.notes
        source = text
    }

    /// The parsed value of `text`, or nil when it is nil, empty or malformed.
    public static func parse(_ text: String?) -> OpeningHours? {
        guard let text else { return nil }
        return try? OpeningHours(text)
    }

    /// The tag as given.
    public var description: String { source }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        do {
            self = try OpeningHours(text)
        } catch {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: error.description)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(source)
    }
}

// MARK: - Model

extension OpeningHours {
    /// Whether a place is open at a moment.
    public enum State: String, Sendable, Hashable, Codable {
        case open, closed, unknown
    }

    /// One rule of the value (`Mo-Fr 11:30-14:00`).
    public struct Rule: Sendable, Hashable {
        /// How a rule combines with the rules before it.
        public enum Kind: String, Sendable, Hashable {
            /// After `;` (or first): on the days it selects, it replaces everything earlier rules said.
            case normal
            /// After `,`: adds its state for its times, keeping what earlier rules said.
            case additional
            /// After `||`: applies only where no earlier rule says anything.
            case fallback
        }

        /// How this rule combines with earlier ones.
        public var kind: Kind
        /// Where the rule starts in the source (0-based character offset).
        public var position: Int
        /// Years it applies in; empty for every year.
        public var years: [YearRange]
        /// Date ranges it applies in; empty for the whole year.
        public var dates: [DateRange]
        /// ISO weeks it applies in; empty for every week.
        public var weeks: [WeekRange]
        /// The weekday and holiday selector; nil for every day.
        public var days: DaySelector?
        /// The time spans; empty for the whole day.
        public var times: [TimeSpan]
        /// The state during the time spans.
        public var state: State
        /// The comment in quotes, if any.
        public var comment: String?

        /// A rule from its parts.
        public init(
            kind: Kind, position: Int = 0, years: [YearRange] = [], dates: [DateRange] = [], weeks: [WeekRange] = [],
            days: DaySelector? = nil, times: [TimeSpan] = [], state: State = .open, comment: String? = nil
        ) {
            self.kind = kind
            self.position = position
            self.years = years
            self.dates = dates
            self.weeks = weeks
            self.days = days
            self.times = times
            self.state = state
            self.comment = comment
        }
    }

    /// A year or range of years: `2025`, `2024-2026`, `2024-2030/2`, `2025+`.
    public struct YearRange: Sendable, Hashable {
        /// The first year.
        public var start: Int
        /// The last year (inclusive); nil with `openEnd`.
        public var end: Int?
        /// `2025+`: every year from `start` on.
        public var openEnd: Bool
        /// Every `step`-th year from `start`.
        public var step: Int

        /// A year range from its parts.
        public init(start: Int, end: Int? = nil, openEnd: Bool = false, step: Int = 1) {
            self.start = start
            self.end = end
            self.openEnd = openEnd
            self.step = step
        }

        /// Whether `year` is in the range.
        public func contains(_ year: Int) -> Bool {
            guard year >= start else { return false }
            if !openEnd, year > (end ?? start) { return false }
            return (year - start) % max(1, step) == 0
        }
    }

    /// A day of the year, as written in a date range.
    public enum DatePoint: Sendable, Hashable {
        /// `Dec`, `Dec 24`, `2025 Dec 24`; a missing day means the whole month (first day as a start, last as an end).
        case date(year: Int?, month: Int, day: Int?)
        /// Easter Sunday (Gregorian), of `year` or of the year being evaluated.
        case easter(year: Int?)

        /// The year written with the point, if any.
        public var year: Int? {
            switch self {
            case .date(let year, _, _), .easter(let year): year
            }
        }
    }

    /// A date range: `Jan-Mar`, `Dec 24`, `Dec 24-26`, `Dec 24-Jan 02` (wraps into the next year), `Mar 15+`,
    /// `easter -2 days-easter +1 day`.
    public struct DateRange: Sendable, Hashable {
        /// The first day.
        public var start: DatePoint
        /// Days added to `start` (`easter -2 days`).
        public var startOffset: Int
        /// The last day (inclusive); nil for a single date or month.
        public var end: DatePoint?
        /// Days added to `end`.
        public var endOffset: Int
        /// `Mar 15+`: to the end of that year, or for ever when the year is written.
        public var openEnd: Bool

        /// A date range from its parts.
        public init(
            start: DatePoint, startOffset: Int = 0, end: DatePoint? = nil, endOffset: Int = 0, openEnd: Bool = false
        ) {
            self.start = start
            self.startOffset = startOffset
            self.end = end
            self.endOffset = endOffset
            self.openEnd = openEnd
        }
    }

    /// ISO week numbers: `week 01-26`, `week 02-52/2`.
    public struct WeekRange: Sendable, Hashable {
        /// The first week (1–53).
        public var start: Int
        /// The last week (inclusive, 1–53); a smaller number than `start` wraps over the new year.
        public var end: Int
        /// Every `step`-th week from `start`.
        public var step: Int

        /// A week range from its parts.
        public init(start: Int, end: Int, step: Int = 1) {
            self.start = start
            self.end = end
            self.step = step
        }

        /// Whether ISO week `week` is in the range.
        public func contains(_ week: Int) -> Bool {
            let distance = start <= end ? week - start : (week - start + 53) % 53
            guard distance >= 0, distance <= (start <= end ? end - start : (end - start + 53) % 53) else {
                return false
            }
            return distance % max(1, step) == 0
        }
    }

    /// A day of the week, ISO numbered.
    public enum Weekday: Int, Sendable, Hashable, CaseIterable {
        case mo = 1, tu, we, th, fr, sa, su

        /// The two-letter OSM abbreviation ("Mo").
        public var abbreviation: String {
            ["Mo", "Tu", "We", "Th", "Fr", "Sa", "Su"][rawValue - 1]
        }
    }

    /// `Mo`, `Mo-Fr`, wrapping `Sa-Mo`, or the n-th weekday of the month `Mo[1]`, `Su[-1]`, `Sa[1,3] +1 day`.
    public struct WeekdayRange: Sendable, Hashable {
        /// The first weekday.
        public var start: Weekday
        /// The last weekday (inclusive); before `start` it wraps over Sunday.
        public var end: Weekday
        /// Which occurrences in the month (1…5 from the start, -1…-5 from the end); empty for all.
        public var nth: [Int]
        /// Days added to the selected day (`Sa[-1] +1 day` is the day after the last Saturday).
        public var offset: Int

        /// A weekday range from its parts.
        public init(start: Weekday, end: Weekday? = nil, nth: [Int] = [], offset: Int = 0) {
            self.start = start
            self.end = end ?? start
            self.nth = nth
            self.offset = offset
        }

        /// Whether `date` is selected.
        public func matches(_ date: CivilDate) -> Bool {
            let day = date.adding(days: -offset)
            let weekday = day.isoWeekday
            let inRange =
                start.rawValue <= end.rawValue
                ? (start.rawValue...end.rawValue).contains(weekday)
                : weekday >= start.rawValue || weekday <= end.rawValue
            guard inRange else { return false }
            if nth.isEmpty { return true }
            let fromStart = (day.day - 1) / 7 + 1
            let fromEnd = -((CivilDate.days(inMonth: day.month, year: day.year) - day.day) / 7 + 1)
            return nth.contains(fromStart) || nth.contains(fromEnd)
        }
    }

    /// `PH` (public holiday) or `SH` (school holiday), optionally moved: `PH +1 day` is the day after a holiday.
    public struct HolidaySelector: Sendable, Hashable {
        /// Which holidays.
        public enum Kind: String, Sendable, Hashable {
            case publicHoliday = "PH"
            case schoolHoliday = "SH"
        }

        /// Which holidays.
        public var kind: Kind
        /// Days added to the holiday.
        public var offset: Int

        /// A holiday selector from its parts.
        public init(kind: Kind, offset: Int = 0) {
            self.kind = kind
            self.offset = offset
        }
    }

    /// Which days a rule applies to: weekdays and holidays, either of them (`Sa,Su,PH`) or both at once
    /// (`SH Mo-Fr`: Monday to Friday during school holidays).
    public struct DaySelector: Sendable, Hashable {
        /// The weekday ranges.
        public var weekdays: [WeekdayRange]
        /// The holiday selectors.
        public var holidays: [HolidaySelector]
        /// True when a day must match a holiday and a weekday; false when either is enough.
        public var intersect: Bool

        /// A day selector from its parts.
        public init(weekdays: [WeekdayRange] = [], holidays: [HolidaySelector] = [], intersect: Bool = false) {
            self.weekdays = weekdays
            self.holidays = holidays
            self.intersect = intersect
        }
    }

    /// A time of the sun, evaluated at a fixed clock time: the app has no astronomy model, and for restaurants
    /// these tags are rare. Sunrise 06:00, sunset 20:00, dawn 05:30, dusk 20:30.
    public enum SolarEvent: String, Sendable, Hashable, CaseIterable {
        case sunrise, sunset, dawn, dusk

        /// The fixed clock time used, in minutes since midnight.
        public var approximateMinutes: Int {
            switch self {
            case .dawn: 330
            case .sunrise: 360
            case .sunset: 1200
            case .dusk: 1230
            }
        }
    }

    /// A time of day in a span.
    public enum TimePoint: Sendable, Hashable {
        /// Minutes since midnight; ends may go past midnight up to 48:00 (`22:00-26:00`).
        case clock(Int)
        /// A solar event moved by `offset` minutes (`(sunset-01:00)`).
        case solar(SolarEvent, offset: Int)

        /// Minutes since midnight (solar events at their fixed times).
        public var minutes: Int {
            switch self {
            case .clock(let minutes): minutes
            case .solar(let event, let offset): event.approximateMinutes + offset
            }
        }
    }

    /// A time span: `11:30-14:00`, `22:00-02:00` (an end at or before the start is on the next day), `17:00+`
    /// (open end), `11:00-14:00+` (at least until 14:00), or a single moment `12:00`.
    public struct TimeSpan: Sendable, Hashable {
        /// The start.
        public var start: TimePoint
        /// The end; nil for `17:00+` or a single moment.
        public var end: TimePoint?
        /// A `+` after the span.
        public var openEnd: Bool

        /// A time span from its parts.
        public init(start: TimePoint, end: TimePoint? = nil, openEnd: Bool = false) {
            self.start = start
            self.end = end
            self.openEnd = openEnd
        }
    }

    /// A stretch of one day with one state, in minutes since local midnight (`end` exclusive, at most 1440).
    public struct Segment: Sendable, Hashable, Codable {
        /// First minute.
        public var start: Int
        /// Minute after the last one.
        public var end: Int
        /// The state in the stretch.
        public var state: State
        /// The comment of the rule that set the state.
        public var comment: String?

        /// A segment from its parts.
        public init(start: Int, end: Int, state: State, comment: String? = nil) {
            self.start = start
            self.end = end
            self.state = state
            self.comment = comment
        }
    }
}

/// Why an `opening_hours` value cannot be read. Positions are 0-based character offsets into the value.
public enum OpeningHoursError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Nothing but white space.
    case empty
    /// Longer than ``OpeningHours/maximumLength``.
    case tooLong(length: Int, limit: Int)
    /// A character that has no meaning in the syntax.
    case unexpectedCharacter(String, position: Int)
    /// A `"` comment without its closing `"`.
    case unterminatedComment(position: Int)
    /// A word or symbol where something else was expected (`found` is "end of text" at the end).
    case unexpected(found: String, expected: String, position: Int)
    /// A number outside its range (`25:70`, `Feb 30`, `week 54`, `Mo[6]`).
    case invalidValue(String, reason: String, position: Int)
    /// Valid syntax this parser does not evaluate (`10:00-16:00/01:00` repetitions, `Dec 25 +Su`).
    case unsupported(feature: String, position: Int)

    /// Where the problem is, when it is at one place.
    public var position: Int? {
        switch self {
        case .empty, .tooLong: nil
        case .unexpectedCharacter(_, let position), .unterminatedComment(let position),
            .unexpected(_, _, let position), .invalidValue(_, _, let position), .unsupported(_, let position):
            position
        }
    }

    /// A message that says what is wrong and where.
    public var description: String {
        switch self {
        case .empty:
            "The opening hours are empty; expected rules like \"Mo-Fr 11:30-14:00; Sa 10:00-16:00\"."
        case .tooLong(let length, let limit):
            "The opening hours are \(length) characters long; at most \(limit) are accepted."
        case .unexpectedCharacter(let character, let position):
            "Unexpected character '\(character)' at position \(position) of the opening hours."
        case .unterminatedComment(let position):
            "The comment starting at position \(position) of the opening hours has no closing '\"'."
        case .unexpected(let found, let expected, let position):
            "Unexpected \(found) at position \(position) of the opening hours; expected \(expected)."
        case .invalidValue(let value, let reason, let position):
            "'\(value)' at position \(position) of the opening hours is not valid: \(reason)."
        case .unsupported(let feature, let position):
            "The opening hours use \(feature) at position \(position), which this app cannot evaluate."
        }
    }
}

// MARK: - Evaluation

extension OpeningHours {
    /// The lunch window, 11:00–14:00 local time, in minutes since midnight (end exclusive).
    public static let lunchWindow = 660..<840

    /// Whether the place is open at `time`: true, false, or nil when the tag says the state is unknown there
    /// (`unknown`, a comment-only rule, the time after an open end `11:00-14:00+`).
    ///
    /// - Parameters:
    ///   - holiday: whether a date is a public holiday (`PH`); by default none is.
    ///   - schoolHoliday: whether a date is in school holidays (`SH`); by default none is.
    public func isOpen(
        at time: SwissTime, holiday: (CivilDate) -> Bool = { _ in false },
        schoolHoliday: (CivilDate) -> Bool = { _ in false }
    ) -> Bool? {
        Self.flag(state(at: time, holiday: holiday, schoolHoliday: schoolHoliday).state)
    }

    /// The state and the comment of the deciding rule at `time`.
    public func state(
        at time: SwissTime, holiday: (CivilDate) -> Bool = { _ in false },
        schoolHoliday: (CivilDate) -> Bool = { _ in false }
    ) -> (state: State, comment: String?) {
        withHolidays(holiday, schoolHoliday) { holidays in
            let day = DayEvaluation(rules: rules, date: time.date, holidays: holidays)
            let minute = min(max(time.minutes, 0), 1439)
            return day.state(at: minute)
        }
    }

    /// Whether the place is open at some moment of `minutes` (minutes since midnight of `date`, up to 2880 to
    /// reach into the next day): true when open at some moment; otherwise nil when unknown at some moment;
    /// otherwise false. An empty range asks about its lower bound alone.
    public func isOpen(
        on date: CivilDate, during minutes: Range<Int>, holiday: (CivilDate) -> Bool = { _ in false },
        schoolHoliday: (CivilDate) -> Bool = { _ in false }
    ) -> Bool? {
        let lower = min(max(minutes.lowerBound, 0), 2879)
        let upper = max(min(minutes.upperBound, 2880), lower + 1)
        return withHolidays(holiday, schoolHoliday) { holidays in
            var sawUnknown = false
            for dayIndex in 0..<2 {
                let from = max(lower - dayIndex * 1440, 0)
                let to = min(upper - dayIndex * 1440, 1440)
                guard from < to else { continue }
                let day = DayEvaluation(rules: rules, date: date.adding(days: dayIndex), holidays: holidays)
                for segment in day.segments() where segment.start < to && segment.end > from {
                    switch segment.state {
                    case .open: return true
                    case .unknown: sawUnknown = true
                    case .closed: break
                    }
                }
            }
            return sawUnknown ? nil : false
        }
    }

    /// Whether the place is open at some moment between 11:00 and 14:00 on `date` (a place opening at 14:00 or
    /// closing at 11:00 is not); nil when the tag leaves it unknown. A late night span from the day before that
    /// reaches into the window counts.
    public func openForLunch(
        on date: CivilDate, isHoliday: (CivilDate) -> Bool = { _ in false },
        isSchoolHoliday: (CivilDate) -> Bool = { _ in false }
    ) -> Bool? {
        isOpen(on: date, during: Self.lunchWindow, holiday: isHoliday, schoolHoliday: isSchoolHoliday)
    }

    /// ``openForLunch(on:isHoliday:isSchoolHoliday:)`` of a raw tag: nil when the tag is missing, empty or
    /// malformed.
    public static func openForLunch(
        tag: String?, on date: CivilDate, isHoliday: (CivilDate) -> Bool = { _ in false },
        isSchoolHoliday: (CivilDate) -> Bool = { _ in false }
    ) -> Bool? {
        parse(tag)?.openForLunch(on: date, isHoliday: isHoliday, isSchoolHoliday: isSchoolHoliday)
    }

    /// The whole of `date` as consecutive segments from 00:00 to 24:00 (adjacent equal segments merged); time no
    /// rule covers is closed.
    public func schedule(
        on date: CivilDate, holiday: (CivilDate) -> Bool = { _ in false },
        schoolHoliday: (CivilDate) -> Bool = { _ in false }
    ) -> [Segment] {
        withHolidays(holiday, schoolHoliday) { holidays in
            DayEvaluation(rules: rules, date: date, holidays: holidays).segments()
        }
    }

    private static func flag(_ state: State) -> Bool? {
        switch state {
        case .open: true
        case .closed: false
        case .unknown: nil
        }
    }

    private func withHolidays<T>(
        _ holiday: (CivilDate) -> Bool, _ schoolHoliday: (CivilDate) -> Bool, _ body: (Holidays) -> T
    ) -> T {
        withoutActuallyEscaping(holiday) { holiday in
            withoutActuallyEscaping(schoolHoliday) { schoolHoliday in
                body(Holidays(isPublic: holiday, isSchool: schoolHoliday))
            }
        }
    }
}

/// The holiday predicates of one evaluation (never stored beyond it).
struct Holidays {
    let isPublic: (CivilDate) -> Bool
    let isSchool: (CivilDate) -> Bool
}

/// A stretch a rule paints, in minutes from midnight of the day the rule selects (up to 2880).
struct PaintedInterval: Hashable {
    let start: Int
    let end: Int
    let state: OpeningHours.State
    /// The `+` tail after an explicit end: weaker than the rule's own spans.
    let isTail: Bool
}

/// One day's evaluation: which rules select the day and the day before, and the state at each minute.
struct DayEvaluation {
    let rules: [OpeningHours.Rule]
    let intervals: [[PaintedInterval]]
    let selectsToday: [Bool]
    let selectsYesterday: [Bool]

    init(rules: [OpeningHours.Rule], date: CivilDate, holidays: Holidays) {
        self.rules = rules
        intervals = rules.map { $0.paintedIntervals() }
        let yesterday = date.adding(days: -1)
        selectsToday = rules.map { $0.selects(date, holidays: holidays) }
        selectsYesterday = zip(rules, intervals).map { rule, intervals in
            intervals.contains { $0.end > 1440 } && rule.selects(yesterday, holidays: holidays)
        }
    }

    /// The state at `minute` (0–1439) of the day, following the rule kinds' override semantics.
    func state(at minute: Int) -> (state: OpeningHours.State, comment: String?) {
        var current: (state: OpeningHours.State, comment: String?)?
        for index in rules.indices {
            let rule = rules[index]
            let paint = paint(index, at: minute)
            switch rule.kind {
            case .normal:
                if selectsToday[index] { current = nil }
                if let paint { current = (paint, rule.comment) }
            case .additional:
                if let paint { current = (paint, rule.comment) }
            case .fallback:
                if current == nil, let paint { current = (paint, rule.comment) }
            }
        }
        return current ?? (.closed, nil)
    }

    private func paint(_ index: Int, at minute: Int) -> OpeningHours.State? {
        var best: PaintedInterval?
        for interval in intervals[index] {
            let today = selectsToday[index] && interval.start <= minute && minute < min(interval.end, 1440)
            let spill =
                selectsYesterday[index] && interval.end > 1440 && interval.start - 1440 <= minute
                && minute < interval.end - 1440
            guard today || spill else { continue }
            if best == nil || (best?.isTail == true && !interval.isTail) { best = interval }
        }
        return best?.state
    }

    /// The day from 00:00 to 24:00 as merged segments.
    func segments() -> [OpeningHours.Segment] {
        var cuts: Set<Int> = [0, 1440]
        for intervals in intervals {
            for interval in intervals {
                for cut in [interval.start, interval.end, interval.start - 1440, interval.end - 1440]
                where cut > 0 && cut < 1440 {
                    cuts.insert(cut)
                }
            }
        }
        let sorted = cuts.sorted()
        var segments: [OpeningHours.Segment] = []
        for (start, end) in zip(sorted, sorted.dropFirst()) {
            let (state, comment) = state(at: start)
            if let last = segments.last, last.state == state, last.comment == comment {
                segments[segments.count - 1].end = end
            } else {
                segments.append(OpeningHours.Segment(start: start, end: end, state: state, comment: comment))
            }
        }
        return segments
    }
}

extension OpeningHours.Rule {
    /// The stretches this rule paints on a day it selects.
    func paintedIntervals() -> [PaintedInterval] {
        if times.isEmpty { return [PaintedInterval(start: 0, end: 1440, state: state, isTail: false)] }
        var result: [PaintedInterval] = []
        for span in times {
            let start = min(max(span.start.minutes, 0), 1440)
            if let endPoint = span.end {
                var end = min(max(endPoint.minutes, 0), 2880)
                if end <= start { end = min(end + 1440, 2880) }
                guard end > start else { continue }
                result.append(PaintedInterval(start: start, end: end, state: state, isTail: false))
                if span.openEnd, state == .open, end < 1440 {
                    result.append(PaintedInterval(start: end, end: 1440, state: .unknown, isTail: true))
                }
            } else if span.openEnd {
                if start < 1440 { result.append(PaintedInterval(start: start, end: 1440, state: state, isTail: false)) }
            } else if start < 1440 {
                result.append(PaintedInterval(start: start, end: start + 1, state: state, isTail: false))
            }
        }
        return result
    }

    /// Whether the rule's date selectors (years, dates, weeks, weekdays, holidays) select `date`.
    func selects(_ date: CivilDate, holidays: Holidays) -> Bool {
        if !years.isEmpty, !years.contains(where: { $0.contains(date.year) }) { return false }
        if !dates.isEmpty, !dates.contains(where: { $0.contains(date) }) { return false }
        if !weeks.isEmpty {
            let week = date.isoWeekNumber
            if !weeks.contains(where: { $0.contains(week) }) { return false }
        }
        if let days, !days.matches(date, holidays: holidays) { return false }
        return true
    }
}

extension OpeningHours.DaySelector {
    func matches(_ date: CivilDate, holidays: Holidays) -> Bool {
        let weekday = weekdays.contains { $0.matches(date) }
        let holiday = self.holidays.contains { selector in
            let day = date.adding(days: -selector.offset)
            switch selector.kind {
            case .publicHoliday: return holidays.isPublic(day)
            case .schoolHoliday: return holidays.isSchool(day)
            }
        }
        if intersect {
            return (weekdays.isEmpty || weekday) && (self.holidays.isEmpty || holiday)
        }
        return weekday || holiday
    }
}

extension OpeningHours.DateRange {
    /// Whether `date` is in the range.
    public func contains(_ date: CivilDate) -> Bool {
        let explicitYear = start.year != nil
        for year in explicitYear ? [date.year] : [date.year - 1, date.year] {
            guard let first = Self.resolve(start, offset: startOffset, year: year, asEnd: false) else { continue }
            let last: CivilDate?
            if openEnd {
                last = CivilDate(year: explicitYear ? 9999 : first.year, month: 12, day: 31)
            } else if let end {
                let endYear = end.year ?? start.year ?? year
                var candidate = Self.resolve(end, offset: endOffset, year: endYear, asEnd: true)
                if let resolved = candidate, resolved < first, end.year == nil {
                    candidate = Self.resolve(end, offset: endOffset, year: endYear + 1, asEnd: true)
                }
                last = candidate
            } else {
                last = Self.resolve(start, offset: startOffset, year: year, asEnd: true)
            }
            if let last, first <= date, date <= last { return true }
        }
        return false
    }

    static func resolve(_ point: OpeningHours.DatePoint, offset: Int, year: Int, asEnd: Bool) -> CivilDate? {
        switch point {
        case .date(let written, let month, let day):
            let y = written ?? year
            guard (1...12).contains(month) else { return nil }
            let length = CivilDate.days(inMonth: month, year: y)
            let d = min(day ?? (asEnd ? length : 1), length)
            return CivilDate(dayNumber: CivilDate.dayNumber(year: y, month: month, day: d)).adding(days: offset)
        case .easter(let written):
            return SwissCalendarMath.easterSunday(written ?? year)?.adding(days: offset)
        }
    }
}

extension CivilDate {
    /// The ISO 8601 week number (1–53).
    var isoWeekNumber: Int {
        let thursday = adding(days: 4 - isoWeekday)
        let januaryFirst = CivilDate.dayNumber(year: thursday.year, month: 1, day: 1)
        return (thursday.dayNumber - januaryFirst) / 7 + 1
    }
}
