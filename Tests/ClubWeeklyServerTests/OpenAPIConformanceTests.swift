import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import NIOFoundationCompat
import Testing

@testable import ClubWeeklyServer

/// A small JSON Schema checker for the subset our OpenAPI document uses: `$ref`, `type` (one or several), `enum`,
/// `properties`, `required`, `additionalProperties` (false or a schema), `items`, `minItems`/`maxItems`.
struct SchemaChecker {
    let components: [String: Any]

    init(document: Data) throws {
        let root = try #require(try JSONSerialization.jsonObject(with: document) as? [String: Any])
        let components = try #require(root["components"] as? [String: Any])
        self.components = try #require(components["schemas"] as? [String: Any])
    }

    /// Problems found, as JSON paths with what was wrong; empty when `value` conforms.
    func check(_ value: Any, against schema: [String: Any], at path: String = "$") -> [String] {
        if let ref = schema["$ref"] as? String {
            let name = String(ref.split(separator: "/").last ?? "")
            guard let target = components[name] as? [String: Any] else { return ["\(path): unknown $ref \(ref)"] }
            return check(value, against: target, at: path)
        }
        var problems: [String] = []
        if let types = schema["type"].map({ ($0 as? [String]) ?? [$0 as? String ?? ""] }),
            !types.contains(where: { Self.matches(value, type: $0) })
        {
            return ["\(path): expected \(types.joined(separator: "|")), got \(type(of: value)) \(value)"]
        }
        if let options = schema["enum"] as? [Any], !options.contains(where: { "\($0)" == "\(value)" }) {
            problems.append("\(path): \(value) not in \(options)")
        }
        if let object = value as? [String: Any] {
            let properties = schema["properties"] as? [String: Any] ?? [:]
            for name in schema["required"] as? [String] ?? [] where object[name] == nil {
                problems.append("\(path): missing required '\(name)'")
            }
            for (key, item) in object {
                if let propertySchema = properties[key] as? [String: Any] {
                    problems += check(item, against: propertySchema, at: "\(path).\(key)")
                } else if let extra = schema["additionalProperties"] as? [String: Any] {
                    problems += check(item, against: extra, at: "\(path).\(key)")
                } else if (schema["additionalProperties"] as? Bool) == false {
                    problems.append("\(path): undocumented property '\(key)'")
                }
            }
        }
        if let array = value as? [Any] {
            if let items = schema["items"] as? [String: Any] {
                for (index, item) in array.enumerated() {
                    problems += check(item, against: items, at: "\(path)[\(index)]")
                }
            }
            if let min = schema["minItems"] as? Int, array.count < min {
                problems.append("\(path): fewer than \(min) items")
            }
            if let max = schema["maxItems"] as? Int, array.count > max {
                problems.append("\(path): more than \(max) items")
            }
        }
        return problems
    }

    static func matches(_ value: Any, type: String) -> Bool {
        switch type {
        case "null": return value is NSNull
        case "object": return value is [String: Any]
        case "array": return value is [Any]
        case "string": return value is String
        case "boolean":
            return isBoolean(value)
        case "integer", "number":
            guard let number = value as? NSNumber, !isBoolean(value) else { return false }
            return type == "number" || number.doubleValue.rounded() == number.doubleValue
        default: return false
        }
    }

    /// JSONSerialization gives booleans as NSNumber with Objective-C type "c".
    static func isBoolean(_ value: Any) -> Bool {
        guard let number = value as? NSNumber else { return false }
        return String(cString: number.objCType) == "c"
    }
}

