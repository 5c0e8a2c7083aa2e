import ClubWeekly
import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore
import ServerKit
import StravaAPI
import WebUI

/// The web app's pages: server-rendered HTML that works without JavaScript.
extension ClubWeeklyApp {
    var strings: ClubWeeklyStrings { .en }

    var pageCSP: String {
        var targets: [String] = []
        if let url = URL(string: config.strava.oauthBaseURL), let scheme = url.scheme, let host = url.host {
            targets.append("\(scheme)://\(host)\(url.port.map { ":\($0)" } ?? "")")
        }
        return PageShell.contentSecurityPolicy(formTargets: targets)
    }

    /// The app's own static files (`/assets/clubweekly/<name>`).
    func asset(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        guard let name = context.parameters.get("name"), let file = ClubLayout.assets.files[name] else {
            throw HTTPError(.notFound, message: "No such file.")
        }
        return StaticFile(data: file.data, contentType: file.contentType, fingerprint: file.fingerprint)
            .response(for: request)
    }

    func showDashboard(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        try await page(request, context) { try await dashboard($0, request) }
    }

    func showTV(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        try await page(request, context) { try await tvPage($0) }
    }

    func showJoin(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        try await page(request, context, needsRead: false) { try await joinPage($0, request) }
    }

    func showSettings(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        try await page(request, context, needsRead: false) { try await settingsPage($0, request) }
    }

    func showAdmin(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        try await page(request, context, needsRead: false) { try await adminPage($0, error: nil, notice: nil) }
    }

    func tvBoard(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        let visit = try await readableVisit(request, context)
        return try await cachedTV(visit, fragment: true)
    }

    func tvVersion(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        let visit = try await readableVisit(request, context)
        struct Version: Encodable {
            var version: Int64
            var week: String
        }
        let week = WeekCalendar(club: visit.club).week(offset: 0, from: weeks.now())
        return try JSONResponse.make(
            Version(version: visit.record.dataVersion, week: week.firstDay), headers: [.cacheControl: "no-store"])
    }

    func manifest(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        let slug = try context.parameters.require("slug")
        guard let record = try await clubs.find(slug: slug) else { throw HTTPError(.notFound) }
        let manifest = WebManifest(
            name: "\(record.club.name) · \(strings.appName)", shortName: record.club.name,
            description: strings.valueProposition, startURL: ClubWeeklyURL.dashboard(slug).path,
            scope: ClubWeeklyURL.dashboard(slug).path)
        return Response(
            status: .ok, headers: [.contentType: "application/manifest+json", .cacheControl: "no-cache"],
            body: .init(byteBuffer: ByteBuffer(bytes: manifest.json())))
    }

    // MARK: Visits

    /// A page visit: the club, the session if any, and what the visitor may see.
    struct Visit: Sendable {
        var record: ClubRecord
        var session: Session?
        var member: Member?
        var club: Club { record.club }
        var canRead: Bool { club.isFeedPublic || session != nil }
        var isAdmin: Bool { session?.role == "admin" }
        var viewer: Viewer {
            Viewer(
                signedIn: session != nil, memberID: member?.id.rawValue,
                memberName: member.map { Format.privacyName(firstName: $0.firstName, lastName: $0.lastName) },
                isAdmin: isAdmin)
        }
        var header: ClubHeaderModel {
            ClubHeaderModel(
                slug: club.slug, name: club.name, colours: [club.colors.first, club.colors.second, club.colors.third],
                viewer: viewer)
        }
    }

    struct PageNotFound: Error {}

    func visit(_ request: Request, _ context: AppRequestContext) async throws -> Visit {
        let slug = try context.parameters.require("slug")
        guard let record = try await clubs.find(slug: slug) else { throw PageNotFound() }
        var session: Session?
        if let token = request.cookies[sessionCookie]?.value, let found = try await sessions.find(token),
            found.scope == record.club.id.rawValue
        {
            session = found
        }
        var member: Member?
        if let subject = session?.subject { member = try await members.find(MemberID(subject), in: record.club.id) }
        return Visit(record: record, session: session, member: member)
    }

