import Foundation

/// A token of an `opening_hours` value.
struct OpeningHoursToken: Equatable {
    enum Kind: Equatable {
        /// Letters: weekdays, months, `PH`, `off`, `week`, `sunrise` … (lowercased; `text` has them as written).
        case word(String)
        /// Digits, with how many there were (years have four).
        case number(Int, digits: Int)
        /// `H:MM` or `HH:MM`, in minutes.
        case time(Int)
        /// The text between quotes.
        case comment(String)
        /// `- , ; : + [ ] ( ) /`
        case symbol(Character)
        /// `||`
        case fallback
        /// `24/7`
        case twentyFourSeven
        case end
    }

    let kind: Kind
    let position: Int
    let text: String

    /// How the token is named in an error message.
    var display: String {
        switch kind {
        case .end: "end of text"
        case .comment: "comment \"\(text)\""
        default: "'\(text)'"
        }
    }
}

/// A recursive-descent parser of `opening_hours` values; every loop consumes a token or throws, so no input can
/// make it hang, and nothing is force-unwrapped.
struct OpeningHoursParser {
    private let tokens: [OpeningHoursToken]
    private var index = 0
    private(set) var notes: [String] = []
    private var noted: Set<String> = []

    init(_ text: String) throws(OpeningHoursError) {
        let characters = Array(text)
        guard characters.count <= OpeningHours.maximumLength else {
            throw .tooLong(length: characters.count, limit: OpeningHours.maximumLength)
        }
        var notes: [String] = []
        tokens = try Self.tokenize(characters, notes: &notes)
        for note in notes { self.note(note) }
    }

    // MARK: Tokens

    private static func isDigit(_ c: Character) -> Bool { c.asciiValue.map { (48...57).contains($0) } ?? false }

    private static func tokenize(
        _ characters: [Character], notes: inout [String]
    ) throws(OpeningHoursError) -> [OpeningHoursToken] {
        var tokens: [OpeningHoursToken] = []
        var i = 0
        func digits(from start: Int) -> Int {
            var j = start
            while j < characters.count, isDigit(characters[j]) { j += 1 }
            return j - start
        }
        func value(_ start: Int, _ count: Int) -> Int {
            var result = 0
            for c in characters[start..<(start + count)] { result = result * 10 + Int((c.asciiValue ?? 48) - 48) }
            return result
        }
        while i < characters.count {
            let c = characters[i]
            if c.isWhitespace {
                i += 1
                continue
            }
            let start = i
            if isDigit(c) {
                let count = digits(from: i)
                guard count <= 4 else {
                    throw .invalidValue(
                        String(characters[i..<(i + count)]), reason: "numbers have at most 4 digits", position: i)
                }
                let number = value(i, count)
                // 24/7
                if count == 2, number == 24, i + 3 < characters.count, characters[i + 2] == "/",
                    characters[i + 3] == "7", !(i + 4 < characters.count && isDigit(characters[i + 4]))
                {
                    tokens.append(.init(kind: .twentyFourSeven, position: start, text: "24/7"))
                    i += 4
                    continue
                }
                // H:MM / HH:MM
                if count <= 2, characters.indices.contains(i + count), characters[i + count] == ":",
                    digits(from: i + count + 1) > 0
                {
                    let minuteDigits = digits(from: i + count + 1)
                    let text = String(characters[i..<(i + count + 1 + minuteDigits)])
                    guard minuteDigits == 2 else {
                        throw .invalidValue(text, reason: "times are written HH:MM", position: start)
                    }
                    let minute = value(i + count + 1, 2)
                    guard minute < 60, number <= 48, number < 48 || minute == 0 else {
                        throw .invalidValue(text, reason: "times run from 00:00 to 48:00", position: start)
                    }
                    if count == 1 { notes.append("One-digit hours (\"\(text)\") were read as \"0\(text)\".") }
                    tokens.append(.init(kind: .time(number * 60 + minute), position: start, text: text))
                    i += count + 1 + minuteDigits
                    continue
                }
                tokens.append(
                    .init(
                        kind: .number(number, digits: count), position: start, text: String(characters[i..<(i + count)])
                    ))
                i += count
                continue
            }
            if c.isLetter {
                var j = i
                while j < characters.count, characters[j].isLetter { j += 1 }
                let word = String(characters[i..<j])
                tokens.append(.init(kind: .word(word.lowercased()), position: start, text: word))
                i = j
                continue
            }
            switch c {
            case "\"":
                var j = i + 1
                while j < characters.count, characters[j] != "\"" { j += 1 }
                guard j < characters.count else { throw .unterminatedComment(position: start) }
                let comment = String(characters[(i + 1)..<j])
                tokens.append(.init(kind: .comment(comment), position: start, text: comment))
                i = j + 1
            case "|":
                guard characters.indices.contains(i + 1), characters[i + 1] == "|" else {
                    throw .unexpectedCharacter("|", position: start)
                }
                tokens.append(.init(kind: .fallback, position: start, text: "||"))
                i += 2
            case "–", "—", "−":
                notes.append("Dashes other than '-' were read as '-'.")
                tokens.append(.init(kind: .symbol("-"), position: start, text: "-"))
                i += 1
            case "-", ",", ";", ":", "+", "[", "]", "(", ")", "/":
                tokens.append(.init(kind: .symbol(c), position: start, text: String(c)))
                i += 1
            default:
                throw .unexpectedCharacter(String(c), position: start)
            }
        }
        tokens.append(.init(kind: .end, position: characters.count, text: ""))
        return tokens
    }

