import Foundation
import Plot
import ServerKit
import TodayInSwitzerland
import WebUI

/// Small pieces every Today in Switzerland page uses.
enum SwissComponents {
    /// Europe/Zurich: every day, hour and "today" of the app is Swiss.
    static let zurich = TimeZone(identifier: "Europe/Zurich") ?? .current

    /// The locale of dates in `language` (`en-CH` / `de-CH`, as the original).
    static func locale(_ language: Language) -> Locale { Locale(identifier: language == .de ? "de_CH" : "en_CH") }

    /// "Thursday, 26 November 2026" / "Donnerstag, 26. November 2026" in Swiss time.
    static func longDate(_ date: Date, _ language: Language) -> String {
        date.formatted(Date.FormatStyle(date: .complete, time: .omitted, locale: locale(language), timeZone: zurich))
    }

    /// "14:05" in Swiss time.
    static func time(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zurich
        let parts = calendar.dateComponents([.hour, .minute], from: date)
        return String(format: "%02d:%02d", parts.hour ?? 0, parts.minute ?? 0)
    }

    /// How long ago, short: "just now", "12m", "3h", "2d" (de: "gerade eben", "12 Min.", "3 Std.", "2 T.").
    /// A date in the future (a clock skew of a feed) counts as now.
    static func age(_ date: Date, now: Date, _ language: Language) -> String {
        let minutes = max(0, Int(now.timeIntervalSince(date) / 60))
        switch minutes {
        case ..<1: return language.t("just now", "gerade eben")
        case ..<60: return language.t("\(minutes)m", "\(minutes) Min.")
        case ..<(24 * 60): return language.t("\(minutes / 60)h", "\(minutes / 60) Std.")
        default: return language.t("\(minutes / 1440)d", "\(minutes / 1440) T.")
        }
    }

    /// The honest state of an upstream's part of a page: nothing when fresh; "from 14:05 (2h ago) — retrying" for
    /// last good data; "unavailable — retrying" when there is none. `what` names the data ("Weather").
    static func freshnessNotice(
        _ state: SourceState?, what: String, now: Date, _ language: Language
    ) -> Node<HTML.BodyContext> {
        guard let state else { return .empty }
        switch state.state {
        case "lastGood":
            let when = state.fetchedAt.map { "\(time($0)) (\(age($0, now: now, language)))" } ?? "?"
            return .p(
                .class("freshness stale"), .attribute(named: "role", value: "status"),
                .safeText(
                    language.t(
                        "\(what) from \(when) — the service is not answering; retrying.",
                        "\(what) von \(when) — der Dienst antwortet nicht; neuer Versuch läuft.")))
        case "unavailable":
            return .p(
                .class("freshness unavailable"), .attribute(named: "role", value: "status"),
                .safeText(
                    language.t(
                        "\(what) unavailable — retrying in the background.",
                        "\(what) nicht verfügbar — neuer Versuch im Hintergrund.")))
        default:
            return .empty
        }
    }

    /// Directions to a place on OpenStreetMap (works on every device, no account).
    static func directionsURL(_ point: TodayInSwitzerland.GeoPoint) -> String {
        let lat = String(format: "%.5f", point.lat)
        let lon = String(format: "%.5f", point.lon)
        return "https://www.openstreetmap.org/directions?to=\(lat)%2C\(lon)#map=14/\(lat)/\(lon)"
    }

    /// A row of filter chips (links; the current one marked). Scripts may swap the list without a reload.
    static func chips(_ items: [Components.LinkItem], label: String) -> Node<HTML.BodyContext> {
        Components.linkBar(items, label: label, target: "", style: "chips")
    }

    /// Minutes of driving as "2 h 30 min" / "45 min".
    static func drive(_ minutes: Int) -> String {
        minutes >= 60 ? "\(minutes / 60) h \(String(format: "%02d", minutes % 60)) min" : "\(minutes) min"
    }
}