    /// Runs a page handler: unknown clubs get a 404 page, private clubs send visitors to the join page, bad query
    /// values a 400 page and failures an error page with a retry link — never a bare error.
    func page(
        _ request: Request, _ context: AppRequestContext, needsRead: Bool = true,
        _ body: (Visit) async throws -> Response
    ) async throws -> Response {
        let visit: Visit
        do {
            visit = try await self.visit(request, context)
        } catch is PageNotFound {
            return errorPage(
                title: strings.noSuchClubTitle, message: strings.noSuchClubMessage, retry: "/", status: .notFound,
                header: nil)
        }
        if needsRead && !visit.canRead {
            return HTMLResponse.redirect(ClubWeeklyURL.join(visit.club.slug).path)
        }
        do {
            return try await body(visit)
        } catch let error as WebInputError {
            return errorPage(
                title: strings.badLinkTitle, message: error.message,
                retry: ClubWeeklyURL.dashboard(visit.club.slug).path, status: .badRequest, header: visit.header)
        } catch let error as WeekOffsetError {
            return errorPage(
                title: strings.weekOutOfRangeTitle, message: Self.apiError(error).message,
                retry: ClubWeeklyURL.dashboard(visit.club.slug).path, status: .badRequest, header: visit.header)
        } catch let error as APIError {
            // Too large or malformed forms, lock-outs: the status and message say what to do.
            return errorPage(
                title: strings.badLinkTitle, message: error.message, retry: retryURL(request, slug: visit.club.slug),
                status: error.status, header: visit.header)
        } catch let error as HTTPError {
            return errorPage(
                title: error.status == .notFound ? strings.noSuchClubTitle : strings.web.somethingWentWrong,
                message: error.body ?? strings.loadFailedMessage, retry: retryURL(request, slug: visit.club.slug),
                status: error.status, header: visit.header)
        } catch let error as DatabaseUnavailable {
            var page = errorPage(
                title: strings.web.somethingWentWrong, message: strings.loadFailedMessage,
                retry: retryURL(request, slug: visit.club.slug), status: .serviceUnavailable, header: visit.header)
            page.headers[.retryAfter] = String(error.retryAfter)
            return page
        } catch {
            logger.error("page failed", metadata: ["path": "\(request.uri.path)", "error": "\(error)"])
            return errorPage(
                title: strings.web.somethingWentWrong,
                message: strings.loadFailedMessage,
                retry: retryURL(request, slug: visit.club.slug), status: .internalServerError, header: visit.header)
        }
    }

    /// Where "Try again" goes: the same page for a GET; for a form post, the page that holds the form.
    func retryURL(_ request: Request, slug: String) -> String {
        if request.method == .get { return request.uri.description }
        let parts = request.uri.path.split(separator: "/")
        if parts.count >= 3, parts[2] == "settings" { return ClubWeeklyURL.settings(slug).path }
        if parts.count >= 3, parts[2] == "admin" { return ClubWeeklyURL.admin(slug).path }
        if parts.count >= 3, parts[2] == "join" { return ClubWeeklyURL.join(slug).path }
        return ClubWeeklyURL.dashboard(slug).path
    }

    func errorPage(
        title: String, message: String, retry: String, status: HTTPResponse.Status, header: ClubHeaderModel?
    ) -> Response {
        HTMLResponse.page(
            ClubLayout.page(
                title: title, header: header, strings: strings,
                main: Components.errorState(title: title, message: message, retryURL: retry, strings: strings.web)),
            status: status, csp: pageCSP)
    }

    func queryDictionary(_ request: Request) -> [String: String] {
        var query: [String: String] = [:]
        for (key, value) in request.uri.queryParameters where query[String(key)] == nil {
            query[String(key)] = String(value)
        }
        return query
    }

    func renderedAt(_ club: Club) -> String { Format.activityDate(weeks.now(), timeZone: club.timeZone) }

    // MARK: Dashboard

