import Foundation
import HTTPTypes
import Hummingbird
import ServerKit
import SportsTime
import WebUI

extension TripsWebController {
    func mePage(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        if request.method == .post { return try await meAction(request, context) }
        let prefs = TripsPrefs.resolve(request)
        let session = try await app.session(request)
        var count = 0
        if let id = session.travellerID { count = try await app.trips.count(traveller: id) }
        let catalog = try await app.catalog.current()
        let notice: String? =
            switch request.uri.queryParameters.get("done").map({ String($0) }) {
            case "settings": "Settings saved."
            case "forgot": "This device no longer opens your trips. Your recovery link brings them back."
            case "deleted": "All your data is deleted."
            default: nil
            }
        let model = MeView.model(
            travellerID: session.travellerID, token: session.token, tripCount: count,
            origin: Self.origin(request, context), prefs: prefs, cities: catalog.venues.values.map(\.place),
            notice: notice)
        return Self.keyPage(MeView.render(model))
    }

    func meAction(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        try Self.requireSameOrigin(request, context)
        let form = try await Self.form(request)
        let secure = request.isSecure(context: context)
        switch Self.value(form, "action") {
        case "settings":
            var prefs = TripsPrefs.resolve(request)
            if let units = Self.value(form, "units").flatMap(TripsPrefs.Units.init(rawValue:)) { prefs.units = units }
            if let theme = Self.value(form, "theme").flatMap(TripsPrefs.Theme.init(rawValue:)) { prefs.theme = theme }
            if let home = Self.value(form, "home"), (1...80).contains(home.count),
                !home.contains("|")
            {
                prefs.homeCity = home
            }
            prefs.leagues = form.filter { $0.0 == "leagues" }.compactMap { League(text: $0.1) }
                .reduce(into: []) { if !$0.contains($1) { $0.append($1) } }
            return Self.seeOther(
                TripsPageURL.me.path() + "?done=settings", setCookies: [prefs.setCookie(secure: secure)])
        case "forget":
            return Self.seeOther(
                TripsPageURL.me.path() + "?done=forgot", setCookies: [TravellerSession.cookie(nil, secure: secure)])
        case "delete-all":
            guard Self.value(form, "confirm") == "1" else {
                return TripMessagePages.problem(
                    title: "Nothing was deleted", message: "Tick “I understand” to delete all your data.",
                    prefs: TripsPrefs.resolve(request), links: [("Back to Settings", TripsPageURL.me.path())])
            }
            if let id = try await app.session(request).travellerID { try await app.travellers.delete(id) }
            return Self.seeOther(
                TripsPageURL.me.path() + "?done=deleted", setCookies: [TravellerSession.cookie(nil, secure: secure)])
        default:
            return TripMessagePages.problem(
                title: "Unknown action", message: "Use the buttons on the Settings page.",
                prefs: TripsPrefs.resolve(request), links: [("Settings", TripsPageURL.me.path())])
        }
    }

    /// A page holding a recovery key: never stored, and its address never sent to another site as a referrer.
    /// `same-origin` rather than `no-referrer`: under `no-referrer` browsers send `Origin: null` with the page's own
    /// forms, which the same-origin check must refuse (a foreign page could otherwise plant its key here).
    static func keyPage(_ document: String, status: HTTPResponse.Status = .ok) -> Response {
        var response = html(document, status: status, headers: [.referrerPolicy: "same-origin"])
        response.headers[.cacheControl] = "no-store"
        return response
    }

    func restorePage(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        let prefs = TripsPrefs.resolve(request)
        if request.method == .post { return try await restore(request, context, prefs: prefs) }
        let key = request.uri.queryParameters.get("key").map { String($0) }.flatMap {
            $0.isEmpty || $0.count > 200 ? nil : $0
        }
        let session = try await app.session(request)
        var currentLink: String? = nil
        if key != nil, session.travellerID != nil, let token = session.token, token != key {
            currentLink =
                Self.origin(request, context) + TripsPageURL.restore.path() + RoutePath.query([("key", token)])
        }
        return Self.keyPage(
            MeView.restore(key: key, currentLink: currentLink, prefs: prefs))
    }

    func restore(_ request: Request, _ context: AppRequestContext, prefs: TripsPrefs) async throws -> Response {
        try Self.requireSameOrigin(request, context)
        let form = try await Self.form(request)
        let key = Self.value(form, "key") ?? ""
        let limiter = AttemptLimiter(database: app.trips.database)
        let limitKey = "st-restore:" + request.clientAddress(context: context)
        if let wait = try await limiter.begin(limitKey, counting: false) {
            return Self.keyPage(
                MeView.restore(
                    key: nil, currentLink: nil, prefs: prefs,
                    message: "Too many tries from here: wait \(max(1, wait / 60)) minutes and open the link again."),
                status: .tooManyRequests)
        }
        guard (1...200).contains(key.count), let _ = try await app.travellers.find(token: key) else {
            _ = try await limiter.begin(limitKey)
            return Self.keyPage(
                MeView.restore(
                    key: nil, currentLink: nil, prefs: prefs,
                    message:
                        "This recovery link doesn't open any trips: it may be mistyped, or its data was deleted. "
                        + "Copy the whole link from Settings on the device that saved the trips."),
                status: .notFound)
        }
        return Self.seeOther(
            TripsPageURL.home.path(),
            setCookies: [TravellerSession.cookie(key, secure: request.isSecure(context: context))])
    }
}
