import Configuration
import Foundation
import Logging
import ServerKit
import SportsTime

/// Why a schedule could not be downloaded.
public enum ScheduleDownloadError: Error, CustomStringConvertible, Sendable {
    /// The league publishes no single feed we read (MLS, NWSL, WNBA: import their iCalendar feeds instead).
    case noOfficialFeed(League)
    /// No answer from the feed (offline, DNS, timeout).
    case unreachable(String, String)
    /// The feed answered with an error status.
    case status(String, Int)

    public var description: String {
        switch self {
        case .noOfficialFeed(let league):
            "\(league.displayName) has no single official schedule feed: download the clubs' calendars and run "
                + "`clubhouse trips import <file.ics> --format ics --league \(league.rawValue)`."
        case .unreachable(let url, let detail):
            "Could not reach \(url) (\(detail)). This machine may be offline: download the file elsewhere and run "
                + "`clubhouse trips import <file> --format …`."
        case .status(let url, let status): "\(url) answered HTTP \(status); try again later."
        }
    }
}

/// Downloads a league's season from its official feed (MLB Stats API, NHL api-web, NBA CDN, nflverse).
public struct ScheduleDownloader: Sendable {
    /// Feed base URLs; tests point them at a local fake (env `SPORTSTIME_MLB_URL`, `…_NHL_URL`, `…_NBA_URL`,
    /// `…_NFL_URL`).
    public struct Feeds: Sendable {
        public var mlb = "https://statsapi.mlb.com"
        public var nhl = "https://api-web.nhle.com"
        public var nba = "https://cdn.nba.com"
        public var nfl = "https://github.com/nflverse/nfldata/raw/master"

        /// The official feeds, overridden by the server's settings (environment and `.env`).
        public init(settings: ConfigReader) {
            mlb = settings.string(forKey: "sportstime.mlbUrl", default: mlb)
            nhl = settings.string(forKey: "sportstime.nhlUrl", default: nhl)
            nba = settings.string(forKey: "sportstime.nbaUrl", default: nba)
            nfl = settings.string(forKey: "sportstime.nflUrl", default: nfl)
        }

        /// The official feeds overridden by the `SPORTSTIME_*_URL` variables of `environment`.
        public init(environment: [String: String]) {
            self.init(settings: ConfigReader(provider: EnvironmentVariablesProvider(environmentVariables: environment)))
        }
    }

    let client: UpstreamHTTPClient
    let feeds: Feeds

    /// A downloader over `client`.
    public init(client: UpstreamHTTPClient, feeds: Feeds) {
        self.client = client
        self.feeds = feeds
    }

    /// The URL of `league`'s `season` (the year the season starts) and the format to import it with.
    public func source(_ league: League, season: Int) throws(ScheduleDownloadError) -> (URL, ScheduleFormat) {
        let text: String
        let format: ScheduleFormat
        switch league {
        case .mlb:
            text = "\(feeds.mlb)/api/v1/schedule?sportId=1&season=\(season)&gameType=R"
            format = .mlbStatsAPI
        case .nhl:
            text = "\(feeds.nhl)/v1/schedule/\(season)-10-01"
            format = .nhlAPI
        case .nba:
            text = "\(feeds.nba)/static/json/staticData/scheduleLeagueV2.json"
            format = .nbaCDN
        case .nfl:
            text = "\(feeds.nfl)/data/games.csv"
            format = .nflverse
        case .mls, .wnba, .nwsl:
            throw .noOfficialFeed(league)
        }
        guard let url = URL(string: text) else { throw .unreachable(text, "not a URL") }
        return (url, format)
    }

    /// Downloads `league`'s feed. The NHL feed is one week per request: weeks are followed through `nextStartDate`
    /// until the season ends (at most 40 requests) and returned as one JSON array.
    public func download(_ league: League, season: Int) async throws(ScheduleDownloadError) -> (Data, ScheduleFormat) {
        let (url, format) = try source(league, season: season)
        guard league == .nhl else { return (try await fetch(url), format) }
        var pages: [Data] = []
        var next: URL? = url
        while let page = next, pages.count < 40 {
            let data = try await fetch(page)
            pages.append(data)
            next = nil
            if let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
                let date = object["nextStartDate"] as? String, let end = object["regularSeasonEndDate"] as? String,
                date <= end
            {
                next = URL(string: "\(feeds.nhl)/v1/schedule/\(date)")
            }
        }
        var combined = Data("[".utf8)
        combined.append(Data(pages.joined(separator: Data(",".utf8))))
        combined.append(Data("]".utf8))
        return (combined, format)
    }

    func fetch(_ url: URL) async throws(ScheduleDownloadError) -> Data {
        let response: UpstreamResponse
        do {
            response = try await client.send(method: "GET", url: url, headers: ["Accept": "application/json, text/csv"])
        } catch {
            throw .unreachable(url.host ?? url.absoluteString, "\(error)")
        }
        guard (200..<300).contains(response.status) else { throw .status(url.absoluteString, response.status) }
        return response.body
    }
}
