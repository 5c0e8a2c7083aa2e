import Foundation
import HTTPTypes
import Hummingbird
import Plot
import ServerKit
import SportsTime
import WebUI

/// The `st_voter` cookie: the id of a voter without a traveller identity.
enum VoterCookie {
    static let name = "st_voter"

    /// 22 random URL-safe characters.
    static func newID() -> String { PollRules.newShareToken() }

    static func setCookie(_ id: String, secure: Bool) -> String {
        "\(name)=\(id); Path=/trips; Max-Age=\(TravellerSession.maxAge); HttpOnly; SameSite=Lax\(secure ? "; Secure" : "")"
    }
}

extension TripsWebController {
    func pollsPage(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        var rows: [PollListModel.Row] = []
        if let owner = try await app.session(request).travellerID {
            for stored in try await app.polls.list(owner: owner) {
                rows.append(
                    PollListModel.Row(
                        title: stored.title, url: TripsPageURL.poll.path(["token": stored.shareToken]),
                        created: TripsComponents.day(
                            LocalDate(stored.createdAt, in: TimeZone(secondsFromGMT: 0) ?? .current)),
                        votes: try await app.polls.votes(poll: stored.id).count, isClosed: stored.closedAt != nil))
            }
        }
        return Self.html(PollsView.list(PollListModel(rows: rows), prefs: TripsPrefs.resolve(request)))
    }

    /// The itineraries a new poll is made of: saved trips (`trips=a,b`) or ranked options of a plan query
    /// (`…&ranks=1,3`), loaded by the server (never taken from the form). Throws a message for the page.
    func pollCandidates(
        _ items: [(String, String)], request: Request
    ) async throws -> (
        [PollCandidate], source: [(String, String)]
    ) {
        func value(_ key: String) -> String? { items.last { $0.0 == key }?.1 }
        func list(_ key: String) -> [String] {
            items.filter { $0.0 == key }.flatMap { $0.1.split(separator: ",").map(String.init) }
        }
        let trips = list("trips").prefix(6)
        if !trips.isEmpty {
            guard let owner = try await app.session(request).travellerID else {
                throw PollFormProblem(message: "Those trips are not saved on this device.")
            }
            var candidates: [PollCandidate] = []
            for id in trips {
                guard let stored = try await app.trips.find(String(id.prefix(64)), traveller: owner),
                    let trip = try? SportsTimeApp.decoder().decode(SavedTripBody.self, from: stored.body)
                else { throw PollFormProblem(message: "A chosen trip is no longer saved: choose again.") }
                candidates.append(PollCandidate(label: String(trip.name.prefix(80)), option: trip.option))
            }
            return (candidates, [("trips", trips.joined(separator: ","))])
        }
        let ranks = list("ranks").compactMap { Int($0) }.filter { (1...10).contains($0) }
        guard !ranks.isEmpty else { return ([], []) }
        var problems: [PlanQuery.Problem] = []
        let query = PlanQuery(query: items, problems: &problems)
        if let problem = problems.first { throw PollFormProblem(message: problem.message) }
        let planned: Result<[ItineraryOption], PlanningFailure>
        do {
            planned = try await app.plan(query.preferences, start: query.start, end: query.end)
        } catch let error as PlanInputError {
            throw PollFormProblem(message: error.description)
        }
        guard case .success(let options) = planned else {
            throw PollFormProblem(message: "These options cannot be planned any more: plan again.")
        }
        var candidates: [PollCandidate] = []
        for rank in ranks {
            guard let option = options.first(where: { $0.rank == rank }) else {
                throw PollFormProblem(message: "Option \(rank) is no longer among the options: plan again.")
            }
            candidates.append(PollCandidate(label: "Option \(rank): " + PollCandidate.summary(option), option: option))
        }
        return (candidates, query.items + [("ranks", ranks.map(String.init).joined(separator: ","))])
    }

    func newPollPage(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        let prefs = TripsPrefs.resolve(request)
        if request.method == .post {
            try Self.requireSameOrigin(request, context)
            let form = try await request.collectForm(limit: 64 << 10)
            let items = form.fields.filter { $0.name != "title" && $0.name != "label" }.map { ($0.name, $0.value) }
            let title = form["title"] ?? ""
            let labels = form.all("label").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
            var model = NewPollModel(
                title: title, options: [], source: [], titleError: nil, labelErrors: [:], sourceError: nil)
            do {
                let (candidates, source) = try await pollCandidates(items, request: request)
                model.source = source
                model.options = candidates.enumerated().map { index, candidate in
                    (index < labels.count ? labels[index] : candidate.label, PollCandidate.summary(candidate.option))
                }
                if let problems = NewPollModel.problems(title: title, labels: model.options.map(\.label)) {
                    model.titleError = problems.title
                    model.labelErrors = problems.labels
                    model.sourceError = problems.other
                    return Self.html(PollsView.newPoll(model, prefs: prefs), status: .unprocessableContent)
                }
                let session = try await app.sessionCreatingTraveller(request, context)
                let token = try await app.storePoll(
                    title: title, choices: zip(model.options, candidates).map { ($0.label, $1.option) },
                    owner: session.id)
                return Self.seeOther(
                    TripsPageURL.poll.path(["token": token]), setCookies: session.setCookie.map { [$0] } ?? [])
            } catch let problem as PollFormProblem {
                model.sourceError = problem.message
            } catch let error as APIError {
                model.sourceError = error.message
            }
            return Self.html(PollsView.newPoll(model, prefs: prefs), status: .unprocessableContent)
        }
        let items = Self.queryItems(request)
        var model = NewPollModel(
            title: "Which trip should we take?", options: [], source: [], titleError: nil, labelErrors: [:],
            sourceError: nil)
        do {
            let (candidates, source) = try await pollCandidates(items, request: request)
            model.source = source
            model.options = candidates.map { ($0.label, PollCandidate.summary($0.option)) }
            if !candidates.isEmpty, !PollRules.optionCountRange.contains(candidates.count) {
                model.sourceError = PollError.wrongOptionCount(candidates.count).description
            }
        } catch let problem as PollFormProblem {
            model.sourceError = problem.message
        }
        // Without ticked options, offer the traveller's saved trips to tick.
        if !items.contains(where: { $0.0 == "ranks" }), let owner = try await app.session(request).travellerID {
            let ticked = Set(model.source.first { $0.0 == "trips" }?.1.split(separator: ",").map(String.init) ?? [])
            model.savedTrips = try await app.trips.list(traveller: owner).prefix(50).map {
                NewPollModel.SavedChoice(id: $0.id, name: $0.name, checked: ticked.contains($0.id))
            }
        }
        return Self.html(
            PollsView.newPoll(model, prefs: prefs), status: model.sourceError == nil ? .ok : .badRequest)
    }

