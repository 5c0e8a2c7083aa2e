import Foundation
import TodayInSwitzerland

/// What the Activities and Lunch pages share: the `near` parameter, text search, distances and links.
enum PlacesSupport {
    /// A query parameter the page cannot read; the page answers 400 with this message.
    struct QueryError: Error, Sendable, Equatable {
        var message: String
    }

    /// Where distances are measured from: the visitor's position (`near=47.37,8.54`, from the browser's
    /// geolocation) or the city centre (`near=city`, the fallback without JavaScript or permission).
    enum Near: Sendable, Equatable {
        case city
        case point(GeoPoint)

        /// `city` or `lat,lon` (finite, |lat| ≤ 90, |lon| ≤ 180); nil for anything else.
        init?(query: String) {
            let text = query.trimmingCharacters(in: .whitespaces)
            if text == "city" {
                self = .city
                return
            }
            let parts = text.split(separator: ",", omittingEmptySubsequences: false)
            guard parts.count == 2, text.utf8.count <= 40,
                let lat = Double(parts[0].trimmingCharacters(in: .whitespaces)),
                let lon = Double(parts[1].trimmingCharacters(in: .whitespaces)),
                lat.isFinite, lon.isFinite, abs(lat) <= 90, abs(lon) <= 180
            else { return nil }
            self = .point(GeoPoint(lat: lat, lon: lon))
        }

        /// The value for a link (coordinates rounded to about 10 m: enough for distances, no more).
        var query: String {
            switch self {
            case .city: "city"
            case .point(let point): String(format: "%.4f,%.4f", point.lat, point.lon)
            }
        }

        /// The point distances are measured from.
        func point(in city: City) -> GeoPoint {
            switch self {
            case .city: city.location
            case .point(let point): point
            }
        }
    }

    static let nearMessage = "near must be 'city' or 'lat,lon', e.g. near=47.37,8.54."

    /// `text` for matching: lowercased, accents removed ("Zürich" → "zurich"), ß as ss.
    static func fold(_ text: String) -> String {
        text.lowercased().replacingOccurrences(of: "ß", with: "ss")
            .folding(options: [.diacriticInsensitive, .caseInsensitive, .widthInsensitive], locale: nil)
    }

    /// The words of a search (at most 8, from a query cut to 100 characters), each with the forms it matches:
    /// itself folded and, for umlauts typed as "ae", "oe", "ue" ("Zuerich"), the form without the "e".
    static func searchWords(_ query: String) -> [[String]] {
        fold(String(query.prefix(100))).split(whereSeparator: { $0.isWhitespace || $0.isPunctuation }).prefix(8)
            .map { word in
                let text = String(word)
                let plain = text.replacingOccurrences(of: "ae", with: "a").replacingOccurrences(of: "oe", with: "o")
                    .replacingOccurrences(of: "ue", with: "u")
                return plain == text ? [text] : [text, plain]
            }
    }

    /// Whether every word (in one of its forms) occurs in one of the folded texts.
    static func matches(_ words: [[String]], in folded: [String]) -> Bool {
        words.allSatisfy { forms in forms.contains { form in folded.contains { $0.contains(form) } } }
    }

    /// "850 m", "2.3 km", "12 km" ("2,3 km" in German).
    static func distance(_ kilometres: Double, _ language: Language) -> String {
        guard kilometres.isFinite, kilometres >= 0 else { return "" }
        if kilometres < 1 { return "\(Int((kilometres * 1000 / 10).rounded()) * 10) m" }
        if kilometres < 10 {
            let text = String(format: "%.1f", kilometres)
            return (language == .de ? text.replacingOccurrences(of: ".", with: ",") : text) + " km"
        }
        return "\(Int(kilometres.rounded())) km"
    }

    /// A query string (`?a=1&b=two%20words`) of the items with a value, or "" when there are none.
    static func query(_ items: [(String, String?)]) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~,")
        let pairs = items.compactMap { name, value -> String? in
            guard let value, !value.isEmpty else { return nil }
            return "\(name)=\(value.addingPercentEncoding(withAllowedCharacters: allowed) ?? "")"
        }
        return pairs.isEmpty ? "" : "?" + pairs.joined(separator: "&")
    }

    /// The OpenStreetMap directions to a point (no tile server, no key; opens the route planner there).
    static func directions(lat: Double, lon: Double) -> String {
        String(format: "https://www.openstreetmap.org/directions?to=%.5f%%2C%.5f#map=16/%.5f/%.5f", lat, lon, lat, lon)
    }

    /// An http(s) address from a catalogue or OpenStreetMap tag, nil for anything else (no `javascript:` links).
    static func webAddress(_ text: String?) -> String? {
        guard var text = text?.trimmingCharacters(in: .whitespaces), !text.isEmpty, text.utf8.count <= 500 else {
            return nil
        }
        if !text.lowercased().hasPrefix("http://") && !text.lowercased().hasPrefix("https://") {
            // OSM often has "www.example.ch".
            guard text.hasPrefix("www.") else { return nil }
            text = "https://" + text
        }
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
            url.host != nil
        else { return nil }
        return text
    }
}