    // MARK: Helpers

    private var peek: OpeningHoursToken { token(0) }

    private func token(_ ahead: Int) -> OpeningHoursToken {
        tokens[min(index + ahead, tokens.count - 1)]
    }

    private mutating func advance() {
        if index < tokens.count - 1 { index += 1 }
    }

    private mutating func note(_ text: String) {
        if noted.insert(text).inserted { notes.append(text) }
    }

    private func isSymbol(_ token: OpeningHoursToken, _ symbol: Character) -> Bool { token.kind == .symbol(symbol) }

    private func word(_ token: OpeningHoursToken) -> String? {
        if case .word(let word) = token.kind { return word }
        return nil
    }

    private func number(_ token: OpeningHoursToken) -> (value: Int, digits: Int)? {
        if case .number(let value, let digits) = token.kind { return (value, digits) }
        return nil
    }

    private func isYear(_ token: OpeningHoursToken) -> Bool { number(token)?.digits == 4 }

    private func unexpected(_ expected: String, at token: OpeningHoursToken? = nil) -> OpeningHoursError {
        let token = token ?? peek
        return .unexpected(found: token.display, expected: expected, position: token.position)
    }

    private static let weekdayNames: [String: (OpeningHours.Weekday, canonical: Bool)] = {
        var names: [String: (OpeningHours.Weekday, canonical: Bool)] = [:]
        let canonical: [(String, OpeningHours.Weekday)] = [
            ("mo", .mo), ("tu", .tu), ("we", .we), ("th", .th), ("fr", .fr), ("sa", .sa), ("su", .su),
        ]
        for (name, day) in canonical { names[name] = (day, true) }
        let lenient: [(String, OpeningHours.Weekday)] = [
            ("di", .tu), ("mi", .we), ("do", .th), ("so", .su),
            ("mon", .mo), ("tue", .tu), ("wed", .we), ("thu", .th), ("fri", .fr), ("sat", .sa), ("sun", .su),
            ("monday", .mo), ("tuesday", .tu), ("wednesday", .we), ("thursday", .th), ("friday", .fr),
            ("saturday", .sa), ("sunday", .su),
        ]
        for (name, day) in lenient { names[name] = (day, false) }
        return names
    }()

