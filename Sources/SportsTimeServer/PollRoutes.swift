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
        if let long = body.options.first(where: { $0.label.count > 80 }) {
            throw APIError(
                .unprocessableContent, code: "label_too_long",
                message: "Option labels are at most 80 characters ('\(long.label.prefix(20))…' is longer).")
        }
        for choice in body.options { try await checkGames(of: choice.option) }
        let encoder = JSONResponse.encoder()
        let options = try body.options.enumerated().map { index, choice in
            PollOption(
                id: "o\(index + 1)", label: choice.label.trimmingCharacters(in: .whitespacesAndNewlines),
                payload: String(decoding: try encoder.encode(choice.option), as: UTF8.self))
        }
        let title = body.title.trimmingCharacters(in: .whitespacesAndNewlines)
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
        return try JSONResponse.make(try await pollBody(token), status: .created)
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
        let (stored, poll) = try await loadPoll(token)
        let votes = try await polls.votes(poll: stored.id).map {
            PollVote(voterID: $0.voter, optionID: $0.option, castAt: $0.castAt)
        }
        do throws(PollError) {
            try PollRules.checkVote(poll: poll, existingVotes: votes, voterID: voter, optionID: vote.optionID)
        } catch {
            throw APIError(
                error == .alreadyVoted || error == .closed ? .conflict : .unprocessableContent,
                code: error.code, message: error.description)
        }
        if let refused = try await polls.vote(poll: stored.id, voter: voter, option: vote.optionID) {
            let mapped: PollError = refused == .closed ? .closed : .alreadyVoted
            throw APIError(.conflict, code: mapped.code, message: mapped.description)
        }
        return try JSONResponse.make(try await pollBody(token), status: .created)
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
