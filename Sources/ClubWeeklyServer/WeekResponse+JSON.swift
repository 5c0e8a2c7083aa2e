import ClubWeekly
import Foundation
import ServerKit

extension WeekResponse {
    /// The same document as its `Encodable` form, written with ``JSONWriter`` (week responses are the largest and
    /// most frequent responses; `JSONEncoder` was most of their cost). With `page`, a `page` object follows the
    /// activities (see ``WeekPaging``); without it the document is exactly the `Encodable` form.
    func jsonData(page: WeekPaging.Info? = nil) -> Data {
        var json = JSONWriter(reservingCapacity: 2048 + activities.count * 420 + members.count * 260)
        json.object { root in
            root.field("club") { writer in
                writer.object {
                    $0.field("slug", club.slug)
                    $0.field("name", club.name)
                    $0.field("timeZone", club.timeZone)
                    $0.field("weekStart", club.weekStart)
                    $0.field("colors") { writer in writer.array(club.colors) { $0.string($1) } }
                    $0.field("countedSportTypes") { writer in writer.array(club.countedSportTypes) { $0.string($1) } }
                    $0.field("feedPublic", club.feedPublic)
                }
            }
            root.field("week") { writer in
                writer.object {
                    $0.field("offset", week.offset)
                    $0.field("label", week.label)
                    $0.field("firstDay", week.firstDay)
                    $0.field("lastDay", week.lastDay)
                    $0.field("start", week.start)
                    $0.field("end", week.end)
                    $0.field("oldestOffset", week.oldestOffset)
                }
            }
            root.field("metric", metric)
            root.field("summary") { writer in
                writer.object {
                    $0.field("distanceKm", summary.distanceKm)
                    $0.field("rides", summary.rides)
                    $0.field("activeMembers", summary.activeMembers)
                    $0.field("elevationM", summary.elevationM)
                    $0.field("movingTimeS", summary.movingTimeS)
                    $0.field("trends") { writer in
                        writer.object { trends in
                            for (name, trend) in summary.trends.sorted(by: { $0.key < $1.key }) {
                                trends.field(name) { Self.write(trend, to: &$0) }
                            }
                        }
                    }
                }
            }
            root.field("members") { writer in
                writer.array(members) { writer, row in
                    writer.object {
                        $0.field("memberId", row.memberId)
                        $0.field("name", row.name)
                        $0.field("fullName", row.fullName)
                        $0.field("initials", row.initials)
                        $0.field("hue", row.hue)
                        $0.field("rank", row.rank)
                        $0.field("distanceKm", row.distanceKm)
                        $0.field("rides", row.rides)
                        $0.field("movingTimeS", row.movingTimeS)
                        $0.field("movingTime", row.movingTime)
                        $0.field("elevationM", row.elevationM)
                        $0.field("avgSpeedKmh", row.avgSpeedKmh)
                        $0.field("longestRideKm", row.longestRideKm)
                        $0.field("trend") { Self.write(row.trend, to: &$0) }
                    }
                }
            }
            root.field("activities") { writer in
                writer.array(activities) { writer, row in
                    writer.object {
                        $0.field("memberId", row.memberId)
                        $0.field("memberName", row.memberName)
                        $0.field("title", row.title)
                        $0.field("startDate", row.startDate)
                        $0.field("startLocal", row.startLocal)
                        $0.field("sportType", row.sportType)
                        $0.field("sportLabel", row.sportLabel)
                        $0.field("emoji", row.emoji)
                        $0.field("distanceKm", row.distanceKm)
                        $0.field("movingTimeS", row.movingTimeS)
                        $0.field("movingTime", row.movingTime)
                        $0.field("elevationM", row.elevationM)
                        $0.field("elevation", row.elevation)
                        $0.field("pace", row.pace)
                        $0.field("trainer", row.trainer)
                        $0.field("commute", row.commute)
                        $0.field("source", row.source)
                    }
                }
            }
            if let page {
                root.field("page") { writer in
                    writer.object {
                        $0.field("number", page.number)
                        $0.field("limit", page.limit)
                        $0.field("pages", page.pages)
                        $0.field("members", page.members)
                        $0.field("activities", page.activities)
                        $0.field("next", page.next)
                    }
                }
            }
        }
        return json.data
    }

    private static func write(_ trend: TrendInfo, to writer: inout JSONWriter) {
        writer.object {
            $0.field("direction", trend.direction)
            if let percent = trend.percent { $0.field("percent", percent) }
            $0.field("text", trend.text)
        }
    }
}
