import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import ServerKit
import SportsTime
import Testing

@testable import SportsTimeServer

@Suite("SportsTime web: polls")
struct PollsPagesTests {
    static let plan = [
        ("mode", "date-range"), ("sports", "mlb"), ("from", "2026-07-01"), ("to", "2026-07-06"), ("start", "Chicago"),
    ]

    @Test("title and labels are checked at their field: empty, too long, duplicate")
    func problems() {
        #expect(NewPollModel.problems(title: "Which?", labels: ["A", "B"]) == nil)
        let empty = NewPollModel.problems(title: " ", labels: ["A", ""])
        #expect(empty?.title != nil)
        let label = NewPollModel.problems(title: "Which?", labels: ["A", ""])
        #expect(label?.labels[1] != nil)
        let long = NewPollModel.problems(title: "Which?", labels: ["A", String(repeating: "b", count: 81)])
        #expect(long?.labels[1]?.contains("80") == true)
        let duplicate = NewPollModel.problems(title: "Which?", labels: ["Road A", "road  a"])
        #expect(duplicate?.labels[1] != nil)
        let title = NewPollModel.problems(title: String(repeating: "t", count: 121), labels: ["A", "B"])
        #expect(title?.title?.contains("120") == true)
    }

    @Test("create from two options, vote from a second browser, change the vote, close; a third browser sees results")
    func journey() async throws {
        try await MorePages.withPages { _, client in
            let owner = MorePages.Browser(client)
            let query = Self.plan + [("ranks", "1,2")]
            let form = try await owner.get("/trips/polls/new" + RoutePath.query(query))
            #expect(form.status == .ok)
            let formHTML = MorePages.text(form)
            #expect(formHTML.contains("name=\"label\"") && formHTML.contains("value=\"Option 1: "))

            let tooLong = try await owner.post(
                "/trips/polls/new",
                query + [("title", String(repeating: "t", count: 130)), ("label", "A"), ("label", "B")])
            #expect(tooLong.status == .unprocessableContent)
            #expect(MorePages.text(tooLong).contains("id=\"poll-title-error\""))

            let created = try await owner.post(
                "/trips/polls/new", query + [("title", "Summer trip"), ("label", "North"), ("label", "South")])
            #expect(created.status == .seeOther)
            let url = try #require(created.headers[.location])
            #expect(url.hasPrefix("/trips/polls/") && owner.cookies[SportsTimeApp.travellerCookie] != nil)
            let ownerPage = MorePages.text(try await owner.get(url))
            #expect(ownerPage.contains("Summer trip") && ownerPage.contains("Close the poll"))
            #expect(ownerPage.contains("id=\"poll-share\"") && ownerPage.contains("poll-map-o1"))
            let list = MorePages.text(try await owner.get("/trips/polls"))
            #expect(list.contains("Summer trip") && list.contains(url))

            let voter = MorePages.Browser(client)
            let before = MorePages.text(try await voter.get(url))
            #expect(before.contains("type=\"radio\"") && !before.contains("Results:"))
            let vote = try await voter.post(url, [("option", "o1")])
            #expect(vote.status == .seeOther && vote.headers[.location] == url + "?voted=1")
            let voterID = try #require(voter.cookies[VoterCookie.name])
            #expect(voterID.count == 22)
            let voted = MorePages.text(try await voter.get(url + "?voted=1"))
            #expect(voted.contains("You voted for North.") && voted.contains("Results: 1 vote"))
            _ = try await voter.post(url, [("option", "o2")])
            let changed = MorePages.text(try await voter.get(url))
            #expect(changed.contains("You voted for South.") && changed.contains("Results: 1 vote"))
            let unknown = try await voter.post(url, [("option", "o9")])
            #expect(unknown.status == .unprocessableContent)
            let none = try await voter.post(url, [("foo", "bar")])
            #expect(none.status == .unprocessableContent && MorePages.text(none).contains("Choose an option"))

            let notOwner = try await voter.post(url, [("close", "1")])
            #expect(notOwner.status == .forbidden)
            let closed = try await owner.post(url, [("close", "1")])
            #expect(closed.status == .seeOther)
            let third = MorePages.Browser(client)
            let results = MorePages.text(try await third.get(url))
            #expect(results.contains("Winner: South") && !results.contains("type=\"radio\""))
            let late = try await third.post(url, [("option", "o1")])
            #expect(late.status == .seeOther, "a closed poll shows its results")
            #expect(MorePages.text(try await third.get(url)).contains("Results: 1 vote"))

            let save = try await owner.post(url, [("save", "1")])
            #expect(save.headers[.location]?.hasPrefix("/trips/saved/") == true)

            let bad = try await third.get("/trips/polls/not-a-token")
            #expect(bad.status == .notFound)
            let missing = try await third.get("/trips/polls/AAAAAAAAAAAAAAAAAAAAAA")
            #expect(missing.status == .notFound)
        }
    }