    /// The dashboard's model from one read of the week (and, for the insights tab, its history). Pass
    /// `oldestOffset` when the week was checked already, and `now` to fix the time the page says it was rendered.
    func dashboardModel(
        _ visit: Visit, state: DashboardState, oldestOffset: Int? = nil, now: Date? = nil
    ) async throws -> DashboardModel {
        // The insights tab analyses the member (or the rider they picked; for a guest, the week's leader by the
        // chosen metric) and the week's lowest rider: only their weeks of history are read.
        let historyMembers = [state.perspective, visit.viewer.memberID, state.rider].compactMap { $0 }.map {
            MemberID($0)
        }
        let data = try await weeks.load(
            club: visit.club, offset: state.week, oldestOffset: oldestOffset, history: state.tab == .insights,
            anyData: true, historyMembers: historyMembers, leaderBy: visit.viewer.memberID == nil ? state.metric : nil,
            rides: state.tab == .rides || state.tab == .insights)
        return DashboardBuilder.dashboard(
            data, state: state, viewer: visit.viewer, now: now ?? weeks.now(), strings: strings)
    }

    func dashboard(_ visit: Visit, _ request: Request) async throws -> Response {
        let state = try DashboardState.parse(queryDictionary(request))
        return try await cachedDashboard(visit, state: state, part: .page)
    }

    /// A visit for the script-only endpoints (fragments, TV updates): errors as JSON, not pages.
    func readableVisit(_ request: Request, _ context: AppRequestContext) async throws -> Visit {
        let visit: Visit
        do {
            visit = try await self.visit(request, context)
        } catch is PageNotFound {
            throw APIError.notFound(strings.noSuchClub, code: "unknown_club")
        }
        guard visit.canRead else { throw APIError.unauthorized(strings.signInWithCode, code: "sign_in") }
        return visit
    }

    func fragment(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        let visit = try await readableVisit(request, context)
        guard let tab = DashboardState.Tab(rawValue: try context.parameters.require("tab")) else {
            throw HTTPError(.notFound, message: strings.noSuchTab)
        }
        var query = queryDictionary(request)
        query["tab"] = tab.rawValue
        do {
            let state = try DashboardState.parse(query)
            return try await cachedDashboard(visit, state: state, part: .fragment)
        } catch let error as WebInputError {
            throw HTTPError(.badRequest, message: error.message)
        } catch let error as WeekOffsetError {
            throw HTTPError(.badRequest, message: Self.apiError(error).message)
        }
    }

    // MARK: Join and sign-out

    func joinModel(_ visit: Visit, error: String?, info: String?) async throws -> JoinModel {
        JoinModel(
            header: visit.header, error: error, info: info,
            memberCount: try await members.members(of: visit.club.id).count)
    }

    func joinPage(_ visit: Visit, _ request: Request) async throws -> Response {
        var info: String?
        if visit.session != nil { info = strings.alreadySignedIn }
        if request.uri.queryParameters.get("strava") == "denied" { info = strings.stravaRefused }
        var model = try await joinModel(visit, error: nil, info: info)
        model.clearOfflineCopies = request.uri.queryParameters.get("signed_out") != nil
        return HTMLResponse.page(JoinView.page(model, strings: strings), csp: pageCSP)
    }

    func joinSubmit(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        guard request.isSameOrigin(context: context) else {
            throw HTTPError(.forbidden, message: strings.formsFromThisSite)
        }
        let visit: Visit
        do { visit = try await self.visit(request, context) } catch is PageNotFound { throw HTTPError(.notFound) }
        let form = try await request.collectForm(limit: 16 << 10)
        let code = form["code"] ?? ""
        let render = { (message: String, status: HTTPResponse.Status, headers: HTTPFields) async throws -> Response in
            HTMLResponse.page(
                JoinView.page(try await joinModel(visit, error: message, info: nil), strings: strings), status: status,
                csp: pageCSP, headers: headers)
        }
        let valid: Bool
        do {
            valid = try await checkCode(code, record: visit.record, request: request, context: context, isSignIn: true)
        } catch let error as APIError where error.status == .tooManyRequests {
            let seconds = Int(error.headers[.retryAfter] ?? "") ?? 900
            return try await render(strings.lockedOut(max(1, (seconds + 59) / 60)), .tooManyRequests, error.headers)
        }
        guard valid else { return try await render(strings.wrongCode, .unauthorized, [:]) }
        let token = try await sessions.create(
            scope: visit.club.id.rawValue, subject: visit.session?.subject, role: visit.session?.role ?? "member")
        let next =
            // Without a Strava app configured, the connect page explains and offers the export import instead.
            form["next"] == "strava"
            ? ClubWeeklyURL.stravaConnect(visit.club.slug).path : ClubWeeklyURL.dashboard(visit.club.slug).path
        return HTMLResponse.redirect(
            next,
            headers: [
                .setCookie: sessionCookieHeader(
                    token, request: request, context: context, maxAge: Int(sessions.lifetime))
            ])
    }

