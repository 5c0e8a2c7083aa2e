import Foundation

/// A Swiss season, from the month (Mar–May spring, Jun–Aug summer, Sep–Nov autumn, otherwise winter), as the original.
public enum SwissSeason: String, Codable, Sendable, CaseIterable {
    case spring, summer, autumn, winter

    /// The season of `month` (1–12).
    public init(month: Int) {
        switch month {
        case 3...5: self = .spring
        case 6...8: self = .summer
        case 9...11: self = .autumn
        default: self = .winter
        }
    }

    /// Reads "spring", "Sommer", "fall", "Herbst" … (any case); nil for anything else.
    public init?(text: String) {
        switch text.trimmingCharacters(in: .whitespaces).lowercased() {
        case "spring", "frühling", "fruehling", "frühjahr": self = .spring
        case "summer", "sommer": self = .summer
        case "autumn", "fall", "herbst": self = .autumn
        case "winter": self = .winter
        default: return nil
        }
    }

    /// The months of this season.
    public var months: Set<Int> {
        switch self {
        case .spring: [3, 4, 5]
        case .summer: [6, 7, 8]
        case .autumn: [9, 10, 11]
        case .winter: [12, 1, 2]
        }
    }
}
