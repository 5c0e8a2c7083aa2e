import Foundation
import Testing

@testable import ClubWeekly

/// A copy of the iOS client's Decodable structs (CloudDataFetcher.swift, section 5 of dcc-club-data-api.md).
private struct CloudDataResponse: Decodable {
    let members: [CloudMemberData]
    let lastFetchedAt: String?
    let weekLabel: String?
    let weekStart: String?
    let weekEnd: String?
    let dateSource: String?
    let memberCount: Int?
    let totalActivities: Int?
    let registryRetentionDays: Int?
    let enrolledCount: Int?
}

private struct CloudMemberData: Decodable {
    let name: String
    let totalDistance: Double
    let totalElevation: Int
    let totalMovingTime: Int
    let rideCount: Int
    let avgSpeed: Double
    let movingTimeFormatted: String?
    let activities: [CloudActivityData]?
}

private struct CloudActivityData: Decodable {
    let name: String
    let distance: Double
    let movingTime: Int
    let elevationGain: Int
    let averageSpeed: Double
    let type: String
    let sportType: String?
    let startDate: String?
}

@Suite("The original worker's /club-data payload")
struct ClubDataFeedTests {
    typealias F = Fixture
    let week = F.march16
    let now = F.utc(2026, 3, 21, 20)
    let amit = F.member("amit", "Amit", "Kamat")

    func feed(
        _ activities: [Activity], members: [Member]? = nil, counting: Set<String> = SportTypes.cycling,
        enrolled: Int = 3, now: Date? = nil
    ) -> ClubDataFeed {
        ClubDataFeed.build(
            week: week, activities: activities, members: members ?? [amit], counting: counting,
            enrolledCount: enrolled, now: now ?? self.now)
    }

    var workedExample: [Activity] {
        [
            F.ride("amit", km: 30, at: F.utc(2026, 3, 18, 7, 30), seconds: 4000, climb: 100, name: "Ride"),
            F.ride(
                "amit", km: 20, at: F.utc(2026, 3, 19, 7), seconds: 3000, climb: 80, sport: "GravelRide", name: "Gravel"
            ),
        ]
    }

    @Test("The documented example: 30 km in 4000 s + 20 km in 3000 s gives 25.8 km/h and 1h 56m, keys in order")
    func workedExampleJSON() {
        let json = feed(workedExample).jsonString()
        let expected =
            #"{"lastFetchedAt":"2026-03-21T20:00:00.000Z","weekLabel":"w/c 16 Mar","weekStart":"2026-03-16","#
            + #""weekEnd":"2026-03-22","memberCount":1,"totalActivities":2,"dateSource":"strava","enrolledCount":3,"#
            + #""members":[{"name":"Amit K.","rideCount":2,"totalDistance":50,"totalElevation":180,"#
            + #""totalMovingTime":7000,"avgSpeed":25.8,"movingTimeFormatted":"1h 56m","activities":["#
            + #"{"name":"Ride","distance":30,"movingTime":4000,"elevationGain":100,"averageSpeed":27,"type":"Ride","#
            + #""sportType":"Ride","startDate":"2026-03-18T07:30:00Z"},"#
            + #"{"name":"Gravel","distance":20,"movingTime":3000,"elevationGain":80,"averageSpeed":24,"type":"Ride","#
            + #""sportType":"GravelRide","startDate":"2026-03-19T07:00:00Z"}]}]}"#
        #expect(json == expected)
        #expect(feed(workedExample).jsonData() == Data(expected.utf8))
    }

    @Test("Member and activity fields of the worked example")
    func workedExampleValues() throws {
        let result = feed(workedExample)
        let member = try #require(result.members.first)
        #expect(member.totalDistance == 50)
        #expect(member.avgSpeed == 25.8)
        #expect(member.movingTimeFormatted == "1h 56m")
        #expect(member.totalMovingTime == 7000)
        #expect(member.totalElevation == 180)
        #expect(member.activities.map(\.averageSpeed) == [27, 24])
        #expect(member.activities.map(\.type) == ["Ride", "Ride"])
        #expect(member.activities.map(\.sportType) == ["Ride", "GravelRide"])
        #expect(result.memberCount == 1)
        #expect(result.totalActivities == 2)
        #expect(result.enrolledCount == 3)
    }