@Suite("OpenAPI conformance")
struct OpenAPIConformanceTests {
    /// Checks a real response body against `#/components/schemas/<schema>` (or an inline array of it).
    static func expectConforms(_ response: TestResponse, _ schema: String, array: Bool = false) throws {
        let checker = try SchemaChecker(document: try #require(OpenAPIDocument.json))
        let value = try JSONSerialization.jsonObject(with: Data(buffer: response.body), options: [.fragmentsAllowed])
        var target: [String: Any] = ["$ref": "#/components/schemas/\(schema)"]
        if array { target = ["type": "array", "items": target] }
        let problems = checker.check(value, against: target)
        #expect(problems.isEmpty, "\(schema): \(problems.prefix(5))")
    }

    @Test("every documented response we serve matches the document")
    func responsesMatch() async throws {
        let harness = try await RouteHarness.make()
        try await harness.test { client in
            try Self.expectConforms(try await client.execute(uri: "/api/clubs/demo/week", method: .get), "WeekView")
            for metric in ["rides", "speed", "elevation", "movingTime", "longestRide"] {
                try Self.expectConforms(
                    try await client.execute(uri: "/api/clubs/demo/week?offset=-5&metric=\(metric)", method: .get),
                    "WeekView")
            }
            for query in ["limit=3&page=2", "limit=1000&page=7", "view=summary", "view=full&limit=5"] {
                let paged = try await client.execute(uri: "/api/clubs/demo/week?\(query)", method: .get)
                #expect(paged.status == .ok, "\(query)")
                try Self.expectConforms(paged, "WeekView")
                #expect(String(buffer: paged.body).contains("\"page\":{\"number\""), "\(query)")
            }
            for query in ["limit=0", "page=0", "view=everything", "limit=abc"] {
                try Self.expectConforms(
                    try await client.execute(uri: "/api/clubs/demo/week?\(query)", method: .get), "Error")
            }
            try Self.expectConforms(
                try await client.execute(uri: "/api/clubs/demo/members", method: .get), "Member", array: true)
            for member in ["demo-1", "demo-3", "demo-12"] {
                try Self.expectConforms(
                    try await client.execute(uri: "/api/clubs/demo/members/\(member)/insights?offset=-1", method: .get),
                    "Insights")
            }
            try Self.expectConforms(
                try await client.execute(uri: "/api/clubs/demo/sync", method: .get), "SyncStatus", array: true)
            try Self.expectConforms(try await client.execute(uri: "/club-data", method: .get), "ClubData")
            try Self.expectConforms(
                try await client.execute(uri: "/club-data?weekOffset=-15", method: .get), "ClubData")
            try Self.expectConforms(
                try await client.execute(uri: "/club-data?weekOffset=x", method: .get), "WorkerError")
            try Self.expectConforms(
                try await client.execute(uri: "/api/clubs/demo/week?offset=2", method: .get), "Error")
            try Self.expectConforms(
                try await client.execute(uri: "/api/clubs/harbour-wheelers/week", method: .get), "Error")
            let login = try await client.execute(
                uri: "/api/clubs/harbour-wheelers/session", method: .post,
                body: jsonBody(["code": harness.privateCode]))
            try Self.expectConforms(login, "SessionResult")
            let admin = try await client.execute(
                uri: "/api/clubs/harbour-wheelers/admin/session", method: .post,
                body: jsonBody(["password": "correct horse battery"]))
            let settings = try await client.execute(
                uri: "/api/clubs/harbour-wheelers", method: .patch, headers: [.cookie: admin.cookie ?? ""],
                body: jsonBody(["feedPublic": true]))
            try Self.expectConforms(settings, "ClubInfo")
            let joined = try await client.execute(
                uri: "/api/clubs/harbour-wheelers/me", method: .post, headers: [.cookie: login.cookie ?? ""],
                body: jsonBody(["firstName": "Lena"]))
            try Self.expectConforms(joined, "Member")
            let report = try await client.execute(
                uri: "/api/clubs/harbour-wheelers/me/import", method: .post, headers: [.cookie: joined.cookie ?? ""],
                body: .init(
                    string: "Activity ID,Activity Date,Activity Type,Distance\n1,\"Nov 17, 2026, 7:00:00 AM\",Ride,20\n"
                ))
            try Self.expectConforms(report, "ImportReport")
            try Self.expectConforms(try await client.execute(uri: "/api/clubs/nope/week", method: .get), "Error")
        }
    }

    /// The statuses the document declares for `method` on the path template.
    static func declaredStatuses(_ method: String, _ template: String) throws -> Set<String> {
        let data = try #require(OpenAPIDocument.json)
        let document = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let paths = try #require(document["paths"] as? [String: Any])
        let operations = try #require(paths[template] as? [String: Any], "\(template)")
        let operation = try #require(operations[method] as? [String: Any], "\(method) \(template)")
        return Set((operation["responses"] as? [String: Any] ?? [:]).keys)
    }

    @Test("the statuses answered for unknown clubs, malformed bodies and over-eager clients are declared")
    func answeredStatusesDeclared() async throws {
        // Found by scripts/fuzz-openapi (schemathesis, status_code_conformance): each answer below was undeclared.
        let harness = try await RouteHarness.make()
        try await harness.test { client in
            let cookie = try await harness.memberCookie(client)
            let cases: [(String, HTTPRequest.Method, String, String, ByteBuffer?, HTTPResponse.Status)] = [
                ("get", .get, "/api/clubs/{slug}/strava/connect", "/api/clubs/nope/strava/connect", nil, .notFound),
                ("patch", .patch, "/api/clubs/{slug}", "/api/clubs/nope", jsonBody(["name": "X"]), .notFound),
                ("post", .post, "/api/clubs/{slug}/code", "/api/clubs/nope/code", jsonBody([:]), .notFound),
                ("post", .post, "/api/clubs/{slug}/me", "/api/clubs/nope/me", jsonBody(["firstName": "A"]), .notFound),
                (
                    "post", .post, "/api/clubs/{slug}/admin/session", "/api/clubs/harbour-wheelers/admin/session",
                    ByteBuffer(string: "not json"), .badRequest
                ),
            ]
            for (method, verb, template, path, body, expected) in cases {
                let response = try await client.execute(uri: path, method: verb, headers: [.cookie: cookie], body: body)
                #expect(response.status == expected, "\(verb) \(path)")
                #expect(
                    try Self.declaredStatuses(method, template).contains(String(response.status.code)),
                    "\(verb) \(template) answered an undeclared \(response.status.code)")
                try Self.expectConforms(response, "Error")
            }
            // The worker's token routes share a per-client limit: the 429 they end with is declared too.
            for path in ["/exchange", "/refresh", "/leave"] {
                var last = HTTPResponse.Status.ok
                for _ in 0..<40 where last != .tooManyRequests {
                    // An empty object: refused before any call to Strava, still counted by the limit.
                    last = try await client.execute(uri: path, method: .post, body: jsonBody([:])).status
                }
                #expect(last == .tooManyRequests, "\(path)")
                #expect(try Self.declaredStatuses("post", path).contains("429"), "\(path) does not declare its 429")
            }
        }
    }

    @Test("the checker itself rejects wrong shapes")
    func checkerRejects() throws {
        let checker = try SchemaChecker(document: try #require(OpenAPIDocument.json))
        #expect(!checker.check(["error": "text"], against: ["$ref": "#/components/schemas/Error"]).isEmpty)
        #expect(checker.check(["error": "text"], against: ["$ref": "#/components/schemas/WorkerError"]).isEmpty)
        let member: [String: Any] = [
            "id": "1", "name": "A", "fullName": "A", "initials": "A", "stravaConnected": "yes",
            "joinedAt": "2026-01-01T00:00:00Z",
        ]
        #expect(!checker.check(member, against: ["$ref": "#/components/schemas/Member"]).isEmpty)
    }
}
