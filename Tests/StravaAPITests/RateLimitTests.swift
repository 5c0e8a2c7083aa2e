import Foundation
import Testing

@testable import StravaAPI

@Suite("Rate-limit windows")
struct RateLimitWindowTests {
    @Test(
        "quarter-hour windows start at :00, :15, :30 and :45 UTC",
        arguments: [
            ("2026-03-18T10:00:00Z", "2026-03-18T10:00:00Z"),
            ("2026-03-18T10:14:59.999Z", "2026-03-18T10:00:00Z"),
            ("2026-03-18T10:15:00Z", "2026-03-18T10:15:00Z"),
            ("2026-03-18T10:29:59Z", "2026-03-18T10:15:00Z"),
            ("2026-03-18T10:30:00Z", "2026-03-18T10:30:00Z"),
            ("2026-03-18T10:44:00Z", "2026-03-18T10:30:00Z"),
            ("2026-03-18T10:45:00Z", "2026-03-18T10:45:00Z"),
            ("2026-03-18T23:59:59Z", "2026-03-18T23:45:00Z"),
            ("2026-03-18T12:07:00+02:00", "2026-03-18T10:00:00Z"),
        ])
    func quarterHourStart(input: String, expected: String) throws {
        #expect(RateLimitState.quarterHourStart(try Fixtures.date(input)) == (try Fixtures.date(expected)))
    }

    @Test(
        "the next quarter hour is strictly later, crossing midnight",
        arguments: [
            ("2026-03-18T10:00:00Z", "2026-03-18T10:15:00Z"),
            ("2026-03-18T10:07:30Z", "2026-03-18T10:15:00Z"),
            ("2026-03-18T10:44:59Z", "2026-03-18T10:45:00Z"),
            ("2026-03-18T23:50:00Z", "2026-03-19T00:00:00Z"),
            ("2026-12-31T23:45:00Z", "2027-01-01T00:00:00Z"),
        ])
    func nextQuarterHour(input: String, expected: String) throws {
        #expect(RateLimitState.nextQuarterHour(after: try Fixtures.date(input)) == (try Fixtures.date(expected)))
    }

    @Test(
        "the next midnight UTC is strictly later",
        arguments: [
            ("2026-03-18T10:07:30Z", "2026-03-19T00:00:00Z"),
            ("2026-03-18T00:00:00Z", "2026-03-19T00:00:00Z"),
            ("2026-03-18T23:59:59Z", "2026-03-19T00:00:00Z"),
            ("2028-02-28T12:00:00Z", "2028-02-29T00:00:00Z"),
            ("2026-03-19T00:30:00+01:00", "2026-03-19T00:00:00Z"),
        ])
    func nextMidnight(input: String, expected: String) throws {
        #expect(RateLimitState.nextMidnightUTC(after: try Fixtures.date(input)) == (try Fixtures.date(expected)))
    }
}

@Suite("Rate-limit headers")
struct RateLimitHeaderTests {
    @Test("overall and read headers are parsed, names case-insensitively")
    func parsesAll() {
        let response = HTTPResponse(
            status: 200,
            headers: [
                "x-ratelimit-limit": "600,30000", "X-RATELIMIT-USAGE": "12,340",
                "X-ReadRateLimit-Limit": "300, 15000", "X-ReadRateLimit-Usage": "7,120",
            ])
        #expect(
            RateLimitUsage.parse(response)
                == RateLimitUsage(
                    overallLimit15: 600, overallLimitDaily: 30000, overallUsage15: 12, overallUsageDaily: 340,
                    readLimit15: 300, readLimitDaily: 15000, readUsage15: 7, readUsageDaily: 120))
    }

    @Test("read headers are optional")
    func readOptional() {
        let usage = RateLimitUsage.parse(Fixtures.response(200, "", limit: "200,2000", usage: "1,2"))
        #expect(
            usage
                == RateLimitUsage(overallLimit15: 200, overallLimitDaily: 2000, overallUsage15: 1, overallUsageDaily: 2)
        )
        #expect(usage?.readLimit15 == nil)
    }

    @Test(
        "absent or garbled headers give nil",
        arguments: [
            [:],
            ["X-RateLimit-Limit": "200,2000"],
            ["X-RateLimit-Limit": "200,2000", "X-RateLimit-Usage": "12"],
            ["X-RateLimit-Limit": "200;2000", "X-RateLimit-Usage": "12,340"],
            ["X-RateLimit-Limit": "200,2000", "X-RateLimit-Usage": "12,abc"],
            ["X-RateLimit-Limit": "200,2000,3", "X-RateLimit-Usage": "12,340"],
            ["X-RateLimit-Limit": "-1,2000", "X-RateLimit-Usage": "12,340"],
        ] as [[String: String]])
    func garbled(headers: [String: String]) {
        #expect(RateLimitUsage.parse(HTTPResponse(status: 200, headers: headers)) == nil)
    }

    @Test("a garbled read header is ignored, keeping the overall values")
    func garbledRead() {
        let response = Fixtures.response(
            200, "", headers: ["X-ReadRateLimit-Limit": "x", "X-ReadRateLimit-Usage": "1,2"])
        let usage = RateLimitUsage.parse(response)
        #expect(usage?.overallUsage15 == 10)
        #expect(usage?.readUsage15 == nil)
    }

    @Test("response header lookup ignores case")
    func headerLookup() {
        let response = HTTPResponse(status: 200, headers: ["Content-Type": "application/json"])
        #expect(response.headers == ["content-type": "application/json"])
        #expect(response.header("CONTENT-TYPE") == "application/json")
        #expect(response.header("missing") == nil)
    }
}

