import Foundation
import HTTPTypes
import Hummingbird
import JustZone2
import Plot
import ServerKit
import WebUI

/// What every page handler shares: HTML answers under the pages' Content-Security-Policy, redirects after forms,
/// the same-origin check, the "not found" page and form limits.
enum Zone2Pages {
    /// An HTML page. Pages depend on the rider's cookie, so caches key them by it and never share them.
    static func html(_ document: String, status: HTTPResponse.Status = .ok, headers: HTTPFields = [:]) -> Response {
        var fields: HTTPFields = [.vary: "Cookie", .cacheControl: "private, no-cache"]
        for field in headers { fields[field.name] = field.value }
        return HTMLResponse.page(document, status: status, csp: PageShell.contentSecurityPolicy(), headers: fields)
    }

    /// A redirect after a form (303, so the browser GETs the target), optionally setting cookies.
    static func seeOther(_ location: String, setCookies: [String] = []) -> Response {
        var headers: HTTPFields = [.cacheControl: "no-store"]
        for cookie in setCookies { headers.append(HTTPField(name: .setCookie, value: cookie)) }
        return HTMLResponse.redirect(location, headers: headers)
    }

    /// Refuses a form posted from another site (403): pages change the rider's data only from this origin.
    static func requireSameOrigin(_ request: Request, _ context: AppRequestContext) throws {
        guard request.isSameOrigin(context: context) else {
            throw HTTPError(.forbidden, message: "This form must be sent from this site.")
        }
    }

    /// The page for a ride or activity this rider does not have (404): the same answer for a bad id, another
    /// rider's ride and a deleted one, so ids reveal nothing.
    static func notFound(_ what: String = "ride") -> Response {
        let main: Node<HTML.BodyContext> = .group(
            .h1(.text("Not found")),
            Components.emptyState(
                title: "No such \(what)",
                message: "It may have been deleted, or it belongs to another browser. Your rides are in History.",
                action: ("Open history", Zone2PageURL.rides.path()), icon: "🔍"))
        return html(Zone2Layout.page(title: "Not found", section: .rides, main: main), status: .notFound)
    }

    /// Reads a URL-encoded form (small: settings and commands), refusing other sites.
    static func form(_ request: Request, _ context: AppRequestContext) async throws -> FormData {
        try requireSameOrigin(request, context)
        return try await request.collectForm(limit: 64 << 10)
    }

    /// A ride id from the path: ids are short tokens (UUIDs), anything else is no ride.
    static func rideID(_ context: AppRequestContext) -> String? {
        guard let id = context.parameters.get("id"), (1...64).contains(id.count),
            id.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") })
        else { return nil }
        return id
    }
}

/// How the pages write figures, times and dates (English, the server's time zone).
enum Zone2Format {
    /// "45 min", "1 h 05 min".
    static func duration(_ seconds: Int) -> String {
        let minutes = max(0, seconds) / 60
        guard minutes >= 60 else { return "\(minutes) min" }
        return String(format: "%d h %02d min", minutes / 60, minutes % 60)
    }

    /// "1:05:00" (a ride's clock), "5:03" under an hour.
    static func clock(_ seconds: Int) -> String {
        let s = max(0, seconds)
        return s >= 3600
            ? String(format: "%d:%02d:%02d", s / 3600, s % 3600 / 60, s % 60)
            : String(format: "%d:%02d", s / 60, s % 60)
    }

    /// "Mon 23 Nov, 18:05" in `timeZone`.
    static func dateTime(_ date: Date, timeZone: TimeZone) -> String {
        formatter("EEE d MMM, HH:mm", timeZone).string(from: date)
    }

    /// "Mon 23 Nov, 18:05:12" in `timeZone` (diagnostics).
    static func dateTimeSeconds(_ date: Date, timeZone: TimeZone) -> String {
        formatter("EEE d MMM, HH:mm:ss", timeZone).string(from: date)
    }

    /// "23 Nov 2026" in `timeZone`.
    static func day(_ date: Date, timeZone: TimeZone) -> String {
        formatter("d MMM yyyy", timeZone).string(from: date)
    }

    /// "23 Nov" in `timeZone`.
    static func shortDay(_ date: Date, timeZone: TimeZone) -> String {
        formatter("d MMM", timeZone).string(from: date)
    }

    /// `2026-11-23` in `timeZone` (form values).
    static func isoDay(_ date: Date, timeZone: TimeZone) -> String {
        formatter("yyyy-MM-dd", timeZone).string(from: date)
    }

    private static func formatter(_ format: String, _ timeZone: TimeZone) -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_GB")
        formatter.calendar = Calendar(identifier: .gregorian)
        formatter.timeZone = timeZone
        formatter.dateFormat = format
        return formatter
    }

    /// "142 W", or "–".
    static func watts(_ value: Int?) -> String { value.map { "\($0) W" } ?? "–" }
    /// "131 bpm", or "–".
    static func bpm(_ value: Int?) -> String { value.map { "\($0) bpm" } ?? "–" }

    /// The Monday-based week holding `date` in `timeZone`.
    static func week(of date: Date, timeZone: TimeZone) -> Range<Date> {
        var calendar = Calendar(identifier: .iso8601)
        calendar.timeZone = timeZone
        guard let interval = calendar.dateInterval(of: .weekOfYear, for: date) else {
            return date..<date.addingTimeInterval(7 * 86_400)
        }
        return interval.start..<interval.end
    }
}
