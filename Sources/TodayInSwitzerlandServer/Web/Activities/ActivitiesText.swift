import Foundation
import TodayInSwitzerland

/// The Activities page's words in English and German.
enum ActivitiesText {
    static func category(_ category: Activity.Category, _ language: Language) -> String {
        let de = language == .de
        switch category {
        case .animals: return de ? "Tiere" : "Animals"
        case .museum: return de ? "Museen" : "Museums"
        case .indoorPlay: return de ? "Indoor-Spielplätze" : "Indoor play"
        case .playground: return de ? "Spielplätze" : "Playgrounds"
        case .nature: return de ? "Natur" : "Nature"
        case .outdoor: return de ? "Draussen" : "Outdoors"
        case .event: return de ? "Veranstaltungen" : "Events"
        case .seasonal: return de ? "Saisonal" : "Seasonal"
        case .stayhome: return de ? "Zu Hause" : "Stay home"
        }
    }

    /// The stay-home subcategories in the original's order.
    static let subcategories = ["sensory", "art", "active", "pretend", "kitchen"]

    static func subcategory(_ id: String, _ language: Language) -> String {
        let de = language == .de
        switch id {
        case "sensory": return de ? "Sinne" : "Sensory"
        case "art": return de ? "Basteln & Malen" : "Art & Crafts"
        case "active": return de ? "Bewegung" : "Active Play"
        case "pretend": return de ? "Rollenspiel" : "Pretend Play"
        case "kitchen": return de ? "Küchenspass" : "Kitchen Fun"
        default: return id
        }
    }

    static func chip(_ show: ActivitiesQuery.Show, _ language: Language) -> String {
        let de = language == .de
        switch show {
        case .all: return de ? "Alle" : "All"
        case .indoor: return de ? "Drinnen" : "Indoor"
        case .outdoor: return de ? "Draussen" : "Outdoor"
        case .free: return de ? "🆓 Gratis" : "🆓 Free"
        case .saved: return de ? "♥ Gemerkt" : "♥ Saved"
        case .seasonal: return de ? "🍂 Saisonal" : "🍂 Seasonal"
        case .stayhome: return de ? "🏠 Zu Hause" : "🏠 Stay home"
        }
    }

    static func ages(_ band: ActivityFilter.AgeBand, _ language: Language) -> String {
        switch band {
        case .all: language == .de ? "Alle Alter" : "All ages"
        case .twoToThree: language == .de ? "2–3 Jahre" : "2–3 years"
        case .fourToFive: language == .de ? "4–5 Jahre" : "4–5 years"
        }
    }

    /// "1–2 hours" / "1–2 Stunden" from the catalogue's English duration.
    static func duration(_ text: String, _ language: Language) -> String {
        let en = text.replacingOccurrences(of: "-", with: "–")
        guard language == .de else { return en }
        switch text {
        case "30 min": return "30 Min."
        case "1 hour": return "1 Stunde"
        case "Half day": return "Halber Tag"
        default:
            return en.replacingOccurrences(of: "hours", with: "Stunden").replacingOccurrences(
                of: "hour", with: "Stunde")
        }
    }

    /// "2–5 years", "from 3 years" / "2–5 Jahre", "ab 3 Jahren"; nil when every age suits.
    static func ageRange(_ activity: Activity, _ language: Language) -> String? {
        guard let range = ActivityFilter.ageRange(of: activity) else { return nil }
        let de = language == .de
        if range.upperBound >= 18 {
            return range.lowerBound == 0
                ? nil : (de ? "ab \(range.lowerBound) Jahren" : "from \(range.lowerBound) years")
        }
        if range.lowerBound == range.upperBound {
            return de ? "\(range.lowerBound) Jahre" : "\(range.lowerBound) years"
        }
        return de ? "\(range.lowerBound)–\(range.upperBound) Jahre" : "\(range.lowerBound)–\(range.upperBound) years"
    }

    static func season(_ text: String, _ language: Language) -> String {
        guard let season = SwissSeason(text: text) else { return text }
        let de = language == .de
        switch season {
        case .spring: return de ? "🌷 Frühling" : "🌷 Spring"
        case .summer: return de ? "☀️ Sommer" : "☀️ Summer"
        case .autumn: return de ? "🍂 Herbst" : "🍂 Autumn"
        case .winter: return de ? "❄️ Winter" : "❄️ Winter"
        }
    }

    static func count(_ n: Int, _ language: Language) -> String {
        language == .de ? (n == 1 ? "1 Aktivität" : "\(n) Aktivitäten") : (n == 1 ? "1 activity" : "\(n) activities")
    }

    /// Whether a price text starts with "free", "gratis", "kostenlos" or "kostenfrei" (any case).
    static func saysFree(_ price: String) -> Bool {
        let text = price.trimmingCharacters(in: .whitespaces).lowercased()
        return ["free", "gratis", "kostenlos", "kostenfrei"].contains { text.hasPrefix($0) }
    }
}
