import Foundation

extension Destination {
    /// The place's position.
    var point: GeoPoint { GeoPoint(lat: lat, lon: lon) }
}
