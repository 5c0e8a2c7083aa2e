import Foundation

/// Open-Meteo `/v1/forecast` answers: deterministic numbers per location and day, in the documented shape (one object
/// per location; an array when several `latitude`s are given). Supports `current`, `hourly` with `forecast_hours`,
/// `daily` with `start_date`/`end_date` or `forecast_days`, and times in Europe/Zurich wall clock.
public enum FakeOpenMeteo {
    static func number(_ seed: Double, _ salt: Double) -> Double {
        let x = sin(seed * 12.9898 + salt * 78.233) * 43758.5453
        return x - x.rounded(.down)
    }

    static func dates(_ query: (String) -> String?) -> [String] {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "Europe/Zurich")
        formatter.dateFormat = "yyyy-MM-dd"
        if let start = query("start_date").flatMap(formatter.date(from:)),
            let end = query("end_date").flatMap(formatter.date(from:)), start <= end
        {
            var result: [String] = []
            var day = start
            while day <= end, result.count < 16 {
                result.append(formatter.string(from: day))
                day = day.addingTimeInterval(86_400 + 3_600).startOfDay(in: formatter.timeZone)
            }
            return result
        }
        let count = min(16, max(1, Int(query("forecast_days") ?? "7") ?? 7))
        let today = Date().startOfDay(in: formatter.timeZone)
        return (0..<count).map { formatter.string(from: today.addingTimeInterval(Double($0) * 86_400 + 3_600)) }
    }

    /// The JSON text for a query.
    public static func forecast(query: (String) -> String?) -> String {
        let lats = (query("latitude") ?? "47.37").split(separator: ",").compactMap { Double($0) }
        let lons = (query("longitude") ?? "8.54").split(separator: ",").compactMap { Double($0) }
        let days = dates(query)
        let dailyFields = (query("daily") ?? "").split(separator: ",").map(String.init)
        let hourlyFields = (query("hourly") ?? "").split(separator: ",").map(String.init)
        let currentFields = (query("current") ?? "").split(separator: ",").map(String.init)
        var locations: [[String: Any]] = []
        for (index, lat) in lats.enumerated() {
            let lon = index < lons.count ? lons[index] : 8.54
            let seed = lat * 31 + lon
            var location: [String: Any] = [
                "latitude": lat, "longitude": lon, "timezone": "Europe/Zurich", "utc_offset_seconds": 3600,
            ]
            if !currentFields.isEmpty {
                var current: [String: Any] = ["time": "\(days.first ?? "2026-01-01")T12:00", "interval": 900]
                for field in currentFields {
                    switch field {
                    case "temperature_2m": current[field] = 4 + number(seed, 1) * 20
                    case "weather_code": current[field] = [0, 1, 2, 3, 61][Int(number(seed, 2) * 5)]
                    case "wind_speed_10m": current[field] = number(seed, 3) * 30
                    default: current[field] = 0
                    }
                }
                location["current"] = current
            }
            if !dailyFields.isEmpty {
                var daily: [String: Any] = ["time": days]
                for field in dailyFields {
                    daily[field] = days.indices.map { day -> Any in
                        let r = number(seed + Double(day), Double(field.count))
                        switch field {
                        case "weather_code": return [0, 1, 2, 3, 45, 61, 71, 80][Int(r * 8)]
                        case "temperature_2m_max": return (8 + r * 18).rounded() / 1
                        case "temperature_2m_min": return (r * 8).rounded() / 1
                        case "sunshine_duration": return (r * 11 * 3600).rounded()
                        case "precipitation_sum": return (r * 80).rounded() / 10
                        case "snowfall_sum": return (r * 300).rounded() / 10
                        case "precipitation_probability_max": return (r * 100).rounded()
                        default: return r
                        }
                    }
                }
                location["daily"] = daily
            }
            if !hourlyFields.isEmpty {
                let hours = days.flatMap { day in (0..<24).map { String(format: "%@T%02d:00", day, $0) } }
                let limited = query("forecast_hours").flatMap(Int.init).map { Array(hours.prefix($0)) } ?? hours
                var hourly: [String: Any] = ["time": limited]
                for field in hourlyFields {
                    hourly[field] = limited.indices.map { hour -> Any in
                        let r = number(seed + Double(hour), Double(field.count))
                        let hourOfDay = hour % 24
                        switch field {
                        case "sunshine_duration": return (6...19).contains(hourOfDay) ? (r * 3600).rounded() : 0
                        case "snow_depth": return hour % 7 == 0 ? NSNull() : (r * 1.2 * 100).rounded() / 100
                        case "temperature_2m": return 2 + r * 20
                        case "weather_code": return [0, 1, 2, 3, 61][Int(r * 5)]
                        default: return r
                        }
                    }
                }
                location["hourly"] = hourly
            }
            locations.append(location)
        }
        let value: Any = locations.count == 1 ? locations[0] : locations
        guard let data = try? JSONSerialization.data(withJSONObject: value) else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }
}

extension Date {
    func startOfDay(in zone: TimeZone) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        return calendar.startOfDay(for: self)
    }
}

