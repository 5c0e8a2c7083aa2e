import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import ServerKit
import Testing

/// A small route table like the apps'.
enum SampleRoute: String, AppRoute {
    case page, item, files

    var methods: [HTTPRequest.Method] { self == .item ? [.get, .delete] : [.get] }

    var pattern: String {
        switch self {
        case .page: "clubs/:slug"
        case .item: "clubs/:slug/items/:item"
        case .files: "files/**"
        }
    }
}

@Suite("Routes from URL enums")
struct AppRouteTests {
    @Test("links fill the route's pattern, percent-encoding each parameter")
    func paths() {
        #expect(SampleRoute.page.path(["slug": "demo"]) == "/clubs/demo")
        #expect(
            SampleRoute.item.path(["slug": "a b", "item": "x/y?z"], query: "?show=1")
                == "/clubs/a%20b/items/x%2Fy%3Fz?show=1")
        #expect(SampleRoute.item.path(["slug": "Zürich", "item": "ok-._~"]) == "/clubs/Z%C3%BCrich/items/ok-._~")
        // A missing parameter leaves an empty segment, which no route matches.
        #expect(SampleRoute.item.path(["slug": "demo"]) == "/clubs/demo/items/")
        #expect(RoutePath.query([]) == "")
        #expect(RoutePath.query([("q", "a&b=c"), ("n", "1")]) == "?q=a%26b%3Dc&n=1")
    }

    @Test("a route is registered for each of its methods and only those")
    func registration() async throws {
        let router = Router()
        for route in SampleRoute.allCases {
            router.on(route) { request, _ in "\(route.rawValue) \(request.method)" }
        }
        let app = Application(router: router)
        try await app.test(.router) { client in
            try await client.execute(uri: SampleRoute.item.path(["slug": "demo", "item": "7"]), method: .delete) {
                #expect(String(buffer: $0.body) == "item DELETE")
            }
            try await client.execute(uri: SampleRoute.page.path(["slug": "demo"]), method: .delete) {
                #expect($0.status == .notFound || $0.status == .methodNotAllowed)
            }
            try await client.execute(uri: "/files/a/b/c", method: .get) {
                #expect(String(buffer: $0.body) == "files GET")
            }
        }
    }
}

@Suite("Response cache")
struct ResponseCacheTests {
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    @Test("entries expire at their deadline and past a reader's maximum age")
    func expiry() {
        let cache = ResponseCache()
        cache.put("a", data: Data("1".utf8), expires: now.addingTimeInterval(60), now: now)
        cache.put("b", data: Data("2".utf8), now: now)
        #expect(cache.get("a", now: now.addingTimeInterval(59))?.data == Data("1".utf8))
        #expect(cache.get("a", now: now.addingTimeInterval(60)) == nil)
        #expect(cache.get("b", maxAge: 3600, now: now.addingTimeInterval(3600))?.data == Data("2".utf8))
        #expect(cache.get("b", maxAge: 3600, now: now.addingTimeInterval(3601)) == nil)
        #expect(cache.get("missing", now: now) == nil)
    }

    @Test("the oldest entries go first when the count or the bytes would exceed the limits")
    func eviction() {
        let cache = ResponseCache(capacity: 3, maxBytes: 10)
        for key in ["a", "b", "c", "d"] { cache.put(key, data: Data("xx".utf8), now: now) }
        #expect(cache.count == 3)
        #expect(cache.get("a", now: now) == nil)
        #expect(cache.get("d", now: now) != nil)
        // Replacing a key refreshes its place: "b" is now the newest, so "c" goes next.
        cache.put("b", data: Data("yy".utf8), now: now)
        cache.put("e", data: Data("zz".utf8), now: now)
        #expect(cache.get("c", now: now) == nil)
        #expect(cache.get("b", now: now)?.data == Data("yy".utf8))
        // Bytes: a 9-byte body leaves room for nothing else.
        cache.put("big", data: Data(repeating: 1, count: 9), now: now)
        #expect(cache.count == 1)
        #expect(cache.get("big", now: now) != nil)
        // A body over the byte limit is not kept at all.
        cache.put("huge", data: Data(repeating: 1, count: 11), now: now)
        #expect(cache.get("huge", now: now) == nil)
    }

    @Test("concurrent readers and writers never see a torn entry")
    func concurrency() async {
        let cache = ResponseCache(capacity: 16)
        let now = self.now
        await withTaskGroup(of: Void.self) { group in
            for task in 0..<8 {
                group.addTask {
                    for round in 0..<500 {
                        let key = "k\((task + round) % 24)"
                        cache.put(key, data: Data(key.utf8), now: now)
                        if let entry = cache.get(key, now: now) { #expect(entry.data == Data(key.utf8)) }
                    }
                }
            }
        }
        #expect(cache.count <= 16)
    }
}