    func signOutSubmit(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        guard request.isSameOrigin(context: context) else {
            throw HTTPError(.forbidden, message: strings.formsFromThisSite)
        }
        let slug = try context.parameters.require("slug")
        if let token = request.cookies[sessionCookie]?.value { try await sessions.delete(token) }
        var headers: HTTPFields = [.setCookie: sessionCookieHeader("", request: request, context: context, maxAge: 0)]
        // Offline copies of the club's pages must not outlive the session: "storage" empties the service
        // worker's caches, and the join page also asks the worker to drop them (browsers without the header).
        headers[.clearSiteData] = Self.clearOfflineCopies
        return HTMLResponse.redirect(ClubWeeklyURL.join(slug).path + "?signed_out=1", headers: headers)
    }

    static let clearOfflineCopies = "\"cache\", \"storage\""

    // MARK: Member settings

    func settingsModel(
        _ visit: Visit, notice: (String, String)?, report: ImportReport? = nil, progress: ImportRecord? = nil
    ) async throws -> SettingsModel {
        var info: SettingsModel.MemberInfo?
        if let member = visit.member {
            let state = try await member.stravaAthleteID.asyncMap { try await accounts.syncStates()[$0] } ?? nil
            let count = try await activities.countsByMember(club: visit.club.id)[member.id] ?? 0
            info = .init(
                name: member.fullName, stravaConnected: member.stravaAthleteID != nil && state != nil,
                lastSync: state?.lastSyncAt.map { Format.activityDate($0, timeZone: visit.club.timeZone) },
                lastError: state?.lastError, activities: count)
        }
        return SettingsModel(
            header: visit.header, member: info, notice: notice.map { (text: $0.0, kind: $0.1) },
            stravaAvailable: config.strava.isConfigured, importReport: report,
            importProgress: progress.map { SettingsModel.ImportProgress($0, slug: visit.club.slug) })
    }

    func settingsPage(_ visit: Visit, _ request: Request) async throws -> Response {
        guard visit.session != nil else { return HTMLResponse.redirect(ClubWeeklyURL.join(visit.club.slug).path) }
        var notice: (String, String)?
        switch request.uri.queryParameters.get("strava") {
        case "connected": notice = (strings.stravaConnected, "success")
        case "denied": notice = (strings.stravaRefused, "error")
        case "scope": notice = (strings.stravaScope, "error")
        case "failed": notice = (strings.stravaFailed, "error")
        case "unavailable": notice = (strings.stravaNotConfigured, "info")
        default: break
        }
        switch request.uri.queryParameters.get("done") {
        case "joined": notice = (strings.welcomeMember, "success")
        case "disconnected": notice = (strings.stravaDisconnected, "success")
        default: break
        }
        // A background import: its progress while it runs, then its report (or why it failed).
        var report: ImportReport?
        var progress: ImportRecord?
        if let member = visit.member {
            if let id = request.uri.queryParameters.get("import"),
                let record = try await imports.find(String(id), member: member.id)
            {
                switch record.state {
                case .done:
                    report = record.report
                    notice = (strings.importFinished(record.report?.imported ?? 0), "success")
                case .failed:
                    notice = (record.error ?? ImportService.failureMessage, "error")
                case .receiving, .queued, .running:
                    progress = record
                }
            } else {
                progress = try await imports.repository.active(member: member.id)
            }
        }
        let model = try await settingsModel(visit, notice: notice, report: report, progress: progress)
        return HTMLResponse.page(SettingsView.page(model, strings: strings), csp: pageCSP)
    }

