import Foundation
import JustZone2
import Logging
import ServerKit

/// Why a ride could not be started or resumed; the message is for the rider.
struct LiveRideError: Error, Equatable, CustomStringConvertible {
    var message: String
    /// No such ride for this rider (404 rather than 400).
    var notFound = false
    var description: String { message }
}

/// Every ride in progress on this server, one per rider (one registry per app). Starting inserts the ride's row
/// (status `live`); the end saves it (`finished`, with its FIT file) and removes it. A server start turns rows left
/// `live` into `interrupted`, which ``resume(_:rider:)`` carries on from their checkpoint.
actor LiveRides {
    let store: RideStore
    let timings: LiveTimings
    let logger: Logger
    /// Each rider's recent bridge and ride events (the settings page's diagnostics).
    nonisolated let events = BridgeEventLog()
    private var rides: [String: LiveRide] = [:]
    private var connections = 0

    init(store: RideStore, timings: LiveTimings, logger: Logger) {
        self.store = store
        self.timings = timings
        self.logger = logger
    }

    /// The rider's ride in progress.
    func ride(of rider: String) -> LiveRide? { rides[rider] }

    /// How many rides are in progress.
    var count: Int { rides.count }

    /// A number for a new socket (a tab's reconnect is told apart from its old socket by it).
    func nextConnection() -> Int {
        connections += 1
        return connections
    }

    /// Starts `plan` for `rider` (zone from their settings), or returns the ride they already have.
    func start(_ plan: LiveRide.Plan, rider: Rider, now: Date = Date()) async throws(LiveRideError) -> LiveRide {
        if let ride = rides[rider.id] { return ride }
        let zone = Self.zone(of: rider.settings)
        let mode: WorkoutMode
        if plan.heartRateGuided {
            guard let zone else {
                throw LiveRideError(
                    message: "Heart-rate guided rides need your Zone 2: set it on the Zones page, or ride in ERG.")
            }
            mode = .heartRate(
                zone: zone, startWatts: plan.watts, floorWatts: max(40, plan.watts / 2),
                ceilingWatts: max(plan.watts, min(400, plan.watts * 2)))
        } else {
            mode = .erg(targetWatts: plan.watts)
        }
        let ramp: TimeInterval = plan.warmUp ? 300 : 0
        let workout = WorkoutPlan(mode: mode, duration: TimeInterval(plan.minutes * 60), warmUp: ramp, coolDown: ramp)
        // Whole seconds: the checkpoint's ISO 8601 dates keep no fraction.
        let started = Date(timeIntervalSince1970: now.timeIntervalSince1970.rounded(.down))
        let recording = WorkoutRecording(
            id: UUID().uuidString.lowercased(), startedAt: started, plan: workout, mainTargetWatts: plan.watts)
        let row = StoredRide(
            id: recording.id, riderID: rider.id, startedAt: started, source: plan.source, status: .live)
        do {
            try await store.insert(row, checkpoint: try LiveRide.encode(recording))
        } catch {
            logger.error("zone2 ride could not be started", metadata: ["error": "\(error)"])
            throw LiveRideError(message: "The ride could not be started: the database is not answering. Try again.")
        }
        return launch(recording, rider: rider.id, source: plan.source, zone: zone)
    }

    /// Carries on the rider's interrupted ride `id` from its checkpoint.
    func resume(_ id: String, rider: Rider) async throws(LiveRideError) -> LiveRide {
        if let ride = rides[rider.id] {
            guard ride.id == id else {
                throw LiveRideError(message: "Another ride is in progress: end it before resuming this one.")
            }
            return ride
        }
        let row: StoredRide?
        let checkpoint: Data?
        do {
            row = try await store.find(id, rider: rider.id)
            checkpoint = try await store.checkpoint(id, rider: rider.id)
        } catch {
            throw LiveRideError(message: "The ride could not be read: the database is not answering. Try again.")
        }
        guard var row else { throw LiveRideError(message: "No such ride.", notFound: true) }
        guard row.status != .finished else { throw LiveRideError(message: "This ride is already saved.") }
        guard let checkpoint, let recording = try? LiveRide.decode(checkpoint) else {
            throw LiveRideError(message: "This ride has no checkpoint to carry on from; save or discard it.")
        }
        guard recording.elapsed < recording.plan.totalDuration else {
            throw LiveRideError(message: "This ride's plan is complete; save it instead.")
        }
        row.status = .live
        do {
            try await store.update(row)
        } catch {
            throw LiveRideError(message: "The ride could not be resumed: the database is not answering. Try again.")
        }
        let source: StoredRide.Source = row.source == .simulator ? .simulator : .bridge
        return launch(recording, rider: rider.id, source: source, zone: Self.zone(of: rider.settings))
    }

    /// How often this instance renews the leases of its rides, and how old a lease may get before the ride counts
    /// as ridden by nobody (several instances share the database: a ride belongs to the one that renews it).
    static let leaseRenewal: TimeInterval = 10
    static let leaseExpiry: TimeInterval = 30

    /// Rides left `live` whose lease lapsed (their instance stopped or crashed) become `interrupted`, checkpoint
    /// kept, so their pages offer Resume; rides of this instance and fresh leases of others are left alone.
    func markInterrupted(now: Date = Date()) async throws {
        let mine = Set(rides.values.map(\.id))
        for var ride in try await store.live(leaseBefore: now.addingTimeInterval(-Self.leaseExpiry))
        where !mine.contains(ride.id) {
            ride.status = .interrupted
            try await store.update(ride)
            logger.notice("zone2 ride interrupted (its server stopped)", metadata: ["ride": "\(ride.id)"])
        }
    }

    /// Renews this instance's leases and interrupts rides whose lease lapsed; every ``leaseRenewal`` seconds until
    /// cancelled.
    func keepLeases() async {
        while !Task.isCancelled {
            // A round runs on its own, so shutdown never waits on a database call stuck behind an unreachable
            // server (CI saw the server outlive SIGTERM by 10 s after a PostgreSQL outage); one round at a time.
            if !renewing {
                renewing = true
                Task {
                    await self.renewAndSweep()
                    self.renewing = false
                }
            }
            guard (try? await Task.sleep(for: .seconds(Self.leaseRenewal))) != nil else { return }
        }
    }

    /// Whether a round of ``keepLeases()`` is running.
    private var renewing = false

    /// One round of ``keepLeases()``; failures are logged and tried again next round.
    func renewAndSweep(now: Date = Date()) async {
        do {
            try await store.renewLeases(Array(rides.values.map(\.id)), now: now)
            try await markInterrupted(now: now)
        } catch {
            logger.warning("zone2 ride leases not renewed", metadata: ["error": "\(error)"])
        }
    }

    /// What the page of a rider without a ride in progress shows: their latest interrupted ride, if any.
    func idleState(rider: String) async -> RideState {
        let latest = try? await store.list(rider: rider, limit: 1).first
        guard let latest, latest.status == .interrupted else { return RideState(status: .none) }
        return RideState(
            status: .interrupted, ride: latest.id, source: latest.source.rawValue,
            message: "This ride was interrupted. Resume it, or save it as it is.",
            next: Zone2PageURL.rideDetail.path(["id": latest.id]))
    }

    /// Server shutdown: every ride's checkpoint is saved now (nothing ridden is lost), the rides stop and become
    /// `interrupted` at once (their pages offer Resume, on this server once restarted or on another).
    func saveAndStopAll() async {
        for ride in rides.values {
            await ride.stopAndCheckpoint()
            do {
                if var row = try await store.find(ride.id, rider: ride.riderID), row.status == .live {
                    row.status = .interrupted
                    try await store.update(row)
                }
            } catch {
                // The lease lapses instead: another instance (or this one restarted) marks it within 40 s.
                logger.warning("zone2 ride not marked interrupted at shutdown", metadata: ["error": "\(error)"])
            }
        }
        rides = [:]
    }

    /// Stops every ride without saving (a crash, in tests): the rows stay live and the next start marks them
    /// interrupted.
    func abandonAll() async {
        for ride in rides.values { await ride.abandon() }
        rides = [:]
    }

    private func launch(
        _ recording: WorkoutRecording, rider: String, source: StoredRide.Source, zone: HeartRateZone?
    ) -> LiveRide {
        let events = events
        let ride = LiveRide(
            recording: recording, riderID: rider, source: source, zone: zone, timings: timings, store: store,
            logger: logger, note: { events.record(rider: rider, $0) })
        let resumed = recording.elapsed > 0 ? "resumed at \(Int(recording.elapsed) / 60) min" : "started"
        events.record(rider: rider, "Ride \(resumed) (\(source == .simulator ? "simulator" : "Bluetooth")).")
        rides[rider] = ride
        Task {
            await ride.begin { [weak self] in await self?.ended(ride) }
        }
        logger.info("zone2 ride started", metadata: ["ride": "\(recording.id)", "source": "\(source.rawValue)"])
        return ride
    }

    private func ended(_ ride: LiveRide) {
        if rides[ride.riderID] === ride { rides[ride.riderID] = nil }
    }

    /// The rider's Zone 2 from their settings: the zones page's bounds, else 59–78 % of the maximum heart rate (the
    /// original's rule).
    static func zone(of settings: RiderSettings) -> HeartRateZone? {
        if let lower = settings.zoneLower, let upper = settings.zoneUpper, lower < upper {
            return HeartRateZone(lower: lower, upper: upper)
        }
        guard let max = settings.maxHeartRate, (100...230).contains(max) else { return nil }
        return HeartRateZone(
            lower: Int((Double(max) * 0.59).rounded()), upper: Int((Double(max) * 0.78).rounded()))
    }
}
