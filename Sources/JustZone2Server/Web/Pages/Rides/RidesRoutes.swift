import Foundation
import HTTPTypes
import Hummingbird
import JustZone2
import NIOCore
import ServerKit
import StravaAPI

extension Zone2PagesController {
    /// `/zone2/rides?period=…&source=…&status=…`.
    func ridesPage(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        let query = request.uri.queryParameters
        let filter = RidesModel.Filter(
            period: query.get("period"), source: query.get("source"), status: query.get("status"))
        let notice = Self.notice(query.get("done"))
        let rider = try await app.session(request).rider
        var model = try await ridesModel(request, filter: filter, notice: notice, rider: rider)
        if let rider, rider.stravaAthleteID != nil, filter.source == .all, filter.status == .all {
            (model.stravaRows, model.stravaNote) = await stravaRows(rider, filter: filter)
        }
        return Zone2Pages.html(RidesView.page(model))
    }

    /// The rider's Strava rides of the period, within a short wait (the page must not sit on a slow Strava): the
    /// rows, or a note saying why there are none.
    ///
    /// The list is kept five minutes per rider and period, so browsing the history does not spend Strava's
    /// request budget on every view.
    func stravaRows(_ rider: Rider, filter: RidesModel.Filter) async -> ([HomeModel.RideRow], String?) {
        let app = app
        let after = RidesModel.periodStart(filter, now: now(), timeZone: timeZone)
        // The history waits for Strava a third of what a page about Strava does (3 s of the default 10 s).
        let wait = Double(app.stravaWait.nanoseconds) / 1e9 * 0.3
        let key = "jz2-strava-rides|\(rider.id)|\(filter.period.rawValue)"
        let uploaded = Set(
            ((try? await app.rides.list(rider: rider.id, limit: 5000)) ?? []).compactMap(\.stravaActivityID))
        if let entry = stravaCache.get(key, maxAge: 300, now: now()),
            let cached = try? JSONDecoder().decode([RidesModel.StravaRide].self, from: entry.data)
        {
            return (RidesModel.stravaRows(cached, uploaded: uploaded, timeZone: timeZone), nil)
        }
        let outcome = await withinDeadline(wait) { [now] in
            do {
                let token = try await app.stravaAccessToken(rider: rider, now: now())
                let activities = try await app.client.allAthleteActivities(
                    accessToken: token, after: after, maxPages: 2)
                return Result<[RidesModel.StravaRide], any Error>.success(
                    activities.compactMap(RidesModel.StravaRide.init))
            } catch {
                return .failure(error)
            }
        }
        switch outcome {
        case nil: return ([], "Strava did not answer in time; its rides are not shown. Reload in a moment.")
        case .success(let rides)?:
            if let data = try? JSONEncoder().encode(rides) { stravaCache.put(key, data: data, now: now()) }
            return (RidesModel.stravaRows(rides, uploaded: uploaded, timeZone: timeZone), nil)
        case .failure(let error as StravaLinkError)?: return ([], error.message)
        case .failure(let error as StravaError)?: return ([], StravaLinkError.from(error).message)
        case .failure?: return ([], "Strava's rides could not be read; try again later.")
        }
    }

    func ridesModel(
        _ request: Request, filter: RidesModel.Filter = .init(), imports: [RidesModel.ImportResult] = [],
        notice: String? = nil, importError: String? = nil, rider known: Rider? = nil
    ) async throws -> RidesModel {
        var rider = known
        if rider == nil { rider = try await app.session(request).rider }
        let rides = try await rider.asyncMap { try await app.rides.list(rider: $0.id, limit: 2000) } ?? []
        return RidesModel.build(
            rides: rides, filter: filter, now: now(), timeZone: timeZone, imports: imports, notice: notice,
            importError: importError)
    }

