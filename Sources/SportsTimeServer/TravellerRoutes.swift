import Foundation
import HTTPTypes
import Hummingbird
import ServerKit
import SportsTime

/// The body of `POST /api/trips/saved`.
struct SaveTripRequest: Decodable, Sendable {
    var name: String
    var option: ItineraryOption
    var preferences: TripPreferences?
}

/// A saved trip as the API returns it.
struct SavedTripBody: Codable, Sendable {
    var id: String
    var name: String
    var createdAt: Date
    var option: ItineraryOption
    var preferences: TripPreferences?
}

/// The body of `POST /api/trips/visits`.
struct VisitRequest: Decodable, Sendable {
    var venue: String
    var date: String
    var league: String?
    var gameID: String?
    var note: String?
}

extension SportsTimeApp {
    /// The traveller holding the request's bearer token; 401 otherwise.
    func traveller(_ request: Request) async throws -> String {
        guard let header = request.headers[.authorization], header.lowercased().hasPrefix("bearer "),
            let id = try await travellers.find(token: String(header.dropFirst(7)).trimmingCharacters(in: .whitespaces))
        else {
            throw APIError.unauthorized(
                "Send the token from POST /api/trips/travellers as 'Authorization: Bearer <token>'.")
        }
        return id
    }

    func createTraveller(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        let created = try await travellers.create()
        return try JSONResponse.make(
            ["id": created.id, "token": created.token], status: .created, headers: [.cacheControl: "no-store"])
    }

    func deleteTraveller(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        try await travellers.delete(try await traveller(request))
        return Response(status: .noContent)
    }

    func saveTrip(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        let owner = try await traveller(request)
        let body = try await Self.decode(SaveTripRequest.self, from: request, limit: 512 << 10)
        let saved = try await storeTrip(
            name: body.name, option: body.option, preferences: body.preferences, owner: owner)
        return try JSONResponse.make(saved, status: .created)
    }

    /// Saves `option` as a trip of `owner` (the API and the pages): at most 200 trips, a name of 1–120 characters,
    /// games that are in the schedule as given. Throws ``APIError``s whose messages suit a form.
    func storeTrip(
        name rawName: String, option: ItineraryOption, preferences: TripPreferences?, owner: String
    ) async throws -> SavedTripBody {
        guard try await trips.count(traveller: owner) < 200 else {
            throw APIError.conflict("You have 200 saved trips: delete some first.", code: "too_many_trips")
        }
        let name = rawName.trimmingCharacters(in: .whitespacesAndNewlines)
        guard (1...120).contains(name.count) else {
            throw APIError.badRequest("name must be 1–120 characters.", code: "bad_name")
        }
        guard !option.games.isEmpty else {
            throw APIError.badRequest("The trip has no games: save an option from POST /api/trips/plan.")
        }
        try await checkGames(of: option)
        let saved = SavedTripBody(
            id: UUID().uuidString.lowercased(), name: name, createdAt: Date(), option: option,
            preferences: preferences)
        try await trips.insert(
            StoredTrip(
                id: saved.id, name: name, createdAt: saved.createdAt,
                body: try JSONResponse.encoder().encode(saved)), traveller: owner)
        return saved
    }

    func listSavedTrips(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        let owner = try await traveller(request)
        return JSONResponse.raw(Self.jsonArray(try await trips.list(traveller: owner).map(\.body)))
    }

    func showSavedTrip(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        let trip = try await savedTrip(request, context)
        return JSONResponse.raw(trip.body)
    }

    func savedTripCalendar(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        let stored = try await savedTrip(request, context)
        let trip = try Self.decoder().decode(SavedTripBody.self, from: stored.body)
        let text = ItineraryCalendar.document(
            for: trip.option, name: trip.name, tripID: trip.id, generatedAt: Date())
        return Response(
            status: .ok,
            headers: [
                .contentType: ItineraryCalendar.contentType,
                .contentDisposition: "attachment; filename=\"trip-\(trip.id).ics\"",
            ], body: .init(byteBuffer: ByteBuffer(string: text)))
    }

    func deleteSavedTrip(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        let owner = try await traveller(request)
        guard try await trips.delete(context.parameters.get("id") ?? "", traveller: owner) else {
            throw APIError.notFound("No saved trip with that id.")
        }
        return Response(status: .noContent)
    }

