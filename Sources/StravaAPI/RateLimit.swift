import Foundation

/// Which of Strava's budgets a request draws on.
public enum RequestKind: String, Sendable, Codable {
    /// A GET: counts toward the read limits and the overall limits.
    case read
    /// Any other method (uploads, updates, OAuth posts): counts toward the overall limits only.
    case write

    /// The kind of a request with the given HTTP method.
    public init(method: String) {
        self = method.uppercased() == "GET" ? .read : .write
    }
}

/// Limits and usage as Strava reports them in response headers, each as "15-minute,daily".
public struct RateLimitUsage: Sendable, Equatable, Codable {
    /// `X-RateLimit-Limit`, 15-minute part.
    public var overallLimit15: Int
    /// `X-RateLimit-Limit`, daily part.
    public var overallLimitDaily: Int
    /// `X-RateLimit-Usage`, 15-minute part.
    public var overallUsage15: Int
    /// `X-RateLimit-Usage`, daily part.
    public var overallUsageDaily: Int
    /// `X-ReadRateLimit-Limit`, 15-minute part, when sent.
    public var readLimit15: Int?
    /// `X-ReadRateLimit-Limit`, daily part, when sent.
    public var readLimitDaily: Int?
    /// `X-ReadRateLimit-Usage`, 15-minute part, when sent.
    public var readUsage15: Int?
    /// `X-ReadRateLimit-Usage`, daily part, when sent.
    public var readUsageDaily: Int?

    /// Creates a usage report.
    public init(
        overallLimit15: Int, overallLimitDaily: Int, overallUsage15: Int, overallUsageDaily: Int,
        readLimit15: Int? = nil, readLimitDaily: Int? = nil, readUsage15: Int? = nil, readUsageDaily: Int? = nil
    ) {
        self.overallLimit15 = overallLimit15
        self.overallLimitDaily = overallLimitDaily
        self.overallUsage15 = overallUsage15
        self.overallUsageDaily = overallUsageDaily
        self.readLimit15 = readLimit15
        self.readLimitDaily = readLimitDaily
        self.readUsage15 = readUsage15
        self.readUsageDaily = readUsageDaily
    }

    /// Reads `X-RateLimit-Limit`/`X-RateLimit-Usage` (required) and `X-ReadRateLimit-Limit`/`X-ReadRateLimit-Usage`
    /// (optional, used only when both parse); nil when the overall headers are absent or garbled.
    public static func parse(_ response: HTTPResponse) -> RateLimitUsage? {
        guard let limit = pair(response.header("X-RateLimit-Limit")),
            let usage = pair(response.header("X-RateLimit-Usage"))
        else { return nil }
        var result = RateLimitUsage(
            overallLimit15: limit.0, overallLimitDaily: limit.1, overallUsage15: usage.0, overallUsageDaily: usage.1)
        if let readLimit = pair(response.header("X-ReadRateLimit-Limit")),
            let readUsage = pair(response.header("X-ReadRateLimit-Usage"))
        {
            result.readLimit15 = readLimit.0
            result.readLimitDaily = readLimit.1
            result.readUsage15 = readUsage.0
            result.readUsageDaily = readUsage.1
        }
        return result
    }

    /// Whether the daily overall or read budget is spent.
    public var isDailyExhausted: Bool {
        if overallUsageDaily >= overallLimitDaily { return true }
        if let readUsageDaily, let readLimitDaily, readUsageDaily >= readLimitDaily { return true }
        return false
    }

    private static func pair(_ value: String?) -> (Int, Int)? {
        guard let value else { return nil }
        let parts = value.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2,
            let first = Int(parts[0].trimmingCharacters(in: .whitespaces)),
            let second = Int(parts[1].trimmingCharacters(in: .whitespaces)),
            first >= 0, second >= 0
        else { return nil }
        return (first, second)
    }
}

/// What to do with a request now.
public enum RateLimitDecision: Sendable, Equatable {
    /// Send it.
    case proceed
    /// Do not send it before this date.
    case wait(until: Date)
}

/// The rate-limit budget: counters of the current 15-minute window and UTC day with their limits.
///
/// Pure value arithmetic; the server persists it in its database so all instances share one budget.
/// Strava's 15-minute windows start at :00, :15, :30 and :45 and its day at midnight UTC.
public struct RateLimitState: Sendable, Equatable, Codable {
    /// Overall requests allowed per 15 minutes.
    public var overallLimit15: Int
    /// Overall requests allowed per UTC day.
    public var overallLimitDaily: Int
    /// Read requests allowed per 15 minutes.
    public var readLimit15: Int
    /// Read requests allowed per UTC day.
    public var readLimitDaily: Int
    /// Overall requests in the current 15-minute window.
    public var overallUsage15: Int
    /// Overall requests in the current UTC day.
    public var overallUsageDaily: Int
    /// Read requests in the current 15-minute window.
    public var readUsage15: Int
    /// Read requests in the current UTC day.
    public var readUsageDaily: Int
    /// Start of the 15-minute window the 15-minute counters belong to.
    public var windowStart: Date
    /// Midnight UTC starting the day the daily counters belong to.
    public var dayStart: Date
    /// No request before this date (set by a 429).
    public var blockedUntil: Date?