    /// `POST /zone2/rides/import` (multipart, field `files`, one or several): one result per file. A browser form
    /// gets the history page with the results; the drag-and-drop script (`Accept: application/json`, one file per
    /// request) gets `{"results": [{file, outcome, message, url}]}`.
    func importRides(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        try Zone2Pages.requireSameOrigin(request, context)
        let wantsJSON = request.headers[.accept]?.contains("application/json") == true
        // The body is read piece by piece, each file spooled to a temporary file (never the whole import in memory).
        guard
            var upload = SpooledUpload(
                contentType: request.headers[.contentType], fileLimit: RideImport.fileLimit, maxFiles: 50)
        else {
            return try await importAnswer(
                request, results: [], error: "Send the files as a form (multipart/form-data).", status: .badRequest,
                json: wantsJSON)
        }
        defer { upload.remove() }
        var received = 0
        do {
            for try await piece in request.body {
                received += piece.readableBytes
                guard received <= RideImport.bodyLimit else {
                    return try await importAnswer(
                        request, results: [],
                        error: "Too much at once: send at most \(RideImport.bodyLimit >> 20) MB per import.",
                        status: .contentTooLarge, json: wantsJSON)
                }
                try upload.feed(piece.readableBytesView)
            }
            try upload.finish()
        } catch let failure as SpooledUpload.Failure {
            let message =
                switch failure {
                case .tooManyFiles: "Send at most 50 files per import."
                case .malformed(let why): "The form could not be read: \(why)."
                }
            return try await importAnswer(request, results: [], error: message, status: .badRequest, json: wantsJSON)
        }
        let files = upload.files.filter { !$0.filename.isEmpty || $0.size > 0 }
        guard !files.isEmpty else {
            return try await importAnswer(
                request, results: [], error: "Choose one or more FIT, TCX or GPX files first.", status: .badRequest,
                json: wantsJSON)
        }
        let (rider, cookie) = try await app.sessionCreatingRider(request, context)
        var existing = try await app.rides.list(rider: rider.id, limit: 5000)
        var results: [RidesModel.ImportResult] = []
        for file in files {
            let name = String((file.filename.isEmpty ? "file" : file.filename).prefix(120))
            // Too large: refused by size alone (its bytes were never kept); else read one file at a time.
            guard !file.tooLarge else {
                results.append(.init(file: name, outcome: .refused, message: RideImport.tooLargeMessage))
                continue
            }
            let data = file.url.flatMap { try? Data(contentsOf: $0) } ?? Data()
            switch RideImport.prepare(data, filename: name, rider: rider.id, zone: RiderZones.zone2(rider.settings)) {
            case .failure(let refused):
                results.append(refused)
            case .success(let prepared):
                if let other = RideImport.duplicate(of: prepared.ride, in: existing) {
                    results.append(
                        .init(
                            file: name, outcome: .duplicate,
                            message:
                                "already here (the ride of \(Zone2Format.dateTime(other.startedAt, timeZone: timeZone))); not imported again.",
                            url: Zone2PageURL.rideDetail.path(["id": other.id])))
                    continue
                }
                try await app.rides.insert(prepared.ride, file: prepared.file)
                existing.append(prepared.ride)
                results.append(
                    .init(
                        file: name, outcome: .imported,
                        message: "imported: \(Zone2Format.dateTime(prepared.ride.startedAt, timeZone: timeZone)), "
                            + Zone2Format.duration(prepared.ride.duration),
                        url: Zone2PageURL.rideDetail.path(["id": prepared.ride.id])))
            }
        }
        let status: HTTPResponse.Status = results.contains { $0.outcome == .imported } ? .ok : .unprocessableContent
        return try await importAnswer(
            request, results: results, error: nil, status: status, json: wantsJSON, rider: rider, cookie: cookie)
    }

    func importAnswer(
        _ request: Request, results: [RidesModel.ImportResult], error: String?, status: HTTPResponse.Status,
        json: Bool, rider: Rider? = nil, cookie: String? = nil
    ) async throws -> Response {
        var headers: HTTPFields = [:]
        if let cookie { headers.append(HTTPField(name: .setCookie, value: cookie)) }
        if json {
            struct Item: Encodable {
                var file, outcome, message: String
                var url: String?
            }
            struct Body: Encodable {
                var results: [Item]
                var error: String?
            }
            let body = Body(
                results: results.map {
                    Item(file: $0.file, outcome: $0.outcome.rawValue, message: $0.message, url: $0.url)
                },
                error: error)
            headers[.contentType] = "application/json; charset=utf-8"
            headers[.cacheControl] = "no-store"
            return Response(
                status: status, headers: headers,
                body: .init(byteBuffer: ByteBuffer(bytes: try JSONEncoder().encode(body))))
        }
        let model = try await ridesModel(request, imports: results, importError: error, rider: rider)
        return Zone2Pages.html(RidesView.page(model), status: status, headers: headers)
    }
}
