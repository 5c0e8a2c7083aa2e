import ClubWeeklyServer
import Foundation
import HTTPTypes
import Hummingbird
import JustZone2Server
import Logging
import ServerKit
import SportsTime
import SportsTimeServer
import Synchronization
import TodayInSwitzerland
import TodayInSwitzerlandServer
import WebUI

/// Clubhouse's own routes, shared by every app's pages: the home page, the service worker and the shell's files.
public enum ClubhouseURL: String, AppRoute {
    /// `/`: the home page, the four apps with a live glance each.
    case home
    /// `/clubweekly`: Club Weekly's start, the default club's dashboard (what the app switcher links to).
    case clubWeekly
    /// `/sw.js`: the service worker caching every app's shell.
    case serviceWorker
    /// `/assets/webui/<name>`: the shared stylesheets, scripts and icons.
    case assets

    /// All are GET.
    public var methods: [HTTPRequest.Method] { [.get] }

    /// The path pattern.
    public var pattern: String {
        switch self {
        case .home: ""
        case .clubWeekly: "clubweekly"
        case .serviceWorker: "sw.js"
        case .assets: "assets/webui/:name"
        }
    }
}

/// Handlers of ``ClubhouseURL``.
struct ShellController: Sendable {
    /// Slug of the club the home page shows and `/clubweekly` opens.
    let defaultClub: String
    let apps: ClubhouseApps
    let now: @Sendable () -> Date
    let assets = WebAssets.shared
    let worker: StaticFile
    /// Today's suggested trip, computed once a day (planning takes a moment; the home page never waits for it).
    let tripOfTheDay = TripOfTheDay()

    /// The longest the home page waits for any app's glance (`CLUBHOUSE_HOME_WAIT`, 0.9 s: the page answers within a
    /// second); infinite in tests.
    let glanceWait: TimeInterval
    let logger: Logger

    init(
        defaultClub: String, apps: ClubhouseApps, glanceWait: TimeInterval = 0.9, logger: Logger,
        now: @escaping @Sendable () -> Date = Date.init
    ) {
        self.defaultClub = defaultClub
        self.glanceWait = glanceWait.isInfinite ? .infinity : min(max(glanceWait, 0.05), 60)
        self.logger = logger
        self.apps = apps
        self.now = now
        let script = Data(ServiceWorker.script(assets: WebAssets.shared).utf8)
        worker = StaticFile(
            data: script, contentType: "text/javascript; charset=utf-8", fingerprint: WebAsset.fingerprint(script))
    }

    func addRoutes(to router: Router<AppRequestContext>) {
        for route in ClubhouseURL.allCases {
            switch route {
            case .home: router.on(route, use: home)
            case .clubWeekly: router.on(route, use: clubWeekly)
            case .serviceWorker: router.on(route, use: serviceWorker)
            case .assets: router.on(route, use: asset)
            }
        }
    }

    /// A glance as the home model reads it: nil when there is nothing to show (no such club, no trip ahead),
    /// `.some(nil)` when the app did not answer in time, else the glance.
    static func state<T>(_ answer: T??) -> T?? {
        switch answer {
        case .none: .some(nil)
        case .some(.none): .none
        case .some(.some(let value)): .some(.some(value))
        }
    }

    /// Computes today's suggested trip (building SportsTime's catalogue takes a moment) and reads the biggest clubs'
    /// current weeks, in the background.
    func warmUp() {
        Task { [apps, tripOfTheDay, now] in
            _ = await tripOfTheDay.suggestion(sportsTime: apps.sportsTime, now: now())
            await apps.clubWeekly.warmCurrentWeeks()
        }
    }

    /// `operation` within ``glanceWait``, or nil; a late glance is logged with its app, so a slow start-up shows why.
    private func glance<Value: Sendable>(
        _ app: String, _ operation: @escaping @Sendable () async -> Value
    ) async -> Value? {
        guard glanceWait.isFinite else { return await operation() }
        let started = ContinuousClock.now
        let value = await withinDeadline(glanceWait, operation)
        if value == nil {
            logger.warning(
                "home page glance late",
                metadata: ["app": "\(app)", "waited": "\(ContinuousClock.now - started)"])
        }
        return value
    }