    private static let monthNames: [String: (Int, canonical: Bool)] = {
        var names: [String: (Int, canonical: Bool)] = [:]
        let english = [
            "january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
            "november", "december",
        ]
        for (number, name) in english.enumerated() {
            names[String(name.prefix(3))] = (number + 1, true)
            names[name] = (number + 1, false)
        }
        names["sept"] = (9, false)
        for (name, number) in [("mär", 3), ("mrz", 3), ("mai", 5), ("okt", 10), ("dez", 12)] {
            names[name] = (number, false)
        }
        return names
    }()

    private func weekday(_ token: OpeningHoursToken) -> OpeningHours.Weekday? {
        word(token).flatMap { Self.weekdayNames[$0]?.0 }
    }

    private func month(_ token: OpeningHoursToken) -> Int? {
        word(token).flatMap { Self.monthNames[$0]?.0 }
    }

    private func holiday(_ token: OpeningHoursToken) -> OpeningHours.HolidaySelector.Kind? {
        switch word(token) {
        case "ph": .publicHoliday
        case "sh": .schoolHoliday
        default: nil
        }
    }

    private func solar(_ token: OpeningHoursToken) -> OpeningHours.SolarEvent? {
        word(token).flatMap { OpeningHours.SolarEvent(rawValue: $0) }
    }

    private func state(_ token: OpeningHoursToken) -> OpeningHours.State? {
        switch word(token) {
        case "open": .open
        case "closed", "off": .closed
        case "unknown": .unknown
        default: nil
        }
    }

    private func startsDate(_ at: Int) -> Bool {
        let t = token(at)
        if month(t) != nil || word(t) == "easter" { return true }
        return isYear(t) && (month(token(at + 1)) != nil || word(token(at + 1)) == "easter")
    }

    private func startsDays(_ t: OpeningHoursToken) -> Bool { weekday(t) != nil || holiday(t) != nil }

    private func startsTime(_ t: OpeningHoursToken) -> Bool {
        if case .time = t.kind { return true }
        return solar(t) != nil || isSymbol(t, "(")
    }

    private mutating func noteName(_ token: OpeningHoursToken) {
        guard let name = word(token) else { return }
        if let entry = Self.weekdayNames[name], !entry.canonical || token.text != entry.0.abbreviation {
            note("Weekday names other than Mo, Tu, We, Th, Fr, Sa, Su (\"\(token.text)\") were accepted.")
        } else if let entry = Self.monthNames[name], !entry.canonical || token.text.first?.isUppercase != true {
            note("Month names other than Jan … Dec (\"\(token.text)\") were accepted.")
        }
    }

    // MARK: Rules

    /// Parses the whole value.
    mutating func parse() throws(OpeningHoursError) -> [OpeningHours.Rule] {
        var rules: [OpeningHours.Rule] = []
        var kind = OpeningHours.Rule.Kind.normal
        while true {
            if peek.kind == .end {
                if rules.isEmpty { throw .empty }
                if kind == .fallback { throw unexpected("a rule after '||'") }
                if kind == .additional { note("A trailing ',' was ignored.") }
                break
            }
            if isSymbol(peek, ";") {
                guard kind != .fallback else { throw unexpected("a rule after '||'") }
                note("Empty rules (a doubled, leading or trailing ';') were ignored.")
                kind = .normal
                advance()
                continue
            }
            rules.append(try parseRule(kind))
            switch peek.kind {
            case .end: return rules
            case .symbol(";"): kind = .normal
            case .symbol(","): kind = .additional
            case .fallback: kind = .fallback
            default: throw unexpected("';', ',' or '||' between rules")
            }
            advance()
        }
        return rules
    }

