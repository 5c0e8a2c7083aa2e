import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import Plot
import ServerKit
import TodayInSwitzerland
import WebUI

/// The form posts of the Activities and Lunch pages: save, unsave, add, delete, rate and unrate. Refused unless
/// same-origin (CSRF); the visitor gets an id on their first change. A browser without JavaScript is redirected
/// back (POST–redirect–GET) with a confirmation; `swiss-places.js` asks for JSON instead.
extension SwissWebController {
    /// What a page does with a refused form: show itself again with the message (and the typed texts).
    typealias RefusalPage =
        @Sendable (_ returnURL: String, _ form: FormData, _ message: String) async throws -> Response

    /// The visitor's change `form` on `page` (`.activities` or `.lunch`).
    func visitorAction(
        _ request: Request, _ context: AppRequestContext, page: SwissPageURL, refused: RefusalPage
    ) async throws -> Response {
        let wantsJSON = request.headers[.accept]?.contains("application/json") == true
        guard request.isSameOrigin(context: context) else {
            let language = SwissPrefs.resolve(request).language
            let message = language.t(
                "This form can only be sent from this site's own pages.",
                "Dieses Formular kann nur von den Seiten dieser Website gesendet werden.")
            if wantsJSON { return Self.jsonError(.forbidden, code: "cross_site", message: message) }
            throw HTTPError(.forbidden, message: message)
        }
        var mutableRequest = request
        let form = try await mutableRequest.collectForm(limit: 16 * 1024)
        let existing = VisitorID.from(request)
        let visitor = existing ?? VisitorID.random()
        let cookie = visitor.cookie(secure: request.isSecure(context: context))
        let returnURL = Self.returnURL(form["return"], page: page)
        let language = Self.prefs(request, returnURL: returnURL).language
        let id = form["id"] ?? ""
        let kind: VisitorRepository.SavedKind = page == .lunch ? .lunch : .activity
        let visitors = app.visitors

        let outcome: Result<(done: String, anchor: String?), VisitorItemError>
        switch form["do"] ?? "" {
        case "save":
            outcome = try await visitors.setSaved(true, kind, id: id, for: visitor).map { ("saved", nil) }
        case "unsave":
            outcome = try await visitors.setSaved(false, kind, id: id, for: visitor).map { ("unsaved", nil) }
        case "delete":
            outcome = try await visitors.deleteOwn(kind, id: id, for: visitor).map { ("deleted", nil) }
        case "add" where page == .activities:
            outcome = try await visitors.addActivity(
                name: form["name"], description: form["description"], indoor: form["indoor"] == "1",
                price: form["price"], for: visitor
            ).map { ("added", "card-\($0.id)") }
        case "add" where page == .lunch:
            outcome = try await visitors.addLunchSpot(name: form["name"], cuisine: form["cuisine"], for: visitor)
                .map { ("added", "card-\($0.id)") }
        case "rate" where page == .lunch:
            guard let stars = Int(form["stars"] ?? form["stars-\(id)"] ?? "") else {
                outcome = .failure(.invalidRating)
                break
            }
            outcome = try await visitors.rate(id, stars: stars, for: visitor).map { ("rated", nil) }
        case "unrate" where page == .lunch:
            outcome = try await visitors.rate(id, stars: nil, for: visitor).map { ("unrated", nil) }
        default:
            let message = language.t("Unknown action.", "Unbekannte Aktion.")
            if wantsJSON { return Self.jsonError(.badRequest, code: "unknown_action", message: message) }
            throw HTTPError(.badRequest, message: message)
        }

        switch outcome {
        case .success(let result):
            if wantsJSON {
                var response = Self.json(
                    #"{"ok":true,"done":"\#(result.done)","message":\#(Self.quoted(Self.doneMessage(result.done, language) ?? ""))}"#
                )
                response.headers[.setCookie] = cookie
                return response
            }
            let target = Self.withDone(returnURL, result.done) + (result.anchor.map { "#\($0)" } ?? "")
            return Self.seeOther(target, setCookie: cookie)
        case .failure(let error):
            let message = error.message(language)
            if wantsJSON {
                return Self.jsonError(
                    error == .notFound ? .notFound : .unprocessableContent, code: Self.code(error), message: message)
            }
            var response = try await refused(returnURL, form, message)
            if existing != nil { response.headers[.setCookie] = cookie }
            return response
        }
    }