    @Test("a poll of saved trips: their names prefilled; another browser cannot use them; one trip is too few")
    func fromSavedTrips() async throws {
        try await MorePages.withPages { app, client in
            let owner = MorePages.Browser(client)
            // The first poll creates the identity; then save two planned options as that traveller's trips.
            let query = Self.plan + [("ranks", "1,2")]
            _ = try await owner.post(
                "/trips/polls/new", query + [("title", "Warm-up"), ("label", "A"), ("label", "B")])
            var head = HTTPRequest(method: .get, scheme: "http", authority: "localhost", path: "/")
            head.headerFields[.cookie] = owner.cookieHeader
            let travellerID = try #require(
                try await app.session(Request(head: head, body: .init(buffer: .init()))).travellerID)
            var problems: [PlanQuery.Problem] = []
            let plan = PlanQuery(query: Self.plan, problems: &problems)
            guard case .success(let options) = try await app.plan(plan.preferences, start: plan.start) else {
                Issue.record("planning failed")
                return
            }
            let first = try await app.storeTrip(
                name: "Lakes loop", option: options[0], preferences: nil, owner: travellerID)
            let second = try await app.storeTrip(
                name: "East coast", option: options[1], preferences: nil, owner: travellerID)
            let form = MorePages.text(try await owner.get("/trips/polls/new?trips=\(first.id),\(second.id)"))
            #expect(form.contains("value=\"Lakes loop\"") && form.contains("value=\"East coast\""))
            let created = try await owner.post(
                "/trips/polls/new",
                [("trips", "\(first.id),\(second.id)"), ("title", "Which?"), ("label", "Lakes"), ("label", "Coast")])
            #expect(created.headers[.location]?.hasPrefix("/trips/polls/") == true)
            let single = try await owner.get("/trips/polls/new?trips=\(first.id)")
            #expect(single.status == .badRequest && MorePages.text(single).contains("between 2 and 5"))
            let picker = MorePages.text(single)
            #expect(picker.contains("name=\"trips\" value=\"\(first.id)\" checked>Lakes loop"))
            #expect(picker.contains("name=\"trips\" value=\"\(second.id)\">East coast"), "the others to tick")
            #expect(!picker.contains("Create the poll"), "no poll of one trip")
            let ticked = try await owner.get("/trips/polls/new?trips=\(first.id)&trips=\(second.id)")
            #expect(ticked.status == .ok && MorePages.text(ticked).contains("Create the poll"))
            let stranger = try await MorePages.Browser(client).get("/trips/polls/new?trips=\(first.id),\(second.id)")
            #expect(stranger.status == .badRequest && MorePages.text(stranger).contains("not saved on this device"))
        }
    }

    @Test("snapshot: a closed poll's results")
    func snapshot() throws {
        let poll = TripPoll(
            id: "p", title: "Where to?",
            options: [PollOption(id: "o1", label: "North"), PollOption(id: "o2", label: "South")],
            createdAt: Date(timeIntervalSince1970: 0), closedAt: Date(timeIntervalSince1970: 10))
        let votes = [
            PollVote(voterID: "a", optionID: "o1", castAt: Date(timeIntervalSince1970: 1)),
            PollVote(voterID: "b", optionID: "o1", castAt: Date(timeIntervalSince1970: 2)),
            PollVote(voterID: "c", optionID: "o2", castAt: Date(timeIntervalSince1970: 3)),
        ]
        let model = PollPageModel.build(
            token: "AAAAAAAAAAAAAAAAAAAAAA", poll: poll, tally: PollRules.tally(poll: poll, votes: votes), decoded: [:],
            myChoice: "o2", isOwner: true, origin: "https://example.org", prefs: .standard)
        #expect(model.winner == "North" && model.options.map(\.percent) == [67, 33])
        let html = PollsView.poll(model, prefs: .standard)
        #expect(html.contains("You voted for South.") && html.contains("Winner: North"))
        #expect(html.contains("data-live-tally"), "the script finds the tally to refresh")
        try TripsSnapshot.assertMatches(MorePages.main(html), named: "poll-closed")
    }
}