@Suite("Rate-limit decisions")
struct RateLimitDecisionTests {
    let now = Fixtures.now  // 10:07:30 UTC

    func state(overall15: Int = 0, overallDay: Int = 0, read15: Int = 0, readDay: Int = 0) -> RateLimitState {
        var state = RateLimitState()
        state.record(
            RateLimitUsage(
                overallLimit15: 200, overallLimitDaily: 2000, overallUsage15: overall15, overallUsageDaily: overallDay,
                readLimit15: 100, readLimitDaily: 1000, readUsage15: read15, readUsageDaily: readDay),
            at: now)
        return state
    }

    @Test("defaults are Strava's standard limits with no usage")
    func defaults() {
        let state = RateLimitState()
        #expect(state.overallLimit15 == 200)
        #expect(state.overallLimitDaily == 2000)
        #expect(state.readLimit15 == 100)
        #expect(state.readLimitDaily == 1000)
        #expect(state.overallUsage15 == 0)
        #expect(state.blockedUntil == nil)
        #expect(state.decision(for: .read, at: now) == .proceed)
    }

    @Test("under the limits requests proceed")
    func proceed() {
        #expect(
            state(overall15: 150, overallDay: 1500, read15: 99, readDay: 999).decision(for: .read, at: now) == .proceed)
    }

    @Test("a spent 15-minute read budget waits for the next quarter hour")
    func quarterExhausted() throws {
        let state = state(overall15: 100, overallDay: 500, read15: 100, readDay: 500)
        #expect(state.decision(for: .read, at: now) == .wait(until: try Fixtures.date("2026-03-18T10:15:00Z")))
    }

    @Test("a spent read budget does not hold back writes")
    func readDoesNotBlockWrites() {
        let state = state(overall15: 100, overallDay: 1000, read15: 100, readDay: 1000)
        #expect(state.decision(for: .write, at: now) == .proceed)
    }

    @Test("a spent overall 15-minute budget holds back writes too")
    func overallBlocksWrites() throws {
        let state = state(overall15: 200, overallDay: 500, read15: 50, readDay: 400)
        #expect(state.decision(for: .write, at: now) == .wait(until: try Fixtures.date("2026-03-18T10:15:00Z")))
    }

    @Test("a spent daily budget waits for midnight UTC even when the quarter hour is also spent")
    func dailyExhausted() throws {
        let midnight = try Fixtures.date("2026-03-19T00:00:00Z")
        #expect(state(overall15: 10, overallDay: 2000).decision(for: .write, at: now) == .wait(until: midnight))
        #expect(state(read15: 100, readDay: 1000).decision(for: .read, at: now) == .wait(until: midnight))
        #expect(
            state(overall15: 200, overallDay: 2000, read15: 100, readDay: 1000).decision(for: .read, at: now)
                == .wait(until: midnight))
    }

    @Test("the 15-minute window rolls over at the boundary")
    func windowRollsOver() throws {
        let full = state(overall15: 200, overallDay: 600, read15: 100, readDay: 600)
        let justBefore = try Fixtures.date("2026-03-18T10:14:59Z")
        let boundary = try Fixtures.date("2026-03-18T10:15:00Z")
        #expect(full.decision(for: .read, at: justBefore) == .wait(until: boundary))
        #expect(full.decision(for: .read, at: boundary) == .proceed)
        let rolled = full.rolledOver(to: boundary)
        #expect(rolled.overallUsage15 == 0)
        #expect(rolled.readUsage15 == 0)
        #expect(rolled.overallUsageDaily == 600)
        #expect(rolled.windowStart == boundary)
    }

    @Test("the daily counters reset at midnight UTC")
    func dayRollsOver() throws {
        let spent = state(overall15: 5, overallDay: 2000, read15: 5, readDay: 1000)
        let midnight = try Fixtures.date("2026-03-19T00:00:00Z")
        #expect(spent.decision(for: .read, at: midnight.addingTimeInterval(-1)) == .wait(until: midnight))
        #expect(spent.decision(for: .read, at: midnight) == .proceed)
        let rolled = spent.rolledOver(to: midnight)
        #expect(rolled.overallUsageDaily == 0)
        #expect(rolled.readUsageDaily == 0)
        #expect(rolled.dayStart == midnight)
    }

    @Test("a clock that went backwards does not reset the counters")
    func clockBackwards() throws {
        let full = state(overall15: 200, overallDay: 600)
        let earlier = try Fixtures.date("2026-03-18T09:59:00Z")
        #expect(full.rolledOver(to: earlier) == full)
    }

    @Test("willSend counts reads in both budgets and writes in the overall one, rolling over first")
    func willSend() throws {
        var state = state(overall15: 10, overallDay: 20, read15: 5, readDay: 8)
        state.willSend(.read, at: now)
        #expect(state.overallUsage15 == 11)
        #expect(state.overallUsageDaily == 21)
        #expect(state.readUsage15 == 6)
        #expect(state.readUsageDaily == 9)
        state.willSend(.write, at: now)
        #expect(state.overallUsage15 == 12)
        #expect(state.readUsage15 == 6)
        state.willSend(.read, at: try Fixtures.date("2026-03-18T10:15:01Z"))
        #expect(state.overallUsage15 == 1)
        #expect(state.readUsage15 == 1)
        #expect(state.overallUsageDaily == 23)
        #expect(state.readUsageDaily == 10)
    }

    @Test("server limits replace ours; usage keeps the higher of Strava's count and the local one")
    func recordReplaces() {
        var state = RateLimitState()
        for _ in 0..<5 { state.willSend(.read, at: now) }
        state.record(
            RateLimitUsage(overallLimit15: 600, overallLimitDaily: 30000, overallUsage15: 3, overallUsageDaily: 44),
            at: now)
        #expect(state.overallLimit15 == 600)
        #expect(state.overallLimitDaily == 30000)
        // Two of our five requests are still in flight as far as Strava's count goes.
        #expect(state.overallUsage15 == 5)
        #expect(state.overallUsageDaily == 44)
        state.record(
            RateLimitUsage(overallLimit15: 600, overallLimitDaily: 30000, overallUsage15: 9, overallUsageDaily: 50),
            at: now)
        #expect(state.overallUsage15 == 9)
        // No read headers: the local read counts stay.
        #expect(state.readUsage15 == 5)
        #expect(state.readLimit15 == 100)
    }

    @Test("a 429 blocks until the next quarter hour")
    func tooManyRequests() throws {
        var state = state(overall15: 200, overallDay: 700, read15: 100, readDay: 700)
        state.recordTooManyRequests(at: now)
        let boundary = try Fixtures.date("2026-03-18T10:15:00Z")
        #expect(state.blockedUntil == boundary)
        #expect(state.decision(for: .write, at: now) == .wait(until: boundary))
        #expect(state.decision(for: .read, at: boundary) == .proceed)
        state.rollOver(to: boundary)
        #expect(state.blockedUntil == nil)
    }

    @Test("a 429 with the daily budget spent blocks until midnight UTC")
    func tooManyRequestsDaily() throws {
        var state = state(overall15: 100, overallDay: 2001)
        state.recordTooManyRequests(at: now)
        let midnight = try Fixtures.date("2026-03-19T00:00:00Z")
        #expect(state.blockedUntil == midnight)
        #expect(state.decision(for: .read, at: try Fixtures.date("2026-03-18T10:15:00Z")) == .wait(until: midnight))
    }

    @Test("a 429 with low local counts still blocks (another app instance may have spent the budget)")
    func tooManyRequestsUnknownCause() throws {
        var state = RateLimitState()
        state.recordTooManyRequests(at: now)
        #expect(state.decision(for: .read, at: now) == .wait(until: try Fixtures.date("2026-03-18T10:15:00Z")))
    }

    @Test("reserve keeps headroom in every window")
    func reserve() throws {
        let state = state(overall15: 95, overallDay: 900, read15: 95, readDay: 900)
        #expect(state.decision(for: .read, at: now, reserve: 4) == .proceed)
        #expect(
            state.decision(for: .read, at: now, reserve: 5) == .wait(until: try Fixtures.date("2026-03-18T10:15:00Z")))
        #expect(state.decision(for: .write, at: now, reserve: 5) == .proceed)
        #expect(
            state.decision(for: .read, at: now, reserve: 100) == .wait(until: try Fixtures.date("2026-03-19T00:00:00Z"))
        )
        // A reserve larger than a limit still lets the first request of a fresh window through.
        #expect(RateLimitState().decision(for: .read, at: now, reserve: 5000) == .proceed)
    }

    @Test("remaining counts the tighter budget")
    func remaining() {
        let state = state(overall15: 150, overallDay: 1900, read15: 60, readDay: 990)
        let read = state.remaining(for: .read, at: now)
        #expect(read.fifteenMinutes == 40)
        #expect(read.daily == 10)
        let write = state.remaining(for: .write, at: now)
        #expect(write.fifteenMinutes == 50)
        #expect(write.daily == 100)
    }

    @Test("the state round-trips through JSON for the database")
    func codable() throws {
        var state = state(overall15: 12, overallDay: 340, read15: 7, readDay: 120)
        state.recordTooManyRequests(at: now)
        let data = try StravaDecoding.encoder().encode(state)
        #expect(try StravaDecoding.decoder().decode(RateLimitState.self, from: data) == state)
        #expect(try JSONDecoder().decode(RateLimitState.self, from: JSONEncoder().encode(state)) == state)
    }

    @Test("request kind follows the HTTP method")
    func kinds() {
        #expect(RequestKind(method: "GET") == .read)
        #expect(RequestKind(method: "get") == .read)
        #expect(RequestKind(method: "POST") == .write)
        #expect(RequestKind(method: "PUT") == .write)
    }
}

