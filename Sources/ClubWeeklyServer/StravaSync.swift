import ClubWeekly
import Foundation
import Logging
import ServerKit
import StravaAPI

/// Job kinds of the Strava sync.
enum StravaJob {
    static let backfill = "strava.backfill"
    static let event = "strava.event"
    static let reconcileAll = "strava.reconcile"
    static let reconcileAthlete = "strava.reconcile-athlete"

    struct AthletePayload: Codable { var athleteID: Int64 }
}

/// Errors of connecting a Strava account.
enum ConnectError: Error {
    case denied
    case strava(StravaError)
    case missingScope
}

/// Keeps each connected member's activities in step with Strava: backfill on connect, webhook events, and a daily
/// reconciliation as a safety net. Every call goes through the shared rate-limit governor; when the budget is spent
/// the job is deferred to the next window instead of failing.
struct StravaSync: Sendable {
    let client: StravaClient
    let accounts: StravaAccountRepository
    let members: MemberRepository
    let activities: ActivityRepository
    let queue: JobQueue
    let logger: Logger
    var now: @Sendable () -> Date = Date.init
    /// How far back a new connection is filled.
    var backfillWeeks = 16
    /// How far back the daily reconciliation looks for missed changes.
    var reconcileDays = 14
    /// Interval between reconciliations of one athlete.
    var reconcileInterval: TimeInterval = 24 * 3600
    /// Serialises token refreshes in this process: Strava retires a refresh token once it issues a new one, so two
    /// jobs of one athlete refreshing with the same token at once would make the second fail.
    let refreshLock = AsyncLock()

    /// How long processed webhook events are remembered (redeliveries and re-runs within it reach Strava no more).
    var eventMemory: TimeInterval = 30 * 86400
    /// Webhook events already applied, shared by every instance through the database.
    var events: StravaEventLog { StravaEventLog(database: accounts.database) }

    /// Scopes we ask for: activity:read_all so members' "followers only" rides count too.
    static let scopes = ["read", "activity:read_all"]

    // MARK: Connect and disconnect

    /// Exchanges an authorization code, stores the tokens, links (or creates) the member and queues the backfill.
    func connect(code: String, grantedScope: String?, club: Club, memberID: MemberID?) async throws -> Member {
        if let grantedScope, !grantedScope.contains("activity:read") { throw ConnectError.missingScope }
        let token: TokenResponse
        do {
            token = try await client.exchange(code: code)
        } catch {
            throw ConnectError.strava(error)
        }
        guard let athlete = token.athlete else { throw ConnectError.strava(.decoding("token response has no athlete")) }
        let now = self.now()
        try await accounts.save(
            StravaAccount(
                athleteID: athlete.id, firstName: athlete.firstname ?? "", lastName: athlete.lastname ?? "",
                accessToken: token.accessToken, refreshToken: token.refreshToken,
                expiresAt: Date(timeIntervalSince1970: TimeInterval(token.expiresAt)),
                scope: grantedScope ?? Self.scopes.joined(separator: ","), connectedAt: now))
        let member: Member
        if let existing = try await members.find(athlete: athlete.id, in: club.id) {
            member = existing
        } else if let memberID, let existing = try await members.find(memberID, in: club.id) {
            try await members.linkAthlete(existing.id, athlete: athlete.id)
            member = Member(
                id: existing.id, clubID: club.id, firstName: existing.firstName, lastName: existing.lastName,
                stravaAthleteID: athlete.id, joinedAt: existing.joinedAt)
        } else {
            member = Member(
                id: MemberID(UUID().uuidString.lowercased()), clubID: club.id,
                firstName: athlete.firstname ?? "Rider", lastName: athlete.lastname ?? "",
                stravaAthleteID: athlete.id, joinedAt: now)
            try await members.insert(member)
        }
        try await enqueueBackfill(athlete: athlete.id)
        return member
    }

    func enqueueBackfill(athlete: Int64) async throws {
        try await queue.enqueue(
            kind: StravaJob.backfill, payload: try Self.encode(StravaJob.AthletePayload(athleteID: athlete)),
            dedupeKey: "\(StravaJob.backfill):\(athlete)")
    }

