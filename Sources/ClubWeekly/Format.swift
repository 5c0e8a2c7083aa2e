import ClubhouseBasics
import Foundation

/// Display formatting shared by every client. Output never depends on the machine's locale or zone.
public enum Format {
    /// `"Sarah M."`, or just `"Sarah"` when there is no last name; surrounding whitespace is trimmed.
    /// With only a last name, its initial: `"M."`.
    public static func privacyName(firstName: String, lastName: String) -> String {
        let first = firstName.trimmingCharacters(in: .whitespacesAndNewlines)
        let last = lastName.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let initial = last.first else { return first }
        return first.isEmpty ? "\(initial)." : "\(first) \(initial)."
    }

    /// Upper-case initials: `"SM"`, `"S"` without a last name, `"?"` when both are empty.
    public static func initials(firstName: String, lastName: String) -> String {
        let letters = [firstName, lastName].compactMap { $0.trimmingCharacters(in: .whitespacesAndNewlines).first }
        return letters.isEmpty ? "?" : String(letters).uppercased()
    }

    /// `"420m"`; from 1,000 m one decimal of thousands: `"1.2k"`, `"12.3k"`, and `"1k"` rather than `"1.0k"`.
    public static func elevation(_ metres: Double) -> String {
        let whole = SafeNumbers.roundedInt(SafeNumbers.nonNegative(metres))
        guard whole >= 1000 else { return "\(whole)m" }
        let text = SafeNumbers.fixed(Double(whole) / 1000, decimals: 1)
        return (text.hasSuffix(".0") ? String(text.dropLast(2)) : text) + "k"
    }

    /// `"1h 28m"`, `"45m"`, `"0m"`; `"1h 0m"` on the hour (the worker's `movingTimeFormatted`).
    /// Minutes are truncated, not rounded; negative input gives `"0m"`.
    public static func duration(_ seconds: Int) -> String {
        let s = max(0, seconds)
        let hours = s / 3600
        let minutes = s % 3600 / 60
        return hours >= 1 ? "\(hours)h \(minutes)m" : "\(minutes)m"
    }

    /// Minutes per km: `"5:12/km"`; `"–"` when the speed is 0 (or not a number).
    public static func pace(metresPerSecond: Double) -> String {
        let speed = SafeNumbers.nonNegative(metresPerSecond)
        guard speed > 0 else { return "–" }
        let secondsPerKm = SafeNumbers.roundedInt(1000 / speed)
        return "\(secondsPerKm / 60):\(DecimalText.zeroPadded(secondsPerKm % 60, width: 2))/km"
    }

    /// `"28.4 km/h"`.
    public static func speed(metresPerSecond: Double) -> String {
        "\(SafeNumbers.fixed(SafeNumbers.nonNegative(metresPerSecond) * 3.6, decimals: 1)) km/h"
    }

    /// `"42.3 km"`; thousands are grouped: `"1,204.5 km"`.
    public static func distanceKm(_ metres: Double, decimals: Int = 1) -> String {
        "\(SafeNumbers.fixed(SafeNumbers.nonNegative(metres) / 1000, decimals: decimals, grouped: true)) km"
    }

    /// Metres as a plain number with grouping, for totals: `"8,420m"`.
    public static func metres(_ metres: Double) -> String {
        "\(SafeNumbers.fixed(SafeNumbers.nonNegative(metres), decimals: 0, grouped: true))m"
    }

    /// Start of an activity in the club's zone: `"Mon 24 Mar · 7:32am"` (lower-case am/pm, U+00B7).
    public static func activityDate(_ date: Date, timeZone: TimeZone) -> String {
        activityDate(date, calendar: .gregorian(in: timeZone))
    }

    /// ``activityDate(_:timeZone:)`` with a Gregorian calendar already set to the club's zone (build it once when
    /// formatting a whole list).
    public static func activityDate(_ date: Date, calendar: Calendar) -> String {
        let day = CivilDay(date, in: calendar)
        let time = calendar.dateComponents([.hour, .minute], from: date)
        let hour = time.hour ?? 0
        let minute = time.minute ?? 0
        let hour12 = hour % 12 == 0 ? 12 : hour % 12
        let suffix = hour < 12 ? "am" : "pm"
        return
            "\(day.weekdayAbbreviation) \(day.day) \(day.monthAbbreviation) · \(hour12):\(DecimalText.zeroPadded(minute, width: 2))\(suffix)"
    }

    /// A percentage rounded to an integer: `"12%"`, `"-3%"`.
    public static func percent(_ value: Double) -> String {
        let rounded = SafeNumbers.roundedInt(value)
        return "\(rounded == 0 ? 0 : rounded)%"
    }

    /// 🚴 rides, 🚵 mountain bike and gravel, 🏃 runs, 🚶 walks, 🥾 hikes, 🏊 swims, 💪 anything else.
    public static func sportEmoji(_ sportType: String) -> String {
        switch sportType {
        case "Ride", "EBikeRide", "VirtualRide", "Handcycle", "Velomobile": "🚴"
        case "MountainBikeRide", "EMountainBikeRide", "GravelRide": "🚵"
        case "Run", "TrailRun", "VirtualRun": "🏃"
        case "Walk": "🚶"
        case "Hike": "🥾"
        case "Swim": "🏊"
        default: "💪"
        }
    }

    /// Words of a Strava sport type: `"GravelRide"` → `"Gravel Ride"`, `"EBikeRide"` → `"E-Bike Ride"`;
    /// `"Activity"` when empty.
    public static func sportLabel(_ sportType: String) -> String {
        switch sportType {
        case "EBikeRide": return "E-Bike Ride"
        case "EMountainBikeRide": return "E-Mountain Bike Ride"
        case "HighIntensityIntervalTraining": return "HIIT"
        default: break
        }
        let characters = Array(sportType.trimmingCharacters(in: .whitespacesAndNewlines))
        guard !characters.isEmpty else { return "Activity" }
        var words = ""
        for (index, character) in characters.enumerated() {
            if index > 0 && character.isUppercase {
                let previous = characters[index - 1]
                let nextIsLower = index + 1 < characters.count && characters[index + 1].isLowercase
                // A new word starts after a lower-case letter or digit, or at the last capital of an acronym.
                if previous.isLowercase || previous.isNumber || (previous.isUppercase && nextIsLower) {
                    words.append(" ")
                }
            }
            words.append(character)
        }
        return words
    }

    /// A stable hue in `0..<360` for an avatar colour: 32-bit FNV-1a of the UTF-8 bytes (unlike
    /// `hashValue`, the same in every process and on every platform).
    public static func colorHash(_ name: String) -> Int {
        var hash: UInt32 = 2_166_136_261
        for byte in name.utf8 {
            hash ^= UInt32(byte)
            hash = hash &* 16_777_619
        }
        return Int(hash % 360)
    }
}
