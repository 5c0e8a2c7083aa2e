import Foundation
import TestSupport
import Testing
import TodayInSwitzerland

@testable import TodayInSwitzerlandServer

/// HTML snapshots of the Activities and Lunch views from fixture models (the page's `main`; the shared layout has its
/// own tests). Run with `SNAPSHOT_RECORD=1` to re-record after an intended change, then review the diff.
@Suite("Swiss web: Activities and Lunch view snapshots")
struct WebVisitorSnapshots {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
        "__Snapshots__")

    /// One element per line, so diffs are readable.
    static func normalized(_ html: String) -> String { html.replacingOccurrences(of: "><", with: ">\n<") + "\n" }

    static func assertSnapshot(
        _ html: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        try HTMLSnapshot.assertMatches(normalized(html), named: name, in: directory, sourceLocation: sourceLocation)
    }

    static var items: VisitorItems {
        var items = VisitorItems()
        items.savedActivities = ["zurich-museum"]
        items.customActivities = [
            CustomActivity(
                id: "own-00000000000a", name: "Picnic <by> the lake", description: "Bring \"bread\"", indoor: false,
                price: "Free")
        ]
        items.savedLunch = ["osm-2"]
        items.ratings = ["osm-2": 4]
        items.customLunch = [CustomLunchSpot(id: "own-00000000000b", name: "Tante Emma", cuisine: "Swiss")]
        return items
    }

    @Test("activities: filters, surprise, cards with badges, own item, add form with an error (English)")
    func activities() throws {
        var input = WebActivitiesModelTests.input(
            ActivitiesQuery(ages: .twoToThree, surprise: 42), items: Self.items,
            weather: WeatherCondition(weatherCode: 63, temperature: 9))
        input.keep = [("city", "zurich"), ("lang", "en")]
        input.addForm = ActivitiesModel.AddForm(name: "Zoo <again>", error: "Name is too long: at most 80 characters.")
        let model = ActivitiesBuilder.model(input)
        var weather = SourceState(nil)
        weather.state = "lastGood"
        weather.fetchedAt = WebActivitiesModelTests.now.addingTimeInterval(-7200)
        let html = ActivitiesView.html(model, weather: weather, now: WebActivitiesModelTests.now)
        #expect(html.contains("Picnic &lt;by&gt; the lake") && !html.contains("<by>"))
        #expect(html.contains("value=\"Zoo &lt;again&gt;\""))
        try Self.assertSnapshot(html, named: "swiss-activities-en")
    }

    @Test("activities: stay-home ideas in German")
    func activitiesGerman() throws {
        var input = WebActivitiesModelTests.input(ActivitiesQuery(show: .stayhome), language: .de)
        input.keep = [("city", "zurich"), ("lang", "de")]
        let html = ActivitiesView.html(ActivitiesBuilder.model(input), weather: nil, now: WebActivitiesModelTests.now)
        try Self.assertSnapshot(html, named: "swiss-activities-stayhome-de")
    }

    @Test("lunch: badges, stars, own spot, near me (English) and unavailable (German)")
    func lunch() throws {
        var input = WebLunchModelTests.input(LunchQuery(near: .city), items: Self.items)
        input.keep = [("city", "zurich"), ("lang", "en")]
        let html = LunchView.html(LunchBuilder.model(input), now: WebLunchModelTests.noon)
        #expect(html.contains("id=\"stars-osm-2-4\" checked"))
        try Self.assertSnapshot(html, named: "swiss-lunch-en")
        var down = WebLunchModelTests.input(items: Self.items, spots: [], state: "unavailable", language: .de)
        down.keep = [("city", "zurich"), ("lang", "de")]
        let unavailable = LunchView.html(LunchBuilder.model(down), now: WebLunchModelTests.noon)
        #expect(unavailable.contains("Restaurants nicht verfügbar — neuer Versuch läuft."))
        try Self.assertSnapshot(unavailable, named: "swiss-lunch-unavailable-de")
    }
}
