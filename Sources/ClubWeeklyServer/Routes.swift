import ClubWeekly
import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore
import ServerKit
import StravaAPI

/// The session cookie's name.
let sessionCookie = "cw_session"

/// Who is calling: the club, and a member or admin when signed in.
struct Caller: Sendable {
    var record: ClubRecord
    var session: Session?
    /// Authenticated by the club code as a bearer token.
    var viaCode: Bool
    var club: Club { record.club }
    var memberID: MemberID? { session?.subject.map { MemberID($0) } }
    var isAdmin: Bool { session?.role == "admin" }
    var canRead: Bool { club.isFeedPublic || session != nil || viaCode }
}

extension ClubWeeklyApp {
    /// Registers every ``ClubWeeklyRoute``: the pages, the JSON API, the Strava OAuth and webhook endpoints and the
    /// original worker's compatibility routes.
    public func addRoutes(to router: Router<AppRequestContext>) {
        for route in ClubWeeklyRoute.allCases { router.on(route, use: handler(for: route)) }
    }

    /// The handler of `route` (the switch is exhaustive, so no route can be left unregistered).
    func handler(for route: ClubWeeklyRoute) -> @Sendable (Request, AppRequestContext) async throws -> Response {
        switch route {
        // Pages
        case .dashboard: showDashboard
        case .fragment: fragment
        case .join: showJoin
        case .joinSubmit: joinSubmit
        case .signOut: signOutSubmit
        case .settings: showSettings
        case .settingsAction: settingsSubmit
        case .stravaConnect: stravaConnectPage
        case .admin: showAdmin
        case .adminAction: adminSubmit
        case .removeMember: removeMemberSubmit
        case .tv: showTV
        case .tvBoard: tvBoard
        case .tvVersion: tvVersion
        case .manifest: manifest
        case .assets: asset
        // JSON API
        case .apiOpenAPI: openAPI
        case .apiSignIn: signIn
        case .apiAdminSignIn: adminSignIn
        case .apiSignOut: signOut
        case .apiSettings: updateSettings
        case .apiWeek: week
        case .apiMembers: listMembers
        case .apiInsights: insights
        case .apiSync: showSyncStatus
        case .apiMe: showMe
        case .apiJoin: join
        case .apiLeave: leaveClub
        case .apiImport: importExport
        case .apiImportStatus: importStatus
        case .apiDisconnect: disconnectStrava
        case .apiStravaConnect: connectStrava
        case .apiRotateCode: rotateCode
        case .apiRemoveMember: removeMember
        case .apiUnknown: unknownEndpoint
        // Strava
        case .stravaCallback: oauthCallback
        case .stravaWebhookVerification: { request, _ in try webhookVerification(request) }
        case .stravaWebhookEvent: { request, _ in try await webhookEvent(request) }
        // The original worker
        case .legacyClubData, .clubData: clubDataRoute
        case .legacyExchange, .exchange: exchangeRoute
        case .legacyRefresh, .refresh: refreshRoute
        case .legacyEnrol, .enrol: enrolRoute
        case .legacyLeave, .leave: leaveRoute
        }
    }

    /// Unknown API paths answer in the API's error shape rather than with an empty 404.
    func unknownEndpoint(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        throw APIError.notFound("No API endpoint \(request.method) \(request.uri.path). See /api/openapi.json.")
    }

    func openAPI(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        guard let document = OpenAPIDocument.json else {
            throw APIError(
                .internalServerError, code: "missing_document",
                message: "The OpenAPI document is missing from this build.")
        }
        return JSONResponse.raw(document, headers: [.accessControlAllowOrigin: "*"])
    }