@Suite("In-memory governor")
struct InMemoryGovernorTests {
    @Test("acquire counts requests and refuses once the budget is spent")
    func acquireAndRefuse() async throws {
        let governor = InMemoryRateLimitGovernor(
            state: RateLimitState(readLimit15: 2), now: { Fixtures.now })
        try await governor.acquire(.read)
        try await governor.acquire(.read)
        await #expect(throws: StravaError.rateLimited(until: try Fixtures.date("2026-03-18T10:15:00Z"))) {
            try await governor.acquire(.read)
        }
        try await governor.acquire(.write)
        #expect(await governor.state.overallUsage15 == 3)
        #expect(await governor.state.readUsage15 == 2)
    }

    @Test("record applies headers and blocks on 429")
    func record() async throws {
        let governor = InMemoryRateLimitGovernor(now: { Fixtures.now })
        await governor.record(Fixtures.response(200, "", limit: "300,3000", usage: "5,50"), kind: .read)
        #expect(await governor.state.overallLimit15 == 300)
        #expect(await governor.state.overallUsageDaily == 50)
        await governor.record(HTTPResponse(status: 429), kind: .read)
        #expect(await governor.state.blockedUntil == (try Fixtures.date("2026-03-18T10:15:00Z")))
    }

    @Test("reserve holds back background work")
    func reserve() async throws {
        let governor = InMemoryRateLimitGovernor(
            state: RateLimitState(
                readLimit15: 10, readUsage15: 7, windowStart: RateLimitState.quarterHourStart(Fixtures.now),
                dayStart: RateLimitState.midnightUTC(Fixtures.now)),
            reserve: 3, now: { Fixtures.now })
        await #expect(throws: StravaError.self) {
            try await governor.acquire(.read)
        }
    }
}
