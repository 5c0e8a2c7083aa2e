import ActivityFiles
import Foundation
import Hummingbird
import JustZone2
import Logging
import ServerKit
import StravaAPI

extension Zone2PagesController {
    /// `POST …/upload`: sends the kept part as FIT to Strava with the rider's tokens. The ride turns `uploading`,
    /// the page waits at most the interactive budget for Strava's answer, then shows the state: `uploaded` (with
    /// "View on Strava"), `failed` with Strava's message, or still `uploading` (the upload goes on and the page
    /// checks again). Sending twice follows the first upload (``UploadLedger``) instead of posting the file again.
    func rideUpload(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        _ = try await Zone2Pages.form(request, context)
        guard let (rider, data) = try await riderRide(request, context), data.ride.status != .live,
            !data.samples.isEmpty
        else { return Zone2Pages.notFound() }
        let back = Zone2PageURL.rideDetail.path(["id": data.ride.id]) + "#upload"
        if data.ride.uploadState == "uploaded" { return Zone2Pages.seeOther(back) }
        var ride = data.ride
        let token: String
        do {
            token = try await app.stravaAccessToken(rider: rider, now: now())
        } catch let error as StravaLinkError {
            if error == .notConnected || error == .notConfigured { return Zone2Pages.seeOther(back) }
            ride.uploadState = "failed"
            ride.uploadMessage = error.message
            try await app.rides.update(ride)
            return Zone2Pages.seeOther(back)
        }
        ride.uploadState = "uploading"
        ride.uploadMessage = nil
        try await app.rides.update(ride)
        let fit = FITWriter.data(for: data.activity())
        let file = UploadFile(
            dataType: "fit", data: fit, name: ride.name, trainer: true, externalID: "jz2-\(ride.id)")
        let app = app
        let uploading = ride
        let wait = Double(app.stravaWait.nanoseconds) / 1e9
        _ = await withinDeadline(wait) {
            await app.sendRide(uploading, file: file, accessToken: token)
        }
        return Zone2Pages.seeOther(back)
    }
}

extension JustZone2App {
    /// Uploads `file` for `ride` and records the outcome in the ride row (and the ledger, so a retry follows the
    /// same upload). Never throws: a failure is the ride's `failed` state with the message.
    @discardableResult
    func sendRide(
        _ ride: StoredRide, file: UploadFile, accessToken: String, uploader: StravaUploader? = nil
    ) async -> StoredRide {
        var ride = ride
        let key = UploadLedger.key(externalID: file.externalID, data: file.data)
        let uploader = uploader ?? StravaUploader(client: uploadClient)
        do {
            let recorded = try await uploads.find(key)
            let outcome: UploadOutcome
            if let activity = recorded?.activityID {
                outcome = .created(activityID: activity)
            } else if let recorded {
                do {
                    outcome = try await uploader.resume(uploadID: recorded.uploadID, accessToken: accessToken)
                } catch StravaError.notFound {
                    try await uploads.forget(key)
                    outcome = try await uploader.upload(file, accessToken: accessToken) { status in
                        try await uploads.started(key, uploadID: status.id)
                    }
                }
            } else {
                outcome = try await uploader.upload(file, accessToken: accessToken) { status in
                    try await uploads.started(key, uploadID: status.id)
                }
            }
            switch outcome {
            case .created(let id):
                try await uploads.finished(key, activityID: id)
                ride.uploadState = "uploaded"
                ride.uploadMessage = nil
                ride.stravaActivityID = id
            case .duplicate(let id, let message):
                if let id {
                    try await uploads.finished(key, activityID: id)
                    ride.uploadState = "uploaded"
                    ride.stravaActivityID = id
                    ride.uploadMessage = "Strava already had this ride."
                } else {
                    ride.uploadState = "failed"
                    ride.uploadMessage = "Strava says this is a duplicate: \(message)"
                }
            case .failed(let message):
                try await uploads.forget(key)
                ride.uploadState = "failed"
                ride.uploadMessage = message
            case .stillProcessing:
                ride.uploadState = "uploading"
                ride.uploadMessage = "Strava is still processing the file."
            }
        } catch let error as StravaError {
            ride.uploadState = "failed"
            ride.uploadMessage = StravaLinkError.from(error).message
        } catch {
            logger.warning("zone2 ride upload failed", metadata: ["ride": "\(ride.id)", "error": "\(error)"])
            ride.uploadState = "failed"
            ride.uploadMessage = "The upload could not be recorded; try again."
        }
        try? await rides.update(ride)
        return ride
    }
}
