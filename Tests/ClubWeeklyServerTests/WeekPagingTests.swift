import ClubWeekly
import Foundation
import ServerKit
import Testing

@testable import ClubWeeklyServer

@Suite("Week API paging")
struct WeekPagingTests {
    static func response(members: Int, activitiesPerMember: Int = 2) -> WeekResponse {
        let all = BigClubFixture.members(members)
        let data = WeekData(
            club: BigClubFixture.club, offset: 0, oldestOffset: -3, week: WebFixture.data().week, history: [],
            members: all, activities: BigClubFixture.activities(all, rides: activitiesPerMember), hasAnyData: true)
        return WeekResponse(
            club: BigClubFixture.club, report: data.report(metric: .distance), offset: 0, oldestOffset: -3, members: all
        )
    }

    @Test("a small week is answered whole and byte for byte as before")
    func small() throws {
        let response = Self.response(members: 100)
        let (page, info) = try WeekPaging.parse(view: nil, limit: nil, page: nil).apply(to: response, path: "/w")
        #expect(info == nil && page == response)
        #expect(page.jsonData(page: nil) == response.jsonData())
        #expect(!String(decoding: page.jsonData(), as: UTF8.self).contains("\"page\""))
    }

    @Test("a big week gets its first 200 rows and a next link; limit and page walk both lists")
    func big() throws {
        let response = Self.response(members: 600)
        let (first, info) = try WeekPaging.parse(view: nil, limit: nil, page: nil).apply(
            to: response, path: "/api/clubs/dunboyne/week")
        #expect(first.members.count == 200 && first.activities.count == 200)
        #expect(
            info
                == .init(
                    number: 1, limit: 200, pages: 6, members: 600, activities: 1_200,
                    next: "/api/clubs/dunboyne/week?offset=0&metric=distance&limit=200&page=2"))
        let (third, thirdInfo) = try WeekPaging.parse(view: nil, limit: "250", page: "3").apply(
            to: response, path: "/w")
        #expect(third.members.count == 100 && third.members.first?.rank == 501)
        #expect(third.activities.count == 250 && thirdInfo?.next == "/w?offset=0&metric=distance&limit=250&page=4")
        let (_, lastInfo) = try WeekPaging.parse(view: nil, limit: "250", page: "5").apply(to: response, path: "/w")
        #expect(lastInfo?.next == nil && lastInfo?.pages == 5)
        let (beyond, _) = try WeekPaging.parse(view: nil, limit: "250", page: "9").apply(to: response, path: "/w")
        #expect(beyond.members.isEmpty && beyond.activities.isEmpty)
        let json = String(decoding: third.jsonData(page: thirdInfo), as: UTF8.self)
        #expect(
            json.hasSuffix(
                #","page":{"number":3,"limit":250,"pages":5,"members":600,"activities":1200,"next":"/w?offset=0&metric=distance&limit=250&page=4"}}"#
            ))
    }

    @Test("the summary: totals and the top 10, no activities")
    func summary() throws {
        let response = Self.response(members: 600)
        let (summary, info) = try WeekPaging.parse(view: "summary", limit: nil, page: nil).apply(
            to: response, path: "/w")
        #expect(summary.members.count == 10 && summary.activities.isEmpty && summary.summary == response.summary)
        #expect(info?.members == 600 && info?.next == nil)
    }

    @Test(
        "bad paging is a 400 that says what is allowed",
        arguments: [
            ("x", nil, nil), (nil, "0", nil), (nil, "1001", nil), (nil, "ten", nil), (nil, nil, "0"), (nil, nil, "-1"),
        ] as [(String?, String?, String?)])
    func bad(view: String?, limit: String?, page: String?) {
        #expect(throws: APIError.self) { try WeekPaging.parse(view: view, limit: limit, page: page) }
    }
}
