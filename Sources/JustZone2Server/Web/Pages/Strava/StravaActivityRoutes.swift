import Foundation
import Hummingbird
import JustZone2
import Plot
import ServerKit
import StravaAPI
import WebUI

extension Zone2PagesController {
    /// `/zone2/activities/{stravaId}`: a Strava activity of the rider shown like a ride (read-only), trimmed to the
    /// core's steady range, with "View on Strava". Streams come from the stream cache after the first fetch; the
    /// whole fetch has the interactive budget, after which the page says Strava is slow (the fetch fills the cache).
    func stravaActivityPage(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        guard let text = context.parameters.get("stravaId"), text.count <= 20, let id = Int64(text), id > 0,
            let rider = try await app.session(request).rider, let athlete = rider.stravaAthleteID
        else { return Zone2Pages.notFound("Strava activity") }
        let token: String
        do {
            token = try await app.stravaAccessToken(rider: rider, now: now())
        } catch let error as StravaLinkError {
            return stravaProblem(error, retry: request.uri.path)
        }
        let app = app
        let outcome = await withinDeadline(Double(app.stravaWait.nanoseconds) / 1e9) {
            do throws(StravaError) {
                let activity = try await app.client.activity(id: id, accessToken: token)
                guard activity.athlete?.id == nil || activity.athlete?.id == athlete else {
                    return Result<(SummaryActivity, ActivityStreams)?, StravaError>.success(nil)
                }
                if let cached = try? await app.history.cache.find(id, athlete: athlete) {
                    return .success((activity, cached))
                }
                let streams = try await app.client.streams(activityID: id, accessToken: token)
                try? await app.history.cache.store(streams, activity: id, athlete: athlete, now: Date())
                return .success((activity, streams))
            } catch {
                return .failure(error)
            }
        }
        guard let outcome else { return stravaProblem(.timedOut, retry: request.uri.path) }
        let found: (SummaryActivity, ActivityStreams)?
        switch outcome {
        case .success(let value): found = value
        case .failure(.notFound): found = nil
        case .failure(let error): return stravaProblem(StravaLinkError.from(error), retry: request.uri.path)
        }
        guard let (activity, streams) = found else { return Zone2Pages.notFound("Strava activity") }
        let samples = streams.time.indices.map { index in
            RecordedSample(
                elapsed: Double(streams.time[index]), power: streams.watts?[safe: index],
                cadence: streams.cadence?[safe: index], heartRate: streams.heartrate?[safe: index])
        }
        var ride = StoredRide(
            id: "strava-\(id)", riderID: rider.id, startedAt: activity.startDate, source: .imported,
            status: .finished, name: activity.name, duration: activity.movingTime)
        if let steady = WorkoutAnalyzer.analyze(samples).steady {
            ride.trimStart = Int(steady.lowerBound)
            ride.trimEnd = Int(steady.upperBound)
        }
        var model = RideDetailModel.build(
            RideData(ride: ride, samples: samples), settings: rider.settings,
            stravaConfigured: app.config.strava.isConfigured, stravaConnected: true, timeZone: timeZone,
            stravaActivity: id)
        model.source = ride.trimStart == nil ? "From Strava" : "From Strava · figures of the steady part"
        return Zone2Pages.html(RideDetailView.page(model))
    }

    /// The page when Strava cannot be used right now (502/504), with a retry link.
    func stravaProblem(_ error: StravaLinkError, retry: String) -> Response {
        let status: HTTPResponse.Status =
            switch error {
            case .timedOut: .gatewayTimeout
            case .notConnected, .notConfigured: .notFound
            default: .badGateway
            }
        let main: Node<HTML.BodyContext> = .group(
            .h1(.text("Strava activity")),
            Components.errorState(title: "Strava is not available", message: error.message, retryURL: retry))
        return Zone2Pages.html(Zone2Layout.page(title: "Strava", section: .rides, main: main), status: status)
    }
}

extension Array {
    /// The element at `index`, or nil outside the array (streams of unequal length).
    subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
