import ActivityFiles
import Foundation
import JustZone2
import ServerKit

/// Imports ride files (FIT, TCX, GPX, by content) into a rider's rides, one result per file: imported, a duplicate
/// of a ride already there (start within a minute and the same length within a minute), or refused with why.
enum RideImport {
    /// Largest file accepted.
    static let fileLimit = 10 << 20
    /// Largest request (several files).
    static let bodyLimit = 40 << 20
    /// How close two rides' start and length are to count as the same ride (s).
    static let duplicateWindow: TimeInterval = 60

    /// A file read and checked, ready to store.
    struct Prepared: Sendable {
        var ride: StoredRide
        var file: Data
    }

    /// Reads `data` as a ride of `rider`; the refusal message when it is not a ride file or holds no samples.
    static func prepare(
        _ data: Data, filename: String, rider: String, zone: HeartRateZone?, id: String = UUID().uuidString.lowercased()
    ) -> Result<Prepared, RidesModel.ImportResult> {
        func refuse(_ why: String) -> Result<Prepared, RidesModel.ImportResult> {
            .failure(RidesModel.ImportResult(file: filename, outcome: .refused, message: why))
        }
        guard data.count <= fileLimit else { return refuse("too large (over \(fileLimit >> 20) MB).") }
        guard !data.isEmpty else { return refuse("the file is empty.") }
        guard Zone2Tools.fileType(of: data) != nil else { return refuse("not a ride file: not FIT, TCX or GPX.") }
        let activity: Activity
        do {
            activity = try Zone2Tools.activity(from: data)
        } catch {
            return refuse("not a ride file: \(error.description)")
        }
        let samples = Zone2Tools.samples(of: activity)
        guard samples.count >= 2 else { return refuse("the file holds no ride data (no samples).") }
        let name = activity.name.map { String($0.prefix(120)) }.flatMap { $0.isEmpty ? nil : $0 } ?? "Imported ride"
        var ride = StoredRide(
            id: id, riderID: rider, startedAt: activity.startTime, source: .imported, status: .finished, name: name)
        ride.summarize(samples, zone: zone)
        // TCX and GPX are kept as FIT: a tenth of the size, and read five times faster on every page view.
        let file = Zone2Tools.fileType(of: data) == "fit" ? data : FITWriter.data(for: activity)
        return .success(Prepared(ride: ride, file: file))
    }

    /// The ride among `existing` that `ride` duplicates, if any.
    static func duplicate(of ride: StoredRide, in existing: [StoredRide]) -> StoredRide? {
        existing.first { other in
            abs(other.startedAt.timeIntervalSince(ride.startedAt)) <= duplicateWindow
                && abs(Double(other.duration - ride.duration)) <= duplicateWindow
        }
    }
}
