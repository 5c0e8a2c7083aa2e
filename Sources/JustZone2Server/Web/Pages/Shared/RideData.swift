import ActivityFiles
import Foundation
import JustZone2
import ServerKit

/// A stored ride's samples: from its file (the FIT written at the end, or the imported file) or, for a ride without
/// one (interrupted), from its checkpoint.
struct RideData: Sendable {
    var ride: StoredRide
    /// Seconds since the start, in time order.
    var samples: [RecordedSample]
    /// The activity's name in an imported file, if any.
    var fileName: String?
    /// Where the rider's laps after the first start (seconds since the start, ascending); empty: one lap.
    var laps: [TimeInterval] = []

    /// The kept part: the trim when set, else the whole ride.
    var keptRange: ClosedRange<TimeInterval>? {
        guard let last = samples.last?.elapsed else { return nil }
        let start = Double(ride.trimStart ?? 0)
        let end = ride.trimEnd.map(Double.init) ?? last
        return start <= end ? start...end : nil
    }

    /// The samples of the kept part.
    var keptSamples: [RecordedSample] {
        guard let range = keptRange else { return samples }
        return samples.filter { range.contains($0.elapsed) }
    }

    /// The kept part as an activity file's content (indoor cycling), for downloads and uploads: the rider's laps
    /// that start inside it split it, the first from its start, the last to its last sample.
    func activity() -> Activity {
        let kept = keptSamples
        let offset = kept.first?.elapsed ?? 0
        let start = ride.startedAt.addingTimeInterval(offset)
        let end = kept.last?.elapsed ?? offset
        let splits = laps.filter { $0 > offset && $0 <= end }
        let bounds = splits.isEmpty ? [] : [offset] + splits + [end]
        return Activity(
            name: ride.name, sport: .cycling, subSport: .indoorCycling, startTime: start,
            samples: kept.map { sample in
                ActivitySample(
                    time: ride.startedAt.addingTimeInterval(sample.elapsed), power: sample.power,
                    heartRate: sample.heartRate, cadence: sample.cadence, speed: sample.speed,
                    distance: sample.distance)
            },
            laps: zip(bounds, bounds.dropFirst()).map {
                ActivityLap(start: ride.startedAt.addingTimeInterval($0), end: ride.startedAt.addingTimeInterval($1))
            })
    }

    /// Reads the samples and laps of `file` (FIT, TCX or GPX) or of a checkpoint (a ``WorkoutRecording`` as JSON).
    static func samples(
        file: Data?, checkpoint: Data?
    ) -> (samples: [RecordedSample], name: String?, laps: [TimeInterval]) {
        if let file, let activity = try? Zone2Tools.activity(from: file) {
            let laps = activity.laps.dropFirst().map { $0.start.timeIntervalSince(activity.startTime) }
            return (Zone2Tools.samples(of: activity), activity.name, laps)
        }
        if let checkpoint, let recording = try? JSONDecoder().decode(WorkoutRecording.self, from: checkpoint) {
            return (recording.samples, nil, recording.laps)
        }
        return ([], nil, [])
    }
}

extension JustZone2App {
    /// The rider's ride `id` with its samples; nil when the rider has no such ride.
    func rideData(_ id: String, rider: String) async throws -> RideData? {
        guard let ride = try await rides.find(id, rider: rider) else { return nil }
        let file = try await rides.file(id, rider: rider)
        let checkpoint = file == nil ? try await rides.checkpoint(id, rider: rider) : nil
        let (samples, name, laps) = RideData.samples(file: file, checkpoint: checkpoint)
        return RideData(ride: ride, samples: samples, fileName: name, laps: laps)
    }
}
