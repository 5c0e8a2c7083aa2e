import Foundation
import HTTPTypes
import Hummingbird
import ServerKit
import SportsTime

/// The body of `POST /api/trips/polls`: 2–5 trip options to vote on.
struct CreatePollRequest: Decodable, Sendable {
    struct Choice: Decodable, Sendable {
        var label: String
        var option: ItineraryOption
    }
    var title: String
    var options: [Choice]
}

/// The body of `POST /api/trips/polls/{token}/votes`.
struct VoteRequest: Decodable, Sendable {
    /// Which option.
    var optionID: String
    /// A stable id of the voter chosen by their device (a random string kept locally); a traveller's bearer token
    /// takes precedence when sent.
    var voterID: String?
}

/// A poll as the API returns it: the options with their itineraries, and the live tally.
struct PollBody: Encodable, Sendable {
    struct Choice: Encodable, Sendable {
        var id: String
        var label: String
        var option: ItineraryOption?
    }
    var shareToken: String
    var title: String
    var createdAt: Date
    var closedAt: Date?
    var options: [Choice]
    var tally: PollTally
}

extension SportsTimeApp {
    func createPoll(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        let owner = try await traveller(request)
        let body = try await Self.decode(CreatePollRequest.self, from: request, limit: 2 << 20)
        let token = try await storePoll(
            title: body.title, choices: body.options.map { ($0.label, $0.option) }, owner: owner)
        return try JSONResponse.make(try await pollBody(token), status: .created)
    }

    /// Creates a poll of `owner` over 2–5 itineraries (the API and the pages): labels of at most 80 characters,
    /// games that are in the schedule as given, ``PollRules/validate(title:options:)``. Returns the share token.
    /// Throws ``APIError``s (422) whose codes are ``PollError`` codes and `label_too_long`, with messages that suit
    /// a form.
    func storePoll(
        title rawTitle: String, choices: [(label: String, option: ItineraryOption)], owner: String
    )
        async throws -> String
    {
        if let long = choices.first(where: { $0.label.count > 80 }) {
            throw APIError(
                .unprocessableContent, code: "label_too_long",
                message: "Option labels are at most 80 characters ('\(long.label.prefix(20))…' is longer).")
        }
        for choice in choices { try await checkGames(of: choice.option) }
        let encoder = JSONResponse.encoder()
        let options = try choices.enumerated().map { index, choice in
            PollOption(
                id: "o\(index + 1)", label: choice.label.trimmingCharacters(in: .whitespacesAndNewlines),
                payload: String(decoding: try encoder.encode(choice.option), as: UTF8.self))
        }
        let title = rawTitle.trimmingCharacters(in: .whitespacesAndNewlines)
        // A typed do/catch: `catch let error as PollError` here crashes Swift 6.3.1's SILGen in a method body.
        do throws(PollError) {
            try PollRules.validate(title: title, options: options)
        } catch {
            throw APIError(.unprocessableContent, code: error.code, message: error.description)
        }
        var generator = SystemRandomNumberGenerator()
        let poll = TripPoll(id: UUID().uuidString.lowercased(), title: title, options: options, createdAt: Date())
        let token = PollRules.newShareToken(using: &generator)
        try await polls.insert(
            StoredPoll(
                id: poll.id, shareToken: token, owner: owner, title: title, body: try encoder.encode(options),
                createdAt: poll.createdAt))
        return token
    }

    func showPoll(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        try JSONResponse.make(try await pollBody(context.parameters.get("token") ?? ""))
    }

    func vote(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        let token = context.parameters.get("token") ?? ""
        let vote = try await Self.decode(VoteRequest.self, from: request)
        var voter: String
        if request.headers[.authorization] != nil {
            voter = "t:" + (try await traveller(request))
        } else {
            voter = (vote.voterID ?? "").trimmingCharacters(in: .whitespaces)
            guard (8...100).contains(voter.count) else {
                throw APIError.badRequest(
                    "Send voterID (8–100 characters, random, kept by your device) or a traveller token.",
                    code: "missing_voter")
            }
            voter = "d:" + voter
        }
        try await castVote(token: token, voter: voter, optionID: vote.optionID)
        return try JSONResponse.make(try await pollBody(token), status: .created)
    }

    /// Stores `voter`'s vote for `optionID`, or changes their earlier one (the API and the pages). Throws
    /// ``APIError``s: 404 unknown poll, 409 closed, 422 unknown option.
    func castVote(token: String, voter: String, optionID: String) async throws {
        let (stored, poll) = try await loadPoll(token)
        // Votes are changeable: the voter's own earlier vote does not count against them.
        let others = try await polls.votes(poll: stored.id).filter { $0.voter != voter }.map {
            PollVote(voterID: $0.voter, optionID: $0.option, castAt: $0.castAt)
        }
        do throws(PollError) {
            try PollRules.checkVote(poll: poll, existingVotes: others, voterID: voter, optionID: optionID)
        } catch {
            throw APIError(
                error == .closed ? .conflict : .unprocessableContent, code: error.code, message: error.description)
        }
        switch try await polls.vote(poll: stored.id, voter: voter, option: optionID) {
        case .closed?: throw APIError(.conflict, code: PollError.closed.code, message: PollError.closed.description)
        case .unknownPoll?: throw APIError.notFound("No poll with that link: check it was copied whole.")
        case nil: break
        }
    }

    func closePoll(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        let owner = try await traveller(request)
        let token = context.parameters.get("token") ?? ""
        guard try await polls.close(shareToken: token, owner: owner) else {
            throw APIError.notFound("No poll of yours with that link.")
        }
        return try JSONResponse.make(try await pollBody(token))
    }

    func loadPoll(_ token: String) async throws -> (StoredPoll, TripPoll) {
        guard let stored = try await polls.find(shareToken: token) else {
            throw APIError.notFound("No poll with that link: check it was copied whole.")
        }
        let options = (try? JSONDecoder().decode([PollOption].self, from: stored.body)) ?? []
        let poll = TripPoll(
            id: stored.id, title: stored.title, options: options, createdAt: stored.createdAt,
            closedAt: stored.closedAt)
        return (stored, poll)
    }

    func pollBody(_ token: String) async throws -> PollBody {
        let (stored, poll) = try await loadPoll(token)
        let votes = try await polls.votes(poll: stored.id).map {
            PollVote(voterID: $0.voter, optionID: $0.option, castAt: $0.castAt)
        }
        let decoder = Self.decoder()
        return PollBody(
            shareToken: stored.shareToken, title: poll.title, createdAt: poll.createdAt, closedAt: poll.closedAt,
            options: poll.options.map { option in
                PollBody.Choice(
                    id: option.id, label: option.label,
                    option: try? decoder.decode(ItineraryOption.self, from: Data(option.payload.utf8)))
            }, tally: PollRules.tally(poll: poll, votes: votes))
    }
}
