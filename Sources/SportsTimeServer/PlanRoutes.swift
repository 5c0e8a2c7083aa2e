import Foundation
import HTTPTypes
import Hummingbird
import ServerKit
import SportsTime

/// Fields of `POST /api/trips/plan` besides the preferences: places by name and how many options.
struct PlanExtras: Decodable, Sendable {
    /// Start, e.g. "Boston" or "42.35,-71.06" (sets `startLocation`).
    var start: String?
    /// End (sets `endLocation`).
    var end: String?
    /// Options to return, 1–10 (default 5; team-first 10).
    var topK: Int?
}

/// The answer of a plan: ranked options.
struct PlanResponse: Encodable, Sendable {
    var options: [ItineraryOption]
}

/// A planning failure as the API answers it (422): the error envelope plus the failure's details.
struct PlanFailureResponse: Encodable, Sendable {
    struct Envelope: Encodable, Sendable {
        var code: String
        var message: String
    }
    var error: Envelope
    var failure: PlanningFailure
}

/// Why a plan could not even be attempted (an unknown place or a bad option count).
public struct PlanInputError: Error, CustomStringConvertible, Sendable {
    public let description: String
}

extension SportsTimeApp {
    /// Limits that keep one request from occupying the server: planning is CPU work.
    enum Limits {
        static let days = 31
        static let teams = 6
        static let mustSeeGames = 20
    }

    /// Checks the size of a request before planning it.
    static func checkSize(_ preferences: TripPreferences) throws(PlanInputError) {
        if let start = preferences.startDate, let end = preferences.endDate, start.days(to: end) + 1 > Limits.days {
            throw PlanInputError(
                description: "Plan at most \(Limits.days) days at a time (\(start) to \(end) is longer).")
        }
        if Set(preferences.selectedTeamIds).count > Limits.teams {
            throw PlanInputError(description: "Choose at most \(Limits.teams) teams.")
        }
        if Set(preferences.mustSeeGameIds).count > Limits.mustSeeGames {
            throw PlanInputError(description: "Choose at most \(Limits.mustSeeGames) must-see games.")
        }
    }

    /// Plans `preferences` over the current catalogue with the imported road times where present (see
    /// ``plannerEstimator()``); `start`/`end` name places ("Boston", "42.35,-71.06"). Runs
    /// on a thread outside Swift's cooperative pool, at most ``PlanningGate/width`` at a time per instance.
    public func plan(
        _ preferences: TripPreferences, start: String? = nil, end: String? = nil, topK: Int? = nil
    ) async throws -> Result<[ItineraryOption], PlanningFailure> {
        let catalog = try await catalog.current()
        var preferences = preferences
        preferences.selectedTeamIds = preferences.selectedTeamIds.reduce(into: []) {
            if !$0.contains($1) { $0.append($1) }
        }
        if let start {
            guard let location = catalog.location(named: start) else {
                throw PlanInputError(description: "Unknown place '\(start)': name a city with a venue, or lat,lon.")
            }
            preferences.startLocation = location
        }
        if let end {
            guard let location = catalog.location(named: end) else {
                throw PlanInputError(description: "Unknown place '\(end)': name a city with a venue, or lat,lon.")
            }
            preferences.endLocation = location
        }
        if let topK, !(1...10).contains(topK) { throw PlanInputError(description: "topK must be 1–10.") }
        try Self.checkSize(preferences)
        let chosen = preferences
        // Imported road times where present (as the tour uses them), the estimate elsewhere.
        let estimator = try await plannerEstimator()
        return try await gate.run {
            TripPlanningEngine.plan(chosen, catalog: catalog, estimator: estimator, topK: topK)
        }
    }

    /// The estimator every trip planner uses: the stored road matrix (`trips road-times import`) over the default
    /// estimate.
    func plannerEstimator() async throws -> TravelEstimator {
        TravelEstimator().with(roads: try await roadMatrix())
    }

    /// Suggested trips from `origin` in `month` ("2026-06"), e.g. "3 ballparks in 4 days from Boston"; none starting
    /// before `notBefore` (pages pass today, so the current month suggests no trip already past).
    public func suggestions(
        from origin: String, month: String, leagues: Set<League>, notBefore: LocalDate? = nil
    ) async throws -> [TripSuggestion] {
        let catalog = try await catalog.current()
        guard let location = catalog.location(named: origin) else {
            throw PlanInputError(description: "Unknown place '\(origin)': name a city with a venue, or lat,lon.")
        }
        let parts = month.split(separator: "-")
        guard parts.count == 2, let year = Int(parts[0]), let number = Int(parts[1]), (1...12).contains(number),
            (1900...2200).contains(year)
        else { throw PlanInputError(description: "month must look like 2026-06.") }
        return try await gate.run {
            SuggestedTrips().suggestions(
                catalog: catalog, origin: location, year: year, month: number, leagues: leagues, notBefore: notBefore)
        }
    }

    func suggestionsRoute(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        let query = request.uri.queryParameters
        guard let origin = query.get("from"), let month = query.get("month") else {
            throw APIError.badRequest("Send from (a city) and month (YYYY-MM).", code: "bad_input")
        }
        do {
            return try JSONResponse.make(
                try await suggestions(from: origin, month: month, leagues: Self.leagues(request)))
        } catch let error as PlanInputError {
            throw APIError.badRequest(error.description, code: "bad_input")
        }
    }

    func planRoute(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        let data = try await request.collectBody(limit: 64 << 10)
        let preferences = try Self.decode(TripPreferences.self, from: data)
        let extras = try Self.decode(PlanExtras.self, from: data)
        let result: Result<[ItineraryOption], PlanningFailure>
        do {
            result = try await plan(preferences, start: extras.start, end: extras.end, topK: extras.topK)
        } catch let error as PlanInputError {
            throw APIError.badRequest(error.description, code: "bad_input")
        }
        switch result {
        case .success(let options):
            return try JSONResponse.make(PlanResponse(options: options))
        case .failure(let failure):
            return try JSONResponse.make(
                PlanFailureResponse(error: .init(code: failure.code, message: failure.message), failure: failure),
                status: .unprocessableContent)
        }
    }

}
