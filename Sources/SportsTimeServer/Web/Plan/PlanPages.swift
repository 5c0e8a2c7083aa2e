import Foundation
import HTTPTypes
import Hummingbird
import Plot
import ServerKit
import SportsTime
import WebUI

extension TripsWebController {
    /// The day the wizard's default dates start from (Eastern time, where most venues are).
    func today() -> LocalDate {
        LocalDate(now(), in: TimeZone(identifier: "America/New_York") ?? TimeZone(secondsFromGMT: 0) ?? .current)
    }

    /// `/trips/new/{mode}`: the mode's form, prefilled from the query (back-button safe) or the settings.
    func wizardPage(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        guard let slug = context.parameters.get("mode"), let mode = PlanningMode(slug: slug) else {
            return Self.html(
                WizardView.unknownMode(slug: context.parameters.get("mode") ?? "", prefs: TripsPrefs.resolve(request)),
                status: .notFound)
        }
        let raw = Self.queryItems(request)
        var problems: [PlanQuery.Problem] = []
        var query = PlanQuery(query: raw, problems: &problems)
        query.mode = mode
        let catalog = try await app.currentCatalog()
        problems += WizardModel.checks(query, catalog: catalog)
        let prefs = TripsPrefs.resolve(request)
        let step = WizardModel.step(
            requested: raw.last { $0.0 == "step" }?.1, raw: raw, problems: problems,
            mode: mode)
        let model = WizardModel.build(
            mode: mode, raw: raw, query: query, problems: problems, prefs: prefs,
            prefsSaved: request.cookies[TripsPrefs.cookieName] != nil, catalog: catalog,
            imported: try await app.importedCounts(), today: today(), step: step)
        return Self.html(WizardView.page(model, prefs: prefs))
    }

    /// The outcome of planning a query from the options URL: options, or a page that explains why not.
    enum PlanOutcome {
        case options([ItineraryOption], start: TripLocation?, end: TripLocation?, query: PlanQuery)
        case page(Response)
    }

    /// Reads and plans the request's query; every way it can fail becomes a page (never a 500).
    func planFromQuery(_ request: Request, topK: Int? = nil) async throws -> PlanOutcome {
        let raw = Self.queryItems(request)
        var problems: [PlanQuery.Problem] = []
        var query = PlanQuery(query: raw, problems: &problems)
        if query.mode == .teamFirst && query.from == nil && query.to == nil {
            // Without dates team-first would scan every season in the catalogue: plan the next 30 days (the
            // options page says so, and its links carry the dates).
            query.from = today()
            query.to = today().adding(days: 29)
        }
        let catalog = try await app.currentCatalog()
        problems += WizardModel.checks(query, catalog: catalog)
        let prefs = TripsPrefs.resolve(request)
        func wizard(
            status: HTTPResponse.Status, failure: Node<HTML.BodyContext>, extra: [PlanQuery.Problem] = [],
            headers: HTTPFields = [:]
        ) async throws -> Response {
            let model = WizardModel.build(
                mode: query.mode, raw: raw, query: query, problems: problems + extra, prefs: prefs,
                prefsSaved: request.cookies[TripsPrefs.cookieName] != nil, catalog: catalog,
                imported: try await app.importedCounts(), today: today())
            return Self.html(WizardView.page(model, prefs: prefs, failure: failure), status: status, headers: headers)
        }
        if !problems.isEmpty {
            let box = OptionsView.failure(
                code: "invalidInput", title: "Some answers need fixing",
                message: "Fix the marked fields and try again.", fixes: [],
                detail: problems.map(\.message))
            return .page(try await wizard(status: .unprocessableContent, failure: box))
        }
        if let input = PlanInput.failure(query, catalog: catalog) {
            let box = OptionsView.failure(
                code: input.code, title: "We can't plan this yet", message: input.message,
                fixes: FailureAdvice.fixes(for: input, query: query))
            let marks = input.field.map { [PlanQuery.Problem(field: $0, message: input.message)] } ?? []
            return .page(try await wizard(status: .badRequest, failure: box, extra: marks))
        }
        let result: Result<[ItineraryOption], PlanningFailure>
        do {
            result = try await app.plan(
                query.preferences, start: query.start, end: query.end,
                topK: topK ?? (query.mode == .teamFirst ? nil : 5))
        } catch let error as PlanInputError {
            let failure = PlanInputFailure.other(message: error.description)
            let box = OptionsView.failure(
                code: failure.code, title: "We can't plan this yet", message: failure.message, fixes: [])
            return .page(try await wizard(status: .badRequest, failure: box))
        } catch let error as APIError where error.status == .serviceUnavailable {
            let willRetry = !raw.contains { $0.0 == "retry" }
            let again = request.uri.path + RoutePath.query(raw.filter { $0.0 != "retry" } + [("retry", "1")])
            var headers: HTTPFields = [.retryAfter: "2"]
            if willRetry, let name = HTTPField.Name("Refresh") { headers[name] = "2; url=\(again)" }
            return .page(
                Self.html(
                    OptionsView.busy(retryURL: again, willRetry: willRetry, prefs: prefs),
                    status: .serviceUnavailable, headers: headers))
        }
        switch result {
        case .success(let options) where !options.isEmpty:
            return .options(
                options, start: query.start.flatMap { catalog.location(named: $0) },
                end: query.end.flatMap { catalog.location(named: $0) }, query: query)
        case .success:
            return .page(try await failurePage(.noValidRoutes, query: query, catalog: catalog, wizard: wizard))
        case .failure(let failure):
            return .page(try await failurePage(failure, query: query, catalog: catalog, wizard: wizard))
        }
    }