    func week(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        let caller = try await caller(request, context, needs: .read)
        let offset = try Self.intQuery(request, "offset", default: 0)
        let metricName = request.uri.queryParameters.get("metric") ?? "distance"
        guard let metric = Metric(rawValue: metricName) else {
            throw APIError.badRequest(
                "Unknown metric '\(metricName)': use one of \(Metric.allCases.map(\.rawValue).joined(separator: ", ")).",
                code: "invalid_metric")
        }
        let oldest: Int
        do {
            oldest = try await weeks.checkOffset(offset, club: caller.club)
        } catch let error as WeekOffsetError {
            throw Self.apiError(error)
        }
        let query = request.uri.queryParameters
        let paging = try WeekPaging.parse(view: query.get("view"), limit: query.get("limit"), page: query.get("page"))
        let week = WeekCalendar(club: caller.club).week(offset: offset, from: weeks.now())
        // Keyed on what this week shows (``WeekService/version(club:week:)``): a ride in another week keeps it.
        let key = [
            "week", caller.club.id.rawValue, try await weeks.version(club: caller.record, week: week),
            String(week.start.epochMilliseconds), metric.rawValue, String(oldest), paging.cacheKey,
        ].joined(separator: "|")
        if let hit = cache.get(key) { return JSONResponse.raw(hit.data, headers: [.xCache: "HIT"]) }
        let (page, info) = try await weeks.weekResponse(
            club: caller.club, offset: offset, metric: metric, oldestOffset: oldest, paging: paging,
            path: ClubWeeklyRoute.apiWeek.path(["slug": caller.club.slug]))
        let data = page.jsonData(page: info)
        cache.put(key, data: data)
        return JSONResponse.raw(data)
    }

    func listMembers(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        let caller = try await caller(request, context, needs: .read)
        return try JSONResponse.make(try await members.members(of: caller.club.id).map(MemberResponse.init))
    }

    func insights(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        let caller = try await caller(request, context, needs: .read)
        let id = MemberID(try context.parameters.require("member"))
        guard try await members.find(id, in: caller.club.id) != nil else {
            throw APIError.notFound("No member \(id) in this club.")
        }
        let offset = try Self.intQuery(request, "offset", default: 0)
        let rider = request.uri.queryParameters.get("rider").map { MemberID($0) }
        do {
            return try JSONResponse.make(
                try await weeks.insights(club: caller.club, member: id, subject: rider, offset: offset))
        } catch let error as WeekOffsetError {
            throw Self.apiError(error)
        }
    }

    func showSyncStatus(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        let caller = try await caller(request, context, needs: .read)
        return try JSONResponse.make(try await syncStatus(caller.club))
    }

    func showMe(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        let caller = try await caller(request, context, needs: .member)
        guard let id = caller.memberID, let member = try await members.find(id, in: caller.club.id) else {
            throw APIError.notFound(
                "You have not joined as a member yet: POST your name to /me.", code: "no_member")
        }
        return try JSONResponse.make(MemberResponse(member))
    }

    func leaveClub(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        let caller = try await caller(request, context, needs: .member)
        let member = try await requireMember(caller)
        try await membership.remove(member, from: caller.club.id, strava: .revoke)
        return Response(status: .noContent)
    }

    /// `POST …/me/import`: the body is `activities.csv` or the export `.zip`, streamed to disk under the upload limit.
    /// A small file is imported at once (200 and the report); a large one is queued (202, `Location` of its status).
    func importExport(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        let caller = try await caller(request, context, needs: .member)
        let member = try await requireMember(caller)
        let upload: SpooledFile
        do {
            upload = try await imports.spool.receive(request)
        } catch let error as UploadError {
            throw Self.apiError(error)
        }
        defer { upload.remove() }
        let prepared: ImportService.Prepared
        do {
            prepared = try await imports.prepareOffloaded(upload.url)
        } catch let error as ImportError {
            throw Self.apiError(error)
        }
        defer { prepared.remove() }
        let record: ImportRecord
        do {
            record = try await imports.start(prepared, member: member)
        } catch {
            logger.error("import failed", metadata: ["member": "\(member.id)", "error": "\(error)"])
            throw APIError(.internalServerError, code: "import_failed", message: ImportService.failureMessage)
        }
        if let report = record.report, record.state == .done { return try JSONResponse.make(report) }
        let status = ImportStatusResponse(record, slug: caller.club.slug)
        return try JSONResponse.make(status, status: .accepted, headers: [.location: status.statusUrl])
    }

