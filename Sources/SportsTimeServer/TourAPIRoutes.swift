import Foundation
import HTTPTypes
import Hummingbird
import ServerKit
import SportsTime

/// The body of `POST /api/trips/tours`: every field optional (the web form's defaults).
struct TourAPIRequest: Decodable, Sendable {
    var league: String?
    var season: Int?
    /// "continuous" (drive at any hour, the benchmark's model) or "daily" (the default).
    var rules: String?
    var drivers: Int?
    var hours: Double?
    var gameHours: Double?
    var bufferHours: Double?
    /// Earliest and latest first day, YYYY-MM-DD.
    var from: String?
    var to: String?
    /// Start and end city (daily rules only).
    var start: String?
    /// Venue ids to see (default: every park of the league).
    var parks: [String]?
    /// Seconds the search may take before it returns its best tour so far (1–120).
    var timeLimit: Double?

    /// The fields as the web form's query items, so the API and the page share one validation.
    func items(thisYear: Int) -> [(String, String)] {
        var items: [(String, String)] = [
            ("league", league ?? "mlb"), ("season", String(season ?? thisYear)), ("rules", rules ?? "daily"),
        ]
        if let drivers { items.append(("drivers", String(drivers))) }
        if let hours { items.append(("hours", PlanQuery.number(hours))) }
        if let gameHours { items.append(("game", PlanQuery.number(gameHours))) }
        if let bufferHours { items.append(("buffer", PlanQuery.number(bufferHours))) }
        if let from { items.append(("from", from)) }
        if let to { items.append(("to", to)) }
        if let start { items.append(("start", start)) }
        if let parks { items.append(("parks", parks.joined(separator: ","))) }
        if let timeLimit { items.append(("limit", PlanQuery.number(timeLimit))) }
        return items
    }
}

/// A tour search as the API answers it: its state and, once done, the tour with its rules, lower bound and gap.
struct TourJobResponse: Encodable, Sendable {
    /// The job's id (`GET /api/trips/tours/{id}`).
    var id: String
    /// queued, searching, done or failed.
    var state: String
    /// Share of the search done (0…1) while it runs; 1 when done.
    var progress: Double?
    var message: String
    /// Where to poll.
    var statusUrl: String
    /// The tour (done; absent when no tour covers every park).
    var tour: BallparkTour?
    var rules: TravelRules?
    var lowerBound: TourLowerBound?
    /// (tour − bound) / tour: how far from optimal the tour can at most be.
    var gap: Double?
    /// The tour's length: first pitch to last out in days (continuous rules) or calendar days (daily).
    var days: Double?
}

extension SportsTimeApp {
    /// A job id from a stored search's key (URL-safe Base64, so the key needs no second table).
    static func tourJobID(_ key: String) -> String {
        Data(key.utf8).base64EncodedString().replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }

    /// The key of a job id, nil when it is not one.
    static func tourKey(jobID: String) -> String? {
        guard jobID.count <= 4_096,
            jobID.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") })
        else { return nil }
        var base64 = jobID.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        guard let data = Data(base64Encoded: base64), let key = String(data: data, encoding: .utf8),
            key.hasPrefix("league=")
        else { return nil }
        return key
    }

    /// The API's view of a stored search.
    static func tourJobResponse(_ stored: StoredTour) -> TourJobResponse {
        let id = tourJobID(stored.key)
        var response = TourJobResponse(
            id: id, state: stored.state.rawValue, progress: stored.state == .done ? 1 : stored.progress,
            message: stored.message, statusUrl: SportsTimeURL.tour.path(["id": id]))
        if stored.state == .queued { response.progress = 0 }
        if let tour = stored.tour {
            response.tour = tour
            response.rules = tour.rules
            response.lowerBound = tour.lowerBound
            response.gap = tour.gap
            response.days = tour.rules?.driving == .continuous ? tour.durationDays : Double(tour.totalDays)
        }
        return response
    }

    /// `POST /api/trips/tours`: starts (or joins the identical) tour search in the background; 202 with the job
    /// while it runs, 200 when the same search is already done; 400 with the fields' problems.
    func startTourRoute(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        let body = try await Self.decode(TourAPIRequest.self, from: request, limit: 16 << 10)
        let catalog = try await currentCatalog()
        let thisYear = LocalDate(Date(), in: TimeZone(secondsFromGMT: 0) ?? .current).year
        let (_, parsed, errors) = TourModel.parse(body.items(thisYear: thisYear), catalog: catalog, thisYear: thisYear)
        guard let tourRequest = parsed else {
            let names = [
                "game": "gameHours", "buffer": "bufferHours", "limit": "timeLimit",
            ]
            let message = errors.sorted { $0.key < $1.key }.map { "\(names[$0.key] ?? $0.key): \($0.value)" }
                .joined(separator: " ")
            throw APIError.badRequest(message, code: "bad_input")
        }
        let key = tourRequest.key(version: try await schedules.version())
        let queued: Bool
        do {
            queued = try await tours.queue(key: key, request: tourRequest)
        } catch is TourQueueFull {
            throw APIError(
                .serviceUnavailable, code: "busy", message: TourQueueFull.message, headers: [.retryAfter: "60"])
        }
        if queued {
            try await JobQueue(database: schedules.database).enqueue(
                kind: Self.tourJobKind, payload: key, dedupeKey: "tour:" + key, maxAttempts: 2)
        }
        guard let stored = try await tours.find(key: key) else {
            throw APIError.notFound("The tour search was not stored: try again.")
        }
        var response = try JSONResponse.make(
            Self.tourJobResponse(stored), status: stored.state == .done ? .ok : .accepted)
        response.headers[.location] = SportsTimeURL.tour.path(["id": Self.tourJobID(key)])
        response.headers[.cacheControl] = "no-store"
        return response
    }

    /// `GET /api/trips/tours/{id}`: a tour search's state, progress and, once done, the tour.
    func tourRoute(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        guard let id = context.parameters.get("id"), let key = Self.tourKey(jobID: id) else {
            throw APIError.badRequest(
                "Not a tour job id: use the id POST /api/trips/tours answered.", code: "bad_input")
        }
        guard let stored = try await tours.find(key: key) else {
            throw APIError.notFound("No such tour search (the schedule may have changed since): start it again.")
        }
        var response = try JSONResponse.make(Self.tourJobResponse(stored))
        response.headers[.cacheControl] = "no-store"
        return response
    }
}
