import Foundation

// Wording shared by the insight modes: rounded steps, km and minute texts, ride plans and first names.
extension InsightsEngine {
    /// The smallest multiple of `step` strictly above `value` (37 → 40, 40 → 45, 0 → 5).
    static func nextStep(above value: Double, step: Int) -> Int {
        let steps = SafeNumbers.floorInt(SafeNumbers.nonNegative(value) / Double(step)) + 1
        return steps * step
    }

    /// The km shown for a distance gap (whole km from 10 km, else one decimal), as a number.
    static func displayedKm(_ metres: Double) -> Double {
        let km = SafeNumbers.nonNegative(metres) / 1000
        return km >= 10 ? km.rounded() : SafeNumbers.round(km, decimals: 1)
    }

    static func gapText(_ value: Double, _ metric: Metric) -> String {
        switch metric {
        case .distance, .longestRide: Format.distanceKm(value, decimals: abs(value) >= 10_000 ? 0 : 1)
        case .movingTime: minutesText(value)
        default: metric.spoken(value)
        }
    }

    /// "40 minutes", "1h 5m".
    static func minutesText(_ seconds: Double) -> String {
        let whole = SafeNumbers.roundedInt(SafeNumbers.nonNegative(seconds))
        if whole < 3600 {
            let minutes = max(1, SafeNumbers.roundedInt(Double(whole) / 60))
            return minutes == 1 ? "1 minute" : "\(minutes) minutes"
        }
        return Format.duration(whole)
    }

    /// Rides of a multiple of 5 km that together cover the distance: one ride up to 100 km, else several
    /// of about 80 km at most (up to ten rides).
    static func ridePlan(coveringKm km: Double) -> (count: Int, km: Int, text: String) {
        let single = nextStep(above: km, step: 5)
        let count = single <= 100 ? 1 : min(10, SafeNumbers.floorInt((km / 80).rounded(.up)))
        let each = count == 1 ? single : nextStep(above: km / Double(count), step: 5)
        let text = count == 1 ? "one \(each) km ride" : "\(numberWord(count)) \(each) km rides"
        return (count, each, text)
    }

    static func numberWord(_ n: Int) -> String {
        let words = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"]
        return words.indices.contains(n) ? words[n] : String(n)
    }

    /// First names for insight text.
    struct NameBook {
        var names: [MemberID: String]

        init(_ names: [MemberID: String]) { self.names = names }

        /// The first word of the member's name, or nil when unknown.
        func firstName(_ id: MemberID) -> String? {
            guard let full = names[id]?.trimmingCharacters(in: .whitespacesAndNewlines), !full.isEmpty else {
                return nil
            }
            return full.split(whereSeparator: \.isWhitespace).first.map(String.init)
        }

        /// "#3 Roisin", or "#3" when the name is unknown.
        func name(_ id: MemberID, rank: Int) -> String {
            firstName(id).map { "#\(rank) \($0)" } ?? "#\(rank)"
        }

        /// "#3 Roisin's", or "#3's" when the name is unknown.
        func rankedPossessive(_ id: MemberID, rank: Int) -> String { name(id, rank: rank) + "'s" }

        /// "Roisin's", or "#3's" when the name is unknown.
        func possessive(_ id: MemberID, rank: Int) -> String {
            (firstName(id) ?? "#\(rank)") + "'s"
        }
    }
}

extension Metric {
    /// A value for a sentence: like ``format(_:)`` but elevation in full metres (`"1,200m"`, not `"1.2k"`).
    func spoken(_ value: Double) -> String {
        self == .elevation ? Format.metres(value) : format(value)
    }

    /// The metric as the subject of "… is your strongest metric".
    var strengthName: String { self == .rides ? "Ride count" : title }
}

extension MemberHistory {
    /// The index of the week in ``weeks``, matched by start instant.
    func weekIndex(of week: Week) -> Int? {
        index(of: week) ?? weeks.firstIndex { $0.start == week.start }
    }
}
