import ClubWeekly
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
import SQLKit
import ServerKit
import StravaAPI
import StravaServer
import TestSupport
import Testing

@testable import ClubWeeklyServer

/// Strava sync end to end: the server's real routes, job queue and SQLite storage against the HTTP fake of Strava.
@Suite("Strava sync against the fake Strava")
struct StravaSyncTests {
    // MARK: Connect and backfill

    @Test("Connecting through the OAuth routes backfills 16 weeks that show in the week view")
    func connectBackfills() async throws {
        let harness = try await SyncHarness.make()
        defer { harness.cleanUp() }
        let server = try await harness.open()
        let athlete: Int64 = 1001
        let seeded = await harness.seed(athlete: athlete, index: 0)
        try await server.http { client in
            _ = try await harness.connect(athlete: athlete, client: client)
        }
        let counts = await harness.strava.state.counts
        #expect(counts.count("POST", "/oauth/token") == 1)
        #expect(
            counts.count("GET", "/api/v3/athlete/activities") == 0, "the backfill runs as a job, not in the callback")
        try await server.runner.drain()
        #expect(try await server.activityCount() == seeded.count)
        let club = try await server.club()
        try await server.http { client in
            for offset in [0, -1, -7, -15] {
                let week = WeekCalendar(club: club).week(offset: offset, from: harness.clock.now())
                let expected = Set(seeded.filter { week.contains($0.startDate) }.map(\.name))
                let shown = try await harness.weekTitles(offset: offset, client: client)
                #expect(Set(shown) == expected, "week \(offset)")
                #expect(shown.count == expected.count, "week \(offset) shows each activity once")
            }
        }
        let account = try #require(try await server.app.accounts.find(athlete))
        #expect(account.lastSyncAt != nil)
        #expect(account.lastError == nil)
        await server.close()
        await harness.strava.stop()
    }

    @Test("A 16-week backfill for 10 members takes at most 20 Strava requests")
    func backfillBudget() async throws {
        let harness = try await SyncHarness.make()
        defer { harness.cleanUp() }
        let server = try await harness.open()
        var total = 0
        for index in 0..<10 {
            total += await harness.seed(athlete: 2000 + Int64(index), index: index).count
        }
        try await server.http { client in
            for index in 0..<10 { _ = try await harness.connect(athlete: 2000 + Int64(index), client: client) }
        }
        try await server.runner.drain()
        let counts = await harness.strava.state.counts
        print("backfill of 10 members × 16 weeks (\(total) activities): \(counts.total) requests \(counts.byRoute)")
        #expect(counts.total <= 20)
        #expect(try await server.activityCount() == total)
        await server.close()
        await harness.strava.stop()
    }

    // MARK: Webhooks

    @Test("Webhook create, update and delete follow Strava; a forged delete removes nothing")
    func webhookEvents() async throws {
        let harness = try await SyncHarness.make()
        defer { harness.cleanUp() }
        let server = try await harness.open()
        let athlete: Int64 = 3001
        let seeded = await harness.seed(athlete: athlete, index: 0, weeks: 2)
        try await server.http { client in
            _ = try await harness.connect(athlete: athlete, client: client)
            try await server.runner.drain()
            #expect(try await server.activityCount() == seeded.count)
            let base = "http://127.0.0.1:\(try #require(client.port))"
            let state = harness.strava.state

            // Create: one read of the new activity.
            await state.resetCounts()
            let ride = harness.activity(id: 3_001_900, athlete: athlete, name: "Evening spin", ago: 600)
            await state.put(ride, athlete: athlete)
            let status = try await FakeStravaWebhook.send(
                FakeStravaWebhook.activity(.create, id: ride.id, owner: athlete), to: base)
            #expect(status == 200)
            try await server.runner.drain()
            #expect(await state.counts.reads == 1)
            #expect(try await harness.weekTitles(offset: 0, client: client).contains("Evening spin"))

            // Update of the title: applied from the event, no request to Strava.
            await state.resetCounts()
            await state.update(activity: ride.id, athlete: athlete) { $0.name = "Evening spin with Sarah" }
            try await FakeStravaWebhook.send(
                FakeStravaWebhook.activity(
                    .update, id: ride.id, owner: athlete, updates: ["title": "Evening spin with Sarah"],
                    eventTime: harness.eventTime(5)),
                to: base)
            try await server.runner.drain()
            // The same rename replayed with an older event time changes nothing.
            try await FakeStravaWebhook.send(
                FakeStravaWebhook.activity(
                    .update, id: ride.id, owner: athlete, updates: ["title": "Evening spin"],
                    eventTime: harness.eventTime(-3600)),
                to: base)
            try await server.runner.drain()
            #expect(await state.counts.total == 0)
            let titles = try await harness.weekTitles(offset: 0, client: client)
            #expect(titles.contains("Evening spin with Sarah"))
            #expect(!titles.contains("Evening spin"))

            // A forged delete for an activity Strava still has: checked, nothing removed.
            await state.resetCounts()
            try await FakeStravaWebhook.send(FakeStravaWebhook.activity(.delete, id: ride.id, owner: athlete), to: base)
            try await server.runner.drain()
            #expect(await state.counts.count("GET", "/api/v3/activities/{id}") == 1)
            #expect(try await server.activityCount() == seeded.count + 1)

            // A real delete: Strava answers 404, the activity goes.
            await state.delete(activity: ride.id, athlete: athlete)
            try await FakeStravaWebhook.send(
                FakeStravaWebhook.activity(.delete, id: ride.id, owner: athlete, eventTime: harness.eventTime(1)),
                to: base)
            try await server.runner.drain()
            #expect(try await server.activityCount() == seeded.count)
            #expect(!(try await harness.weekTitles(offset: 0, client: client).contains("Evening spin with Sarah")))

            // Events for athletes nobody connected are ignored without a request.
            await state.resetCounts()
            try await FakeStravaWebhook.send(FakeStravaWebhook.activity(.create, id: 77, owner: 999_999), to: base)
            try await server.runner.drain()
            #expect(await state.counts.total == 0)

            // Garbage is refused with 400 and queues nothing.
            let garbage = try await FakeStravaWebhook.send(body: Data("{\"object_type\":".utf8), to: base)
            #expect(garbage == 400)
            #expect(try await server.app.queue.pendingCount() == 0)
        }
        await server.close()
        await harness.strava.stop()
    }

    @Test("Duplicate and out-of-order webhook events are harmless")
    func duplicateAndOutOfOrderEvents() async throws {
        let harness = try await SyncHarness.make()
        defer { harness.cleanUp() }
        let server = try await harness.open()
        let athlete: Int64 = 4001
        let seeded = await harness.seed(athlete: athlete, index: 0, weeks: 1)
        try await server.http { client in
            _ = try await harness.connect(athlete: athlete, client: client)
            try await server.runner.drain()
            let base = "http://127.0.0.1:\(try #require(client.port))"
            let state = harness.strava.state

            // The same create delivered three times (twice before the job runs, once after).
            let a = harness.activity(id: 4_001_901, athlete: athlete, name: "Coffee ride", ago: 900)
            await state.put(a, athlete: athlete)
            let create = FakeStravaWebhook.activity(.create, id: a.id, owner: athlete, eventTime: harness.eventTime(0))
            try await FakeStravaWebhook.send(create, to: base)
            try await FakeStravaWebhook.send(create, to: base)
            try await server.runner.drain()
            try await FakeStravaWebhook.send(create, to: base)
            try await server.runner.drain()

            // An update that arrives before its create: the activity is fetched, then the late create changes nothing.
            let b = harness.activity(id: 4_001_902, athlete: athlete, name: "Hill repeats (renamed)", ago: 1200)
            await state.put(b, athlete: athlete)
            try await FakeStravaWebhook.send(
                FakeStravaWebhook.activity(
                    .update, id: b.id, owner: athlete, updates: ["title": "Hill repeats (renamed)"],
                    eventTime: harness.eventTime(20)), to: base)
            try await server.runner.drain()
            try await FakeStravaWebhook.send(
                FakeStravaWebhook.activity(.create, id: b.id, owner: athlete, eventTime: harness.eventTime(10)),
                to: base)
            try await server.runner.drain()

            // A delete that arrives before its create: neither leaves the deleted activity behind.
            let c = harness.activity(id: 4_001_903, athlete: athlete, name: "Deleted at once", ago: 1500)
            try await FakeStravaWebhook.send(
                FakeStravaWebhook.activity(.delete, id: c.id, owner: athlete, eventTime: harness.eventTime(40)),
                to: base)
            try await server.runner.drain()
            try await FakeStravaWebhook.send(
                FakeStravaWebhook.activity(.create, id: c.id, owner: athlete, eventTime: harness.eventTime(30)),
                to: base)
            try await server.runner.drain()

            #expect(try await server.activityCount() == seeded.count + 2)
            let titles = try await harness.weekTitles(offset: 0, client: client)
            #expect(titles.filter { $0 == "Coffee ride" }.count == 1)
            #expect(titles.contains("Hill repeats (renamed)"))
            #expect(!titles.contains("Deleted at once"))
            #expect(try await server.app.queue.pendingCount() == 0)
        }
        await server.close()
        await harness.strava.stop()
    }

    @Test("A webhook event reads Strava once: redelivered later, redelivered while it runs, re-run after a crash")
    func eventReachesStravaOnce() async throws {
        let harness = try await SyncHarness.make()
        defer { harness.cleanUp() }
        let server = try await harness.open()
        let athlete: Int64 = 4501
        let seeded = await harness.seed(athlete: athlete, index: 0, weeks: 1)
        try await server.http { client in
            _ = try await harness.connect(athlete: athlete, client: client)
            try await server.runner.drain()
            let base = "http://127.0.0.1:\(try #require(client.port))"
            let state = harness.strava.state
            let queue = server.app.queue
            let reads = { await state.counts.count("GET", "/api/v3/activities/{id}") }

            // Redelivered after it was applied (Strava retries when an answer is slow).
            let a = harness.activity(id: 4_501_901, athlete: athlete, name: "Redelivered", ago: 900)
            await state.put(a, athlete: athlete)
            let createA = FakeStravaWebhook.activity(.create, id: a.id, owner: athlete, eventTime: harness.eventTime(0))
            await state.resetCounts()
            try await FakeStravaWebhook.send(createA, to: base)
            try await server.runner.drain()
            try await FakeStravaWebhook.send(createA, to: base)
            try await server.runner.drain()
            #expect(await reads() == 1)

            // Redelivered while its job runs: the job is queued to run once more, and that run reads nothing.
            let b = harness.activity(id: 4_501_902, athlete: athlete, name: "While running", ago: 1200)
            await state.put(b, athlete: athlete)
            let createB = FakeStravaWebhook.activity(.create, id: b.id, owner: athlete, eventTime: harness.eventTime(1))
            await state.resetCounts()
            try await FakeStravaWebhook.send(createB, to: base)
            let jobB = try #require(try await queue.claim(worker: "a", limit: 10).first { $0.kind == StravaJob.event })
            try await FakeStravaWebhook.send(createB, to: base)
            let handler = try #require(server.app.jobHandlers[StravaJob.event])
            #expect(try await queue.complete(jobB, outcome: try await handler(jobB)))
            #expect(try await queue.pendingCount() == 1, "the redelivery runs once more")
            try await server.runner.drain()
            #expect(await reads() == 1)

            // The instance dies after storing the activity and before finishing the job: the job is taken over when
            // its lease runs out, and the re-run reads nothing.
            let c = harness.activity(id: 4_501_903, athlete: athlete, name: "Taken over", ago: 1500)
            await state.put(c, athlete: athlete)
            await state.resetCounts()
            try await FakeStravaWebhook.send(
                FakeStravaWebhook.activity(.create, id: c.id, owner: athlete, eventTime: harness.eventTime(2)),
                to: base)
            let jobC = try #require(try await queue.claim(worker: "dies", limit: 10).first)
            _ = try await handler(jobC)
            try await server.runJobs(at: Date().addingTimeInterval(queue.lease + 1))
            #expect(await reads() == 1)
            #expect(try await queue.pendingCount() == 0)

            #expect(try await server.activityCount() == seeded.count + 3)
            let titles = try await harness.weekTitles(offset: 0, client: client)
            for name in ["Redelivered", "While running", "Taken over"] {
                #expect(titles.filter { $0 == name }.count == 1, "\(name) stored once")
            }
        }
        await server.close()
        await harness.strava.stop()
    }

    @Test("Deauthorization is confirmed with Strava: a forged one is ignored, a real one removes the athlete")
    func deauthorization() async throws {
        let harness = try await SyncHarness.make()
        defer { harness.cleanUp() }
        let server = try await harness.open()
        let athlete: Int64 = 5001
        let seeded = await harness.seed(athlete: athlete, index: 0, weeks: 2)
        try await server.http { client in
            _ = try await harness.connect(athlete: athlete, client: client)
            try await server.runner.drain()
            let base = "http://127.0.0.1:\(try #require(client.port))"
            let state = harness.strava.state

            // Forged: the token still works, so nothing is removed, and the token pair the check obtained is kept.
            try await FakeStravaWebhook.send(FakeStravaWebhook.deauthorization(athlete: athlete), to: base)
            try await server.runner.drain()
            #expect(try await server.app.accounts.find(athlete) != nil)
            #expect(try await server.activityCount() == seeded.count)
            let stored = try #require(try await server.app.accounts.find(athlete))
            #expect(await state.refreshTokens(of: athlete) == [stored.refreshToken])

            // Later jobs still authenticate (the access token is refreshed with the stored refresh token).
            harness.clock.advance(by: 7 * 3600)
            let ride = harness.activity(id: 5_001_900, athlete: athlete, name: "After the forged event", ago: 300)
            await state.put(ride, athlete: athlete)
            try await FakeStravaWebhook.send(FakeStravaWebhook.activity(.create, id: ride.id, owner: athlete), to: base)
            try await server.runner.drain()
            #expect(try await server.activityCount() == seeded.count + 1)

            // Real: the athlete revoked access on strava.com.
            await state.deauthorize(athlete: athlete)
            try await FakeStravaWebhook.send(
                FakeStravaWebhook.deauthorization(athlete: athlete, eventTime: harness.eventTime(60)), to: base)
            try await server.runner.drain()
            #expect(try await server.app.accounts.find(athlete) == nil)
            #expect(try await server.activityCount() == 0)
            let members = try await server.app.members.members(of: try await server.club().id)
            #expect(members.count == 1)
            #expect(members.allSatisfy { $0.stravaAthleteID == nil })
        }
        await server.close()
        await harness.strava.stop()
    }

    // MARK: Restart, tokens, disconnect

    @Test("Closing and reopening the server on the same file loses and doubles nothing")
    func restart() async throws {
        let harness = try await SyncHarness.make()
        defer { harness.cleanUp() }
        let athletes: [Int64] = [6001, 6002]
        var expected = 0
        for (index, athlete) in athletes.enumerated() {
            expected += await harness.seed(athlete: athlete, index: index, weeks: 3).count
        }
        let state = harness.strava.state

        var server = try await harness.open()
        try await server.http { client in
            for athlete in athletes { _ = try await harness.connect(athlete: athlete, client: client) }
        }
        // Closed with the backfills still queued: they survive in the jobs table.
        #expect(try await server.app.queue.pendingCount(kind: StravaJob.backfill) == 2)
        await server.close()

        server = try await harness.open()
        try await server.runner.drain()
        #expect(try await server.activityCount() == expected)

        // A webhook accepted just before shutdown is processed after the restart.
        let ride = harness.activity(id: 6_001_900, athlete: 6001, name: "Before the restart", ago: 400)
        await state.put(ride, athlete: 6001)
        try await server.http { client in
            let base = "http://127.0.0.1:\(try #require(client.port))"
            try await FakeStravaWebhook.send(FakeStravaWebhook.activity(.create, id: ride.id, owner: 6001), to: base)
        }
        await server.close()

        server = try await harness.open()
        try await server.runner.drain()
        expected += 1
        #expect(try await server.activityCount() == expected)

        // Connecting again re-runs the backfill over the same activities: nothing doubles, tokens still decrypt.
        try await server.http { client in _ = try await harness.connect(athlete: 6002, client: client) }
        try await server.runner.drain()
        await server.close()

        server = try await harness.open()
        #expect(try await server.activityCount() == expected)
        #expect(try await server.app.members.members(of: try await server.club().id).count == 2)
        for athlete in athletes {
            let account = try #require(try await server.app.accounts.find(athlete))
            #expect(await state.isValid(accessToken: account.accessToken))
        }
        await server.close()
        await harness.strava.stop()
    }

    @Test("Tokens are stored encrypted, never as text")
    func tokensEncrypted() async throws {
        let harness = try await SyncHarness.make()
        defer { harness.cleanUp() }
        let server = try await harness.open()
        let athlete: Int64 = 7001
        try await server.http { client in _ = try await harness.connect(athlete: athlete, client: client) }
        let refresh = try #require(await harness.strava.state.refreshTokens(of: athlete).first)
        let account = try #require(try await server.app.accounts.find(athlete))
        #expect(account.refreshToken == refresh)
        let rows = try await server.database.run { db in
            try await db.raw("SELECT access_token, refresh_token FROM cw_strava_athletes").all().map {
                (
                    try $0.decode(column: "access_token", as: String.self),
                    try $0.decode(column: "refresh_token", as: String.self)
                )
            }
        }
        #expect(rows.count == 1)
        for (access, sealedRefresh) in rows {
            for column in [access, sealedRefresh] {
                #expect(!column.contains(account.accessToken))
                #expect(!column.contains(refresh))
                #expect(!column.contains("access-"))
                #expect(!column.contains("refresh-"))
            }
        }
        await server.close()
        await harness.strava.stop()
    }

    @Test("Disconnecting revokes the token at Strava and deletes it, even when the access token has expired")
    func disconnect() async throws {
        let harness = try await SyncHarness.make()
        defer { harness.cleanUp() }
        let server = try await harness.open()
        let athlete: Int64 = 8001
        let seeded = await harness.seed(athlete: athlete, index: 0, weeks: 1)
        let state = harness.strava.state
        try await server.http { client in
            let cookie = try await harness.connect(athlete: athlete, client: client)
            try await server.runner.drain()
            harness.clock.advance(by: 7 * 3600)
            let response = try await client.execute(
                uri: "/api/clubs/\(SyncHarness.slug)/me/strava/disconnect", method: .post, headers: [.cookie: cookie])
            #expect(response.status == .noContent)
        }
        #expect(await state.revokedTokens.count == 1)
        #expect(await state.isAuthorized(athlete: athlete) == false)
        #expect(try await server.app.accounts.find(athlete) == nil)
        let rows = try await server.database.run { db in
            try await db.raw("SELECT COUNT(*) AS n FROM cw_strava_athletes").first()?.decode(column: "n", as: Int.self)
        }
        #expect(rows == 0)
        // Synced activities stay in the club's history.
        #expect(try await server.activityCount() == seeded.count)
        await server.close()
        await harness.strava.stop()
    }

    @Test("Token refresh stores the rotated refresh token, once, even for concurrent jobs")
    func tokenRefresh() async throws {
        let harness = try await SyncHarness.make()
        defer { harness.cleanUp() }
        let athlete: Int64 = 9001
        let state = harness.strava.state
        var server = try await harness.open()
        try await server.http { client in _ = try await harness.connect(athlete: athlete, client: client) }
        try await server.runner.drain()
        let first = try #require(await state.refreshTokens(of: athlete).first)

        harness.clock.advance(by: 6 * 3600)
        await state.resetCounts()
        try await server.http { client in
            let base = "http://127.0.0.1:\(try #require(client.port))"
            for n in 0..<3 {
                let ride = harness.activity(id: 9_001_900 + Int64(n), athlete: athlete, name: "Ride \(n)", ago: 60)
                await state.put(ride, athlete: athlete)
                try await FakeStravaWebhook.send(
                    FakeStravaWebhook.activity(.create, id: ride.id, owner: athlete), to: base)
            }
        }
        // The three events run in one batch, concurrently.
        try await server.runner.drain()
        #expect(await state.counts.count("POST", "/oauth/token") == 1)
        #expect(try await server.activityCount() == 3)
        let rotated = try #require(await state.refreshTokens(of: athlete).first)
        #expect(rotated != first)
        #expect(try await server.app.accounts.find(athlete)?.refreshToken == rotated)
        await server.close()

        // After a restart the stored token still refreshes.
        server = try await harness.open()
        harness.clock.advance(by: 6 * 3600)
        let ride = harness.activity(id: 9_001_990, athlete: athlete, name: "After restart", ago: 60)
        await state.put(ride, athlete: athlete)
        try await server.http { client in
            let base = "http://127.0.0.1:\(try #require(client.port))"
            try await FakeStravaWebhook.send(FakeStravaWebhook.activity(.create, id: ride.id, owner: athlete), to: base)
        }
        try await server.runner.drain()
        #expect(try await server.activityCount() == 4)
        #expect(try await server.app.accounts.find(athlete)?.lastError == nil)
        await server.close()
        await harness.strava.stop()
    }

    // MARK: Rate limits

    @Test("A 429 defers the job to the next window and the block survives a restart")
    func rateLimited() async throws {
        let harness = try await SyncHarness.make()
        defer { harness.cleanUp() }
        let athlete: Int64 = 10_001
        let seeded = await harness.seed(athlete: athlete, index: 0, weeks: 2)
        let state = harness.strava.state
        var server = try await harness.open()
        try await server.http { client in _ = try await harness.connect(athlete: athlete, client: client) }

        await state.inject(.rateLimited)
        let jobs = try await server.app.queue.claim(worker: "test", limit: 10)
        let job = try #require(jobs.first { $0.kind == StravaJob.backfill })
        let handler = try #require(server.app.jobHandlers[job.kind])
        let outcome = try await handler(job)
        let until = RateLimitState.nextQuarterHour(after: harness.clock.now())
        #expect(outcome == .deferred(until: until))
        try await server.app.queue.complete(job, outcome: outcome)
        #expect(try await server.app.queue.pendingCount(kind: StravaJob.backfill) == 1)
        #expect(try await #require(server.app.strava.budget).state().blockedUntil == until)
        await server.close()

        server = try await harness.open()
        #expect(try await #require(server.app.strava.budget).state().blockedUntil == until)
        await state.resetCounts()
        // Due by the wall clock it is not; and even run by hand, the persisted block keeps it from calling Strava.
        try await server.runner.drain()
        let again = try await server.app.jobHandlers[StravaJob.backfill]!(job)
        #expect(again == .deferred(until: until))
        #expect(await state.counts.total == 0)
        #expect(try await server.app.queue.pendingCount(kind: StravaJob.backfill) == 1)

        // In the next window it runs.
        harness.clock.set(until.addingTimeInterval(1))
        await state.resetUsage()
        try await server.runJobs(at: harness.clock.now())
        #expect(try await server.activityCount() == seeded.count)
        #expect(try await server.app.queue.pendingCount(kind: StravaJob.backfill) == 0)
        await server.close()
        await harness.strava.stop()
    }

    @Test("Steady state: at most 1.1 reads per new activity plus one reconciliation per member per day")
    func steadyStateBudget() async throws {
        let harness = try await SyncHarness.make()
        defer { harness.cleanUp() }
        let server = try await harness.open()
        let athletes = (0..<10).map { 11_000 + Int64($0) }
        for (index, athlete) in athletes.enumerated() {
            _ = await harness.seed(athlete: athlete, index: index, weeks: 2, perWeek: 3)
        }
        let state = harness.strava.state
        let days = 3
        let created = try await server.http { client in
            var created = 0
            for athlete in athletes { _ = try await harness.connect(athlete: athlete, client: client) }
            try await server.runner.drain()
            try await server.app.prepare()
            await state.resetCounts()
            let base = "http://127.0.0.1:\(try #require(client.port))"
            for hour in 1...(days * 24) {
                harness.clock.advance(by: 3600)
                await state.resetUsage(day: hour % 24 == 0)
                if hour % 24 == 9 || hour % 24 == 18 {
                    for athlete in athletes {
                        created += 1
                        let ride = harness.activity(
                            id: athlete * 1000 + Int64(hour), athlete: athlete, name: "Day ride \(hour)", ago: 1800)
                        await state.put(ride, athlete: athlete)
                        try await FakeStravaWebhook.send(
                            FakeStravaWebhook.activity(
                                .create, id: ride.id, owner: athlete,
                                eventTime: Int64(harness.clock.now().timeIntervalSince1970)), to: base)
                    }
                }
                try await server.runJobs(at: harness.clock.now())
            }
            return created
        }
        let counts = await state.counts
        let reconciliations = counts.count("GET", "/api/v3/athlete/activities")
        print(
            "steady state over \(days) days, \(athletes.count) members, \(created) new activities: "
                + "\(counts.reads) reads (\(reconciliations) reconciliation lists), \(counts.writes) token refreshes; "
                + "\(counts.byRoute)")
        #expect(reconciliations <= athletes.count * days)
        #expect(Double(counts.reads) <= 1.1 * Double(created) + Double(athletes.count * days))
        #expect(try await server.app.queue.pendingCount(kind: StravaJob.event) == 0)
        for athlete in athletes {
            #expect(try await server.app.accounts.find(athlete)?.lastError == nil)
        }
        await server.close()
        await harness.strava.stop()
    }
}