    /// The confirmation shown after a change (`?done=`), nil for an unknown value.
    static func doneMessage(_ done: String?, _ language: Language) -> String? {
        switch done {
        case "saved": language.t("Saved.", "Gemerkt.")
        case "unsaved": language.t("Removed from your saved list.", "Nicht mehr gemerkt.")
        case "added":
            language.t("Added — it is at the top of the list.", "Hinzugefügt — es steht zuoberst in der Liste.")
        case "deleted": language.t("Deleted.", "Gelöscht.")
        case "rated": language.t("Rating saved.", "Bewertung gespeichert.")
        case "unrated": language.t("Rating removed.", "Bewertung entfernt.")
        default: nil
        }
    }

    /// Where a form goes back to: the page it came from (with its filters), never another page or site.
    static func returnURL(_ text: String?, page: SwissPageURL) -> String {
        let path = page.path()
        guard let text, text.utf8.count <= 2000, text == path || text.hasPrefix(path + "?"),
            !text.contains("\\"), !text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F })
        else { return path }
        return text
    }

    /// `url` with `done=<done>` in place of any earlier `done` (and without a fragment).
    static func withDone(_ url: String, _ done: String) -> String {
        let base =
            url.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? url
        let parts = base.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        let path = parts.first.map(String.init) ?? base
        var items = parts.count > 1 ? parts[1].split(separator: "&").map(String.init) : []
        items = items.filter { !$0.hasPrefix("done=") }
        items.append("done=\(done)")
        return path + "?" + items.joined(separator: "&")
    }

    /// The query of a return URL as a lookup (for showing that page again).
    static func queryLookup(_ url: String) -> @Sendable (String) -> String? {
        let items = URLComponents(string: url)?.queryItems ?? []
        let pairs = items.map { ($0.name, $0.value ?? "") }
        let values = Dictionary(pairs, uniquingKeysWith: { first, _ in first })
        return { values[$0] }
    }

    static func code(_ error: VisitorItemError) -> String {
        switch error {
        case .missing: "missing_field"
        case .tooLong: "too_long"
        case .invalidText: "invalid_text"
        case .tooMany: "too_many_items"
        case .invalidID: "invalid_id"
        case .invalidRating: "invalid_rating"
        case .notFound: "not_found"
        }
    }

    static func json(_ body: String, status: HTTPResponse.Status = .ok) -> Response {
        Response(
            status: status, headers: [.contentType: "application/json", .cacheControl: "no-store"],
            body: .init(byteBuffer: ByteBuffer(string: body)))
    }

    static func jsonError(_ status: HTTPResponse.Status, code: String, message: String) -> Response {
        json(#"{"error":{"code":"\#(code)","message":\#(quoted(message))}}"#, status: status)
    }

    static func quoted(_ text: String) -> String {
        var output = ""
        JSONText.appendQuoted(text, to: &output)
        return output
    }

    /// The settings of a request, with the city and language of the page a form came from.
    static func prefs(_ request: Request, returnURL: String) -> SwissPrefs {
        var prefs = SwissPrefs.resolve(request)
        let lookup = queryLookup(returnURL)
        if let id = lookup("city"), let city = City.find(id.lowercased()) { prefs.city = city }
        if let lang = lookup("lang"), let language = Language(query: lang) { prefs.language = language }
        return prefs
    }

    /// A 400 page for a query the page cannot read, naming the valid values, with a way back.
    static func badQueryPage(
        _ message: String, section: SwissSection, prefs: SwissPrefs, now: Date, currentURL: String
    ) -> Response {
        let l = prefs.language
        return html(
            SwissLayout.page(
                title: section.name(l), section: section, prefs: prefs, now: now, currentURL: currentURL,
                main: .group(
                    .h1(.safeText(section.name(l))),
                    Components.notice(message, kind: "error"),
                    .p(
                        .a(
                            .class("button"), .link(prefs.link(section.url)),
                            .safeText(l.t("Start over", "Neu beginnen"))))
                )),
            status: .badRequest)
    }
}
