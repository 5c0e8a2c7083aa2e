import ActivityFiles
import Foundation
import HTTPTypes
import Hummingbird
import JustZone2
import NIOCore
import ServerKit

extension Zone2PagesController {
    /// The rider and their ride `id` of the path; nil (the caller answers 404) for a bad id, no rider, or a ride of
    /// another rider.
    func riderRide(_ request: Request, _ context: AppRequestContext) async throws -> (Rider, RideData)? {
        guard let id = Zone2Pages.rideID(context), let rider = try await app.session(request).rider,
            let data = try await app.rideData(id, rider: rider.id)
        else { return nil }
        return (rider, data)
    }

    func rideModel(
        _ rider: Rider, _ data: RideData, summary: Bool = false, errors: [String: String] = [:],
        typed: (String, String)? = nil, notice: String? = nil
    ) -> RideDetailModel {
        RideDetailModel.build(
            data, settings: rider.settings, stravaConfigured: app.config.strava.isConfigured,
            stravaConnected: rider.stravaAthleteID != nil, timeZone: timeZone, summary: summary, errors: errors,
            typed: typed.map { (start: $0.0, end: $0.1) }, notice: notice)
    }

    /// `/zone2/rides/{id}`.
    func rideDetailPage(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        guard let (rider, data) = try await riderRide(request, context) else { return Zone2Pages.notFound() }
        if data.ride.status == .live { return HTMLResponse.redirect(Zone2PageURL.ride.path()) }
        let notice = Self.rideNotice(request.uri.queryParameters.get("done"))
        var model = rideModel(rider, data, notice: notice)
        let rides = try await app.rides.list(rider: rider.id, limit: 5000)
        (model.olderURL, model.newerURL) = RideDetailModel.neighbours(of: data.ride.id, in: rides)
        return Zone2Pages.html(RideDetailView.page(model))
    }

    /// `/zone2/rides/{id}/summary`: the page after a ride ("Workout Complete!").
    func rideSummaryPage(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        guard let (rider, data) = try await riderRide(request, context) else { return Zone2Pages.notFound() }
        if data.ride.status == .live { return HTMLResponse.redirect(Zone2PageURL.ride.path()) }
        return Zone2Pages.html(RideDetailView.page(rideModel(rider, data, summary: true)))
    }

    static func rideNotice(_ code: String?) -> String? {
        switch code {
        case "trim": "Trim saved: figures, downloads and uploads use the kept part."
        case "untrim": "The whole ride is kept again."
        case "saved": "The ride was saved as it is."
        default: nil
        }
    }

    /// `POST …/trim`: `start` and `end` (m:ss or seconds), `suggested=1` for the core's steady part, `reset=1` for
    /// the whole ride. The ride's list figures follow the kept part.
    func rideTrim(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        let form = try await Zone2Pages.form(request, context)
        guard let (rider, data) = try await riderRide(request, context), data.ride.status != .live else {
            return Zone2Pages.notFound()
        }
        var ride = data.ride
        let last = Int((data.samples.last?.elapsed ?? 0).rounded(.down))
        if form["reset"] == "1" {
            ride.trimStart = nil
            ride.trimEnd = nil
        } else if form["suggested"] == "1" {
            guard let steady = WorkoutAnalyzer.analyze(data.samples).steady else {
                return trimRefused(rider, data, ["trim": "This ride has no steady part to suggest."], form)
            }
            ride.trimStart = Int(steady.lowerBound)
            ride.trimEnd = Int(steady.upperBound)
        } else {
            var errors: [String: String] = [:]
            let start = RideDetailModel.seconds(form["start"] ?? "")
            let end = RideDetailModel.seconds(form["end"] ?? "")
            if start == nil { errors["start"] = "Write the start as minutes:seconds, e.g. 5:00." }
            if end == nil { errors["end"] = "Write the end as minutes:seconds, e.g. 55:00." }
            if let start, let end {
                if end > last { errors["end"] = "The ride ends at \(Zone2Format.clock(last))." }
                if end - start < 60 { errors["trim"] = "Keep at least one minute: the end must be after the start." }
            }
            guard errors.isEmpty, let start, let end else { return trimRefused(rider, data, errors, form) }
            ride.trimStart = start
            ride.trimEnd = end
        }
        if ride.trimStart == 0 && (ride.trimEnd ?? last) >= last {
            ride.trimStart = nil
            ride.trimEnd = nil
        }
        var trimmed = data
        trimmed.ride = ride
        trimmed.ride.summarize(trimmed.keptSamples, zone: RiderZones.zone2(rider.settings))
        try await app.rides.update(trimmed.ride)
        let done = ride.trimStart == nil && ride.trimEnd == nil ? "untrim" : "trim"
        return Zone2Pages.seeOther(Zone2PageURL.rideDetail.path(["id": ride.id], query: "?done=\(done)#trim"))
    }

