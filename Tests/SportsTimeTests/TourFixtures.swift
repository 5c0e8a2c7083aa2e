import Foundation
import Testing

@testable import SportsTime

/// The Traveling Baseball Fan Problem fixture (Fixtures/tbfp2019, Apache-2.0, see its README).
enum TBFP2019 {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/tbfp2019")

    /// The fixture read once.
    static let files: TourInstanceFiles? = try? TourInstanceFiles(folder: folder)

    /// The published optimum (results/1537466093296.txt): venue and first pitch (US Eastern in the source).
    static let optimum: [(VenueID, String)] = [
        ("target-field", "2019-07-17T00:10:00Z"), ("busch-stadium", "2019-07-17T17:15:00Z"),
        ("kauffman-stadium", "2019-07-18T00:15:00Z"), ("suntrust-park", "2019-07-18T23:20:00Z"),
        ("oriole-park-at-camden-yards", "2019-07-19T23:05:00Z"), ("tropicana-field", "2019-07-20T22:10:00Z"),
        ("minute-maid-park", "2019-07-21T18:10:00Z"), ("chase-field", "2019-07-23T01:40:00Z"),
        ("dodger-stadium", "2019-07-24T02:10:00Z"), ("oracle-park", "2019-07-24T19:45:00Z"),
        ("angel-stadium", "2019-07-26T02:07:00Z"), ("oakland-coliseum", "2019-07-27T02:07:00Z"),
        ("t-mobile-park", "2019-07-27T20:10:00Z"), ("petco-park", "2019-07-28T20:10:00Z"),
        ("coors-field", "2019-07-30T00:40:00Z"), ("great-american-ball-park", "2019-07-30T23:10:00Z"),
        ("nationals-park", "2019-07-31T16:05:00Z"), ("marlins-park", "2019-08-01T16:10:00Z"),
        ("globe-life-park-in-arlington", "2019-08-03T00:05:00Z"), ("wrigley-field", "2019-08-03T18:20:00Z"),
        ("citizens-bank-park", "2019-08-04T17:05:00Z"), ("yankee-stadium", "2019-08-04T23:05:00Z"),
        ("pnc-park", "2019-08-05T23:05:00Z"), ("comerica-park", "2019-08-06T17:10:00Z"),
        ("progressive-field", "2019-08-06T23:10:00Z"), ("citi-field", "2019-08-07T16:10:00Z"),
        ("fenway-park", "2019-08-07T23:10:00Z"), ("rogers-centre", "2019-08-08T23:07:00Z"),
        ("guaranteed-rate-field", "2019-08-09T19:10:00Z"), ("miller-park", "2019-08-10T00:10:00Z"),
    ]

    /// The benchmark's rules with the fixture's road matrix.
    static func benchmarkRules(_ files: TourInstanceFiles) -> TravelRules {
        var rules = TravelRules.benchmark
        rules.estimator = rules.estimator.with(roads: files.roadMatrix)
        return rules
    }
}