    func settingsSubmit(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        guard request.isSameOrigin(context: context) else {
            throw HTTPError(.forbidden, message: strings.formsFromThisSite)
        }
        return try await page(request, context, needsRead: false) { visit in
            guard visit.session != nil else { return HTMLResponse.redirect(ClubWeeklyURL.join(visit.club.slug).path) }
            let settings = ClubWeeklyURL.settings(visit.club.slug).path
            let rerender = { (notice: (String, String), status: HTTPResponse.Status, report: ImportReport?) in
                HTMLResponse.page(
                    SettingsView.page(try await settingsModel(visit, notice: notice, report: report), strings: strings),
                    status: status, csp: pageCSP)
            }
            switch ClubWeeklyURL.SettingsAction(rawValue: try context.parameters.require("action")) {
            case .name:
                let form = try await request.collectForm(limit: 16 << 10)
                if visit.member != nil { return HTMLResponse.redirect(settings) }
                let token: String
                do {
                    (_, token) = try await membership.join(
                        club: visit.club.id, firstName: form["firstName"] ?? "", lastName: form["lastName"] ?? "",
                        role: visit.session?.role ?? "member")
                } catch is Membership.InvalidName {
                    return try await rerender((strings.nameInvalid, "error"), .badRequest, nil)
                }
                return HTMLResponse.redirect(
                    settings + "?done=joined",
                    headers: [
                        .setCookie: sessionCookieHeader(
                            token, request: request, context: context, maxAge: Int(sessions.lifetime))
                    ])
            case .disconnect:
                guard let member = visit.member else { return HTMLResponse.redirect(settings) }
                try await sync.disconnect(member: member)
                return HTMLResponse.redirect(settings + "?done=disconnected")
            case .delete:
                let form = try await request.collectForm(limit: 16 << 10)
                guard let member = visit.member else { return HTMLResponse.redirect(settings) }
                guard form["confirm"] == "yes" else {
                    return try await rerender((strings.confirmDeletion, "error"), .badRequest, nil)
                }
                try await membership.remove(member, from: visit.club.id, strava: .revoke)
                return HTMLResponse.redirect(
                    ClubWeeklyURL.join(visit.club.slug).path + "?signed_out=1",
                    headers: [
                        .setCookie: sessionCookieHeader("", request: request, context: context, maxAge: 0),
                        .clearSiteData: Self.clearOfflineCopies,
                    ])
            case .import:
                guard let member = visit.member else {
                    return try await rerender((strings.joinBeforeImport, "error"), .badRequest, nil)
                }
                // The file goes to disk as it arrives (the upload limit checked on the way), never into memory.
                let received: (file: SpooledFile?, fields: [String: String])
                do {
                    received = try await imports.spool.receiveForm(request, fileField: "file")
                } catch let error as UploadError {
                    return try await rerender((error.description, "error"), Self.apiError(error).status, nil)
                }
                guard let upload = received.file else {
                    return try await rerender((strings.chooseExportFile, "error"), .badRequest, nil)
                }
                defer { upload.remove() }
                let prepared: ImportService.Prepared
                do {
                    prepared = try await imports.prepareOffloaded(upload.url)
                } catch let error as ImportError {
                    return try await rerender((error.description, "error"), .unprocessableContent, nil)
                }
                defer { prepared.remove() }
                let record: ImportRecord
                do {
                    record = try await imports.start(prepared, member: member)
                } catch {
                    logger.error("import failed", metadata: ["member": "\(member.id)", "error": "\(error)"])
                    return try await rerender((ImportService.failureMessage, "error"), .internalServerError, nil)
                }
                if let report = record.report, record.state == .done {
                    return try await rerender((strings.importFinished(report.imported), "success"), .ok, report)
                }
                // A large file: the settings page shows its progress, then its report.
                return HTMLResponse.redirect(ClubWeeklyURL.importResult(visit.club.slug, id: record.id).path)
            case nil:
                throw HTTPError(.notFound)
            }
        }
    }

    func stravaConnectPage(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        try await page(request, context, needsRead: false) { visit in
            guard visit.session != nil else { return HTMLResponse.redirect(ClubWeeklyURL.join(visit.club.slug).path) }
            guard config.strava.isConfigured else {
                return HTMLResponse.redirect(ClubWeeklyURL.settings(visit.club.slug).path + "?strava=unavailable")
            }
            let state = try await oauthStates.create(club: visit.club.id, subject: visit.session?.subject)
            let url = sync.client.authorizeURL(
                redirectURI: config.baseURL + ClubWeeklyURL.stravaCallback.path, scope: StravaSync.scopes, state: state)
            return Response(status: .found, headers: [.location: url.absoluteString])
        }
    }

