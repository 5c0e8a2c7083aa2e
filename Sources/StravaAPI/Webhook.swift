import Foundation

/// One push-subscription event that Strava POSTs to the callback URL.
public struct WebhookEvent: Codable, Sendable, Equatable {
    /// What kind of object changed.
    public enum ObjectType: String, Codable, Sendable, Equatable {
        /// An activity was created, updated or deleted.
        case activity
        /// An athlete changed; in practice a deauthorization.
        case athlete
    }

    /// What happened to the object.
    public enum AspectType: String, Codable, Sendable, Equatable {
        /// The object was created.
        case create
        /// The object was updated; `updates` says how.
        case update
        /// The object was deleted.
        case delete
    }

    /// What kind of object changed.
    public var objectType: ObjectType
    /// The activity or athlete id.
    public var objectID: Int64
    /// What happened.
    public var aspectType: AspectType
    /// Changed fields, such as `title`, `type`, `private` or `authorized`; values are strings
    /// (booleans and numbers that Strava might send unquoted are stringified).
    public var updates: [String: String]
    /// The athlete who owns the object.
    public var ownerID: Int64
    /// The push subscription that delivered the event.
    public var subscriptionID: Int64
    /// When the event happened, in seconds since 1970.
    public var eventTime: Int64

    /// Creates an event.
    public init(
        objectType: ObjectType, objectID: Int64, aspectType: AspectType, updates: [String: String] = [:],
        ownerID: Int64, subscriptionID: Int64, eventTime: Int64
    ) {
        self.objectType = objectType
        self.objectID = objectID
        self.aspectType = aspectType
        self.updates = updates
        self.ownerID = ownerID
        self.subscriptionID = subscriptionID
        self.eventTime = eventTime
    }

    /// Whether the athlete revoked the application's access (`athlete` `update` with `authorized` `false`).
    public var isDeauthorization: Bool {
        objectType == .athlete && aspectType == .update && updates["authorized"]?.lowercased() == "false"
    }

    /// When the event happened.
    public var eventDate: Date { Date(timeIntervalSince1970: Double(eventTime)) }

    enum CodingKeys: String, CodingKey {
        case objectType = "object_type"
        case objectID = "object_id"
        case aspectType = "aspect_type"
        case updates
        case ownerID = "owner_id"
        case subscriptionID = "subscription_id"
        case eventTime = "event_time"
    }

    /// Decodes an event; `updates` may be absent or null and its scalar values of any JSON type.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        objectType = try c.decode(ObjectType.self, forKey: .objectType)
        objectID = try c.decode(Int64.self, forKey: .objectID)
        aspectType = try c.decode(AspectType.self, forKey: .aspectType)
        ownerID = try c.decode(Int64.self, forKey: .ownerID)
        subscriptionID = try c.decode(Int64.self, forKey: .subscriptionID)
        eventTime = try c.decode(Int64.self, forKey: .eventTime)
        var updates: [String: String] = [:]
        // An absent, null or non-object `updates` is read as no updates rather than a broken event.
        if c.contains(.updates), try !c.decodeNil(forKey: .updates),
            let nested = try? c.nestedContainer(keyedBy: AnyKey.self, forKey: .updates)
        {
            for key in nested.allKeys {
                if let value = try Self.stringValue(in: nested, forKey: key) {
                    updates[key.stringValue] = value
                }
            }
        }
        self.updates = updates
    }

    /// Encodes with Strava's keys.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(objectType, forKey: .objectType)
        try c.encode(objectID, forKey: .objectID)
        try c.encode(aspectType, forKey: .aspectType)
        try c.encode(updates, forKey: .updates)
        try c.encode(ownerID, forKey: .ownerID)
        try c.encode(subscriptionID, forKey: .subscriptionID)
        try c.encode(eventTime, forKey: .eventTime)
    }

    private static func stringValue(
        in container: KeyedDecodingContainer<AnyKey>, forKey key: AnyKey
    ) throws
        -> String?
    {
        if try container.decodeNil(forKey: key) { return nil }
        if let value = try? container.decode(String.self, forKey: key) { return value }
        if let value = try? container.decode(Bool.self, forKey: key) { return value ? "true" : "false" }
        if let value = try? container.decode(Int64.self, forKey: key) { return String(value) }
        if let value = try? container.decode(Double.self, forKey: key) { return String(value) }
        // Nested objects or arrays carry nothing the server acts on; skip them rather than reject the event.
        return nil
    }
}

/// A coding key for dynamic object keys.
struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int?

    init(stringValue: String) {
        self.stringValue = stringValue
        self.intValue = nil
    }

    init(intValue: Int) {
        self.stringValue = String(intValue)
        self.intValue = intValue
    }
}

/// Helpers for Strava's push-subscription handshake and events.
public enum StravaWebhook {
    /// The JSON body `{"hub.challenge":"X"}` answering Strava's subscription validation
    /// `GET callback?hub.mode=subscribe&hub.challenge=X&hub.verify_token=T`, or nil when the request is not a
    /// subscription request or the verify token does not match (answer 403 then).
    public static func challengeResponse(query: [String: String], expectedVerifyToken: String) -> Data? {
        guard query["hub.mode"] == "subscribe", let challenge = query["hub.challenge"],
            let token = query["hub.verify_token"], !expectedVerifyToken.isEmpty,
            constantTimeEquals(token, expectedVerifyToken)
        else { return nil }
        return try? JSONEncoder().encode(["hub.challenge": challenge])
    }

    /// Decodes an event body that Strava POSTed.
    public static func decodeEvent(_ body: Data) throws(StravaError) -> WebhookEvent {
        do {
            return try StravaDecoding.decoder().decode(WebhookEvent.self, from: body)
        } catch {
            throw .decoding("webhook event: " + describeDecodingError(error))
        }
    }

    /// Compares secrets without an early exit, so timing does not reveal how much of a guess was right.
    static func constantTimeEquals(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8)
        let y = Array(b.utf8)
        var difference: UInt8 = x.count == y.count ? 0 : 1
        for index in 0..<max(x.count, y.count) {
            let left = index < x.count ? x[index] : 0
            let right = index < y.count ? y[index] : 0
            difference |= left ^ right
        }
        return difference == 0
    }
}
