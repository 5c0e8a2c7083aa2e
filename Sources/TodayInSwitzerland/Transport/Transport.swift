import Foundation

/// Why a stationboard could not be read.
public enum TransportError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Not JSON, or no `stationboard` list in it.
    case malformed(String)

    /// A message for logs and users.
    public var description: String {
        switch self {
        case .malformed(let detail):
            "The timetable service sent a departure board that cannot be read (\(detail)). Try again in a few minutes."
        }
    }
}

/// One departure of a transport.opendata.ch stationboard.
public struct Departure: Codable, Sendable, Equatable {
    /// The board's station, when known.
    public var station: String?
    /// "IC", "S", "T", "B" …
    public var category: String
    /// The line or train number.
    public var number: String
    /// The journey's name as the board gives it (often the train number), "" when absent.
    public var name: String
    /// The destination.
    public var destination: String
    /// The scheduled departure instant, nil when unreadable.
    public var scheduled: Date?
    /// Minutes late; nil when the board gives no prognosis.
    public var delay: Int?
    /// The platform, "" when none.
    public var platform: String

    /// A departure from its parts.
    public init(
        station: String? = nil, category: String, number: String, name: String = "", destination: String,
        scheduled: Date?, delay: Int?, platform: String = ""
    ) {
        self.station = station
        self.category = category
        self.number = number
        self.name = name
        self.destination = destination
        self.scheduled = scheduled
        self.delay = delay
        self.platform = platform
    }

    /// "IC 8": category and number, trimmed.
    public var line: String {
        "\(category) \(number)".trimmingCharacters(in: .whitespaces)
    }
}

/// A delayed departure as the API sends it (the original's keys).
public struct TrainDelay: Codable, Sendable, Equatable {
    /// "IC 8".
    public var line: String
    /// Where it goes.
    public var destination: String
    /// Minutes late.
    public var delay: Int
    /// The scheduled departure "HH:MM", Swiss time.
    public var scheduledTime: String
    /// The platform, "" when none.
    public var platform: String

    /// A delay from its parts.
    public init(line: String, destination: String, delay: Int, scheduledTime: String, platform: String) {
        self.line = line
        self.destination = destination
        self.delay = delay
        self.scheduledTime = scheduledTime
        self.platform = platform
    }
}

/// The delay summary. Never null: `{0, 0, "none"}` when nothing is late (the original sent null and "normal", which
/// the iOS client does not know).
public struct TransportSummary: Codable, Sendable, Equatable {
    /// The client's status values.
    public enum Status: String, Codable, Sendable, CaseIterable {
        /// Nothing is more than 3 minutes late.
        case none
        /// Delays, all under 15 minutes.
        case minor
        /// A delay of 15 minutes or more.
        case major
    }

    /// How many departures are more than 3 minutes late (all of them, not only the five listed).
    public var totalDelayed: Int
    /// The largest delay in minutes, 0 when none.
    public var maxDelay: Int
    /// `none|minor|major`.
    public var status: Status

    /// A summary from its parts.
    public init(totalDelayed: Int, maxDelay: Int, status: Status) {
        self.totalDelayed = totalDelayed
        self.maxDelay = maxDelay
        self.status = status
    }

    /// Nothing delayed.
    public static let none = TransportSummary(totalDelayed: 0, maxDelay: 0, status: .none)
}

/// The transport status of a city (API notes 3.3, with the status fixed): its stations' boards merged, the five
/// largest delays and a summary.
public struct Transport: Codable, Sendable, Equatable {
    /// The largest delays, at most five, largest first.
    public var delays: [TrainDelay]
    /// The summary, never null.
    public var summary: TransportSummary

    /// A status from its parts.
    public init(delays: [TrainDelay], summary: TransportSummary) {
        self.delays = delays
        self.summary = summary
    }

    /// No delays (also what to send when the boards cannot be fetched).
    public static let quiet = Transport(delays: [], summary: .none)

    /// A departure counts as delayed above this many minutes.
    public static let delayThreshold = 3
    /// How many delays are listed.
    public static let listed = 5
    /// From this many minutes the status is major.
    public static let majorDelay = 15

    /// The status from several stations' raw boards; unreadable boards are skipped.
    public static func make(boards: [Data]) -> Transport {
        make(departures: boards.flatMap { (try? StationBoard.departures(from: $0)) ?? [] })
    }