    /// Creates a state; defaults are Strava's standard limits (200/2,000 overall, 100/1,000 read) and no usage.
    public init(
        overallLimit15: Int = 200, overallLimitDaily: Int = 2000, readLimit15: Int = 100, readLimitDaily: Int = 1000,
        overallUsage15: Int = 0, overallUsageDaily: Int = 0, readUsage15: Int = 0, readUsageDaily: Int = 0,
        windowStart: Date = Date(timeIntervalSince1970: 0), dayStart: Date = Date(timeIntervalSince1970: 0),
        blockedUntil: Date? = nil
    ) {
        self.overallLimit15 = overallLimit15
        self.overallLimitDaily = overallLimitDaily
        self.readLimit15 = readLimit15
        self.readLimitDaily = readLimitDaily
        self.overallUsage15 = overallUsage15
        self.overallUsageDaily = overallUsageDaily
        self.readUsage15 = readUsage15
        self.readUsageDaily = readUsageDaily
        self.windowStart = windowStart
        self.dayStart = dayStart
        self.blockedUntil = blockedUntil
    }

    static let quarterHour: TimeInterval = 900
    static let day: TimeInterval = 86_400

    /// The start of the 15-minute window containing `date` (:00, :15, :30 or :45 UTC).
    public static func quarterHourStart(_ date: Date) -> Date {
        Date(timeIntervalSince1970: (date.timeIntervalSince1970 / quarterHour).rounded(.down) * quarterHour)
    }

    /// The first quarter-hour boundary strictly after `date`.
    public static func nextQuarterHour(after date: Date) -> Date {
        quarterHourStart(date).addingTimeInterval(quarterHour)
    }

    /// Midnight UTC starting the day containing `date`.
    public static func midnightUTC(_ date: Date) -> Date {
        Date(timeIntervalSince1970: (date.timeIntervalSince1970 / day).rounded(.down) * day)
    }

    /// The first midnight UTC strictly after `date`.
    public static func nextMidnightUTC(after date: Date) -> Date {
        midnightUTC(date).addingTimeInterval(day)
    }

    /// When to send again after a 429 with this response: midnight UTC when its headers show the daily budget
    /// spent, otherwise the next quarter hour.
    public static func blockedUntil(after response: HTTPResponse, at now: Date) -> Date {
        var state = RateLimitState()
        if let usage = RateLimitUsage.parse(response) {
            state.record(usage, at: now)
        }
        state.recordTooManyRequests(at: now)
        return state.blockedUntil ?? nextQuarterHour(after: now)
    }

    /// Resets the counters whose window has ended by `now` and clears an expired block.
    ///
    /// A clock that moved backwards (another instance's skew) never resets anything.
    public mutating func rollOver(to now: Date) {
        let window = Self.quarterHourStart(now)
        if window > windowStart {
            windowStart = window
            overallUsage15 = 0
            readUsage15 = 0
        }
        let midnight = Self.midnightUTC(now)
        if midnight > dayStart {
            dayStart = midnight
            overallUsageDaily = 0
            readUsageDaily = 0
        }
        if let blockedUntil, blockedUntil <= now {
            self.blockedUntil = nil
        }
    }

    /// The state as of `now`, with ended windows reset.
    public func rolledOver(to now: Date) -> RateLimitState {
        var copy = self
        copy.rollOver(to: now)
        return copy
    }

    /// Whether a request of `kind` may go now, keeping `reserve` requests of headroom in every window
    /// (clamped so that at least one request per window stays possible).
    ///
    /// When the daily budget is spent the answer is to wait for midnight UTC; when only the 15-minute budget is,
    /// for the next quarter hour.
    public func decision(for kind: RequestKind, at now: Date, reserve: Int = 0) -> RateLimitDecision {
        let state = rolledOver(to: now)
        if let blockedUntil = state.blockedUntil, blockedUntil > now {
            return .wait(until: blockedUntil)
        }
        func exhausted(_ usage: Int, _ limit: Int) -> Bool {
            let headroom = max(0, min(reserve, limit - 1))
            return usage + 1 + headroom > limit
        }
        var daily = exhausted(state.overallUsageDaily, state.overallLimitDaily)
        var quarter = exhausted(state.overallUsage15, state.overallLimit15)
        if kind == .read {
            daily = daily || exhausted(state.readUsageDaily, state.readLimitDaily)
            quarter = quarter || exhausted(state.readUsage15, state.readLimit15)
        }
        if daily { return .wait(until: Self.nextMidnightUTC(after: now)) }
        if quarter { return .wait(until: Self.nextQuarterHour(after: now)) }
        return .proceed
    }

