import Foundation
import Testing

@testable import TodayInSwitzerland

/// A Stadelhofen board (summer time): nine departures, six of them more than 3 minutes late.
private let stadelhofen = """
    {"station":{"id":"8503003","name":"Zürich Stadelhofen"},
     "stationboard":[
      {"category":"S","number":"7","name":"18765","to":"Winterthur","stop":{"departure":"2026-04-20T08:02:00+0200","delay":0,"platform":"1"}},
      {"category":"S","number":"7","name":"18767","to":"Winterthur","stop":{"departure":"2026-04-20T08:17:00+0200","delay":5,"platform":"1"}},
      {"category":"IR","number":"36","name":"2070","to":"Basel SBB","stop":{"departure":"2026-04-20T08:12:00+0200","delay":null,"platform":null}},
      {"category":"S","number":"12","name":"19228","to":"Brugg AG","stop":{"departure":"2026-04-20T08:05:00+0200","delay":12,"platform":"3"}},
      {"category":"S","number":"18","name":"","to":"Esslingen","stop":{"departure":"2026-04-20T08:06:00+0200","delay":4,"platform":"4"}},
      {"category":"S","number":"6","name":"18643","to":"Uetikon","stop":{"departure":"2026-04-20T08:09:00+0200","delay":3,"platform":"2"}},
      {"category":"IC","number":"8","name":"","to":"Brig","stop":{"departure":"2026-04-20T08:30:00+0200","delay":20,"platform":"2"}},
      {"category":"S","number":"3","name":"18344","to":"Wetzikon","stop":{"departure":"2026-04-20T08:21:00+0200","delay":7,"platform":"4"}},
      {"category":"T","number":"11","name":"","to":"Rehalp","stop":{"departure":"2026-04-20T08:24:00+0200","delay":9,"platform":""}}
     ]}
    """

/// A Hardbrücke board: the same S12 run (19228) seen at its next stop, a new delayed S5, and a duplicate entry.
private let hardbruecke = """
    {"station":{"name":"Zürich Hardbrücke"},
     "stationboard":[
      {"category":"S","number":"12","name":"19228","to":"Brugg AG","stop":{"departure":"2026-04-20T08:11:00+0200","delay":12,"platform":"1"}},
      {"category":"S","number":"5","name":"18530","to":"Pfäffikon SZ","stop":{"departure":"2026-04-20T06:40:00Z","delay":"6","platform":3}},
      {"category":"S","number":"5","name":"18530","to":"Pfäffikon SZ","stop":{"departure":"2026-04-20T08:40:00+0200","delay":6,"platform":"3"}},
      42,
      {"category":"S","number":"9","to":"Uster","stop":{"departureTimestamp":1776666000,"delay":8}}
     ]}
    """

private func board(_ text: String) throws -> [Departure] { try StationBoard.departures(from: Data(text.utf8)) }

@Suite("Transport delays")
struct TransportTests {
    @Test("one board: delays over 3 minutes, five largest first, summary of all, status major from 15 minutes")
    func singleBoard() throws {
        let transport = Transport.make(departures: try board(stadelhofen))
        #expect(transport.delays.map(\.delay) == [20, 12, 9, 7, 5])
        #expect(transport.delays.map(\.line) == ["IC 8", "S 12", "T 11", "S 3", "S 7"])
        #expect(transport.delays.first?.destination == "Brig")
        #expect(transport.delays.first?.scheduledTime == "08:30")
        #expect(transport.delays.first?.platform == "2")
        #expect(transport.delays.map(\.platform).contains(""))
        #expect(transport.summary == TransportSummary(totalDelayed: 6, maxDelay: 20, status: .major))
    }

