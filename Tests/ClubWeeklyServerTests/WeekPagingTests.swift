import ClubWeekly
import Foundation
import ServerKit
import Testing

@testable import ClubWeeklyServer

@Suite("Week API paging")
struct WeekPagingTests {
    static func report(members: Int, activitiesPerMember: Int = 2) -> WeekReport {
        let all = BigClubFixture.members(members)
        let data = WeekData(
            club: BigClubFixture.club, offset: 0, oldestOffset: -3, week: WebFixture.data().week, history: [],
            members: all, activities: BigClubFixture.activities(all, rides: activitiesPerMember), hasAnyData: true)
        return data.report(metric: .distance)
    }

    /// The week's answer built from `report` (whole or cut to a page).
    static func response(_ report: WeekReport, members: Int) -> WeekResponse {
        WeekResponse(
            club: BigClubFixture.club, report: report, offset: 0, oldestOffset: -3,
            members: BigClubFixture.members(members))
    }

    /// `paging` applied to a week of `members` riders: the page's answer, its info and the whole week's answer.
    static func page(
        members: Int, view: String? = nil, limit: String? = nil, page: String? = nil, path: String = "/w"
    ) throws -> (WeekResponse, WeekPaging.Info?, whole: WeekResponse) {
        let report = Self.report(members: members)
        let (cut, info) = try WeekPaging.parse(view: view, limit: limit, page: page).apply(
            to: report, offset: 0, path: path)
        return (response(cut, members: members), info, response(report, members: members))
    }

    @Test("a small week is answered whole and byte for byte as before")
    func small() throws {
        let (page, info, whole) = try Self.page(members: 100)
        #expect(info == nil && page == whole)
        #expect(page.jsonData(page: nil) == whole.jsonData())
        #expect(!String(decoding: page.jsonData(), as: UTF8.self).contains("\"page\""))
    }

    @Test("a big week gets its first 200 rows and a next link; limit and page walk both lists")
    func big() throws {
        let (first, info, whole) = try Self.page(members: 600, path: "/api/clubs/dunboyne/week")
        #expect(first.members.count == 200 && first.activities.count == 200)
        // A page's rows are the whole week's rows at the same places, ranks and all.
        #expect(first.members == Array(whole.members.prefix(200)))
        #expect(first.activities == Array(whole.activities.prefix(200)))
        #expect(first.summary == whole.summary)
        #expect(
            info
                == .init(
                    number: 1, limit: 200, pages: 6, members: 600, activities: 1_200,
                    next: "/api/clubs/dunboyne/week?offset=0&metric=distance&limit=200&page=2"))
        let (third, thirdInfo, _) = try Self.page(members: 600, limit: "250", page: "3")
        #expect(third.members.count == 100 && third.members.first?.rank == 501)
        #expect(third.members == Array(whole.members[500..<600]))
        #expect(third.activities == Array(whole.activities[500..<750]))
        #expect(third.activities.count == 250 && thirdInfo?.next == "/w?offset=0&metric=distance&limit=250&page=4")
        let (_, lastInfo, _) = try Self.page(members: 600, limit: "250", page: "5")
        #expect(lastInfo?.next == nil && lastInfo?.pages == 5)
        let (beyond, _, _) = try Self.page(members: 600, limit: "250", page: "9")
        #expect(beyond.members.isEmpty && beyond.activities.isEmpty)
        let json = String(decoding: third.jsonData(page: thirdInfo), as: UTF8.self)
        #expect(
            json.hasSuffix(
                #","page":{"number":3,"limit":250,"pages":5,"members":600,"activities":1200,"next":"/w?offset=0&metric=distance&limit=250&page=4"}}"#
            ))
    }

    @Test("the summary: totals and the top 10, no activities")
    func summary() throws {
        let (summary, info, whole) = try Self.page(members: 600, view: "summary")
        #expect(summary.members.count == 10 && summary.activities.isEmpty && summary.summary == whole.summary)
        #expect(summary.members == Array(whole.members.prefix(10)))
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