/// RSS 2.0 feeds with Swiss-looking headlines (German, French and English), published "now".
public enum FakeFeeds {
    static let headlines: [(String, String)] = [
        (
            "Bundesrat beschliesst neue Massnahmen für die Energieversorgung",
            "Der Bundesrat hat am Mittwoch entschieden. Die Kantone begrüssen den Schritt."
        ),
        (
            "Stadtrat Zürich plant mehr Velowege im Kreis 4",
            "Die Stadt will bis 2030 zwanzig Kilometer neue Velowege bauen."
        ),
        (
            "Zürcher Theater Spektakel lockt 100'000 Besucher an",
            "Das Festival auf der Landiwiese war ein grosser Erfolg."
        ),
        ("Kunsthaus zeigt neue Ausstellung zu Giacometti", "Die Schau öffnet am Freitag und dauert bis im Frühling."),
        ("Stau am Gotthard: 15 Kilometer vor dem Nordportal", "Reisende brauchen viel Geduld, der Verkehr staut sich."),
        ("Le Conseil fédéral présente son budget", "Le gouvernement prévoit un léger excédent pour l'année prochaine."),
        (
            "Fête de l'Escalade: la Course attire des milliers de coureurs",
            "La traditionnelle course a eu lieu samedi dans la Vieille-Ville."
        ),
        (
            "Swiss National Bank keeps interest rate unchanged",
            "The SNB said inflation remains within its target range."
        ),
    ]

    /// A feed named `name` (the path segment): items differ per feed, with one shared story for dedupe.
    public static func rss(name: String) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "Europe/Zurich")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss Z"
        let salt = name.unicodeScalars.reduce(0) { $0 + Int($1.value) }
        var items = ""
        for index in 0..<6 {
            let (title, summary) = headlines[(salt + index) % headlines.count]
            let date = formatter.string(from: Date().addingTimeInterval(-Double(index) * 1800))
            items += """
                <item><title>\(title)</title><link>https://news.example/\(name)/\(index)</link>
                <description><![CDATA[<p>\(summary)</p>]]></description><pubDate>\(date)</pubDate></item>
                """
        }
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <rss version="2.0"><channel><title>Fake \(name)</title><link>https://news.example/</link>
            <description>Fake feed</description>\(items)</channel></rss>
            """
    }
}

/// transport.opendata.ch stationboards with a few delayed departures.
public enum FakeTransport {
    /// A board of departures every 5 minutes from `now`. The fake passes the time it started, so that the boards of
    /// one test agree to the second however slowly they are fetched (the briefing merges departures by time).
    public static func stationboard(station: String, now: Date = Date()) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "Europe/Zurich")
        formatter.formatOptions = [.withInternetDateTime]
        var entries: [[String: Any]] = []
        let delays: [Any] = [0, 7, NSNull(), 2, 18, 4, 0, 12]
        for (index, delay) in delays.enumerated() {
            let departure = formatter.string(from: now.addingTimeInterval(Double(index) * 300))
            entries.append([
                "category": ["IC", "S", "IR", "RE"][index % 4], "number": "\(index + 3)",
                "to": ["Bern", "Winterthur", "Luzern", "Basel SBB"][index % 4],
                "stop": [
                    "station": ["name": station], "departure": departure, "delay": delay,
                    "platform": index % 3 == 0 ? NSNull() : "\(index + 1)",
                ] as [String: Any],
            ])
        }
        let value: [String: Any] = ["station": ["name": station], "stationboard": entries]
        guard let data = try? JSONSerialization.data(withJSONObject: value) else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }
}

/// Overpass answers: restaurants and cafés around Zürich with opening hours.
public enum FakeOverpass {
    public static let elements = """
        {"version":0.6,"generator":"fake","elements":[
        {"type":"node","id":101,"lat":47.3744,"lon":8.5410,"tags":{"amenity":"restaurant","name":"Zeughauskeller","cuisine":"swiss","opening_hours":"Mo-Su 11:30-23:00","outdoor_seating":"yes"}},
        {"type":"node","id":102,"lat":47.3722,"lon":8.5395,"tags":{"amenity":"restaurant","name":"Hiltl","cuisine":"vegetarian","diet:vegetarian":"only","opening_hours":"Mo-Sa 06:00-24:00; Su 08:00-24:00","website":"https://hiltl.ch"}},
        {"type":"node","id":103,"lat":47.3760,"lon":8.5440,"tags":{"amenity":"cafe","name":"Café Henrici","opening_hours":"Mo-Fr 07:00-18:00; Sa 08:00-18:00; Su,PH off"}},
        {"type":"node","id":104,"lat":47.3790,"lon":8.5300,"tags":{"amenity":"fast_food","name":"Kebab Haus","cuisine":"kebab;turkish","takeaway":"yes","opening_hours":"Mo-Su 10:00-02:00"}},
        {"type":"node","id":105,"lat":47.3700,"lon":8.5450,"tags":{"amenity":"restaurant","cuisine":"italian"}},
        {"type":"node","id":106,"lat":47.3711,"lon":8.5480,"tags":{"amenity":"restaurant","name":"Abendrot","cuisine":"middle_eastern","opening_hours":"Tu-Sa 17:00-23:00"}}
        ]}
        """
}
