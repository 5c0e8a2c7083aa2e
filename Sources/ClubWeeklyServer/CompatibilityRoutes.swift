import ClubWeekly
import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore
import ServerKit
import StravaAPI

/// The original `dcc-strava` worker's API, so the spec's iOS app works against this server unchanged:
/// `GET /club-data` (default club) and `/clubs/{slug}/club-data`, plus the member endpoints
/// `/exchange`, `/refresh`, `/enrol`, `/leave`. Errors use the worker's `{"error":"…"}` envelope and CORS `*`.
extension ClubWeeklyApp {
    static let corsHeaders: HTTPFields = [
        .accessControlAllowOrigin: "*", .accessControlAllowMethods: "GET, POST, OPTIONS",
        .accessControlAllowHeaders: "Content-Type, Authorization",
    ]

    /// `GET /club-data` (OPTIONS: the CORS preflight; other methods 405, as the worker).
    func clubDataRoute(_ request: Request, _ context: AppRequestContext) async -> Response {
        switch request.method {
        case .options: Response(status: .ok, headers: Self.corsHeaders)
        case .get, .head:
            await compat { try await clubData(request, slug: context.parameters.get("slug"), context: context) }
        default: Self.compatError(.methodNotAllowed, "Method not allowed")
        }
    }

    /// `POST /exchange` (OPTIONS: the CORS preflight).
    func exchangeRoute(_ request: Request, _ context: AppRequestContext) async -> Response {
        await tokenCall(request, context) { try await exchange(request) }
    }

    /// `POST /refresh` (OPTIONS: the CORS preflight).
    func refreshRoute(_ request: Request, _ context: AppRequestContext) async -> Response {
        await tokenCall(request, context) { try await refresh(request) }
    }

    /// `POST /enrol` (OPTIONS: the CORS preflight).
    func enrolRoute(_ request: Request, _ context: AppRequestContext) async -> Response {
        await tokenCall(request, context) {
            try await enrol(request, slug: context.parameters.get("slug"), context: context)
        }
    }

    /// `POST /leave` (OPTIONS: the CORS preflight).
    func leaveRoute(_ request: Request, _ context: AppRequestContext) async -> Response {
        await tokenCall(request, context) { try await leave(request, slug: context.parameters.get("slug")) }
    }

    /// A member endpoint of the worker: the preflight, or the call under the token-call limit.
    func tokenCall(
        _ request: Request, _ context: AppRequestContext, _ body: () async throws -> Response
    ) async -> Response {
        if request.method == .options { return Response(status: .ok, headers: Self.corsHeaders) }
        return await compat {
            try await throttleTokenCalls(request, context: context)
            return try await body()
        }
    }

    /// An error in the worker's shape.
    struct CompatError: Error {
        var status: HTTPResponse.Status
        var message: String
    }

    func compat(_ body: () async throws -> Response) async -> Response {
        do {
            var response = try await body()
            for field in Self.corsHeaders { response.headers[field.name] = field.value }
            return response
        } catch let error as CompatError {
            return Self.compatError(error.status, error.message)
        } catch let error as APIError where error.status.kind == .clientError {
            // The client's own fault (a body over the limit): its status and our message, in the worker's shape.
            return Self.compatError(error.status, error.message)
        } catch let error as DatabaseUnavailable {
            var response = Self.compatError(.serviceUnavailable, "Database unavailable; retry shortly.")
            response.headers[.retryAfter] = String(error.retryAfter)
            return response
        } catch {
            // The worker put its exception text here; ours stays in the log (it can name tables or hosts).
            logger.error("club-data compatibility route failed", metadata: ["error": "\(error)"])
            return Self.compatError(.badGateway, "Failed to build club data.")
        }
    }

    static func compatError(_ status: HTTPResponse.Status, _ message: String) -> Response {
        let data = (try? JSONEncoder().encode(["error": message])) ?? Data("{}".utf8)
        return JSONResponse.raw(data, status: status, headers: corsHeaders)
    }