// MARK: - Harness

/// A temp directory with a SQLite file, a fake Strava and a clock; opens the server on that file as often as needed.
struct SyncHarness: Sendable {
    static let slug = "test-cc"
    static let clubCode = "K7MPQ2XRRT"
    static let key = String(repeating: "5a", count: 32)

    let directory: URL
    let clock: TestClock
    let strava: FakeStrava
    var config: ServerConfig

    var path: String { directory.appendingPathComponent("clubhouse.sqlite").path }

    /// The clock starts a day ahead of the wall clock, 7 minutes into a quarter hour: jobs the server defers or
    /// reschedules by its clock are never due by the wall clock that `JobRunner.drain()` uses.
    static func make() async throws -> SyncHarness {
        let quarter = RateLimitState.quarterHourStart(Date().addingTimeInterval(86_400))
        let clock = TestClock(quarter.addingTimeInterval(7 * 60))
        let strava = try await FakeStrava.start(now: clock.closure)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "strava-sync-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var config = ServerConfig()
        config.seedDemo = false
        config.dataDirectory = directory.path
        config.publicURL = "http://clubhouse.test"
        config.strava.clientID = "12345"
        config.strava.clientSecret = "fake-secret"
        config.strava.apiBaseURL = strava.apiBaseURL
        config.strava.oauthBaseURL = strava.oauthBaseURL
        config.strava.webhookVerifyToken = "verify-me"
        let harness = SyncHarness(directory: directory, clock: clock, strava: strava, config: config)
        let server = try await harness.open()
        _ = try await server.app.clubService.create(
            name: "Test CC", slug: slug, timeZone: "Europe/Dublin", code: clubCode,
            now: clock.now().addingTimeInterval(-20 * 7 * 86_400))
        await server.close()
        return harness
    }