    func clubWeekly(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        Response(status: .found, headers: [.location: ClubWeeklyRoute.dashboard.path(["slug": defaultClub])])
    }

    /// The home page: each app's glance gathered in parallel, none waited for longer than `glanceWait`.
    func home(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        let prefs = SwissPrefs.resolve(request)
        let language = prefs.language
        let time = now()
        async let club = glance("clubweekly") { [apps, defaultClub, logger] in
            do {
                return try await apps.clubWeekly.glance(slug: defaultClub)
            } catch {
                logger.warning("home page glance failed", metadata: ["app": "clubweekly", "error": "\(error)"])
                return nil
            }
        }
        async let trip = glance("sportstime") { [apps, tripOfTheDay] in
            await tripOfTheDay.suggestion(sportsTime: apps.sportsTime, now: time)
        }
        let riderToken = request.cookies[JustZone2App.riderCookie]?.value
        async let ride = glance("justzone2") { [apps] in
            await apps.justZone2.glance(riderToken: riderToken, now: time, timeZone: .current)
        }
        let travellerToken = request.cookies[SportsTimeApp.travellerCookie]?.value
        async let saved = glance("sportstime-saved") { [apps] in
            guard let travellerToken else { return TripGlance?.none }
            return (try? await apps.sportsTime.nextSavedTrip(travellerToken: travellerToken, now: time)) ?? nil
        }
        async let swiss = glance("swiss") { [apps] in
            await apps.swiss.glance(cityID: prefs.city.id, language: language)
        }
        let clubGlance = await club
        let model = HomeModel.make(
            HomeModel.Input(
                language: language.rawValue, now: time, timeZone: .current,
                club: Self.state(clubGlance),
                clubURL: ClubWeeklyRoute.dashboard.path(["slug": defaultClub]),
                trip: Self.state(await trip), savedTrip: (await saved) ?? nil, ride: await ride,
                swiss: await swiss,
                swissURL: prefs.link(.today)))
        return HTMLResponse.page(
            HomeView.page(model), csp: PageShell.contentSecurityPolicy(), headers: [.vary: "Cookie"])
    }

    func serviceWorker(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        var response = worker.response(for: request)
        // Browsers check for a new worker on every visit; it must never be cached for long.
        response.headers[.cacheControl] = "no-cache"
        return response
    }

    func asset(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        guard let name = context.parameters.get("name"), let file = assets.files[name] else {
            throw HTTPError(.notFound, message: "No such file.")
        }
        return StaticFile(data: file.data, contentType: file.contentType, fingerprint: file.fingerprint)
            .response(for: request)
    }
}

/// The trip the home page suggests today: the engine's first suggestion from New York starting today or later, this
/// month or next, computed once per day and shared by every visitor.
final class TripOfTheDay: Sendable {
    private let state = Mutex<(day: String, task: Task<TripSuggestion?, Never>)?>(nil)

    /// Today's suggestion; callers during the computation share it.
    func suggestion(sportsTime: SportsTimeApp, now: Date) async -> TripSuggestion? {
        let today = LocalDate(now, in: .current)
        let key = "\(today)"
        let task = state.withLock { state -> Task<TripSuggestion?, Never> in
            if let state, state.day == key { return state.task }
            let task = Task { await Self.find(sportsTime: sportsTime, today: today) }
            state = (key, task)
            return task
        }
        return await task.value
    }

    private static func find(sportsTime: SportsTimeApp, today: LocalDate) async -> TripSuggestion? {
        for offset in 0..<2 {
            let index = today.year * 12 + (today.month - 1) + offset
            let name = String(format: "%04d-%02d", index / 12, index % 12 + 1)
            let suggestions =
                (try? await sportsTime.suggestions(
                    from: "New York", month: name, leagues: Set(League.allCases), notBefore: today)) ?? []
            if let first = suggestions.filter({ $0.startDate >= today }).min(by: { $0.startDate < $1.startDate }) {
                return first
            }
        }
        return nil
    }
}