    /// `GET …/me/imports/{import}`: progress and, once done, the report of one of the member's imports.
    func importStatus(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        let caller = try await caller(request, context, needs: .member)
        let member = try await requireMember(caller)
        let id = try context.parameters.require("import")
        guard let record = try await imports.find(id, member: member.id) else {
            throw APIError.notFound("You have no import \(id.prefix(40)).", code: "unknown_import")
        }
        return try JSONResponse.make(
            ImportStatusResponse(record, slug: caller.club.slug), headers: [.cacheControl: "no-store"])
    }

    func disconnectStrava(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        let caller = try await caller(request, context, needs: .member)
        let member = try await requireMember(caller)
        try await sync.disconnect(member: member)
        return Response(status: .noContent)
    }

    func connectStrava(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        let caller = try await caller(request, context, needs: .member)
        guard config.strava.isConfigured else {
            throw APIError(
                .serviceUnavailable, code: "strava_not_configured",
                message: "Strava is not configured on this server: set STRAVA_CLIENT_ID and STRAVA_CLIENT_SECRET.")
        }
        let state = try await oauthStates.create(club: caller.club.id, subject: caller.session?.subject)
        let url = sync.client.authorizeURL(
            redirectURI: config.baseURL + ClubWeeklyURL.stravaCallback.path, scope: StravaSync.scopes, state: state)
        return Response(status: .found, headers: [.location: url.absoluteString])
    }

