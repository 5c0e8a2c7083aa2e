import AsyncHTTPClient
import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
import NIOFoundationCompat
import ServerKit
import SportsTime
import Testing

@testable import SportsTimeServer

@Suite("Schedule downloads from the leagues' feeds")
struct ScheduleDownloaderTests {
    static let mlb = """
        {"dates": [{"date": "2026-06-02", "games": [
          {"gamePk": 900001, "gameDate": "2026-06-02T23:10:00Z", "officialDate": "2026-06-02",
           "status": {"detailedState": "Scheduled", "abstractGameState": "Preview"},
           "teams": {"home": {"team": {"id": 111, "name": "Boston Red Sox"}},
                     "away": {"team": {"id": 147, "name": "New York Yankees"}}},
           "venue": {"id": 3, "name": "Fenway Park"}, "doubleHeader": "N", "gameNumber": 1}
        ]}]}
        """

    static var logger: Logger {
        var logger = Logger(label: "test")
        logger.logLevel = .warning
        return logger
    }

    @Test("MLB: the season is fetched from the Stats API feed and imported; NHL weeks are followed")
    func download() async throws {
        let router = Router()
        router.get("api/v1/schedule") { request, _ -> Response in
            guard request.uri.queryParameters.get("season") == "2026" else { return Response(status: .badRequest) }
            return Response(
                status: .ok, headers: [.contentType: "application/json"],
                body: .init(byteBuffer: ByteBuffer(string: Self.mlb)))
        }
        router.get("v1/schedule/:date") { _, context -> Response in
            let date = context.parameters.get("date") ?? ""
            let next = date == "2026-10-01" ? "2026-10-08" : "2026-10-15"
            let body = """
                {"nextStartDate": "\(next)", "regularSeasonEndDate": "2026-10-14", "gameWeek": []}
                """
            return Response(status: .ok, body: .init(byteBuffer: ByteBuffer(string: body)))
        }
        try await Application(router: router).test(.live) { client in
            let port = try #require(client.port)
            var feeds = ScheduleDownloader.Feeds(environment: [:])
            feeds.mlb = "http://127.0.0.1:\(port)"
            feeds.nhl = "http://127.0.0.1:\(port)"
            let downloader = ScheduleDownloader(client: UpstreamHTTPClient(logger: Self.logger), feeds: feeds)
            let (data, format) = try await downloader.download(.mlb, season: 2026)
            #expect(format == .mlbStatsAPI)
            let result = try ScheduleImporter(catalog: try Catalog.bundled()).importSchedule(data, format: format)
            #expect(result.games.map(\.id.rawValue) == ["mlb-900001"])
            #expect(result.games.first?.venue == "fenway-park")
            let (weeks, nhl) = try await downloader.download(.nhl, season: 2026)
            #expect(nhl == .nhlAPI)
            let pages = try #require(try JSONSerialization.jsonObject(with: weeks) as? [Any])
            #expect(pages.count == 2, "week 1, week 2, then the season's end stops the walk")
        }
    }

    @Test("offline or refused: a clear message pointing at `trips import`; MLS has no single feed")
    func failures() async throws {
        var feeds = ScheduleDownloader.Feeds(environment: [:])
        feeds.mlb = "http://127.0.0.1:1"
        let downloader = ScheduleDownloader(
            client: UpstreamHTTPClient(timeout: .seconds(2), maxAttempts: 1, logger: Self.logger), feeds: feeds)
        do {
            _ = try await downloader.download(.mlb, season: 2026)
            Issue.record("expected a failure")
        } catch {
            #expect(error.description.contains("trips import"))
        }
        #expect(throws: ScheduleDownloadError.self) { try downloader.source(.mls, season: 2026) }
    }
}
