import Foundation
import ServerKit
import TestSupport
import Testing
import TodayInSwitzerland

@testable import TodayInSwitzerlandServer

/// The visitor id and the repository of saved, own and rated items, on every engine.
@Suite("Swiss visitor items")
struct WebVisitorTests {
    static func repository(
        _ kind: DatabaseKind, clock: TestClock = TestClock(start: Date())
    ) async throws
        -> VisitorRepository
    {
        let database = try await TestDatabases.make(kind)
        try await Migrator(SwissApp.migrations).migrate(database)
        return VisitorRepository(database: database, now: { clock.now })
    }

    static func failure<T>(_ result: Result<T, VisitorItemError>) -> VisitorItemError? {
        if case .failure(let error) = result { return error }
        return nil
    }

    static let alice = VisitorID("0123456789abcdef0123456789abcdef")!
    static let bob = VisitorID("fedcba9876543210fedcba9876543210")!

    @Test("ids are 128 random bits as 32 hex digits; anything else is no id")
    func ids() {
        var generator = SplitMix64(seed: 7)
        let id = VisitorID.random(using: &generator)
        #expect(id.rawValue.count == 32)
        #expect(VisitorID(id.rawValue) == id)
        #expect(VisitorID.random() != VisitorID.random())
        for bad in [
            "", "0123", String(repeating: "g", count: 32), "0123456789ABCDEF0123456789ABCDEF",
            "0123456789abcdef0123456789abcdef0", "0123456789abcdef 123456789abcdef", "ü123456789abcdef0123456789abcde",
        ] {
            #expect(VisitorID(bad) == nil, "\(bad)")
        }
    }

