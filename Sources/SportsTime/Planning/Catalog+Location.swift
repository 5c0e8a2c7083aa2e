import Foundation

extension Catalog {
    /// A place by name: a venue's city ("Boston", "boston, ma" — the first venue of that city by id, so the answer is
    /// stable) or "latitude,longitude" ("42.35,-71.06"); nil when unknown or out of range.
    public func location(named text: String) -> TripLocation? {
        let parts = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        if parts.count == 2, let latitude = Double(parts[0]), let longitude = Double(parts[1]) {
            let coordinate = Coordinate(latitude: latitude, longitude: longitude)
            return coordinate.isValid
                ? TripLocation(name: text.trimmingCharacters(in: .whitespaces), coordinate: coordinate) : nil
        }
        let key = Catalog.normalized(text)
        guard !key.isEmpty else { return nil }
        let match = venues.values.sorted { $0.id < $1.id }.first { venue in
            Catalog.normalized(venue.city) == key || Catalog.normalized(venue.place) == key
        }
        return match.map { TripLocation(name: $0.place, coordinate: $0.coordinate) }
    }
}