    func rotateCode(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        let caller = try await caller(request, context, needs: .admin)
        struct Body: Decodable { var code: String? }
        // An empty body rotates to a generated code; a body must be valid JSON.
        let raw = try await request.collectBody(limit: 4096)
        var chosen: String?
        if !raw.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
            guard let body = try? JSONDecoder().decode(Body.self, from: raw) else {
                throw APIError.badRequest(
                    "Send {\"code\": \"…\"} to choose the new code, or no body to generate one.",
                    code: "invalid_json")
            }
            chosen = body.code
        }
        let code: String
        do {
            code = try await membership.rotateCode(caller.club, to: chosen)
        } catch let error as ClubError {
            throw APIError.badRequest(error.description, code: error.code)
        }
        // Everybody was signed out; the admin gets a fresh session.
        return try await adminSession(
            record: caller.record, request: request, context: context, status: .ok, extra: ["code": code])
    }

    func removeMember(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        let caller = try await caller(request, context, needs: .admin)
        let id = MemberID(try context.parameters.require("member"))
        guard let member = try await members.find(id, in: caller.club.id) else {
            throw APIError.notFound("No member \(id) in this club.")
        }
        try await membership.remove(member, from: caller.club.id, strava: .revoke)
        return Response(status: .noContent)
    }

    // MARK: Access

    enum Need { case read, member, admin }

    func caller(_ request: Request, _ context: AppRequestContext, needs: Need) async throws -> Caller {
        let slug = try context.parameters.require("slug")
        guard let record = try await clubs.find(slug: slug) else {
            throw APIError.notFound("No club '\(slug)'. Check the link or ask your club admin.", code: "unknown_club")
        }
        var session: Session?
        if let token = request.cookies[sessionCookie]?.value, let found = try await sessions.find(token),
            found.scope == record.club.id.rawValue
        {
            session = found
        }
        var viaCode = false
        if session == nil, let bearer = Self.bearer(request) {
            viaCode = try await checkCode(bearer, record: record, request: request, context: context)
        }
        let caller = Caller(record: record, session: session, viaCode: viaCode)
        switch needs {
        case .read:
            guard caller.canRead else {
                throw APIError.unauthorized("This club's data is private: sign in with the club code.", code: "sign_in")
            }
        case .member:
            guard session != nil else {
                throw APIError.unauthorized("Sign in with the club code first.", code: "sign_in")
            }
        case .admin:
            guard caller.isAdmin else { throw APIError.forbidden("Club admins only: sign in with the admin password.") }
        }
        return caller
    }

    func requireMember(_ caller: Caller) async throws -> Member {
        guard let id = caller.memberID, let member = try await members.find(id, in: caller.club.id) else {
            throw APIError.notFound("You have not joined as a member yet: POST your name to /me.", code: "no_member")
        }
        return member
    }

    static func bearer(_ request: Request) -> String? {
        guard let header = request.headers[.authorization], header.lowercased().hasPrefix("bearer ") else { return nil }
        return String(header.dropFirst(7)).trimmingCharacters(in: .whitespaces)
    }

    func sessionCookieHeader(_ token: String, request: Request, context: AppRequestContext, maxAge: Int) -> String {
        var cookie = "\(sessionCookie)=\(token); Path=/; HttpOnly; SameSite=Lax; Max-Age=\(maxAge)"
        if request.isSecure(context: context) || config.baseURL.hasPrefix("https://") {
            cookie += "; Secure"
        }
        return cookie
    }

    /// Checks a club code under the lock-out: at most 10 wrong codes per 15 minutes per client and club, counted
    /// before the check so parallel guesses cannot slip through. Throws 429 with `Retry-After` when locked out.
    func checkCode(
        _ code: String, record: ClubRecord, request: Request, context: AppRequestContext, isSignIn: Bool = false
    ) async throws
        -> Bool
    {
        let key = CredentialKind.code.attemptKey(club: record.club.id, client: request.clientAddress(context: context))
        let valid = clubService.verify(code: code, for: record)
        // A wrong code is counted in the same step as the check; a right one only checks the lock-out, so reading
        // with a Bearer code writes nothing on every request. Signing in clears earlier failures.
        if let wait = try await limiter.begin(key, counting: !valid) { throw Self.lockedOut(wait) }
        if valid && isSignIn { try await limiter.reset(key) }
        return valid
    }

    func signIn(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        struct Body: Decodable { var code: String }
        let slug = try context.parameters.require("slug")
        guard let record = try await clubs.find(slug: slug) else {
            throw APIError.notFound("No club '\(slug)'. Check the link or ask your club admin.", code: "unknown_club")
        }
        let body = try await request.decodeJSON(Body.self)
        guard try await checkCode(body.code, record: record, request: request, context: context, isSignIn: true) else {
            throw APIError.unauthorized(
                "That club code is not right. Check it with your club admin.", code: "wrong_code")
        }
        let token = try await sessions.create(scope: record.club.id.rawValue, subject: nil, role: "member")
        var response = try JSONResponse.make(["club": record.club.slug, "role": "member"])
        response.headers[.setCookie] = sessionCookieHeader(
            token, request: request, context: context, maxAge: Int(sessions.lifetime))
        return response
    }

    func adminSignIn(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        struct Body: Decodable { var password: String }
        let slug = try context.parameters.require("slug")
        guard let record = try await clubs.find(slug: slug) else {
            throw APIError.notFound("No club '\(slug)'.", code: "unknown_club")
        }
        let body = try await request.decodeJSON(Body.self)
        let key = CredentialKind.admin.attemptKey(club: record.club.id, client: request.clientAddress(context: context))
        if let wait = try await limiter.begin(key) { throw Self.lockedOut(wait) }
        guard await clubService.verifyAdmin(password: body.password, for: record) else {
            throw APIError.unauthorized("Wrong admin password.", code: "wrong_password")
        }
        try await limiter.reset(key)
        return try await adminSession(record: record, request: request, context: context, status: .ok)
    }

    /// Starts an admin session (keeping the member identity of the current session) and sets its cookie.
    func adminSession(
        record: ClubRecord, request: Request, context: AppRequestContext, status: HTTPResponse.Status,
        extra: [String: String] = [:]
    )
        async throws -> Response
    {
        var subject: String?
        if let token = request.cookies[sessionCookie]?.value, let existing = try await sessions.find(token),
            existing.scope == record.club.id.rawValue
        {
            subject = existing.subject
        }
        let token = try await sessions.create(scope: record.club.id.rawValue, subject: subject, role: "admin")
        var body = ["club": record.club.slug, "role": "admin"]
        body.merge(extra) { _, new in new }
        var response = try JSONResponse.make(body, status: status)
        response.headers[.setCookie] = sessionCookieHeader(
            token, request: request, context: context, maxAge: Int(sessions.adminMaxAge))
        return response
    }

    func signOut(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        if let token = request.cookies[sessionCookie]?.value { try await sessions.delete(token) }
        var response = Response(status: .noContent)
        response.headers[.setCookie] = sessionCookieHeader("", request: request, context: context, maxAge: 0)
        return response
    }

    static func lockedOut(_ seconds: Int) -> APIError {
        APIError(
            .tooManyRequests, code: "locked_out",
            message: "Too many wrong attempts. Try again in \(max(1, (seconds + 59) / 60)) minutes.",
            headers: [.retryAfter: String(seconds)])
    }

    /// Joins the signed-in session as a named member (for members who import files instead of connecting Strava).
    func join(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        struct Body: Decodable {
            var firstName: String
            var lastName: String?
        }
        let caller = try await caller(request, context, needs: .member)
        if let id = caller.memberID, let member = try await members.find(id, in: caller.club.id) {
            return try JSONResponse.make(MemberResponse(member))
        }
        let body = try await request.decodeJSON(Body.self)
        let member: Member
        let token: String
        do {
            (member, token) = try await membership.join(
                club: caller.club.id, firstName: body.firstName, lastName: body.lastName ?? "",
                role: caller.session?.role ?? "member")
        } catch is Membership.InvalidName {
            throw APIError.badRequest(Membership.InvalidName.message, code: "invalid_name")
        }
        var response = try JSONResponse.make(MemberResponse(member), status: .created)
        response.headers[.setCookie] = sessionCookieHeader(
            token, request: request, context: context, maxAge: Int(sessions.lifetime))
        return response
    }

    func updateSettings(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        struct Body: Decodable {
            var name: String?
            var timeZone: String?
            var weekStart: String?
            var countedSportTypes: [String]?
            var colors: [String]?
            var feedPublic: Bool?
            var adminPassword: String?
        }
        let caller = try await caller(request, context, needs: .admin)
        let body = try await request.decodeJSON(Body.self)
        var club = caller.club
        if let name = body.name {
            do throws(ClubError) {
                club.name = try ClubService.validName(name)
            } catch {
                throw Self.apiError(error)
            }
        }
        if let zone = body.timeZone {
            guard TimeZone(identifier: zone) != nil else { throw Self.apiError(ClubError.invalidTimeZone(zone)) }
            club.timeZoneIdentifier = zone
        }
        if let start = body.weekStart {
            guard let day = Weekday(name: start) else {
                throw APIError.badRequest(
                    "Unknown week start '\(start.prefix(40))': use monday … sunday.", code: "invalid_week_start")
            }
            club.weekStart = day
        }
        if let types = body.countedSportTypes {
            do throws(ClubError) {
                club.countedSportTypes = try ClubService.validSportTypes(types)
            } catch {
                throw Self.apiError(error)
            }
        }
        if let colors = body.colors {
            guard colors.count == 3 else { throw Self.apiError(ClubError.invalidColors) }
            let parsed = ClubColors(first: colors[0], second: colors[1], third: colors[2])
            guard parsed.isValid else { throw Self.apiError(ClubError.invalidColors) }
            club.colors = parsed
        }
        if let feedPublic = body.feedPublic { club.isFeedPublic = feedPublic }
        if let password = body.adminPassword {
            do {
                try await membership.setAdminPassword(
                    club, password: password, keeping: request.cookies[sessionCookie]?.value)
            } catch let error as ClubError {
                throw Self.apiError(error)
            }
        }
        try await clubs.update(club)
        return try JSONResponse.make(WeekResponse.ClubInfo(club))
    }

    func syncStatus(_ club: Club) async throws -> [SyncStatusResponse] {
        let states = try await accounts.syncStates()
        let counts = try await activities.countsByMember(club: club.id)
        return try await members.members(of: club.id).map { member in
            let state = member.stravaAthleteID.flatMap { states[$0] }
            return SyncStatusResponse(
                memberId: member.id.rawValue,
                name: Format.privacyName(firstName: member.firstName, lastName: member.lastName),
                source: member.stravaAthleteID != nil ? "strava" : "import",
                connected: state != nil, lastSyncAt: state?.lastSyncAt, lastError: state?.lastError,
                activities: counts[member.id] ?? 0)
        }
    }

    // MARK: Strava OAuth and webhooks

    func oauthCallback(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        let query = request.uri.queryParameters
        guard let state = query.get("state"), let bound = try await oauthStates.consume(state) else {
            throw APIError.badRequest(
                "This Strava sign-in link has expired or was already used. Start again from Member settings.",
                code: "invalid_state")
        }
        guard let record = try await clubs.find(id: bound.club) else {
            throw APIError.notFound("The club of this sign-in no longer exists.", code: "unknown_club")
        }
        let back = ClubWeeklyURL.settings(record.club.slug).path
        if query.get("error") != nil {
            return Response(status: .found, headers: [.location: "\(back)?strava=denied"])
        }
        guard let code = query.get("code"), !code.isEmpty else {
            throw APIError.badRequest("Strava did not send an authorization code.", code: "missing_code")
        }
        do {
            let member = try await sync.connect(
                code: code, grantedScope: query.get("scope"), club: record.club,
                memberID: bound.subject.map { MemberID($0) })
            let token = try await sessions.create(
                scope: record.club.id.rawValue, subject: member.id.rawValue, role: "member")
            var response = Response(status: .found, headers: [.location: "\(back)?strava=connected"])
            response.headers[.setCookie] = sessionCookieHeader(
                token, request: request, context: context, maxAge: Int(sessions.lifetime))
            return response
        } catch ConnectError.missingScope {
            return Response(status: .found, headers: [.location: "\(back)?strava=scope"])
        } catch ConnectError.strava(let error) {
            logger.warning("Strava token exchange failed", metadata: ["error": "\(error.message)"])
            return Response(status: .found, headers: [.location: "\(back)?strava=failed"])
        }
    }

    func webhookVerification(_ request: Request) throws -> Response {
        let query = request.uri.queryParameters
        guard query.get("hub.mode") == "subscribe", let challenge = query.get("hub.challenge"),
            let token = query.get("hub.verify_token"), !config.strava.webhookVerifyToken.isEmpty,
            Tokens.constantTimeEquals(token, config.strava.webhookVerifyToken)
        else {
            throw APIError.forbidden("Webhook verification failed.", code: "bad_verify_token")
        }
        return try JSONResponse.make(["hub.challenge": challenge])
    }

    func webhookEvent(_ request: Request) async throws -> Response {
        let data = try await request.collectBody(limit: 64 << 10)
        let event: WebhookEvent
        do {
            event = try StravaDecoding.decoder().decode(WebhookEvent.self, from: data)
        } catch {
            throw APIError.badRequest("Not a Strava webhook event.", code: "invalid_event")
        }
        if let expected = config.strava.subscriptionID, event.subscriptionID != expected {
            // Not our subscription: answer 200 (Strava would retry otherwise) and do nothing.
            return try JSONResponse.make(["status": "ignored"])
        }
        let queued = try await sync.accept(event)
        return try JSONResponse.make(["status": queued ? "queued" : "ignored"])
    }

    // MARK: Helpers

    static func intQuery(_ request: Request, _ name: String, default value: Int) throws -> Int {
        guard let text = request.uri.queryParameters.get(name) else { return value }
        guard let number = Int(text) else {
            throw APIError.badRequest("'\(name)' must be a whole number, got '\(text)'.", code: "invalid_\(name)")
        }
        return number
    }

    static func apiError(_ error: WeekOffsetError) -> APIError {
        switch error {
        case .invalid:
            APIError.badRequest("offset must be 0 (this week) or negative (past weeks).", code: "invalid_offset")
        case .beforeHistory(let requested, let oldest):
            APIError.badRequest(
                "offset \(requested) is before this club's history begins (oldest is \(oldest)).",
                code: "before_history")
        }
    }

    static func apiError(_ error: ClubError) -> APIError {
        APIError.badRequest(error.description, code: error.code)
    }

    static func apiError(_ error: UploadError) -> APIError {
        switch error {
        case .tooLarge: APIError(.contentTooLarge, code: "too_large", message: error.description)
        case .malformedForm: APIError.badRequest(error.description, code: "invalid_form")
        case .storage: APIError(.serviceUnavailable, code: "upload_storage", message: error.description)
        }
    }

    static func apiError(_ error: ImportError) -> APIError {
        switch error {
        case .tooManyRows: APIError(.unprocessableContent, code: "too_many_rows", message: error.description)
        default: APIError(.unprocessableContent, code: "invalid_export", message: error.description)
        }
    }
}