    /// Counts a request about to be sent, after rolling the windows over; the response's headers correct it.
    public mutating func willSend(_ kind: RequestKind, at now: Date) {
        rollOver(to: now)
        overallUsage15 += 1
        overallUsageDaily += 1
        if kind == .read {
            readUsage15 += 1
            readUsageDaily += 1
        }
    }

    /// Takes Strava's limits and its usage where that is higher than the local count.
    public mutating func record(_ usage: RateLimitUsage, at now: Date) {
        rollOver(to: now)
        // Limits come from Strava. Usage keeps the higher of Strava's count and ours: requests reserved by other
        // workers may still be in flight and not yet counted by Strava; both reset at the same boundaries.
        overallLimit15 = usage.overallLimit15
        overallLimitDaily = usage.overallLimitDaily
        overallUsage15 = max(overallUsage15, usage.overallUsage15)
        overallUsageDaily = max(overallUsageDaily, usage.overallUsageDaily)
        if let value = usage.readLimit15 { readLimit15 = value }
        if let value = usage.readLimitDaily { readLimitDaily = value }
        if let value = usage.readUsage15 { readUsage15 = max(readUsage15, value) }
        if let value = usage.readUsageDaily { readUsageDaily = max(readUsageDaily, value) }
    }

    /// Records a 429: no request until the next quarter hour, or until midnight UTC when the daily budget
    /// is spent.
    public mutating func recordTooManyRequests(at now: Date) {
        rollOver(to: now)
        let dailySpent = overallUsageDaily >= overallLimitDaily || readUsageDaily >= readLimitDaily
        let until = dailySpent ? Self.nextMidnightUTC(after: now) : Self.nextQuarterHour(after: now)
        if let blockedUntil, blockedUntil > until { return }
        blockedUntil = until
    }

    /// Requests of `kind` left in the current 15-minute window and day as of `now`.
    public func remaining(for kind: RequestKind, at now: Date) -> (fifteenMinutes: Int, daily: Int) {
        let state = rolledOver(to: now)
        var quarter = state.overallLimit15 - state.overallUsage15
        var daily = state.overallLimitDaily - state.overallUsageDaily
        if kind == .read {
            quarter = min(quarter, state.readLimit15 - state.readUsage15)
            daily = min(daily, state.readLimitDaily - state.readUsageDaily)
        }
        return (max(0, quarter), max(0, daily))
    }
}

/// Shares one rate-limit budget between all callers; the server implements it over its database so every
/// instance draws on the same budget.
public protocol RateLimitGovernor: Sendable {
    /// Reserves one request of `kind`, or throws `.rateLimited(until:)` when the budget is exhausted;
    /// callers defer the work instead of sleeping.
    func acquire(_ kind: RequestKind) async throws(StravaError)
    /// Records a response's rate-limit headers, and a 429 as a block.
    func record(_ response: HTTPResponse, kind: RequestKind) async
}

/// A governor for one process (apps, tests, command-line tools).
public actor InMemoryRateLimitGovernor: RateLimitGovernor {
    /// The current budget.
    public var state: RateLimitState
    /// Headroom kept in every window, so interactive requests still get through while background work waits.
    public let reserve: Int
    private let now: @Sendable () -> Date

    /// Creates a governor starting from `state`, reading the time from `now`.
    public init(state: RateLimitState = .init(), reserve: Int = 0, now: @escaping @Sendable () -> Date = Date.init) {
        self.state = state
        self.reserve = reserve
        self.now = now
    }

    /// Reserves one request or throws `.rateLimited(until:)`.
    public func acquire(_ kind: RequestKind) async throws(StravaError) {
        let date = now()
        switch state.decision(for: kind, at: date, reserve: reserve) {
        case .proceed:
            state.willSend(kind, at: date)
        case .wait(let until):
            throw .rateLimited(until: until)
        }
    }

    /// Applies the response's headers and blocks after a 429.
    public func record(_ response: HTTPResponse, kind: RequestKind) async {
        let date = now()
        if let usage = RateLimitUsage.parse(response) {
            state.record(usage, at: date)
        }
        if response.status == 429 {
            state.recordTooManyRequests(at: date)
        }
    }
}
