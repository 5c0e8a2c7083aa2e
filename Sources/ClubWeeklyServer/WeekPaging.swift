import ClubWeekly
import Foundation
import ServerKit

/// Paging of the week API (`GET /api/clubs/{slug}/week`): a big club's week is answered a page at a time, or as a
/// summary, so no answer carries every member and every activity of a 5,000-member club.
///
/// - A week of at most ``unpagedMembers`` ranked members and ``unpagedActivities`` activities, asked for without
///   `limit`, `page` or `view`, is answered whole and byte for byte as before (no `page` object).
/// - A bigger week asked for without `limit` gets its first ``defaultLimit`` members and activities, and a `page`
///   object whose `next` link asks for the rest.
/// - `limit` (1…``maximumLimit``) and `page` (1, 2, …) page both lists with the same numbers: members by rank,
///   activities newest first.
/// - `view=summary` is the club, the week, the totals and the top ``summaryMembers`` members, without activities.
struct WeekPaging: Equatable, Sendable {
    enum View: String, CaseIterable, Sendable { case full, summary }

    static let unpagedMembers = 500
    static let unpagedActivities = 2_000
    static let defaultLimit = 200
    static let maximumLimit = 1_000
    static let summaryMembers = 10

    var view = View.full
    /// Rows per page; nil when the caller gave none.
    var limit: Int?
    var page = 1

    /// Whether the caller asked for paging or the summary.
    var isExplicit: Bool { view == .summary || limit != nil || page != 1 }

    /// Parses `view`, `limit` and `page`; bad values are 400s that say what is allowed.
    static func parse(view: String?, limit: String?, page: String?) throws -> WeekPaging {
        var paging = WeekPaging()
        if let view, !view.isEmpty {
            guard let parsed = View(rawValue: view) else {
                throw APIError.badRequest(
                    "Unknown view '\(view.prefix(40))': use full or summary.", code: "invalid_view")
            }
            paging.view = parsed
        }
        if let limit, !limit.isEmpty {
            guard let number = Int(limit), (1...maximumLimit).contains(number) else {
                throw APIError.badRequest(
                    "limit must be a whole number from 1 to \(maximumLimit), not '\(limit.prefix(40))'.",
                    code: "invalid_limit")
            }
            paging.limit = number
        }
        if let page, !page.isEmpty {
            guard let number = Int(page), (1...1_000_000).contains(number) else {
                throw APIError.badRequest(
                    "page must be a whole number from 1, not '\(page.prefix(40))'.", code: "invalid_page")
            }
            paging.page = number
        }
        return paging
    }

    /// The part of the cache key this paging adds (empty for the default).
    var cacheKey: String { "\(view.rawValue)|\(limit.map(String.init) ?? "")|\(page)" }

    /// What the answer's `page` object says.
    struct Info: Equatable, Sendable {
        var number: Int
        var limit: Int
        var pages: Int
        /// Ranked members and activities in the whole week.
        var members: Int
        var activities: Int
        /// The next page's path and query; nil on the last page.
        var next: String?
    }

    /// `report` (of the week at `offset`) cut to this page, before its rows are formatted: `path` is the request's
    /// path, for the `next` link. Nil info means the whole week.
    func apply(to report: WeekReport, offset: Int, path: String) -> (WeekReport, Info?) {
        let members = report.members.count
        let activities = report.activities.count
        var cut = report
        if view == .summary {
            cut.members = Array(report.members.prefix(Self.summaryMembers))
            cut.activities = []
            return (
                cut,
                Info(
                    number: 1, limit: Self.summaryMembers, pages: 1, members: members, activities: activities, next: nil
                )
            )
        }
        let limit: Int
        if let given = self.limit {
            limit = given
        } else if page == 1 && members <= Self.unpagedMembers && activities <= Self.unpagedActivities {
            return (report, nil)
        } else {
            limit = Self.defaultLimit
        }
        let pages = max(1, (max(members, activities) + limit - 1) / limit)
        func slice<T>(_ rows: [T]) -> [T] {
            let start = min(rows.count, (page - 1) * limit)
            return Array(rows[start..<min(rows.count, start + limit)])
        }
        cut.members = slice(report.members)
        cut.activities = slice(report.activities)
        let next: String? =
            page < pages
            ? path
                + RoutePath.query([
                    ("offset", String(offset)), ("metric", report.metric.rawValue), ("limit", String(limit)),
                    ("page", String(page + 1)),
                ]) : nil
        return (
            cut, Info(number: page, limit: limit, pages: pages, members: members, activities: activities, next: next)
        )
    }
}