    /// JavaScript `parseInt(text, 10)`: leading whitespace and sign, then digits; nil (NaN) when none.
    static func parseIntLikeJS(_ text: String) -> Int? {
        var scalars = Substring(text).drop { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        var sign = 1
        if let first = scalars.first, first == "-" || first == "+" {
            sign = first == "-" ? -1 : 1
            scalars = scalars.dropFirst()
        }
        let digits = scalars.prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty else { return nil }
        // Offsets beyond Int range are "too old" rather than a crash.
        guard let value = Int(digits.prefix(12)) else { return nil }
        return sign * value
    }

    /// A private club's worker routes need the club code as a bearer token (under the same lock-out as sign-in).
    func requireFeedAccess(_ record: ClubRecord, request: Request, context: AppRequestContext) async throws {
        guard !record.club.isFeedPublic else { return }
        var valid = false
        if let code = Self.bearer(request) {
            do {
                valid = try await checkCode(code, record: record, request: request, context: context)
            } catch let error as APIError {
                throw CompatError(status: error.status, message: error.message)
            }
        }
        guard valid else {
            throw CompatError(
                status: .unauthorized, message: "This club's feed is private: send the club code as a Bearer token.")
        }
    }

    /// The worker's token endpoints spend the shared Strava budget: at most 30 calls per 15 minutes per client.
    func throttleTokenCalls(_ request: Request, context: AppRequestContext) async throws {
        let key = "strava-proxy:\(request.clientAddress(context: context))"
        if let wait = try await proxyLimiter.begin(key) {
            throw CompatError(status: .tooManyRequests, message: "Too many requests: try again in \(wait) s.")
        }
    }

    func clubData(_ request: Request, slug: String?, context: AppRequestContext) async throws -> Response {
        let slug = slug ?? config.defaultClub
        guard let record = try await clubs.find(slug: slug) else {
            throw CompatError(status: .notFound, message: "Not found")
        }
        try await requireFeedAccess(record, request: request, context: context)
        var offset = 0
        if let text = request.uri.queryParameters.get("weekOffset") {
            guard let parsed = Self.parseIntLikeJS(text), parsed <= 0 else {
                throw CompatError(
                    status: .badRequest, message: "Invalid weekOffset. Must be 0 (current) or negative (past weeks).")
            }
            offset = parsed
        }
        do {
            _ = try await weeks.checkOffset(offset, club: record.club)
        } catch WeekOffsetError.beforeHistory(let requested, let oldest) {
            throw CompatError(
                status: .unprocessableContent,
                message:
                    "weekOffset \(requested) is older than this club's history, which starts \(-oldest) weeks ago (max \(oldest))."
            )
        }
        // Like the worker: a computed payload is served as stored (with `X-Cache: HIT`) for up to an hour, and here
        // only while what the week shows is unchanged (``WeekService/version(club:week:)``).
        let week = WeekCalendar(club: record.club).week(offset: offset, from: weeks.now())
        let key = [
            "feed", record.club.id.rawValue, try await weeks.version(club: record, week: week),
            String(week.start.epochMilliseconds),
        ].joined(separator: "|")
        if let hit = cache.get(key, maxAge: 3600, now: weeks.now()) {
            return JSONResponse.raw(hit.data, headers: [.xCache: "HIT"])
        }
        let data = try await weeks.feed(club: record.club, offset: offset).jsonData()
        cache.put(key, data: data, now: weeks.now())
        return JSONResponse.raw(data)
    }

    // MARK: Member endpoints of the newest worker

    /// Reads a required string field like the worker: 400 "Missing or invalid '<field>' field".
    static func stringField(_ object: [String: Any], _ name: String) throws -> String {
        guard let value = object[name] as? String, !value.isEmpty else {
            throw CompatError(status: .badRequest, message: "Missing or invalid '\(name)' field")
        }
        return value
    }

    static func jsonObject(_ request: Request) async throws -> [String: Any] {
        let data = try await request.collectBody(limit: 64 << 10)
        guard let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else {
            throw CompatError(status: .badRequest, message: "Invalid JSON body")
        }
        return object
    }

    static func passOn(_ error: StravaError) -> CompatError {
        switch error {
        case .unauthorized(let message): CompatError(status: .unauthorized, message: message)
        case .forbidden(let message): CompatError(status: .forbidden, message: message)
        case .notFound(let message): CompatError(status: .notFound, message: message)
        case .badRequest(let status, let message): CompatError(status: .init(code: status), message: message)
        case .rateLimited: CompatError(status: .tooManyRequests, message: "Rate Limit Exceeded")
        default: CompatError(status: .badGateway, message: error.message)
        }
    }

    /// The worker's token answer: only these fields of Strava's, never the athlete.
    struct TokenPayload: Encodable {
        var access_token: String
        var refresh_token: String?
        var expires_at: Int64
        var token_type: String
    }

    /// `POST /exchange {code}`: the token grant, answering only the token fields.
    func exchange(_ request: Request) async throws -> Response {
        let code = try Self.stringField(try await Self.jsonObject(request), "code")
        let token: TokenResponse
        do {
            token = try await sync.client.exchange(code: code)
        } catch {
            throw Self.passOn(error)
        }
        return try JSONResponse.make(TokenPayload(token), encoder: JSONEncoder())
    }

    /// `POST /refresh`: `{athlete_id, member_key}` returns a fresh access token of an enrolled member (never the
    /// refresh token); `{refresh_token}` is the stateless grant.
    func refresh(_ request: Request) async throws -> Response {
        let object = try await Self.jsonObject(request)
        if let athlete = (object["athlete_id"] as? NSNumber)?.int64Value
            ?? (object["athlete_id"] as? String).flatMap(Int64.init),
            let key = object["member_key"] as? String
        {
            let linked = try await members.members(athlete: athlete)
            var authorised = false
            for member in linked {
                if let sealed = try await members.memberKeySealed(member.id),
                    let stored = try? clubService.cipher.open(sealed), Tokens.constantTimeEquals(stored, key)
                {
                    authorised = true
                }
            }
            guard authorised, let account = try await accounts.find(athlete) else {
                throw CompatError(status: .unauthorized, message: "Unknown athlete or wrong member key")
            }
            let access: String
            do {
                access = try await sync.accessToken(for: account)
            } catch {
                throw Self.passOn(error)
            }
            let refreshed = try await accounts.find(athlete)
            return try JSONResponse.make(
                TokenPayload(
                    access_token: access, refresh_token: nil,
                    expires_at: Int64((refreshed?.expiresAt ?? account.expiresAt).timeIntervalSince1970),
                    token_type: "Bearer"), encoder: JSONEncoder())
        }
        let refreshToken = try Self.stringField(object, "refresh_token")
        let token: TokenResponse
        do {
            token = try await sync.client.refresh(refreshToken: refreshToken)
        } catch {
            throw Self.passOn(error)
        }
        return try JSONResponse.make(TokenPayload(token), encoder: JSONEncoder())
    }

    /// `POST /enrol {refresh_token}`: opts a rider into the club and syncs them at once.
    func enrol(_ request: Request, slug: String?, context: AppRequestContext) async throws -> Response {
        let refreshToken = try Self.stringField(try await Self.jsonObject(request), "refresh_token")
        guard let record = try await clubs.find(slug: slug ?? config.defaultClub) else {
            throw CompatError(status: .notFound, message: "Not found")
        }
        // Joining a private club takes its code, like signing in does.
        try await requireFeedAccess(record, request: request, context: context)
        let token: TokenResponse
        let athlete: SummaryAthlete
        do throws(StravaError) {
            token = try await sync.client.refresh(refreshToken: refreshToken)
            if let known = token.athlete {
                athlete = known
            } else {
                athlete = try await sync.client.athlete(accessToken: token.accessToken)
            }
        } catch {
            throw CompatError(status: .badGateway, message: "Enrolment failed: \(error.message)")
        }
        try await accounts.save(
            StravaAccount(
                athleteID: athlete.id, firstName: athlete.firstname ?? "", lastName: athlete.lastname ?? "",
                accessToken: token.accessToken, refreshToken: token.refreshToken,
                expiresAt: Date(timeIntervalSince1970: TimeInterval(token.expiresAt)),
                scope: StravaSync.scopes.joined(separator: ","), connectedAt: Date()))
        let member: Member
        if let existing = try await members.find(athlete: athlete.id, in: record.club.id) {
            member = existing
        } else {
            member = Member(
                id: MemberID(UUID().uuidString.lowercased()), clubID: record.club.id,
                firstName: athlete.firstname ?? "Rider", lastName: athlete.lastname ?? "", stravaAthleteID: athlete.id,
                joinedAt: Date())
            try await members.insert(member)
        }
        // The member key is kept across re-enrolment: it is sealed at rest and handed back each time.
        let key: String
        if let sealed = try await members.memberKeySealed(member.id),
            let existing = try? clubService.cipher.open(sealed)
        {
            key = existing
        } else {
            key = Tokens.sha256(Tokens.random())
            try await members.setMemberKey(member.id, sealed: try clubService.cipher.seal(key))
        }
        // Sync now, so the rider shows up in /club-data straight away (the newest worker's tests expect that).
        do {
            try await sync.backfill(athlete: athlete.id)
            try await accounts.markSynced(athlete: athlete.id, at: Date(), error: nil)
        } catch {
            try await sync.enqueueBackfill(athlete: athlete.id)
        }
        struct Enrolled: Encodable {
            var enrolled: Bool
            var athlete_id: Int64
            var name: String
            var member_key: String
        }
        return try JSONResponse.make(
            Enrolled(
                enrolled: true, athlete_id: athlete.id,
                name: Format.privacyName(firstName: member.firstName, lastName: member.lastName),
                member_key: key), encoder: JSONEncoder())
    }

    /// `POST /leave {access_token}`: removes the rider and all their data from the club.
    func leave(_ request: Request, slug: String?) async throws -> Response {
        let accessToken = try Self.stringField(try await Self.jsonObject(request), "access_token")
        guard let record = try await clubs.find(slug: slug ?? config.defaultClub) else {
            throw CompatError(status: .notFound, message: "Not found")
        }
        let athlete: SummaryAthlete
        do {
            athlete = try await sync.client.athlete(accessToken: accessToken)
        } catch .unauthorized {
            throw CompatError(status: .unauthorized, message: "Invalid access token")
        } catch {
            throw Self.passOn(error)
        }
        if let member = try await members.find(athlete: athlete.id, in: record.club.id) {
            try await membership.remove(member, from: record.club.id, strava: .keepAuthorised)
        }
        struct Left: Encodable {
            var enrolled: Bool
            var athlete_id: Int64
        }
        return try JSONResponse.make(Left(enrolled: false, athlete_id: athlete.id), encoder: JSONEncoder())
    }
}

extension ClubWeeklyApp.TokenPayload {
    init(_ token: TokenResponse) {
        self.init(
            access_token: token.accessToken, refresh_token: token.refreshToken, expires_at: token.expiresAt,
            token_type: token.tokenType ?? "Bearer")
    }
}