    private mutating func parseRule(_ kind: OpeningHours.Rule.Kind) throws(OpeningHoursError) -> OpeningHours.Rule {
        let first = index
        var rule = OpeningHours.Rule(kind: kind, position: peek.position)
        var explicitState: OpeningHours.State?
        if peek.kind == .twentyFourSeven {
            advance()
        } else {
            var wide = false
            if isYear(peek), !startsDate(0) {
                rule.years = try parseYears()
                wide = true
            }
            if startsDate(0) {
                rule.dates = try parseDates()
                wide = true
            }
            if word(peek) == "week" {
                rule.weeks = try parseWeeks()
                wide = true
            }
            if wide, isSymbol(peek, ":") { advance() }
            if startsDays(peek) {
                rule.days = try parseDays()
                if isSymbol(peek, ":") {
                    note("A ':' after the weekdays (\"Mo-Fr: 10:00-18:00\") was ignored.")
                    advance()
                }
            }
            if startsTime(peek) { rule.times = try parseTimes() }
        }
        if let state = state(peek) {
            explicitState = state
            advance()
        }
        if case .comment(let comment) = peek.kind {
            rule.comment = comment
            advance()
        }
        guard index > first else {
            throw unexpected("a rule: weekdays (Mo-Fr), months (Jan-Mar), times (11:30-14:00), 24/7, off or a comment")
        }
        rule.state = explicitState ?? (rule.comment != nil && rule.times.isEmpty ? .unknown : .open)
        return rule
    }

    // MARK: Wide ranges

    private mutating func parseYears() throws(OpeningHoursError) -> [OpeningHours.YearRange] {
        var years: [OpeningHours.YearRange] = []
        while true {
            guard let start = number(peek), start.digits == 4 else { throw unexpected("a year (2025)") }
            advance()
            var range = OpeningHours.YearRange(start: start.value)
            if isSymbol(peek, "-"), isYear(token(1)) {
                let endToken = token(1)
                let end = number(endToken)?.value ?? start.value
                guard end >= start.value else {
                    throw .invalidValue(
                        endToken.text, reason: "a year range must not end before it starts",
                        position: endToken.position)
                }
                range.end = end
                advance()
                advance()
            } else if isSymbol(peek, "+") {
                range.openEnd = true
                advance()
            }
            if isSymbol(peek, "/") { range.step = try parseStep() }
            years.append(range)
            guard isSymbol(peek, ","), isYear(token(1)), !startsDate(1) else { break }
            advance()
        }
        return years
    }

    private mutating func parseStep() throws(OpeningHoursError) -> Int {
        advance()
        guard let step = number(peek), step.value >= 1 else { throw unexpected("a step of 1 or more after '/'") }
        advance()
        return step.value
    }

    private mutating func parseDates() throws(OpeningHoursError) -> [OpeningHours.DateRange] {
        var dates: [OpeningHours.DateRange] = []
        while true {
            dates.append(try parseDateRange())
            // "Dec 25,26" and "Dec 24-26,31": more days of the month just named.
            while isSymbol(peek, ","), let day = number(token(1)), day.digits <= 2, let last = dates.last,
                !last.openEnd, case .date(let year, let month, .some) = last.end ?? last.start
            {
                advance()
                let value = try validDay(day.value, month: month, token: peek)
                advance()
                dates.append(OpeningHours.DateRange(start: .date(year: year, month: month, day: value)))
            }
            guard isSymbol(peek, ","), startsDate(1) else { break }
            advance()
        }
        return dates
    }

    private mutating func parseDateRange() throws(OpeningHoursError) -> OpeningHours.DateRange {
        let start = try parseDatePoint()
        var range = OpeningHours.DateRange(start: start, startOffset: try parseDayOffset())
        if isSymbol(peek, "+") {
            range.openEnd = true
            advance()
        } else if isSymbol(peek, "-") {
            let next = token(1)
            if case .date(let year, let month, .some) = start, let day = number(next), day.digits <= 2 {
                advance()
                range.end = .date(year: year, month: month, day: try validDay(day.value, month: month, token: next))
                advance()
            } else if startsDate(1) {
                advance()
                range.end = try parseDatePoint()
                range.endOffset = try parseDayOffset()
            } else {
                throw unexpected("a day or a month after '-'", at: next)
            }
        }
        return range
    }