    @Test("the cookie is HttpOnly, SameSite=Lax, 400 days, limited to the app, Secure only over HTTPS")
    func cookie() {
        let plain = Self.alice.cookie(secure: false)
        #expect(
            plain
                == "swiss_visitor=0123456789abcdef0123456789abcdef; Path=/swiss/app; Max-Age=34560000; HttpOnly; SameSite=Lax"
        )
        #expect(Self.alice.cookie(secure: true).hasSuffix("; SameSite=Lax; Secure"))
    }

    @Test("texts are trimmed, spaces collapsed, limits and control characters refused")
    func texts() throws {
        #expect(try VisitorText.clean("  Zoo \n  day ", .name, limit: 80, required: true) == "Zoo day")
        #expect(try VisitorText.clean(nil, .price, limit: 60) == "")
        #expect(throws: VisitorItemError.missing(.name)) {
            try VisitorText.clean("   ", .name, limit: 80, required: true)
        }
        let long = String(repeating: "é", count: 81)
        #expect(throws: VisitorItemError.tooLong(.name, limit: 80)) { try VisitorText.clean(long, .name, limit: 80) }
        #expect(try VisitorText.clean(String(repeating: "é", count: 80), .name, limit: 80).count == 80)
        #expect(throws: VisitorItemError.invalidText(.description)) {
            try VisitorText.clean("bell\u{7}", .description, limit: 500)
        }
        #expect(
            VisitorText.isItemID("zurich-zoo") && VisitorText.isItemID("osm-way-123") && VisitorText.isItemID("own-0a"))
        for bad in ["", "-x", "Zurich", "a b", "a/b", String(repeating: "a", count: 81), "ü"] {
            #expect(!VisitorText.isItemID(bad), "\(bad)")
        }
        #expect(VisitorItemError.tooLong(.name, limit: 80).message(.de) == "Name ist zu lang: höchstens 80 Zeichen.")
        #expect(VisitorItemError.missing(.name).message(.en) == "Name is missing — please fill it in.")
    }

    @Test("save, unsave, own items, ratings and delete round-trip", arguments: TestDatabases.kinds)
    func roundTrip(kind: DatabaseKind) async throws {
        let repo = try await Self.repository(kind)
        #expect(try await repo.items(for: nil) == .none)
        #expect(try await repo.items(for: Self.alice) == .none)
        try await repo.setSaved(true, .activity, id: "zurich-zoo", for: Self.alice).get()
        try await repo.setSaved(true, .activity, id: "zurich-zoo", for: Self.alice).get()  // twice keeps one
        try await repo.setSaved(true, .lunch, id: "osm-101", for: Self.alice).get()
        let own = try await repo.addActivity(
            name: " Picnic ", description: "By the lake", indoor: false, price: "Free", for: Self.alice
        ).get()
        #expect(own.id.hasPrefix("own-") && own.name == "Picnic")
        let spot = try await repo.addLunchSpot(name: "Tante Emma", cuisine: "Swiss", for: Self.alice).get()
        try await repo.rate("osm-101", stars: 4, for: Self.alice).get()
        try await repo.rate("osm-101", stars: 5, for: Self.alice).get()  // a new rating replaces the old one
        try await repo.rate(spot.id, stars: 3, for: Self.alice).get()
        try await repo.setSaved(true, .lunch, id: spot.id, for: Self.alice).get()

        var items = try await repo.items(for: Self.alice)
        #expect(items.savedActivities == ["zurich-zoo"])
        #expect(items.savedLunch == ["osm-101", spot.id])
        #expect(items.customActivities == [own])
        #expect(items.customLunch == [spot])
        #expect(items.ratings == ["osm-101": 5, spot.id: 3])

        try await repo.setSaved(false, .activity, id: "zurich-zoo", for: Self.alice).get()
        try await repo.rate("osm-101", stars: nil, for: Self.alice).get()
        try await repo.deleteOwn(.lunch, id: spot.id, for: Self.alice).get()
        items = try await repo.items(for: Self.alice)
        #expect(items.savedActivities.isEmpty)
        #expect(items.ratings.isEmpty)  // the own spot's rating went with it
        #expect(items.savedLunch == ["osm-101"])  // and its saved mark
        #expect(items.customLunch.isEmpty)
        #expect(items.customActivities == [own])
    }

    @Test("bad input is refused with a reason and stores nothing", arguments: TestDatabases.kinds)
    func badInput(kind: DatabaseKind) async throws {
        let repo = try await Self.repository(kind)
        #expect(Self.failure(try await repo.setSaved(true, .activity, id: "<script>", for: Self.alice)) == .invalidID)
        #expect(Self.failure(try await repo.rate("osm-1", stars: 6, for: Self.alice)) == .invalidRating)
        #expect(Self.failure(try await repo.rate("osm-1", stars: 0, for: Self.alice)) == .invalidRating)
        let empty = try await repo.addActivity(name: " ", description: nil, indoor: true, price: nil, for: Self.alice)
        #expect(empty.map(\.id) == .failure(.missing(.name)))
        let long = try await repo.addActivity(
            name: "Zoo", description: String(repeating: "x", count: VisitorLimits.description + 1), indoor: true,
            price: nil, for: Self.alice)
        #expect(long.map(\.id) == .failure(.tooLong(.description, limit: VisitorLimits.description)))
        let cuisine = try await repo.addLunchSpot(
            name: "X", cuisine: String(repeating: "y", count: VisitorLimits.cuisine + 1), for: Self.alice)
        #expect(cuisine.map(\.id) == .failure(.tooLong(.cuisine, limit: VisitorLimits.cuisine)))
        #expect(Self.failure(try await repo.deleteOwn(.activity, id: "zurich-zoo", for: Self.alice)) == .notFound)
        #expect(try await repo.items(for: Self.alice) == .none)
    }

    @Test("one visitor can neither see nor delete another's items", arguments: TestDatabases.kinds)
    func isolation(kind: DatabaseKind) async throws {
        let repo = try await Self.repository(kind)
        let own = try await repo.addActivity(
            name: "Secret", description: nil, indoor: true, price: nil, for: Self.alice
        )
        .get()
        try await repo.setSaved(true, .activity, id: "zurich-zoo", for: Self.alice).get()
        try await repo.rate("osm-101", stars: 2, for: Self.alice).get()
        #expect(try await repo.items(for: Self.bob) == .none)
        #expect(Self.failure(try await repo.deleteOwn(.activity, id: own.id, for: Self.bob)) == .notFound)
        try await repo.setSaved(false, .activity, id: "zurich-zoo", for: Self.bob).get()
        try await repo.rate("osm-101", stars: nil, for: Self.bob).get()
        let items = try await repo.items(for: Self.alice)
        #expect(items.customActivities == [own])
        #expect(items.savedActivities == ["zurich-zoo"])
        #expect(items.ratings == ["osm-101": 2])
    }

    @Test("each kind is capped per visitor; re-saving an item at the cap is fine", arguments: TestDatabases.kinds)
    func caps(kind: DatabaseKind) async throws {
        let repo = try await Self.repository(kind)
        let limit = VisitorLimits.maxItems(.customLunch)
        for index in 0..<limit {
            _ = try await repo.addLunchSpot(name: "Spot \(index)", cuisine: nil, for: Self.alice).get()
        }
        let over = try await repo.addLunchSpot(name: "One more", cuisine: nil, for: Self.alice)
        #expect(over.map(\.id) == .failure(.tooMany(.customLunch, limit: limit)))
        #expect(try await repo.items(for: Self.alice).customLunch.count == limit)
        // Another kind and another visitor are not affected.
        _ = try await repo.addActivity(name: "Zoo", description: nil, indoor: true, price: nil, for: Self.alice).get()
        _ = try await repo.addLunchSpot(name: "Bob's", cuisine: nil, for: Self.bob).get()

        let saved = VisitorLimits.maxItems(.savedActivity)
        for index in 0..<saved {
            try await repo.setSaved(true, .activity, id: "a-\(index)", for: Self.bob).get()
        }
        #expect(
            Self.failure(try await repo.setSaved(true, .activity, id: "a-new", for: Self.bob))
                == .tooMany(.savedActivity, limit: saved))
        try await repo.setSaved(true, .activity, id: "a-0", for: Self.bob).get()
        #expect(try await repo.items(for: Self.bob).savedActivities.count == saved)
    }

    @Test("parallel adds never pass the cap (the visitor's row serialises them)", arguments: TestDatabases.kinds)
    func parallelCap(kind: DatabaseKind) async throws {
        let repo = try await Self.repository(kind)
        let limit = VisitorLimits.maxItems(.customActivity)
        let refused = try await withThrowingTaskGroup(of: Bool.self) { group in
            for index in 0..<(limit + 10) {
                group.addTask {
                    let result = try await repo.addActivity(
                        name: "Idea \(index)", description: nil, indoor: true, price: nil, for: Self.alice)
                    return Self.failure(result) == .tooMany(.customActivity, limit: limit)
                }
            }
            return try await group.reduce(0) { $0 + ($1 ? 1 : 0) }
        }
        #expect(refused == 10)
        #expect(try await repo.items(for: Self.alice).customActivities.count == limit)
    }

    @Test("visitors unseen for 400 days are pruned with their items", arguments: TestDatabases.kinds)
    func prune(kind: DatabaseKind) async throws {
        let clock = TestClock(start: Date(timeIntervalSince1970: 1_800_000_000))
        let repo = try await Self.repository(kind, clock: clock)
        try await repo.setSaved(true, .activity, id: "zurich-zoo", for: Self.alice).get()
        clock.advance(300 * 86_400)
        try await repo.setSaved(true, .activity, id: "zurich-zoo", for: Self.bob).get()
        clock.advance(101 * 86_400)
        try await repo.prune()
        #expect(try await repo.items(for: Self.alice) == .none)
        #expect(try await repo.items(for: Self.bob).savedActivities == ["zurich-zoo"])
    }
}
