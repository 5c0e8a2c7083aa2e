import Foundation

/// Strava's answer about an upload (`POST /uploads`, `GET /uploads/{id}`).
public struct UploadStatus: Sendable, Equatable, Codable {
    /// The upload's id.
    public var id: Int64
    /// The `external_id` sent with the file.
    public var externalID: String?
    /// Why processing failed, e.g. "…duplicate of activity 123…"; nil while fine.
    public var error: String?
    /// Human-readable state: "Your activity is still being processed.", "Your activity is ready.", …
    public var status: String
    /// The created activity, once processing finished.
    public var activityID: Int64?

    /// A status.
    public init(id: Int64, externalID: String? = nil, error: String? = nil, status: String, activityID: Int64? = nil) {
        self.id = id
        self.externalID = externalID
        self.error = error
        self.status = status
        self.activityID = activityID
    }

    enum CodingKeys: String, CodingKey {
        case id, error, status
        case externalID = "external_id"
        case activityID = "activity_id"
    }

    /// The activity this upload duplicates, parsed from Strava's error text ("… duplicate of activity 123" or a
    /// link to `/activities/123`).
    public var duplicateOf: Int64? {
        guard let error, error.lowercased().contains("duplicate") else { return nil }
        for marker in ["activity ", "/activities/"] {
            if let range = error.range(of: marker, options: .backwards) {
                let digits = error[range.upperBound...].prefix { $0.isNumber }
                if let id = Int64(digits) { return id }
            }
        }
        return nil
    }

    /// Whether the upload is a duplicate of an existing activity.
    public var isDuplicate: Bool { error?.lowercased().contains("duplicate") == true }
}

/// A file to upload.
public struct UploadFile: Sendable, Equatable {
    /// `fit`, `fit.gz`, `tcx`, `tcx.gz`, `gpx`, `gpx.gz`.
    public var dataType: String
    /// The bytes.
    public var data: Data
    /// Activity name.
    public var name: String?
    /// Activity description.
    public var description: String?
    /// Ridden on a trainer.
    public var trainer: Bool
    /// Our id of the ride, which makes retries safe (Strava rejects a second upload as a duplicate).
    public var externalID: String

    /// A file.
    public init(
        dataType: String, data: Data, name: String? = nil, description: String? = nil, trainer: Bool = true,
        externalID: String
    ) {
        self.dataType = dataType
        self.data = data
        self.name = name
        self.description = description
        self.trainer = trainer
        self.externalID = externalID
    }

    /// The multipart body and its boundary.
    func multipart(boundary: String) -> Data {
        var body = Data()
        func field(_ name: String, _ value: String) {
            body += Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value)\r\n".utf8)
        }
        field("data_type", dataType)
        field("external_id", externalID)
        field("trainer", trainer ? "1" : "0")
        if let name { field("name", name) }
        if let description { field("description", description) }
        body += Data(
            ("--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"\(externalID).\(dataType)\"\r\n"
                + "Content-Type: application/octet-stream\r\n\r\n").utf8)
        body += data
        body += Data("\r\n--\(boundary)--\r\n".utf8)
        return body
    }
}

extension StravaClient {
    /// Starts an upload (`POST /uploads`, multipart; needs `activity:write`).
    public func upload(_ file: UploadFile, accessToken: String) async throws(StravaError) -> UploadStatus {
        let boundary = "clubhouse-\(UUID().uuidString)"
        var headers = ["Authorization": "Bearer \(accessToken)", "Accept": "application/json"]
        headers["Content-Type"] = "multipart/form-data; boundary=\(boundary)"
        let request = HTTPRequest(
            method: "POST", url: Self.url(configuration.apiBaseURL, path: "uploads"), headers: headers,
            body: file.multipart(boundary: boundary))
        let response = try await send(request)
        return try Self.decode(UploadStatus.self, from: response.body, what: "upload")
    }

    /// The state of an upload (`GET /uploads/{id}`).
    public func uploadStatus(id: Int64, accessToken: String) async throws(StravaError) -> UploadStatus {
        let request = HTTPRequest(
            url: Self.url(configuration.apiBaseURL, path: "uploads/\(id)"),
            headers: ["Authorization": "Bearer \(accessToken)", "Accept": "application/json"])
        let response = try await send(request)
        return try Self.decode(UploadStatus.self, from: response.body, what: "upload status")
    }
}

/// How an upload ended.
public enum UploadOutcome: Sendable, Equatable {
    /// Strava created the activity.
    case created(activityID: Int64)
    /// The ride was already on Strava (the same file or `external_id`); not retried.
    case duplicate(activityID: Int64?, message: String)
    /// Strava refused the file (corrupt, empty, wrong type); not retried.
    case failed(message: String)
    /// Still processing after the last poll; the caller may check again later with the upload id.
    case stillProcessing(uploadID: Int64)
}

/// Uploads a ride and waits for Strava to process it, polling no faster than once a second (1 s, then 2 s, then
/// every 3 s, as Strava asks), at most `maxPolls` times. Sleeping is injected, so tests run instantly.
public struct StravaUploader: Sendable {
    let client: StravaClient
    let sleep: @Sendable (Duration) async throws -> Void
    let maxPolls: Int

    /// An uploader over `client`; `sleep` defaults to `Task.sleep`.
    public init(
        client: StravaClient, maxPolls: Int = 40,
        sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
    ) {
        self.client = client
        self.maxPolls = maxPolls
        self.sleep = sleep
    }

    /// Seconds to wait before poll number `attempt` (0-based): 1, 2, then 3.
    public static func delay(beforePoll attempt: Int) -> Duration { .seconds(min(3, attempt + 1)) }

    /// Uploads `file` and polls until Strava reports an activity, a duplicate or an error. `started` gets Strava's
    /// first answer (with the upload id) before any poll, so a caller can record the id and, after a crash, follow the
    /// same upload with ``resume(uploadID:accessToken:)`` instead of sending the file again.
    public func upload(
        _ file: UploadFile, accessToken: String,
        started: @Sendable (UploadStatus) async throws -> Void = { _ in }
    ) async throws -> UploadOutcome {
        let status = try await client.upload(file, accessToken: accessToken)
        try await started(status)
        return try await follow(status, accessToken: accessToken)
    }

    /// Follows an upload started earlier (by id) until Strava reports an activity, a duplicate or an error.
    public func resume(uploadID: Int64, accessToken: String) async throws -> UploadOutcome {
        let status = try await client.uploadStatus(id: uploadID, accessToken: accessToken)
        return try await follow(status, accessToken: accessToken)
    }

    private func follow(_ first: UploadStatus, accessToken: String) async throws -> UploadOutcome {
        var status = first
        for attempt in 0..<max(0, maxPolls) {
            if let outcome = Self.outcome(of: status) { return outcome }
            try await sleep(Self.delay(beforePoll: attempt))
            status = try await client.uploadStatus(id: status.id, accessToken: accessToken)
        }
        return Self.outcome(of: status) ?? .stillProcessing(uploadID: status.id)
    }

    /// The final outcome a status describes, or nil while processing.
    public static func outcome(of status: UploadStatus) -> UploadOutcome? {
        if status.isDuplicate {
            return .duplicate(activityID: status.duplicateOf, message: status.error ?? status.status)
        }
        if let error = status.error, !error.isEmpty { return .failed(message: error) }
        if let activity = status.activityID { return .created(activityID: activity) }
        return nil
    }
}