    private mutating func parseDatePoint() throws(OpeningHoursError) -> OpeningHours.DatePoint {
        var year: Int?
        if isYear(peek) {
            year = number(peek)?.value
            advance()
        }
        if word(peek) == "easter" {
            advance()
            return .easter(year: year)
        }
        guard let month = month(peek) else { throw unexpected("a month (Jan … Dec)") }
        noteName(peek)
        advance()
        var day: Int?
        if let number = number(peek), number.digits <= 2 {
            day = try validDay(number.value, month: month, token: peek)
            advance()
        }
        return .date(year: year, month: month, day: day)
    }

    private func validDay(_ day: Int, month: Int, token: OpeningHoursToken) throws(OpeningHoursError) -> Int {
        guard day >= 1, day <= CivilDate.days(inMonth: month, year: 2000) else {
            throw .invalidValue(token.text, reason: "the month has no such day", position: token.position)
        }
        return day
    }

    /// `+2 days`, `-1 day` after a date, a weekday with `[n]` or a holiday; 0 when absent.
    private mutating func parseDayOffset() throws(OpeningHoursError) -> Int {
        guard isSymbol(peek, "+") || isSymbol(peek, "-") else { return 0 }
        let sign = isSymbol(peek, "-") ? -1 : 1
        if let amount = number(token(1)), ["day", "days"].contains(word(token(2))) {
            guard amount.value <= 366 else {
                throw .invalidValue(token(1).text, reason: "offsets are at most 366 days", position: token(1).position)
            }
            advance()
            advance()
            advance()
            return sign * amount.value
        }
        if weekday(token(1)) != nil {
            throw .unsupported(feature: "a weekday offset (\"+Su\")", position: peek.position)
        }
        return 0
    }

    private mutating func parseWeeks() throws(OpeningHoursError) -> [OpeningHours.WeekRange] {
        advance()
        var weeks: [OpeningHours.WeekRange] = []
        while true {
            let start = try parseWeekNumber()
            var range = OpeningHours.WeekRange(start: start, end: start)
            if isSymbol(peek, "-") {
                advance()
                range.end = try parseWeekNumber()
            }
            if isSymbol(peek, "/") { range.step = try parseStep() }
            weeks.append(range)
            guard isSymbol(peek, ","), number(token(1)) != nil else { break }
            advance()
        }
        return weeks
    }

    private mutating func parseWeekNumber() throws(OpeningHoursError) -> Int {
        guard let week = number(peek) else { throw unexpected("a week number (01 … 53)") }
        guard (1...53).contains(week.value) else {
            throw .invalidValue(peek.text, reason: "weeks are numbered 01 to 53", position: peek.position)
        }
        advance()
        return week.value
    }

    // MARK: Days

    private mutating func parseDays() throws(OpeningHoursError) -> OpeningHours.DaySelector {
        var selector = OpeningHours.DaySelector()
        while true {
            let isHoliday: Bool
            if let kind = holiday(peek) {
                if peek.text != kind.rawValue { note("Holiday names are written PH and SH.") }
                advance()
                selector.holidays.append(OpeningHours.HolidaySelector(kind: kind, offset: try parseDayOffset()))
                isHoliday = true
            } else {
                selector.weekdays.append(try parseWeekdayRange())
                isHoliday = false
            }
            if isSymbol(peek, ","), startsDays(token(1)) {
                advance()
                continue
            }
            guard startsDays(peek) else { break }
            // "SH Mo-Fr": those weekdays during school holidays. "Mo Tu" is read as "Mo,Tu".
            if (holiday(peek) != nil) != isHoliday {
                selector.intersect = true
            } else {
                note("Days separated by a space were read as separated by ','.")
            }
        }
        return selector
    }