    /// Unlinks a member from Strava. When no other club uses the athlete, the token is revoked and deleted.
    /// Activities already synced stay in the club's history (delete them with "delete my data").
    func disconnect(member: Member) async throws {
        guard let athlete = member.stravaAthleteID else { return }
        try await members.linkAthlete(member.id, athlete: nil)
        let others = try await members.members(athlete: athlete)
        guard others.isEmpty, let account = try await accounts.find(athlete) else { return }
        do {
            // An expired access token would be answered 401 ("already gone") without revoking anything.
            let token = try await accessToken(for: account)
            try await client.revoke(accessToken: token)
        } catch {
            logger.warning("revoking Strava token failed; deleting it anyway", metadata: ["error": "\(error)"])
        }
        try await accounts.delete(athlete)
    }

    // MARK: Tokens

    /// A usable access token, refreshed (and the new refresh token persisted) when it expires within 10 minutes.
    func accessToken(for account: StravaAccount) async throws(StravaError) -> String {
        if account.expiresAt.timeIntervalSince(now()) > 600 { return account.accessToken }
        do {
            // In-process lock first (no polling between jobs of this instance), then the database lease that
            // serialises refreshes across instances.
            return try await refreshLock.withLock {
                for _ in 0..<100 {
                    // Another job or instance may have refreshed meanwhile: use its token, not the retired one.
                    let current = try await accounts.find(account.athleteID) ?? account
                    if current.expiresAt.timeIntervalSince(now()) > 600 { return current.accessToken }
                    let leased = try await accounts.acquireRefreshLease(
                        athlete: account.athleteID, until: now().addingTimeInterval(30), now: now())
                    if leased {
                        do {
                            let token = try await client.refresh(refreshToken: current.refreshToken)
                            try await store(token, athlete: account.athleteID)
                            try await accounts.releaseRefreshLease(athlete: account.athleteID)
                            return token.accessToken
                        } catch {
                            try? await accounts.releaseRefreshLease(athlete: account.athleteID)
                            throw error
                        }
                    }
                    try await Task.sleep(for: .milliseconds(100))
                }
                throw StravaError.transport("another instance is still refreshing the token; try again")
            }
        } catch let error as StravaError {
            throw error
        } catch {
            throw .transport("could not load or store the Strava token: \(error)")
        }
    }

    /// Persists a refreshed token pair at once: the refresh token it replaces no longer works.
    private func store(_ token: TokenResponse, athlete: Int64) async throws {
        try await accounts.updateTokens(
            athlete: athlete, access: token.accessToken, refresh: token.refreshToken,
            expiresAt: Date(timeIntervalSince1970: TimeInterval(token.expiresAt)))
    }

    // MARK: Jobs

    var handlers: [String: JobRunner.Handler] {
        [
            StravaJob.backfill: { job in try await runAthleteJob(job) { try await backfill(athlete: $0) } },
            StravaJob.reconcileAthlete: { job in try await runAthleteJob(job) { try await reconcile(athlete: $0) } },
            StravaJob.event: { job in try await handleEventJob(job) },
            StravaJob.reconcileAll: { _ in try await scheduleReconciliations() },
        ]
    }

    private func runAthleteJob(_ job: Job, _ body: (Int64) async throws -> Void) async throws -> JobOutcome {
        let payload = try JSONDecoder().decode(StravaJob.AthletePayload.self, from: Data(job.payload.utf8))
        do {
            try await body(payload.athleteID)
            try await accounts.markSynced(athlete: payload.athleteID, at: now(), error: nil)
            return .done
        } catch let error as StravaError {
            return try await outcome(for: error, athlete: payload.athleteID)
        }
    }

    private func outcome(for error: StravaError, athlete: Int64?) async throws -> JobOutcome {
        switch error {
        case .rateLimited(let until):
            logger.notice("Strava budget spent; deferring", metadata: ["until": "\(until)"])
            return .deferred(until: until)
        case .unauthorized(let message), .forbidden(let message):
            // The athlete revoked access (or the app is inactive): record it for the status page, don't retry.
            if let athlete { try await accounts.markSynced(athlete: athlete, at: now(), error: message) }
            return .done
        default:
            if let athlete { try await accounts.markSynced(athlete: athlete, at: now(), error: error.message) }
            throw error
        }
    }

    /// Loads the last ``backfillWeeks`` weeks of an athlete into every club they belong to.
    func backfill(athlete: Int64) async throws {
        let after = now().addingTimeInterval(-Double(backfillWeeks) * 7 * 86400)
        try await syncWindow(athlete: athlete, after: after, removeMissing: false)
    }

    /// Re-reads the last ``reconcileDays`` days and removes activities Strava no longer has (missed delete events).
    func reconcile(athlete: Int64) async throws {
        let after = now().addingTimeInterval(-Double(reconcileDays) * 86400)
        try await syncWindow(athlete: athlete, after: after, removeMissing: true)
    }