    // MARK: Admin

    func adminPage(
        _ visit: Visit, error: String?, notice: String?, status: HTTPResponse.Status = .ok
    ) async throws
        -> Response
    {
        var model = AdminModel(header: visit.header, signedIn: visit.isAdmin, error: error, notice: notice)
        if visit.isAdmin {
            let club = visit.club
            model.clubName = club.name
            model.colours = [club.colors.first, club.colors.second, club.colors.third].map(Self.colourInputValue)
            model.timeZone = club.timeZoneIdentifier
            model.timeZones = Self.timeZoneChoices(including: club.timeZoneIdentifier)
            model.weekStart = club.weekStart.name
            let counted = club.countedSportTypes
            let common = [
                "Ride", "VirtualRide", "EBikeRide", "GravelRide", "MountainBikeRide", "EMountainBikeRide", "Velomobile",
                "Handcycle", "Run", "TrailRun", "Walk", "Hike", "Swim",
            ]
            let ids = common + counted.subtracting(common).sorted()
            model.sportTypes = ids.map { (id: $0, label: Format.sportLabel($0), checked: counted.contains($0)) }
            model.feedPublic = club.isFeedPublic
            model.code = (try? clubService.code(of: visit.record)) ?? "—"
            model.members = try await syncStatus(club).map { row in
                AdminModel.MemberRow(
                    id: row.memberId, name: row.name,
                    source: row.source == "strava" ? strings.sourceStrava : strings.sourceFileImport,
                    status: row.source == "strava"
                        ? (row.connected
                            ? (row.lastError.map(strings.syncError)
                                ?? row.lastSyncAt.map {
                                    strings.syncedAt(Format.activityDate($0, timeZone: club.timeZone))
                                }
                                ?? strings.waitingForFirstSync)
                            : strings.syncDisconnected)
                        : "—",
                    activities: row.activities, hasError: row.lastError != nil)
            }
        }
        return HTMLResponse.page(AdminView.page(model, strings: strings), status: status, csp: pageCSP)
    }

    static func colourInputValue(_ colour: String) -> String {
        let hex = colour.hasPrefix("#") ? String(colour.dropFirst()) : colour
        if hex.count == 6 { return "#" + hex.lowercased() }
        if hex.count == 3 { return "#" + hex.map { "\($0)\($0)" }.joined().lowercased() }
        return "#000000"
    }

    static func timeZoneChoices(including current: String) -> [String] {
        var zones = TimeZone.knownTimeZoneIdentifiers.filter { $0.contains("/") && !$0.hasPrefix("Etc/") }
        if !zones.contains(current) { zones.append(current) }
        return zones.sorted()
    }