    @Test("JSONEncoder writes whole numbers without a decimal point, and the feed round-trips")
    func jsonEncoderNumbers() throws {
        let result = feed([F.ride("amit", km: 40, at: F.utc(2026, 3, 18, 7), seconds: 6000, climb: 300)])
        let data = try JSONEncoder().encode(result)
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains(#""totalDistance":40"#))
        #expect(text.contains(#""distance":40"#))
        #expect(text.contains(#""avgSpeed":24"#))
        #expect(!text.contains("40.0"))
        #expect(!text.contains("24.0"))
        #expect(try JSONDecoder().decode(ClubDataFeed.self, from: data) == result)
        #expect(try JSONDecoder().decode(ClubDataFeed.self, from: result.jsonData()) == result)
    }

    @Test("The payload decodes with the iOS client's structs and its date parsing")
    func iOSClientDecodes() throws {
        let withMs = F.utc(2026, 3, 21, 20, 0, 0.345)
        let data = feed(workedExample, now: withMs).jsonData()
        let decoded = try JSONDecoder().decode(CloudDataResponse.self, from: data)
        #expect(decoded.members.count == 1)
        #expect(decoded.enrolledCount == 3)
        #expect(decoded.registryRetentionDays == nil)
        #expect(decoded.weekLabel == "w/c 16 Mar")
        #expect(decoded.dateSource == "strava")
        #expect(decoded.lastFetchedAt == "2026-03-21T20:00:00.345Z")
        let member = try #require(decoded.members.first)
        #expect(member.name == "Amit K.")
        #expect(member.avgSpeed == 25.8)
        #expect(member.totalElevation == 180)
        let activities = try #require(member.activities)
        #expect(activities.map(\.type) == ["Ride", "Ride"])

        // lastFetchedAt must parse with fractional seconds; startDate parses without.
        let fractional = ISO8601DateFormatter()
        fractional.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        let lastFetched = try #require(decoded.lastFetchedAt.flatMap { fractional.date(from: $0) })
        #expect(abs(lastFetched.timeIntervalSince(withMs)) < 0.001)
        let plain = ISO8601DateFormatter()
        let start = try #require(activities.first?.startDate.flatMap { plain.date(from: $0) })
        #expect(start == F.utc(2026, 3, 18, 7, 30))

        // The JSONEncoder output decodes too.
        let encoded = try JSONEncoder().encode(feed(workedExample))
        #expect(try JSONDecoder().decode(CloudDataResponse.self, from: encoded).members.count == 1)
    }

    @Test("Totals: raw km summed then rounded, elevation rounded per activity then summed")
    func rounding() throws {
        let activities = (0..<3).map { day in
            F.ride("amit", km: 10.04, at: F.utc(2026, 3, 16 + day, 7), seconds: 1800, climb: 10.4)
        }
        let member = try #require(feed(activities).members.first)
        #expect(member.activities.map(\.distance) == [10, 10, 10])
        #expect(member.activities.map(\.elevationGain) == [10, 10, 10])
        #expect(member.totalDistance == 30.1)  // not 30.0 from the rounded rides
        #expect(member.totalElevation == 30)  // not round(31.2) = 31
        #expect(member.activities.map(\.averageSpeed) == [20.1, 20.1, 20.1])  // 20.08 km/h
        #expect(member.avgSpeed == 20.1)
        #expect(member.movingTimeFormatted == "1h 30m")
    }

    @Test("Rows sorted by rounded distance, ties in order of first activity")
    func sorting() {
        let members = [
            F.member("x", "Xavier", "Long"), F.member("y", "Yvonne", "Short"), F.member("z", "Zoe", "Top"), amit,
        ]
        let activities = [
            F.ride("x", km: 20.04, at: F.utc(2026, 3, 17, 7)),
            F.ride("y", km: 19.96, at: F.utc(2026, 3, 16, 7)),
            F.ride("z", km: 25, at: F.utc(2026, 3, 20, 7)),
            F.ride("amit", km: 5, at: F.utc(2026, 3, 15, 7)),  // previous week
        ]
        let result = feed(activities, members: members)
        #expect(result.members.map(\.name) == ["Zoe T.", "Yvonne S.", "Xavier L."])
        #expect(result.members.map(\.totalDistance) == [25, 20, 20])
        #expect(result.memberCount == 3)
        #expect(result.totalActivities == 3)
    }

    @Test("Only counted sport types, only this week, only club members; activities in start order")
    func filtering() throws {
        let activities = [
            F.ride("amit", km: 10, at: F.utc(2026, 3, 20, 7), name: "Third"),
            F.ride("amit", km: 8, at: F.utc(2026, 3, 17, 7), sport: "Run", name: "Run"),
            F.ride("amit", km: 10, at: F.utc(2026, 3, 17, 7), sport: "VirtualRide", name: "First"),
            F.ride("amit", km: 10, at: F.utc(2026, 3, 18, 7), sport: "EMountainBikeRide", name: "Second"),
            F.ride("amit", km: 10, at: F.utc(2026, 3, 23, 0), name: "Next week"),
            F.ride("ghost", km: 100, at: F.utc(2026, 3, 18, 7), name: "Left the club"),
            F.ride("amit", km: 10, at: F.utc(2026, 3, 18, 9), sport: "Kitesurf", name: "Unknown"),
        ]
        let result = feed(activities)
        let member = try #require(result.members.first)
        #expect(result.members.count == 1)
        #expect(member.activities.map(\.name) == ["First", "Second", "Third"])
        #expect(member.activities.map(\.type) == ["VirtualRide", "EBikeRide", "Ride"])
        #expect(member.rideCount == 3)
        #expect(result.totalActivities == 3)
    }

    @Test("Zero moving time: activity speed 0, and it weighs the member average down")
    func zeroMovingTime() throws {
        let member = try #require(
            feed([
                F.ride("amit", km: 10, at: F.utc(2026, 3, 17, 7), seconds: 0),
                F.ride("amit", km: 10, at: F.utc(2026, 3, 18, 7), seconds: 1200),
            ]).members.first)
        #expect(member.activities.map(\.averageSpeed) == [0, 30])
        #expect(member.avgSpeed == 15)
        #expect(member.totalMovingTime == 1200)
        #expect(member.movingTimeFormatted == "20m")

        let noDistance = try #require(
            feed([F.ride("amit", km: 0, at: F.utc(2026, 3, 17, 7), seconds: 600)]).members.first)
        #expect(noDistance.avgSpeed == 0)
        #expect(noDistance.totalDistance == 0)
    }

    @Test("dateSource reflects the sources of the counted activities")
    func dateSource() {
        let at = F.utc(2026, 3, 18, 7)
        #expect(feed([]).dateSource == "strava")
        #expect(feed([F.ride("amit", km: 1, at: at)]).dateSource == "strava")
        #expect(feed([F.ride("amit", km: 1, at: at, source: .import)]).dateSource == "import")
        #expect(feed([F.ride("amit", km: 1, at: at, source: .demo)]).dateSource == "demo")
        #expect(
            feed([F.ride("amit", km: 1, at: at, source: .demo), F.ride("amit", km: 1, at: at, source: .strava)])
                .dateSource == "mixed")
        // An uncounted demo run does not make it mixed.
        #expect(
            feed([F.ride("amit", km: 1, at: at), F.ride("amit", km: 1, at: at, sport: "Run", source: .demo)])
                .dateSource == "strava")
    }

    @Test("An empty week is a valid payload")
    func empty() throws {
        let result = feed([], enrolled: 12)
        #expect(result.members.isEmpty)
        #expect(result.memberCount == 0)
        #expect(result.totalActivities == 0)
        #expect(result.enrolledCount == 12)
        #expect(result.jsonString().hasSuffix(#""enrolledCount":12,"members":[]}"#))
        let decoded = try JSONDecoder().decode(CloudDataResponse.self, from: result.jsonData())
        #expect(decoded.members.isEmpty)
    }

    @Test("Names with quotes, backslashes and control characters are escaped")
    func escaping() throws {
        let member = F.member("q", "Tom \"Tornado\"\\", "\u{1}Brennan")
        var ride = F.ride("q", km: 10, at: F.utc(2026, 3, 18, 7), name: "Line\nbreak\ttab / slash é 🚴")
        ride.name += "\u{7}"
        let result = feed([ride], members: [member])
        let json = result.jsonString()
        #expect(json.contains(#""name":"Tom \"Tornado\"\\ \u0001."#))
        #expect(json.contains(#"Line\nbreak\ttab / slash é 🚴\u0007"#))
        let decoded = try JSONDecoder().decode(CloudDataResponse.self, from: result.jsonData())
        #expect(decoded.members.first?.name == "Tom \"Tornado\"\\ \u{1}.")
        #expect(decoded.members.first?.activities?.first?.name == ride.name)
    }

    @Test("Legacy types for sport types")
    func legacyTypes() {
        #expect(ClubDataFeed.legacyType(for: "Ride") == "Ride")
        #expect(ClubDataFeed.legacyType(for: "GravelRide") == "Ride")
        #expect(ClubDataFeed.legacyType(for: "MountainBikeRide") == "Ride")
        #expect(ClubDataFeed.legacyType(for: "VirtualRide") == "VirtualRide")
        #expect(ClubDataFeed.legacyType(for: "EBikeRide") == "EBikeRide")
        #expect(ClubDataFeed.legacyType(for: "EMountainBikeRide") == "EBikeRide")
        #expect(ClubDataFeed.legacyType(for: "Handcycle") == "Handcycle")
        #expect(ClubDataFeed.legacyType(for: "Velomobile") == "Velomobile")
        #expect(ClubDataFeed.legacyType(for: "TrailRun") == "Run")
        #expect(ClubDataFeed.legacyType(for: "Pickleball") == "Workout")
        #expect(ClubDataFeed.legacyType(for: "") == "Workout")
    }

    @Test("The week fields follow the club's local week, not the UTC one")
    func localWeek() {
        let sydneyWeek = WeekCalendar(timeZone: F.sydney, weekStart: .monday).week(
            containing: F.utc(2026, 3, 29, 13, 30))
        let result = ClubDataFeed.build(
            week: sydneyWeek, activities: [F.ride("amit", km: 10, at: F.utc(2026, 3, 29, 13, 30))], members: [amit],
            counting: SportTypes.cycling, enrolledCount: 1, now: now)
        #expect(result.weekStart == "2026-03-30")
        #expect(result.weekEnd == "2026-04-05")
        #expect(result.weekLabel == "w/c 30 Mar")
        #expect(result.memberCount == 1)
        #expect(result.members.first?.activities.first?.startDate == "2026-03-29T13:30:00Z")
    }

    @Test("ISO timestamps: milliseconds, rounding and dates before 1970")
    func isoTimes() {
        #expect(ISOTime.string(F.utc(2026, 3, 21, 20), milliseconds: true) == "2026-03-21T20:00:00.000Z")
        #expect(ISOTime.string(F.utc(2026, 3, 21, 20, 0, 59.9996), milliseconds: true) == "2026-03-21T20:01:00.000Z")
        #expect(ISOTime.string(F.utc(2026, 3, 18, 7, 30, 0.4), milliseconds: false) == "2026-03-18T07:30:00Z")
        #expect(ISOTime.string(F.utc(1969, 12, 31, 23, 59, 59.5), milliseconds: true) == "1969-12-31T23:59:59.500Z")
        #expect(
            ISOTime.string(Date(timeIntervalSince1970: .infinity), milliseconds: true) == "1970-01-01T00:00:00.000Z")
    }
}