    func addVisit(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        let owner = try await traveller(request)
        let body = try await request.decodeJSON(VisitRequest.self)
        let catalog = try await catalog.current()
        guard catalog.venue(VenueID(rawValue: body.venue)) != nil else {
            throw APIError.badRequest("No venue '\(body.venue)': see GET /api/trips/venues.", code: "bad_venue")
        }
        guard let date = LocalDate(body.date) else {
            throw APIError.badRequest("date must look like 2026-06-01.", code: "bad_date")
        }
        let league = try body.league.map { text in
            guard let league = League(text: text) else {
                throw APIError.badRequest("Unknown league '\(text)'.", code: "bad_league")
            }
            return league
        }
        if let note = body.note, note.count > 500 {
            throw APIError.badRequest("note must be at most 500 characters.", code: "bad_note")
        }
        guard (1900...2100).contains(date.year) else {
            throw APIError.badRequest("date must be between 1900 and 2100.", code: "bad_date")
        }
        if let gameID = body.gameID, gameID.count > 64 || gameID.isEmpty {
            throw APIError.badRequest("gameID must be 1–64 characters.", code: "bad_game")
        }
        let visit = StadiumVisit(
            id: UUID().uuidString.lowercased(), venue: VenueID(rawValue: body.venue), date: date, league: league,
            gameID: body.gameID.map(GameID.init(rawValue:)), note: body.note)
        try await visits.insert(visit, traveller: owner)
        return try JSONResponse.make(visit, status: .created)
    }

    func listVisits(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        try JSONResponse.make(try await visits.list(traveller: try await traveller(request)))
    }

    func deleteVisit(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        let owner = try await traveller(request)
        guard try await visits.delete(context.parameters.get("id") ?? "", traveller: owner) else {
            throw APIError.notFound("No visit with that id.")
        }
        return Response(status: .noContent)
    }

    func showProgress(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        let owner = try await traveller(request)
        let catalog = try await catalog.current()
        let leagues = try Self.leagues(request)
        let report = ProgressReport(
            visits: try await visits.list(traveller: owner), catalog: catalog,
            leagues: leagues.isEmpty ? nil : leagues.sorted())
        return try JSONResponse.make(report)
    }

    func listAchievements(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        let owner = try await traveller(request)
        let catalog = try await catalog.current()
        return try JSONResponse.make(
            AchievementEngine(catalog: catalog).evaluate(try await visits.list(traveller: owner)))
    }

    /// Refuses an itinerary whose games are not in the schedule (or not where and when it says): trips and polls
    /// show what planning produced, not whatever a client sends.
    func checkGames(of option: ItineraryOption) async throws {
        let catalog = try await catalog.current()
        let games = Dictionary(catalog.games.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        for planned in option.games {
            guard let game = games[planned.gameId], game.venue == planned.venueId, game.start == planned.start,
                game.home == planned.homeTeamId, game.away == planned.awayTeamId
            else {
                throw APIError(
                    .unprocessableContent, code: "unknown_game",
                    message:
                        "Game '\(planned.gameId)' is not in the schedule as given: plan again and save that option.")
            }
        }
    }

    func savedTrip(_ request: Request, _ context: AppRequestContext) async throws -> StoredTrip {
        let owner = try await traveller(request)
        guard let trip = try await trips.find(context.parameters.get("id") ?? "", traveller: owner) else {
            throw APIError.notFound("No saved trip with that id.")
        }
        return trip
    }

    /// `[a,b,…]` from already-encoded JSON values.
    static func jsonArray(_ items: [Data]) -> Data {
        var data = Data("[".utf8)
        for (index, item) in items.enumerated() {
            if index > 0 { data.append(UInt8(ascii: ",")) }
            data.append(item)
        }
        data.append(UInt8(ascii: "]"))
        return data
    }

    /// Decodes a JSON body written with ISO 8601 dates (as this API writes them); 400 saying what was wrong.
    static func decode<T: Decodable>(_ type: T.Type, from request: Request, limit: Int = 1 << 20) async throws -> T {
        try decode(type, from: try await request.collectBody(limit: limit))
    }

    /// Decodes JSON `data` written with ISO 8601 dates; 400 saying what was wrong.
    static func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        guard !data.isEmpty else {
            throw APIError.badRequest("Request body is empty: send a JSON object.", code: "invalid_json")
        }
        do {
            return try decoder().decode(T.self, from: data)
        } catch let DecodingError.keyNotFound(key, context) {
            let path = (context.codingPath + [key]).map(\.stringValue).joined(separator: ".")
            throw APIError.badRequest("Missing field '\(path)'.", code: "invalid_json")
        } catch let DecodingError.typeMismatch(_, context) {
            let path = context.codingPath.map(\.stringValue).joined(separator: ".")
            throw APIError.badRequest("Field '\(path)' has the wrong type.", code: "invalid_json")
        } catch let DecodingError.dataCorrupted(context) {
            let path = context.codingPath.map(\.stringValue).joined(separator: ".")
            throw APIError.badRequest(
                "Field '\(path)' is not valid: \(context.debugDescription)", code: "invalid_json")
        } catch {
            throw APIError.badRequest("Request body is not valid JSON.", code: "invalid_json")
        }
    }

    /// A decoder for what ``JSONResponse/encoder()`` wrote.
    static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            guard let date = ISO8601.date(text) else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "not an ISO 8601 date")
            }
            return date
        }
        return decoder
    }
}
