import Foundation

/// Strava API v3 and OAuth calls over an injected transport and rate-limit governor.
///
/// Every request first acquires a slot from the governor and reports the response to it afterwards,
/// including 429 and 5xx answers. The client never retries: statuses map to `StravaError` and the caller
/// (the server's HTTP layer or job runner) decides.
public struct StravaClient: Sendable {
    /// Hosts and credentials.
    public let configuration: StravaConfiguration
    private let transport: any HTTPTransport
    private let governor: any RateLimitGovernor
    private let now: @Sendable () -> Date

    /// The most activities Strava returns per page.
    public static let maximumPerPage = 200

    /// Creates a client.
    public init(
        configuration: StravaConfiguration, transport: any HTTPTransport, governor: any RateLimitGovernor,
        now: @escaping @Sendable () -> Date = Date.init
    ) {
        self.configuration = configuration
        self.transport = transport
        self.governor = governor
        self.now = now
    }

    // MARK: OAuth

    /// The page to send the athlete to: `{oauth}/authorize` with `client_id`, `redirect_uri`,
    /// `response_type=code`, `approval_prompt`, comma-separated `scope` and `state` (verify it on return).
    public func authorizeURL(
        redirectURI: String, scope: [String] = ["read", "activity:read_all"], state: String,
        approvalPrompt: String = "auto"
    ) -> URL {
        let query = FormEncoding.encode([
            ("client_id", configuration.clientID),
            ("redirect_uri", redirectURI),
            ("response_type", "code"),
            ("approval_prompt", approvalPrompt),
            ("scope", scope.joined(separator: ",")),
            ("state", state),
        ])
        let base = Self.url(configuration.oauthBaseURL, path: "authorize")
        return URL(string: base.absoluteString + "?" + query) ?? base
    }

    /// Exchanges the authorization code from the redirect for tokens and the athlete.
    public func exchange(code: String) async throws(StravaError) -> TokenResponse {
        try await tokenRequest([
            ("client_id", configuration.clientID),
            ("client_secret", configuration.clientSecret),
            ("code", code),
            ("grant_type", "authorization_code"),
        ])
    }

    /// Gets a fresh access token; store the returned refresh token, the old one stops working.
    public func refresh(refreshToken: String) async throws(StravaError) -> TokenResponse {
        try await tokenRequest([
            ("client_id", configuration.clientID),
            ("client_secret", configuration.clientSecret),
            ("grant_type", "refresh_token"),
            ("refresh_token", refreshToken),
        ])
    }

    /// Revokes a token with `POST {oauth}/revoke` (HTTP Basic client credentials, body `token`).
    ///
    /// A 401 or 404 means the token is already gone and is not an error.
    public func revoke(accessToken: String) async throws(StravaError) {
        let credentials = Data("\(configuration.clientID):\(configuration.clientSecret)".utf8).base64EncodedString()
        let request = HTTPRequest(
            method: "POST", url: Self.url(configuration.oauthBaseURL, path: "revoke"),
            headers: [
                "Authorization": "Basic \(credentials)",
                "Content-Type": "application/x-www-form-urlencoded",
                "Accept": "application/json",
            ],
            body: Data(FormEncoding.encode([("token", accessToken)]).utf8))
        try await send(request, alreadyGoneIsSuccess: true)
    }

    /// Revokes access with the legacy `POST {oauth}/deauthorize` (`access_token` in the body), which Strava
    /// retires on 2027-06-01; prefer `revoke(accessToken:)`. A 401 or 404 is not an error.
    public func deauthorize(accessToken: String) async throws(StravaError) {
        let request = HTTPRequest(
            method: "POST", url: Self.url(configuration.oauthBaseURL, path: "deauthorize"),
            headers: ["Content-Type": "application/x-www-form-urlencoded", "Accept": "application/json"],
            body: Data(FormEncoding.encode([("access_token", accessToken)]).utf8))
        try await send(request, alreadyGoneIsSuccess: true)
    }

    // MARK: Activities

    /// One page of the athlete's activities: `GET {api}/athlete/activities` with `after`/`before` as epoch seconds,
    /// `page` (from 1) and `per_page` (clamped to 1...200).
    public func athleteActivities(
        accessToken: String, after: Date?, before: Date?, page: Int, perPage: Int
    ) async throws(StravaError) -> [SummaryActivity] {
        var query: [(String, String)] = []
        if let before { query.append(("before", String(Self.epochSeconds(before)))) }
        if let after { query.append(("after", String(Self.epochSeconds(after)))) }
        query.append(("page", String(max(1, page))))
        query.append(("per_page", String(Self.clampedPerPage(perPage))))
        let url = Self.url(configuration.apiBaseURL, path: "athlete/activities", query: query)
        let response = try await send(HTTPRequest(method: "GET", url: url, headers: bearer(accessToken)))
        return try Self.decode([SummaryActivity].self, from: response.body, what: "athlete activities")
    }

