import ClubhouseBasics
import Foundation

/// Locale-independent, allocation-light formatting and parsing of times and numbers.
enum Format {
    /// ISO 8601 UTC time with `Z`; milliseconds only when the time is not a whole second.
    static func iso8601(_ date: Date) -> String {
        let totalMillis = (date.timeIntervalSince1970 * 1000).rounded()
        guard totalMillis.isFinite, abs(totalMillis) < 1e15 else { return "1970-01-01T00:00:00Z" }
        return UTCTimestamp.string(epochMilliseconds: Int64(totalMillis), fraction: .millisecondsWhenNonZero)
    }

    /// Parses `YYYY-MM-DDThh:mm:ss[.fff][Z|±hh:mm]` (no zone means UTC). Returns `nil` when malformed.
    static func parseISO8601(_ text: String) -> Date? {
        let b = Array(text.utf8.drop { $0 == 32 || $0 == 9 || $0 == 10 || $0 == 13 })
        var end = b.count
        while end > 0, b[end - 1] == 32 || b[end - 1] == 9 || b[end - 1] == 10 || b[end - 1] == 13 { end -= 1 }
        func number(_ from: Int, _ count: Int) -> Int64? {
            guard from + count <= end else { return nil }
            var v: Int64 = 0
            for i in from..<(from + count) {
                let c = b[i]
                guard c >= 48, c <= 57 else { return nil }
                v = v * 10 + Int64(c - 48)
            }
            return v
        }
        guard end >= 19, let year = number(0, 4), b[4] == 45, let month = number(5, 2), b[7] == 45,
            let day = number(8, 2), b[10] == 84 || b[10] == 116 || b[10] == 32, let hour = number(11, 2), b[13] == 58,
            let minute = number(14, 2), b[16] == 58, let second = number(17, 2),
            (1...12).contains(month), (1...31).contains(day), hour <= 24, minute <= 59, second <= 60
        else { return nil }
        var i = 19
        var fraction = 0.0
        if i < end, b[i] == 46 || b[i] == 44 {
            i += 1
            var scale = 0.1
            let start = i
            while i < end, b[i] >= 48, b[i] <= 57 {
                fraction += Double(b[i] - 48) * scale
                scale /= 10
                i += 1
            }
            guard i > start else { return nil }
        }
        var offset: Int64 = 0
        if i < end {
            if b[i] == 90 || b[i] == 122 {
                i += 1
            } else if b[i] == 43 || b[i] == 45 {
                let sign: Int64 = b[i] == 45 ? -1 : 1
                guard let oh = number(i + 1, 2) else { return nil }
                var j = i + 3
                var om: Int64 = 0
                if j < end, b[j] == 58 { j += 1 }
                if j < end {
                    guard let m = number(j, 2) else { return nil }
                    om = m
                    j += 2
                }
                offset = sign * (oh * 3600 + om * 60)
                i = j
            } else {
                return nil
            }
        }
        guard i == end else { return nil }
        let days = Int64(CivilDate.dayNumber(year: Int(year), month: Int(month), day: Int(day)))
        let seconds = days * 86400 + hour * 3600 + minute * 60 + second - offset
        return Date(timeIntervalSince1970: Double(seconds) + fraction)
    }

    /// Fixed-point decimal with "." and at most `decimals` digits after it (trailing zeros trimmed).
    static func decimal(_ value: Double, _ decimals: Int) -> String {
        guard value.isFinite else { return "0" }
        var scale: Double = 1
        for _ in 0..<decimals { scale *= 10 }
        let scaled = (abs(value) * scale).rounded()
        guard scaled < 9e17 else { return String(Int64(min(max(value.rounded(), -9e18), 9e18))) }
        let n = Int64(scaled)
        let p = Int64(scale)
        var s = (value < 0 && n != 0) ? "-" : ""
        s += String(n / p)
        var frac = n % p
        if frac != 0 {
            var width = decimals
            while frac % 10 == 0 {
                frac /= 10
                width -= 1
            }
            let digits = String(frac)
            s += "."
            if digits.count < width { s += String(repeating: "0", count: width - digits.count) }
            s += digits
        }
        return s
    }

    /// Escapes text for XML content and attribute values.
    static func xmlEscaped(_ text: String) -> String {
        var s = ""
        s.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": s += "&amp;"
            case "<": s += "&lt;"
            case ">": s += "&gt;"
            case "\"": s += "&quot;"
            case "'": s += "&apos;"
            case "\t", "\n", "\r": s.unicodeScalars.append(scalar)
            default:
                // Characters not allowed in XML 1.0 are dropped.
                if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF { continue }
                s.unicodeScalars.append(scalar)
            }
        }
        return s
    }
}