    /// A 404 page.
    func notFoundPage(_ request: Request, title: String, message: String) -> Response {
        Self.html(
            TripsLayout.page(
                title: title, section: nil, prefs: TripsPrefs.resolve(request), stylesheets: ["sportstime-more.css"],
                main: .group(
                    .h1(.safeText(title)),
                    Components.emptyState(
                        title: message, message: "Check that the link was copied whole.",
                        action: ("My trips", TripsPageURL.home.path()), icon: "🔍"))),
            status: .notFound)
    }

    /// The voter of this browser: the traveller when there is one, else the `st_voter` cookie (nil when neither).
    func voter(_ request: Request) async throws -> String? {
        if let id = try await app.session(request).travellerID { return "t:" + id }
        if let cookie = request.cookies[VoterCookie.name]?.value, PollRules.isShareToken(cookie) {
            return "d:" + cookie
        }
        return nil
    }

    func pollPage(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        let token = context.parameters.get("token") ?? ""
        guard PollRules.isShareToken(token), let stored = try await app.polls.find(shareToken: token) else {
            return notFoundPage(request, title: "No such poll", message: "There is no poll at this link.")
        }
        let owner = try await app.session(request).travellerID
        var error: String?
        if request.method == .post {
            try Self.requireSameOrigin(request, context)
            let form = try await request.collectForm(limit: 16 << 10)
            let here = TripsPageURL.poll.path(["token": token])
            if form["close"] != nil || form["save"] != nil {
                guard let owner, owner == stored.owner else {
                    throw HTTPError(.forbidden, message: "Only the poll's creator can do that.")
                }
                if form["close"] != nil {
                    _ = try await app.polls.close(shareToken: token, owner: owner)
                    return Self.seeOther(here + "?closed=1")
                }
                let body = try await app.pollBody(token)
                guard let winner = body.tally.winner, let choice = body.options.first(where: { $0.id == winner }),
                    let option = choice.option
                else { return Self.seeOther(here) }
                do {
                    let saved = try await app.storeTrip(
                        name: "\(stored.title.prefix(60)): \(choice.label)".trimmingCharacters(in: .whitespaces),
                        option: option, preferences: nil, owner: owner)
                    return Self.seeOther(TripsPageURL.savedTrip.path(["id": saved.id]))
                } catch let failure as APIError {
                    error = failure.message
                }
            } else {
                let option = form["option"] ?? ""
                if option.isEmpty {
                    error = "Choose an option, then vote."
                } else {
                    var cookies: [String] = []
                    var voterID = try await voter(request)
                    if voterID == nil {
                        let id = VoterCookie.newID()
                        cookies.append(VoterCookie.setCookie(id, secure: request.isSecure(context: context)))
                        voterID = "d:" + id
                    }
                    do {
                        try await app.castVote(token: token, voter: voterID ?? "", optionID: option)
                        return Self.seeOther(here + "?voted=1", setCookies: cookies)
                    } catch let failure as APIError where failure.status == .conflict {
                        return Self.seeOther(here)
                    } catch let failure as APIError {
                        error = failure.message
                    }
                }
            }
        }
        let (_, poll) = try await app.loadPoll(token)
        let body = try await app.pollBody(token)
        var decoded: [String: ItineraryOption] = [:]
        for choice in body.options { decoded[choice.id] = choice.option }
        var myChoice: String?
        if let voterID = try await voter(request) {
            myChoice = try await app.polls.choice(poll: stored.id, voter: voterID)
        }
        let query = request.uri.queryParameters
        let notice: String? =
            query.get("voted") != nil && myChoice == nil
            ? "Your vote could not be remembered: allow cookies for this site, then vote again."
            : query.get("voted") != nil ? "Thanks: your vote is in." : query.get("closed") != nil ? "Poll closed." : nil
        let model = PollPageModel.build(
            token: token, poll: poll, tally: body.tally, decoded: decoded, myChoice: myChoice,
            isOwner: owner == stored.owner, origin: Self.origin(request, context), prefs: TripsPrefs.resolve(request),
            error: error, notice: notice)
        return Self.html(
            PollsView.poll(model, prefs: TripsPrefs.resolve(request)),
            status: error == nil ? .ok : .unprocessableContent)
    }
}

/// Why a new poll cannot be made from what was chosen.
struct PollFormProblem: Error, Sendable {
    var message: String
}