    func failurePage(
        _ failure: PlanningFailure, query: PlanQuery, catalog: Catalog,
        wizard: (HTTPResponse.Status, Node<HTML.BodyContext>, [PlanQuery.Problem], HTTPFields) async throws -> Response
    ) async throws -> Response {
        let games = PlanInput.gameInfo(query.games, catalog: catalog)
        var detail: [String] = []
        var marks: [PlanQuery.Field] = []
        switch failure {
        case .noGamesInRange:
            detail.append(Self.filters(query))
            if query.sports.isEmpty && [.dateRange, .locations].contains(query.mode) { marks.append(.sports) }
            if query.mode == .gameFirst && query.games.isEmpty { marks.append(.games) }
        case .noValidRoutes:
            detail.append(
                "Driving limit: \(query.drivers) driver\(query.drivers == 1 ? "" : "s") × "
                    + "\(PlanQuery.number(query.hours)) h = \(PlanQuery.number(query.hours * Double(query.drivers))) h a day; "
                    + "pace \(query.leisure.rawValue).")
        case .missingDateRange: marks += [.from, .to]
        case .missingLocations:
            if query.start == nil { marks.append(.start) }
            if query.end == nil { marks.append(.end) }
        case .missingTeamSelection: marks.append(query.mode == .teamFirst ? .teams : .team)
        case .dateRangeViolation(let outside):
            detail += outside.map { FailureAdvice.name($0, games) }
            marks.append(.games)
        case .drivingExceedsLimit(let needed, let limit):
            detail.append(
                "Needs \(PlanQuery.number((needed * 10).rounded() / 10)) h in one day; limit \(PlanQuery.number(limit)) h."
            )
        case .repeatCityViolation(let city): detail.append("City: \(city)")
        case .geographicBacktracking:
            detail += query.games.map { FailureAdvice.name($0, games) }
        }
        let box = OptionsView.failure(
            code: failure.code, title: "No trip fits these answers", message: failure.message,
            fixes: FailureAdvice.fixes(for: failure, query: query, games: games), detail: detail)
        let problems = marks.map { PlanQuery.Problem(field: $0, message: failure.message) }
        return try await wizard(.unprocessableContent, box, problems, [:])
    }

    /// "Filters: MLB, NBA · 2026-06-01 to 2026-06-07 · regions east".
    static func filters(_ query: PlanQuery) -> String {
        var parts: [String] = []
        parts.append(query.sports.isEmpty ? "no sport chosen" : query.sports.map(\.displayName).joined(separator: ", "))
        if let from = query.from, let to = query.to { parts.append("\(from) to \(to)") }
        parts.append(
            query.regions == Set(Region.allCases)
                ? "every region"
                : "regions " + Region.allCases.filter(query.regions.contains).map(\.rawValue).joined(separator: ", "))
        return "Filters used: " + parts.joined(separator: " · ")
    }

    /// `/trips/options?…`: the ranked options, or the wizard with the failure explained.
    func optionsPage(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        switch try await planFromQuery(request) {
        case .page(let response): return response
        case .options(let options, let start, let end, let query):
            let prefs = TripsPrefs.resolve(request)
            let parameters = request.uri.queryParameters
            var model = OptionsModel.build(
                query: query, options: options, start: start, end: end, prefs: prefs,
                sort: parameters.get("sort"), direction: parameters.get("dir"))
            if query.mode == .teamFirst && !Self.queryItems(request).contains(where: { $0.0 == "from" }) {
                model.notes.append("No dates were given: these windows fall in the next 30 days.")
            }
            return Self.html(OptionsView.page(model, prefs: prefs))
        }
    }

    /// `/trips/options/compare?…&ranks=1,3`: two or three options day by day; bad ranks answer 400.
    func comparePage(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        switch try await planFromQuery(request) {
        case .page(let response): return response
        case .options(let options, _, _, let query):
            let prefs = TripsPrefs.resolve(request)
            let texts = Self.queryItems(request).filter { $0.0 == "ranks" }.map(\.1)
            let ranks: [Int]
            do throws(CompareModel.Problem) {
                ranks = try CompareModel.ranks(texts, available: options.count)
            } catch {
                guard case .badRanks(let message) = error else { throw error }
                return Self.html(
                    CompareView.refused(
                        message, backURL: TripsPageURL.options.path(query: query.queryString), prefs: prefs),
                    status: .badRequest)
            }
            let model = CompareModel.build(query: query, options: options, ranks: ranks, prefs: prefs)
            return Self.html(CompareView.page(model, prefs: prefs))
        }
    }
}