    /// The status from departures of one or more boards: duplicates merged (``StationBoard/merge(_:)``), departures
    /// more than 3 minutes late kept, largest delay first (ties: earlier departure first), five listed; the summary
    /// counts all of them. Status: major from 15 minutes, minor for any smaller delay, none when nothing is late.
    public static func make(departures: [Departure]) -> Transport {
        let delayed = StationBoard.merge(departures).filter { ($0.delay ?? 0) > delayThreshold }
        let ordered = delayed.stableSorted { a, b in
            if (a.delay ?? 0) != (b.delay ?? 0) { return (a.delay ?? 0) > (b.delay ?? 0) }
            return (a.scheduled ?? .distantFuture) < (b.scheduled ?? .distantFuture)
        }
        guard let maxDelay = ordered.first?.delay else { return .quiet }
        let status: TransportSummary.Status = maxDelay >= majorDelay ? .major : .minor
        let delays = ordered.prefix(listed).map { departure in
            TrainDelay(
                line: departure.line, destination: departure.destination, delay: departure.delay ?? 0,
                scheduledTime: departure.scheduled.map(StationBoard.swissClock) ?? "", platform: departure.platform)
        }
        return Transport(
            delays: Array(delays),
            summary: TransportSummary(totalDelayed: ordered.count, maxDelay: maxDelay, status: status))
    }
}

/// Reading transport.opendata.ch stationboards:
/// `{"station":{…},"stationboard":[{"category","number","name","to","stop":{"departure","departureTimestamp","delay","platform"}}]}`.
public enum StationBoard {
    /// The departures of one board. Entries without a readable scheduled time are kept (their time is shown as "");
    /// a board without a `stationboard` list throws.
    public static func departures(from data: Data) throws(TransportError) -> [Departure] {
        let board: Board
        do {
            board = try JSONDecoder().decode(Board.self, from: data)
        } catch {
            let text = String(decoding: data.prefix(40), as: UTF8.self)
            throw .malformed(data.isEmpty ? "empty reply" : "starts with \"\(text)\"")
        }
        guard let entries = board.stationboard else { throw .malformed("no stationboard list") }
        return entries.compactMap { entry in
            guard let entry, entry.stop != nil || entry.to != nil else { return nil }
            let stop = entry.stop
            let scheduled =
                stop?.departure.flatMap(parseTimestamp)
                ?? stop?.departureTimestamp.flatMap {
                    $0.isFinite && abs($0) < 1e11 ? Date(timeIntervalSince1970: $0) : nil
                }
            return Departure(
                station: board.station?.name, category: entry.category ?? "", number: entry.number ?? "",
                name: entry.name ?? "", destination: entry.to ?? "", scheduled: scheduled, delay: stop?.delay,
                platform: stop?.platform ?? "")
        }
    }

    /// Merges departures of several boards: the same departure listed twice (same line, destination and scheduled
    /// minute) is kept once, and a run that stops at two of the city's stations (same line, destination and journey
    /// name, at different stations within an hour) is kept once, at its first station.
    public static func merge(_ departures: [Departure]) -> [Departure] {
        var seen: Set<String> = []
        var kept: [Departure] = []
        for departure in departures.stableSorted(by: {
            ($0.scheduled ?? .distantFuture) < ($1.scheduled ?? .distantFuture)
        }) {
            let minute = departure.scheduled.map { jsRoundInt(($0.timeIntervalSince1970 / 60).rounded(.down)) }
            let key = "\(departure.line)|\(departure.destination)|\(minute.map(String.init) ?? "?")"
            guard seen.insert(key).inserted else { continue }
            if !departure.name.isEmpty,
                kept.contains(where: { other in
                    other.name == departure.name && other.line == departure.line
                        && other.destination == departure.destination && other.station != departure.station
                        && abs(
                            (other.scheduled ?? .distantPast).timeIntervalSince(departure.scheduled ?? .distantFuture))
                            <= 3600
                })
            {
                continue
            }
            kept.append(departure)
        }
        return kept
    }