    @Test("several stations merged: duplicates and the same run at two stations counted once")
    func merged() throws {
        let boards = [Data(stadelhofen.utf8), Data(hardbruecke.utf8)]
        let transport = Transport.make(boards: boards)
        // Delayed: IC 8 (20), S 12 (12, once), T 11 (9), S 9 (8), S 3 (7), S 5 (6, once), S 18 (4), S 7 (5).
        #expect(transport.summary.totalDelayed == 8)
        #expect(transport.delays.map(\.line) == ["IC 8", "S 12", "T 11", "S 9", "S 3"])
        #expect(transport.delays[1].scheduledTime == "08:05")  // the first station's time
        #expect(transport.delays[3].scheduledTime == "08:20")  // from departureTimestamp 06:20 UTC
        #expect(transport.delays[3].platform == "")
        // The UTC-written S5 departure is 08:40 in Zürich and equals the +0200 entry.
        let s5 = Transport.make(departures: try board(hardbruecke).filter { $0.number == "5" })
        #expect(s5.summary.totalDelayed == 1)
        #expect(s5.delays.first?.scheduledTime == "08:40")
        #expect(s5.delays.first?.platform == "3")
        // Different runs of the same line both count.
        let twoRuns = [
            Departure(
                station: "A", category: "S", number: "7", name: "1", destination: "X",
                scheduled: Date(timeIntervalSince1970: 0),
                delay: 5),
            Departure(
                station: "B", category: "S", number: "7", name: "2", destination: "X",
                scheduled: Date(timeIntervalSince1970: 600), delay: 5),
        ]
        #expect(Transport.make(departures: twoRuns).summary.totalDelayed == 2)
    }

    @Test("status values are the client's: none, minor, major — never normal, never null")
    func status() throws {
        func summary(_ delays: [Int?]) -> TransportSummary {
            Transport.make(
                departures: delays.enumerated().map { index, delay in
                    Departure(
                        category: "S", number: "\(index)", destination: "Z",
                        scheduled: Date(timeIntervalSince1970: 1_776_665_000 + Double(index) * 60), delay: delay)
                }
            ).summary
        }
        #expect(summary([]) == TransportSummary.none)
        #expect(summary([0, 3, nil, 2]) == TransportSummary(totalDelayed: 0, maxDelay: 0, status: .none))
        // The original said "normal" here, a value the client does not know.
        #expect(summary([4]) == TransportSummary(totalDelayed: 1, maxDelay: 4, status: .minor))
        #expect(summary([14, 5]).status == .minor)
        #expect(summary([15]).status == .major)
        let json = try JSONEncoder().encode(Transport.quiet)
        let object = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        let summaryObject = try #require(object["summary"] as? [String: Any])
        #expect(summaryObject["status"] as? String == "none")
        #expect(summaryObject["totalDelayed"] as? Int == 0)
        #expect((object["delays"] as? [Any])?.isEmpty == true)
        #expect(Set(TransportSummary.Status.allCases.map(\.rawValue)) == ["none", "minor", "major"])
    }

    @Test("ties keep the earlier departure first; only five are listed")
    func ties() {
        let departures = (0..<8).map { index in
            Departure(
                category: "S", number: "\(index)", destination: "Z",
                scheduled: Date(timeIntervalSince1970: 1_776_665_000 - Double(index) * 60), delay: 6)
        }
        let transport = Transport.make(departures: departures)
        #expect(transport.delays.count == 5)
        #expect(transport.delays.map(\.line) == ["S 7", "S 6", "S 5", "S 4", "S 3"])
        #expect(transport.summary.totalDelayed == 8)
    }

    @Test("scheduled times in Swiss time, summer and winter, with or without offsets and seconds")
    func times() throws {
        let cases: [(String, String)] = [
            ("2026-04-20T08:12:00+0200", "08:12"), ("2026-04-20T06:12:00Z", "08:12"),
            ("2026-01-12T07:05:00+0100", "07:05"),
            ("2026-01-12T07:05:00+01:00", "07:05"), ("2026-01-12T06:05Z", "07:05"),
            ("2026-03-29T03:05:00+0200", "03:05"),
            ("2026-03-29T00:59:00Z", "01:59"), ("2026-03-29T01:00:00Z", "03:00"), ("2026-10-25T00:30:00Z", "02:30"),
            ("2026-10-25T01:30:00Z", "02:30"), ("2026-04-20T08:12:30.500+0200", "08:12"),
            ("2026-10-25T02:30:00", "02:30"),
            ("2026-04-20T23:59:00-0100", "02:59"),
        ]
        for (text, clock) in cases {
            let instant = try #require(StationBoard.parseTimestamp(text), "\(text)")
            #expect(StationBoard.swissClock(instant) == clock, "\(text)")
        }
        for bad in [
            "", "08:12", "2026-04-20", "2026-04-20T25:00:00+0200", "2026-04-20T08:12:00+02", "2026-02-30T08:00Z",
            "2026-04-20T08:12:00 CEST",
        ] {
            #expect(StationBoard.parseTimestamp(bad) == nil, "\(bad)")
        }
    }