    func cleanUp() {
        try? FileManager.default.removeItem(at: directory)
    }

    /// Opens the database file, migrates and assembles the app (as the `serve` command does).
    func open() async throws -> SyncServer {
        var logger = Logger(label: "strava-sync-test")
        logger.logLevel = .error
        let database = try await Database.sqlite(path: path, logger: logger)
        try await Migrator(ClubWeeklyApp.migrations).migrate(database)
        let strava = try StravaServices(
            settings: config.strava, database: database, logger: logger, now: clock.closure)
        let app = ClubWeeklyApp(
            config: config, database: database, cipher: try TokenCipher(encodedKey: Self.key), strava: strava,
            logger: logger, now: clock.closure)
        let runner = JobRunner(queue: app.queue, handlers: app.jobHandlers, logger: logger)
        return SyncServer(app: app, database: database, runner: runner)
    }

    /// An activity of the athlete that started `ago` seconds before the clock.
    func activity(
        id: Int64, athlete: Int64, name: String, ago: TimeInterval, distance: Double = 30_000
    )
        -> SummaryActivity
    {
        SummaryActivity(
            id: id, name: name, type: "Ride", sportType: "Ride", startDate: clock.now().addingTimeInterval(-ago),
            timezone: "(GMT+00:00) Europe/Dublin", distance: distance, movingTime: 3600, elapsedTime: 3900,
            totalElevationGain: 250, averageSpeed: distance / 3600, visibility: "everyone",
            athlete: AthleteRef(id: athlete))
    }