    /// Parses "2026-04-20T08:12:00+0200" (also "+02:00", "Z", no seconds) into an instant; nil when unreadable.
    public static func parseTimestamp(_ text: String) -> Date? {
        let chars = Array(text.utf8)
        guard chars.count >= 16, chars[10] == UInt8(ascii: "T"), chars[13] == UInt8(ascii: ":"),
            let date = CivilDate(text.prefix(10))
        else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            guard range.upperBound <= chars.count else { return nil }
            return Int(String(decoding: chars[range], as: UTF8.self))
        }
        guard let hour = number(11..<13), let minute = number(14..<16), hour < 24, minute < 60 else { return nil }
        var index = 16
        var second = 0
        if index < chars.count, chars[index] == UInt8(ascii: ":") {
            guard let s = number(17..<19), s < 61 else { return nil }
            second = s
            index = 19
            while index < chars.count, chars[index] == UInt8(ascii: ".") || (48...57).contains(chars[index]) {
                index += 1
            }
        }
        var offset = 0
        if index < chars.count {
            let sign = chars[index]
            if sign == UInt8(ascii: "Z") {
                offset = 0
            } else if sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
                let digits = chars[(index + 1)...].filter { $0 != UInt8(ascii: ":") }
                guard digits.count == 4, let value = Int(String(decoding: digits, as: UTF8.self)) else { return nil }
                offset = (value / 100 * 3600 + value % 100 * 60) * (sign == UInt8(ascii: "-") ? -1 : 1)
            } else {
                return nil
            }
        } else {
            // No offset: a Swiss wall-clock time.
            return swissInstant(date: date, seconds: hour * 3600 + minute * 60 + second)
        }
        let seconds = date.dayNumber * 86_400 + hour * 3600 + minute * 60 + second - offset
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }

    /// "HH:MM" of an instant in Swiss time.
    public static func swissClock(_ instant: Date) -> String {
        let time = SwissTime(instant)
        return String(format: "%02d:%02d", time.minutes / 60, time.minutes % 60)
    }

    /// The instant of a Swiss wall-clock time (the earlier one when the clock repeats in autumn).
    static func swissInstant(date: CivilDate, seconds: Int) -> Date {
        let naive = Date(timeIntervalSince1970: TimeInterval(date.dayNumber * 86_400 + seconds))
        let guess = naive.addingTimeInterval(-TimeInterval(CivilDate.zurich.secondsFromGMT(for: naive)))
        return naive.addingTimeInterval(-TimeInterval(CivilDate.zurich.secondsFromGMT(for: guess)))
    }

    private struct Board: Decodable {
        var station: Station?
        var stationboard: [Entry?]?

        init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: Keys.self)
            station = (try? c.decodeIfPresent(Station.self, forKey: .station)) ?? nil
            stationboard = (try? c.decodeIfPresent([Entry?].self, forKey: .stationboard)) ?? nil
        }

        enum Keys: String, CodingKey { case station, stationboard }
    }

    private struct Station: Decodable {
        var name: String?
    }

    /// Lenient: a field of the wrong type is nil, so one odd entry never loses the board.
    private struct Entry: Decodable {
        var category: String?
        var number: String?
        var name: String?
        var to: String?
        var stop: Stop?

        init(from decoder: any Decoder) throws {
            guard let c = try? decoder.container(keyedBy: Keys.self) else { return }
            category = c.text(.category)
            number = c.text(.number)
            name = c.text(.name)
            to = c.text(.to)
            stop = (try? c.decodeIfPresent(Stop.self, forKey: .stop)) ?? nil
        }

        enum Keys: String, CodingKey { case category, number, name, to, stop }
    }

    private struct Stop: Decodable {
        var departure: String?
        var departureTimestamp: Double?
        var delay: Int?
        var platform: String?

        init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: Keys.self)
            departure = c.text(.departure)
            departureTimestamp = c.text(.departureTimestamp).flatMap(Double.init)
            delay = c.text(.delay).flatMap(Double.init).flatMap { $0.isFinite && abs($0) < 100_000 ? Int($0) : nil }
            platform = c.text(.platform)
        }

        enum Keys: String, CodingKey { case departure, departureTimestamp, delay, platform }
    }
}

extension KeyedDecodingContainer {
    /// A string or number under `key` as text; nil when missing, null or anything else.
    fileprivate func text(_ key: Key) -> String? {
        if let value = try? decodeIfPresent(String.self, forKey: key) { return value }
        if let value = try? decodeIfPresent(Int.self, forKey: key) { return String(value) }
        if let value = try? decodeIfPresent(Double.self, forKey: key), value.isFinite { return String(value) }
        return nil
    }
}