    func trimRefused(_ rider: Rider, _ data: RideData, _ errors: [String: String], _ form: FormData) -> Response {
        let model = rideModel(rider, data, errors: errors, typed: (form["start"] ?? "", form["end"] ?? ""))
        return Zone2Pages.html(RideDetailView.page(model), status: .badRequest)
    }

    /// `GET …/delete` asks to confirm; `POST` deletes and goes to the history.
    func rideDelete(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        if request.method == .post {
            _ = try await Zone2Pages.form(request, context)
            guard let id = Zone2Pages.rideID(context), let rider = try await app.session(request).rider,
                let ride = try await app.rides.find(id, rider: rider.id), ride.status != .live
            else { return Zone2Pages.notFound() }
            try await app.rides.delete(id, rider: rider.id)
            let discarded = ride.status == .interrupted
            return Zone2Pages.seeOther(
                discarded
                    ? Zone2PageURL.home.path(query: "?done=discarded") : Zone2PageURL.rides.path(query: "?done=deleted")
            )
        }
        guard let id = Zone2Pages.rideID(context), let rider = try await app.session(request).rider,
            let ride = try await app.rides.find(id, rider: rider.id), ride.status != .live
        else { return Zone2Pages.notFound() }
        return Zone2Pages.html(
            RideDetailView.confirmDelete(
                title: ride.name, when: Zone2Format.dateTime(ride.startedAt, timeZone: timeZone),
                deleteURL: Zone2PageURL.rideDelete.path(["id": id]),
                backURL: Zone2PageURL.rideDetail.path(["id": id])))
    }

    /// `POST …/save`: an interrupted ride kept as it is: its checkpoint becomes its FIT file and it is finished.
    func rideSave(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        _ = try await Zone2Pages.form(request, context)
        guard let (rider, data) = try await riderRide(request, context) else { return Zone2Pages.notFound() }
        guard data.ride.status == .interrupted else {
            return Zone2Pages.seeOther(Zone2PageURL.rideDetail.path(["id": data.ride.id]))
        }
        var ride = data.ride
        ride.status = .finished
        ride.summarize(data.samples, zone: RiderZones.zone2(rider.settings))
        var whole = data
        whole.ride = ride
        try await app.rides.update(ride, file: FITWriter.data(for: whole.activity()))
        return Zone2Pages.seeOther(Zone2PageURL.rideDetail.path(["id": ride.id], query: "?done=saved"))
    }

    /// `…/ride.fit`: the kept part as FIT.
    func rideFIT(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        try await download(request, context, type: "fit")
    }

    /// `…/ride.tcx`: the kept part as TCX.
    func rideTCX(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        try await download(request, context, type: "tcx")
    }

    /// `…/chart.svg`: the ride's chart as a file (the original saved it to Photos).
    func rideChart(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        guard let (rider, data) = try await riderRide(request, context),
            let svg = rideModel(rider, data).chart?.svgDocument()
        else { return Zone2Pages.notFound() }
        let day = Zone2Format.isoDay(data.ride.startedAt, timeZone: timeZone)
        let headers: HTTPFields = [
            .contentType: "image/svg+xml; charset=utf-8",
            .contentDisposition: "attachment; filename=\"zone2-\(day)-\(data.ride.id.prefix(8)).svg\"",
            .cacheControl: "private, no-store",
        ]
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: svg)))
    }

    func download(_ request: Request, _ context: AppRequestContext, type: String) async throws -> Response {
        guard let (_, data) = try await riderRide(request, context), !data.samples.isEmpty else {
            return Zone2Pages.notFound()
        }
        let activity = data.activity()
        let bytes = type == "fit" ? FITWriter.data(for: activity) : TCXWriter.data(for: activity)
        let day = Zone2Format.isoDay(data.ride.startedAt, timeZone: timeZone)
        let headers: HTTPFields = [
            .contentType: type == "fit" ? "application/vnd.ant.fit" : "application/vnd.garmin.tcx+xml",
            .contentDisposition: "attachment; filename=\"zone2-\(day)-\(data.ride.id.prefix(8)).\(type)\"",
            .cacheControl: "private, no-store",
        ]
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
    }
}
