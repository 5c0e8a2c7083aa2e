import Foundation
import HummingbirdTesting
import JustZone2
import TestSupport
import Testing

@testable import JustZone2Server

/// The Clubhouse home page's JustZone2 card: the visitor's rides in the web app (their cookie) with the data
/// directory's files.
@Suite("JustZone2 home card")
struct PagesGlanceTests {
    @Test("the visitor's rides count: the newest ride, this week's sessions and Zone 2 minutes; no cookie, no rides")
    func glance() async throws {
        try await Pages.withApp { app, client in
            let (cookie, id) = try await Pages.rider(client, app: app)
            let token = String(cookie.dropFirst("jz2_rider=".count))
            let now = Pages.monday.addingTimeInterval(2 * 86_400)
            try await Pages.storeRide(app, rider: id, start: Pages.monday.addingTimeInterval(3600), minutes: 30)
            try await Pages.storeRide(app, rider: id, start: Pages.monday.addingTimeInterval(86_400), minutes: 40)
            try await Pages.storeRide(app, rider: id, start: Pages.monday.addingTimeInterval(-86_400), minutes: 20)
            try await Pages.storeRide(
                app, rider: id, start: Pages.monday.addingTimeInterval(90_000), minutes: 5, status: .live)
            let glance = await app.glance(riderToken: token, now: now, timeZone: Pages.utc)
            #expect(glance.sessionsThisWeek == 2, "\(glance)")
            // Time in Zone 2 (106–140): the warm-up from 106 bpm on, the main part and the cool-down: 38 + 48 min.
            #expect(glance.minutesThisWeek == 38 + 48)
            #expect(glance.lastRide?.start == Pages.monday.addingTimeInterval(86_400))
            let stranger = await app.glance(riderToken: "unknown", now: now, timeZone: Pages.utc)
            #expect(stranger.lastRide == nil && stranger.sessionsThisWeek == 0)
            let none = await app.glance(riderToken: nil, now: now, timeZone: Pages.utc)
            #expect(none == stranger)
        }
    }
}