    func adminSubmit(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        guard request.isSameOrigin(context: context) else {
            throw HTTPError(.forbidden, message: strings.formsFromThisSite)
        }
        return try await page(request, context, needsRead: false) { visit in
            let admin = ClubWeeklyURL.admin(visit.club.slug).path
            let form = try await request.collectForm(limit: 64 << 10)
            switch ClubWeeklyURL.AdminAction(rawValue: try context.parameters.require("action")) {
            case .signin:
                let key =
                    CredentialKind.admin.attemptKey(
                        club: visit.club.id, client: request.clientAddress(context: context))
                if let wait = try await limiter.begin(key) {
                    return try await adminPage(
                        visit, error: strings.lockedOut(max(1, (wait + 59) / 60)), notice: nil, status: .tooManyRequests
                    )
                }
                guard await clubService.verifyAdmin(password: form["password"] ?? "", for: visit.record) else {
                    return try await adminPage(
                        visit, error: strings.wrongAdminPassword, notice: nil, status: .unauthorized)
                }
                try await limiter.reset(key)
                let token = try await sessions.create(
                    scope: visit.club.id.rawValue, subject: visit.session?.subject, role: "admin")
                return HTMLResponse.redirect(
                    admin,
                    headers: [
                        .setCookie: sessionCookieHeader(
                            token, request: request, context: context, maxAge: Int(sessions.adminMaxAge))
                    ])
            case .settings:
                guard visit.isAdmin else { return HTMLResponse.redirect(admin) }
                do {
                    var club = try Self.applySettings(form, to: visit.club, strings: strings)
                    if let password = form["adminPassword"], !password.isEmpty {
                        try await membership.setAdminPassword(
                            club, password: password, keeping: request.cookies[sessionCookie]?.value)
                    }
                    club.slug = visit.club.slug
                    try await clubs.update(club)
                    var updated = visit
                    updated.record.club = club
                    return try await adminPage(updated, error: nil, notice: strings.settingsSaved)
                } catch let error as ClubError {
                    return try await adminPage(visit, error: error.description, notice: nil, status: .badRequest)
                } catch let error as WebInputError {
                    return try await adminPage(visit, error: error.message, notice: nil, status: .badRequest)
                }
            case .code:
                guard visit.isAdmin else { return HTMLResponse.redirect(admin) }
                let chosen = form["code"].flatMap { $0.trimmingCharacters(in: .whitespaces).isEmpty ? nil : $0 }
                do {
                    let code = try await membership.rotateCode(visit.club, to: chosen)
                    // The admin stays signed in, keeping their member identity, like the JSON API.
                    let token = try await sessions.create(
                        scope: visit.club.id.rawValue, subject: visit.session?.subject, role: "admin")
                    var signedIn = visit
                    signedIn.session = try await sessions.find(token)
                    if let record = try await clubs.find(slug: visit.club.slug) { signedIn.record = record }
                    var response = try await adminPage(
                        signedIn, error: nil, notice: strings.codeChanged(code))
                    response.headers[.setCookie] = sessionCookieHeader(
                        token, request: request, context: context, maxAge: Int(sessions.adminMaxAge))
                    return response
                } catch let error as ClubError {
                    return try await adminPage(visit, error: error.description, notice: nil, status: .badRequest)
                }
            case nil:
                throw HTTPError(.notFound)
            }
        }
    }

    /// Applies the admin form to a club, validating every field.
    static func applySettings(
        _ form: FormData, to original: Club, strings: ClubWeeklyStrings = .en
    ) throws -> Club {
        var club = original
        club.name = try ClubService.validName(form["name"] ?? "")
        if let zone = form["timeZone"] {
            guard TimeZone(identifier: zone) != nil else { throw ClubError.invalidTimeZone(zone) }
            club.timeZoneIdentifier = zone
        }
        if let start = form["weekStart"] {
            guard let day = Weekday(name: start) else {
                throw WebInputError(strings.unknownWeekStart(String(start.prefix(40))))
            }
            club.weekStart = day
        }
        club.countedSportTypes = try ClubService.validSportTypes(form.all("sport"))
        let colours = (0..<3).map { form["colour\($0)"] ?? "" }
        let parsed = ClubColors(first: colours[0], second: colours[1], third: colours[2])
        guard parsed.isValid else { throw ClubError.invalidColors }
        club.colors = parsed
        club.isFeedPublic = form["feedPublic"] == "yes"
        return club
    }

    func removeMemberSubmit(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        guard request.isSameOrigin(context: context) else {
            throw HTTPError(.forbidden, message: strings.formsFromThisSite)
        }
        return try await page(request, context, needsRead: false) { visit in
            guard visit.isAdmin else { return HTMLResponse.redirect(ClubWeeklyURL.admin(visit.club.slug).path) }
            let id = MemberID(try context.parameters.require("member"))
            guard let member = try await members.find(id, in: visit.club.id) else {
                return try await adminPage(
                    visit, error: strings.memberAlreadyRemoved, notice: nil, status: .notFound)
            }
            try await membership.remove(member, from: visit.club.id, strava: .revoke)
            return try await adminPage(
                visit, error: nil, notice: strings.memberRemoved(member.fullName))
        }
    }

    // MARK: TV

    func tvModel(_ visit: Visit) async throws -> TVModel {
        let data = try await weeks.load(club: visit.club, offset: 0, oldestOffset: 0)
        return TVBuilder.model(
            .init(
                club: visit.club, report: data.report(metric: .distance), members: data.members, viewer: visit.viewer,
                dataVersion: visit.record.dataVersion, strings: strings))
    }

    func tvPage(_ visit: Visit) async throws -> Response {
        try await cachedTV(visit, fragment: false)
    }
}