    @Test("unreadable boards throw typed errors; make(boards:) skips them and keeps the good ones")
    func badBoards() throws {
        for text in [
            "", "<html>503</html>", "[]", "{\"station\":{}}", "{\"stationboard\":null}", "{\"stationboard\":{}}",
        ] {
            #expect(throws: TransportError.self, "\(text)") { try board(text) }
        }
        #expect(try board("{\"stationboard\":[]}").isEmpty)
        let transport = Transport.make(boards: [Data("garbage".utf8), Data(stadelhofen.utf8)])
        #expect(transport.summary.totalDelayed == 6)
        #expect(Transport.make(boards: []) == .quiet)
        #expect(Transport.make(boards: [Data()]) == .quiet)
        // Odd entries: a number, missing stop, strings for numbers.
        let odd = try board(
            """
            {"stationboard":[7, {"category":"B","number":31,"to":"Hegibachplatz"}, {"stop":{"delay":"x"}},
              {"category":null,"number":null,"to":"Nowhere","stop":{"departure":"2026-04-20T08:00:00+0200","delay":4.0}}]}
            """)
        #expect(odd.count == 3)
        #expect(odd[0].line == "B 31")
        #expect(odd[0].scheduled == nil)
        #expect(odd[1].delay == nil)
        #expect(odd[2].line == "")
        #expect(odd[2].delay == 4)
        let made = Transport.make(departures: odd)
        #expect(made.delays.count == 1)
        #expect(made.delays.first?.scheduledTime == "08:00")
    }

    @Test("mutated stationboards never crash: they parse or throw a typed error")
    func fuzz() {
        let original = Array(stadelhofen.utf8)
        let alphabet = Array("[]{}\",:0123456789.-+TZnull ".utf8)
        var generator = SeededGenerator(seed: 8503003)
        for _ in 0..<1500 {
            var bytes = original
            for _ in 0..<Int(generator.next() % 6) + 1 {
                let at = Int(generator.next() % UInt64(bytes.count))
                switch generator.next() % 3 {
                case 0: bytes[at] = alphabet[Int(generator.next() % UInt64(alphabet.count))]
                case 1: bytes.remove(at: at)
                default: bytes.insert(alphabet[Int(generator.next() % UInt64(alphabet.count))], at: at)
                }
            }
            do {
                let transport = Transport.make(departures: try StationBoard.departures(from: Data(bytes)))
                #expect(transport.delays.count <= 5)
                #expect(transport.delays.allSatisfy { $0.delay > 3 })
            } catch {
                #expect(!error.description.isEmpty)
            }
        }
        // Random strings through the timestamp parser.
        for _ in 0..<3000 {
            let length = Int(generator.next() % 30)
            let text = String(
                decoding: (0..<length).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] },
                as: UTF8.self)
            _ = StationBoard.parseTimestamp(text)
        }
    }

    @Test("JSON keys the client requires")
    func encoding() throws {
        let transport = Transport.make(departures: try board(stadelhofen))
        let object = try #require(
            try JSONSerialization.jsonObject(with: try JSONEncoder().encode(transport)) as? [String: Any])
        let delay = try #require((object["delays"] as? [[String: Any]])?.first)
        #expect(Set(delay.keys) == ["line", "destination", "delay", "scheduledTime", "platform"])
        let summary = try #require(object["summary"] as? [String: Any])
        #expect(Set(summary.keys) == ["totalDelayed", "maxDelay", "status"])
        #expect(summary["status"] as? String == "major")
        #expect(try JSONDecoder().decode(Transport.self, from: try JSONEncoder().encode(transport)) == transport)
    }
}