    /// All activities in the range, page by page until a short or empty page or `maxPages` pages.
    public func allAthleteActivities(
        accessToken: String, after: Date?, before: Date? = nil, perPage: Int = 200, maxPages: Int = 50
    ) async throws(StravaError) -> [SummaryActivity] {
        let size = Self.clampedPerPage(perPage)
        var all: [SummaryActivity] = []
        var page = 1
        while page <= maxPages {
            let batch = try await athleteActivities(
                accessToken: accessToken, after: after, before: before, page: page, perPage: size)
            all.append(contentsOf: batch)
            if batch.count < size { break }
            page += 1
        }
        return all
    }

    /// One activity: `GET {api}/activities/{id}`.
    public func activity(id: Int64, accessToken: String) async throws(StravaError) -> SummaryActivity {
        let url = Self.url(configuration.apiBaseURL, path: "activities/\(id)")
        let response = try await send(HTTPRequest(method: "GET", url: url, headers: bearer(accessToken)))
        return try Self.decode(SummaryActivity.self, from: response.body, what: "activity \(id)")
    }

    /// The athlete who owns the token: `GET {api}/athlete`.
    public func athlete(accessToken: String) async throws(StravaError) -> SummaryAthlete {
        let url = Self.url(configuration.apiBaseURL, path: "athlete")
        let response = try await send(HTTPRequest(method: "GET", url: url, headers: bearer(accessToken)))
        return try Self.decode(SummaryAthlete.self, from: response.body, what: "athlete")
    }

    // MARK: Plumbing

    /// Sends a request through the governor and maps a non-2xx status to an error.
    @discardableResult
    public func send(_ request: HTTPRequest) async throws(StravaError) -> HTTPResponse {
        try await send(request, alreadyGoneIsSuccess: false)
    }

    @discardableResult
    private func send(_ request: HTTPRequest, alreadyGoneIsSuccess: Bool) async throws(StravaError) -> HTTPResponse {
        let kind = RequestKind(method: request.method)
        try await governor.acquire(kind)
        let response: HTTPResponse
        do {
            response = try await transport.send(request)
        } catch let error as StravaError {
            throw error
        } catch {
            throw .transport(String(describing: error))
        }
        await governor.record(response, kind: kind)
        if alreadyGoneIsSuccess, response.status == 401 || response.status == 404 {
            return response
        }
        if let error = StravaError.from(response: response, at: now()) {
            throw error
        }
        return response
    }

    private func tokenRequest(_ form: [(String, String)]) async throws(StravaError) -> TokenResponse {
        let request = HTTPRequest(
            method: "POST", url: Self.url(configuration.oauthBaseURL, path: "token"),
            headers: ["Content-Type": "application/x-www-form-urlencoded", "Accept": "application/json"],
            body: Data(FormEncoding.encode(form).utf8))
        let response = try await send(request)
        return try Self.decode(TokenResponse.self, from: response.body, what: "token response")
    }

    private func bearer(_ accessToken: String) -> [String: String] {
        ["Authorization": "Bearer \(accessToken)", "Accept": "application/json"]
    }

    static func clampedPerPage(_ perPage: Int) -> Int {
        min(max(1, perPage), maximumPerPage)
    }

    static func epochSeconds(_ date: Date) -> Int64 {
        let seconds = date.timeIntervalSince1970.rounded(.down)
        guard seconds.isFinite, abs(seconds) < 1e15 else { return 0 }
        return Int64(seconds)
    }

    static func decode<T: Decodable>(_ type: T.Type, from data: Data, what: String) throws(StravaError) -> T {
        do {
            return try StravaDecoding.decoder().decode(type, from: data)
        } catch {
            throw .decoding("\(what): \(describeDecodingError(error))")
        }
    }

    /// `base` with `path` appended (slashes normalised) and an encoded query.
    static func url(_ base: URL, path: String, query: [(String, String)] = []) -> URL {
        var text = base.absoluteString
        while text.hasSuffix("/") { text.removeLast() }
        text += "/" + path.split(separator: "/").map { FormEncoding.escape(String($0)) }.joined(separator: "/")
        if !query.isEmpty {
            text += "?" + FormEncoding.encode(query)
        }
        // Every part is percent-encoded, so this only fails for a base URL that was not absolute to begin with.
        return URL(string: text) ?? base.appendingPathComponent(path)
    }
}

/// `application/x-www-form-urlencoded` and query encoding that escapes everything but RFC 3986 unreserved
/// characters, so `&`, `=`, `+` and `,` in values can never be misread.
enum FormEncoding {
    private static let unreserved = Set(
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~".utf8)

    static func escape(_ text: String) -> String {
        var result = ""
        for byte in text.utf8 {
            if unreserved.contains(byte) {
                result.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                let hex = String(byte, radix: 16, uppercase: true)
                result += byte < 16 ? "%0" + hex : "%" + hex
            }
        }
        return result
    }

    static func encode(_ pairs: [(String, String)]) -> String {
        pairs.map { escape($0.0) + "=" + escape($0.1) }.joined(separator: "&")
    }

    /// Decodes a form or query string; `+` is read as a space.
    static func decode(_ text: String) -> [(String, String)] {
        text.split(separator: "&").map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            func unescape(_ part: Substring) -> String {
                let spaced = part.replacingOccurrences(of: "+", with: " ")
                return spaced.removingPercentEncoding ?? spaced
            }
            return (unescape(parts[0]), parts.count > 1 ? unescape(parts[1]) : "")
        }
    }
}