    private func syncWindow(athlete: Int64, after: Date, removeMissing: Bool) async throws {
        guard let account = try await accounts.find(athlete) else { return }
        let linked = try await members.members(athlete: athlete)
        guard !linked.isEmpty else { return }
        let token = try await accessToken(for: account)
        let summaries = try await client.allAthleteActivities(accessToken: token, after: after)
        let visible = summaries.filter(Self.isShareable)
        for member in linked {
            let mapped = visible.map { Self.activity($0, member: member.id) }
            try await activities.upsert(mapped, club: member.clubID, policy: .replace, now: now())
            if removeMissing {
                try await activities.deleteStrava(
                    member: member.id, from: after, keeping: Set(mapped.map(\.externalID)))
            }
        }
    }

    /// Queues a reconciliation for every athlete not synced within the interval, then runs again in an hour.
    /// Also forgets webhook events older than ``eventMemory``.
    private func scheduleReconciliations() async throws -> JobOutcome {
        let now = self.now()
        try await events.forget(before: now.addingTimeInterval(-eventMemory))
        for (athlete, state) in try await accounts.syncStates()
        where (state.lastSyncAt.map { now.timeIntervalSince($0) >= reconcileInterval } ?? true) {
            try await queue.enqueue(
                kind: StravaJob.reconcileAthlete,
                payload: try Self.encode(StravaJob.AthletePayload(athleteID: athlete)),
                dedupeKey: "\(StravaJob.reconcileAthlete):\(athlete)")
        }
        return .reschedule(at: now.addingTimeInterval(3600))
    }

    /// Ensures the recurring reconciliation job exists (idempotent; call at start-up).
    func scheduleRecurring() async throws {
        try await queue.enqueue(kind: StravaJob.reconcileAll, dedupeKey: StravaJob.reconcileAll)
    }

    // MARK: Webhook events

    /// Queues a webhook event for processing; returns at once (Strava wants an answer within 2 s). Events of
    /// athletes nobody here connected are dropped, so forged events cannot spend the Strava budget; an event already
    /// applied (Strava redelivers) is not queued again. Returns whether the event was queued or already applied.
    @discardableResult
    func accept(_ event: WebhookEvent) async throws -> Bool {
        guard try await !members.members(athlete: event.ownerID).isEmpty else { return false }
        if let key = Self.eventKey(event), try await events.contains(key) { return true }
        try await queue.enqueue(
            kind: StravaJob.event, payload: try Self.encode(event),
            dedupeKey: event.objectType == .activity
                ? "\(StravaJob.event):\(event.ownerID):\(event.objectID):\(event.aspectType.rawValue):\(event.eventTime)"
                : nil)
        return true
    }

    /// Runs an event job once per event: a job that runs again (the job re-queued because Strava redelivered the
    /// event while it ran, or taken over after its instance died between storing and finishing) finds the event in
    /// the log and reads nothing from Strava. The log entry is written after the effect: a crash between the two
    /// repeats a read whose store is an idempotent upsert, never a doubled row.
    private func handleEventJob(_ job: Job) async throws -> JobOutcome {
        let event = try StravaDecoding.decoder().decode(WebhookEvent.self, from: Data(job.payload.utf8))
        let key = Self.eventKey(event)
        if let key, try await events.contains(key) {
            logger.debug("webhook event already applied", metadata: ["event": "\(key)"])
            return .done
        }
        do {
            try await handle(event)
            if let key { try await events.record(key, at: now()) }
            return .done
        } catch let error as StravaError {
            return try await outcome(for: error, athlete: event.ownerID)
        }
    }

    /// The identity of an activity event in the event log: owner, activity, aspect, event time and (for updates) the
    /// changed fields. Nil for athlete events: a deauthorization is confirmed with Strava every time it arrives.
    static func eventKey(_ event: WebhookEvent) -> String? {
        guard event.objectType == .activity else { return nil }
        var key = "\(event.ownerID):\(event.objectID):\(event.aspectType.rawValue):\(event.eventTime)"
        if !event.updates.isEmpty {
            let fields = event.updates.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
            key += ":" + Tokens.sha256(fields.joined(separator: "\u{1F}")).prefix(16)
        }
        return key
    }