    private mutating func parseWeekdayRange() throws(OpeningHoursError) -> OpeningHours.WeekdayRange {
        guard let start = weekday(peek) else { throw unexpected("a weekday (Mo … Su)") }
        noteName(peek)
        advance()
        if isSymbol(peek, "[") {
            advance()
            var nth: [Int] = []
            while true {
                let first = try parseNth()
                if isSymbol(peek, "-"), first > 0 {
                    advance()
                    let last = try parseNth()
                    guard last >= first else {
                        throw unexpected("a range like [1-3] in increasing order")
                    }
                    nth.append(contentsOf: first...last)
                } else {
                    nth.append(first)
                }
                if isSymbol(peek, ",") {
                    advance()
                    continue
                }
                guard isSymbol(peek, "]") else { throw unexpected("']' after the weekday's number") }
                advance()
                break
            }
            return OpeningHours.WeekdayRange(start: start, nth: nth, offset: try parseDayOffset())
        }
        if isSymbol(peek, "-"), let end = weekday(token(1)) {
            advance()
            noteName(peek)
            advance()
            return OpeningHours.WeekdayRange(start: start, end: end)
        }
        return OpeningHours.WeekdayRange(start: start)
    }

    private mutating func parseNth() throws(OpeningHoursError) -> Int {
        var sign = 1
        if isSymbol(peek, "-") {
            sign = -1
            advance()
        }
        guard let value = number(peek) else { throw unexpected("a number 1 … 5 or -1 … -5 in '[ ]'") }
        guard (1...5).contains(value.value) else {
            throw .invalidValue(peek.text, reason: "a month has at most 5 of each weekday", position: peek.position)
        }
        advance()
        return sign * value.value
    }

    // MARK: Times

    private mutating func parseTimes() throws(OpeningHoursError) -> [OpeningHours.TimeSpan] {
        var spans: [OpeningHours.TimeSpan] = []
        while true {
            spans.append(try parseTimeSpan())
            if isSymbol(peek, ","), startsTime(token(1)) {
                advance()
                continue
            }
            if startsTime(peek) {
                note("Time spans separated by a space were read as separated by ','.")
                continue
            }
            break
        }
        return spans
    }

    private mutating func parseTimeSpan() throws(OpeningHoursError) -> OpeningHours.TimeSpan {
        let startToken = peek
        let start = try parseTimePoint()
        guard start.minutes <= 1440 else {
            throw .invalidValue(
                startToken.text, reason: "a span starts at 24:00 at the latest", position: startToken.position)
        }
        var span = OpeningHours.TimeSpan(start: start)
        if isSymbol(peek, "-") {
            advance()
            span.end = try parseTimePoint()
            if isSymbol(peek, "+") {
                span.openEnd = true
                advance()
            }
        } else if isSymbol(peek, "+") {
            span.openEnd = true
            advance()
        }
        if isSymbol(peek, "/") {
            throw .unsupported(feature: "repeating times (\"10:00-16:00/01:00\")", position: peek.position)
        }
        return span
    }

    private mutating func parseTimePoint() throws(OpeningHoursError) -> OpeningHours.TimePoint {
        if case .time(let minutes) = peek.kind {
            advance()
            return .clock(minutes)
        }
        if let event = solar(peek) {
            note("\(event.rawValue) is taken as \(Self.clock(event.approximateMinutes)) on every day.")
            advance()
            return .solar(event, offset: 0)
        }
        guard isSymbol(peek, "(") else { throw unexpected("a time like 11:30") }
        advance()
        guard let event = solar(peek) else { throw unexpected("sunrise, sunset, dawn or dusk after '('") }
        note("\(event.rawValue) is taken as \(Self.clock(event.approximateMinutes)) on every day.")
        advance()
        guard isSymbol(peek, "+") || isSymbol(peek, "-") else { throw unexpected("'+' or '-' and an offset") }
        let sign = isSymbol(peek, "-") ? -1 : 1
        advance()
        guard case .time(let offset) = peek.kind, offset <= 1440 else {
            throw unexpected("an offset like 01:00")
        }
        advance()
        guard isSymbol(peek, ")") else { throw unexpected("')'") }
        advance()
        return .solar(event, offset: sign * offset)
    }

    private static func clock(_ minutes: Int) -> String {
        String(format: "%02d:%02d", minutes / 60, minutes % 60)
    }
}