    /// Gives the athlete `perWeek` rides in each of the last `weeks` weeks (all within the backfill window).
    @discardableResult
    func seed(athlete: Int64, index: Int, weeks: Int = 16, perWeek: Int = 5) async -> [SummaryActivity] {
        await strava.state.addAthlete(athlete, firstname: "Rider\(index)", lastname: "Number\(index)")
        var list: [SummaryActivity] = []
        for week in 0..<weeks {
            for k in 0..<perWeek {
                let ago = Double(week * 7 + k) * 86_400 + Double(3600 * (index + 1))
                let ride = activity(
                    id: athlete * 10_000 + Int64(week * 10 + k), athlete: athlete, name: "Ride \(athlete)-\(week)-\(k)",
                    ago: ago, distance: 20_000 + Double(index * 1000 + week * 10 + k))
                await strava.state.put(ride, athlete: athlete)
                list.append(ride)
            }
        }
        return list
    }

    /// Signs in with the club code, starts the OAuth flow, approves it at the fake and follows the callback.
    /// Returns the session cookie the callback set (signed in as the connected member).
    func connect(athlete: Int64, client: some TestClientProtocol) async throws -> String {
        let signIn = try await client.execute(
            uri: "/api/clubs/\(Self.slug)/session", method: .post, headers: [.contentType: "application/json"],
            body: ByteBuffer(string: #"{"code":"\#(Self.clubCode)"}"#))
        #expect(signIn.status == .ok)
        let cookie = try #require(signIn.headers[.setCookie]?.split(separator: ";").first.map(String.init))
        let start = try await client.execute(
            uri: "/api/clubs/\(Self.slug)/strava/connect", method: .get, headers: [.cookie: cookie])
        #expect(start.status == .found)
        let location = try #require(start.headers[.location].flatMap { URLComponents(string: $0) })
        #expect(location.path == "/oauth/authorize")
        let items = location.queryItems ?? []
        #expect(items.first { $0.name == "client_id" }?.value == "12345")
        #expect(items.first { $0.name == "redirect_uri" }?.value == "http://clubhouse.test/strava/callback")
        let state = try #require(items.first { $0.name == "state" }?.value)
        let code = await strava.state.authorize(athlete: athlete)
        let callback = try await client.execute(
            uri: "/strava/callback?state=\(state)&code=\(code)&scope=read,activity:read_all", method: .get)
        #expect(callback.status == .found)
        #expect(callback.headers[.location] == "/clubs/\(Self.slug)/settings?strava=connected")
        return try #require(callback.headers[.setCookie]?.split(separator: ";").first.map(String.init))
    }

    /// Titles of the activities `GET /api/clubs/:slug/week?offset=` shows.
    func weekTitles(offset: Int, client: some TestClientProtocol) async throws -> [String] {
        let response = try await client.execute(
            uri: "/api/clubs/\(Self.slug)/week?offset=\(offset)", method: .get,
            headers: [.authorization: "Bearer \(Self.clubCode)"])
        #expect(response.status == .ok)
        return try JSONDecoder().decode(WeekTitlesJSON.self, from: Data(response.body.readableBytesView)).activities
            .map(\.title)
    }

    /// An event time `seconds` after the clock.
    func eventTime(_ seconds: Int64) -> Int64 {
        Int64(clock.now().timeIntervalSince1970) + seconds
    }
}

/// The part of the week view these tests read.
struct WeekTitlesJSON: Decodable {
    struct Row: Decodable { var title: String }
    var activities: [Row]
}

/// One open server: the app, its database and a job runner.
struct SyncServer: Sendable {
    let app: ClubWeeklyApp
    let database: Database
    let runner: JobRunner

    func close() async {
        await database.close()
    }

    /// Serves the app's routes on 127.0.0.1 for the body (live, so webhooks can be POSTed to it over HTTP).
    func http<T: Sendable>(_ body: @Sendable (any TestClientProtocol) async throws -> T) async throws -> T {
        let router = Router(context: AppRequestContext.self)
        app.addRoutes(to: router)
        let application = Application(
            router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
            logger: Logger(label: "strava-sync-test-http"))
        return try await application.test(.live) { client in try await body(client) }
    }

    /// Runs every job due at `date` (the server's clock), batch after batch.
    func runJobs(at date: Date) async throws {
        var batches = 0
        while batches < 200, try await runner.runDueJobs(now: date) > 0 { batches += 1 }
    }

    func activityCount() async throws -> Int {
        try await database.run { db in
            try await db.raw("SELECT COUNT(*) AS n FROM cw_activities").first()?.decode(column: "n", as: Int.self) ?? 0
        }
    }

    func club() async throws -> Club {
        try #require(try await app.clubs.find(slug: SyncHarness.slug)).club
    }
}