    /// Applies one event. Webhooks are unsigned and may repeat or arrive out of order, so every change that affects
    /// what counts (new activity, type, privacy, deletion) is confirmed by reading the activity from Strava with the
    /// owner's token; only a title change is applied from the event itself, and only if it is newer than what is
    /// stored.
    func handle(_ event: WebhookEvent) async throws {
        let linked = try await members.members(athlete: event.ownerID)
        guard !linked.isEmpty, let account = try await accounts.find(event.ownerID) else {
            logger.debug("event for unknown athlete ignored", metadata: ["owner": "\(event.ownerID)"])
            return
        }
        if event.objectType == .athlete {
            if event.isDeauthorization { try await confirmDeauthorization(account, members: linked) }
            return
        }
        let externalID = String(event.objectID)
        switch event.aspectType {
        case .create, .delete:
            try await fetchAndStore(event.objectID, account: account, members: linked)
        case .update:
            let onlyTitle = event.updates.keys.allSatisfy { $0 == "title" }
            if onlyTitle, let title = event.updates["title"] {
                var missing = false
                for member in linked {
                    let found = try await activities.rename(
                        member: member.id, externalID: externalID, name: title, eventTime: event.eventTime)
                    if !found { missing = true }
                }
                if !missing { return }
            }
            try await fetchAndStore(event.objectID, account: account, members: linked)
        }
    }

    /// Reads the activity from Strava and stores it, or removes it when Strava no longer has it or it is private.
    private func fetchAndStore(_ id: Int64, account: StravaAccount, members linked: [Member]) async throws {
        let token = try await accessToken(for: account)
        do {
            let summary = try await client.activity(id: id, accessToken: token)
            // A public activity of someone else is readable too: never count it for this athlete.
            guard summary.athlete?.id == account.athleteID else {
                logger.warning("event named another athlete's activity; ignored", metadata: ["activity": "\(id)"])
                return
            }
            try await store(summary, members: linked)
        } catch StravaError.notFound {
            for member in linked { try await activities.delete(member: member.id, externalID: String(id)) }
        }
    }

    private func store(_ summary: SummaryActivity, members linked: [Member]) async throws {
        for member in linked {
            if Self.isShareable(summary) {
                try await activities.upsert(
                    [Self.activity(summary, member: member.id)], club: member.clubID, policy: .replace, now: now())
            } else {
                try await activities.delete(member: member.id, externalID: String(summary.id))
            }
        }
    }

    /// Deauthorization events are unsigned too: act only when Strava confirms the refresh token was revoked.
    private func confirmDeauthorization(_ account: StravaAccount, members linked: [Member]) async throws {
        do {
            // The refresh retires the stored refresh token: keep the new pair, or the athlete is lost.
            try await refreshLock.withLock {
                let current = try await accounts.find(account.athleteID) ?? account
                try await store(
                    try await client.refresh(refreshToken: current.refreshToken), athlete: account.athleteID)
            }
            logger.warning("ignored deauthorization event: the athlete's token still works")
            return
        } catch let error as StravaError where Self.isRevokedGrant(error) {
            // Strava refused the refresh token itself: the athlete really revoked access.
        }
        try await removeAthlete(account.athleteID, members: linked)
    }

    /// Whether Strava refused a refresh because the refresh token is no longer valid (not because of our own
    /// client credentials, a rate limit or an outage, which must never delete anyone's data).
    static func isRevokedGrant(_ error: StravaError) -> Bool {
        switch error {
        case .badRequest(_, let message), .unauthorized(let message):
            let text = message.lowercased()
            return text.contains("refresh_token") || text.contains("refreshtoken")
        default:
            return false
        }
    }

    /// Forgets an athlete: tokens deleted, members unlinked, their Strava-sourced activities removed.
    func removeAthlete(_ athlete: Int64, members linked: [Member]) async throws {
        for member in linked {
            try await members.linkAthlete(member.id, athlete: nil)
            try await activities.deleteStrava(member: member.id)
        }
        try await accounts.delete(athlete)
    }

    // MARK: Mapping

    /// Activities the athlete made visible to others; "only me" activities are never shown to the club.
    static func isShareable(_ summary: SummaryActivity) -> Bool {
        summary.visibility != "only_me"
    }

    static func activity(_ summary: SummaryActivity, member: MemberID) -> Activity {
        Activity(
            memberID: member, source: .strava, externalID: String(summary.id), startDate: summary.startDate,
            sportType: summary.resolvedSportType, distance: summary.distance, movingTime: summary.movingTime,
            elapsedTime: summary.elapsedTime, elevationGain: summary.totalElevationGain, name: summary.name,
            trainer: summary.trainer ?? false, commute: summary.commute ?? false)
    }

    static func encode<T: Encodable>(_ value: T) throws -> String {
        String(decoding: try StravaDecoding.encoder().encode(value), as: UTF8.self)
    }
}
