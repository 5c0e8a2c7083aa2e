import ClubhouseBasics
import Foundation
import Testing

@testable import SportsTime

@Suite("Trips: polls")
struct TripsPollTests {
    static let created = Date(timeIntervalSince1970: 1_750_000_000)

    static func options(_ labels: String...) -> [PollOption] {
        labels.enumerated().map { PollOption(id: "o\($0.offset + 1)", label: $0.element, payload: "{}") }
    }

    static func poll(closedAt: Date? = nil) -> TripPoll {
        TripPoll(
            id: "p1", title: "Which trip in June?", options: options("East loop", "Midwest", "West coast"),
            createdAt: created, closedAt: closedAt)
    }

    static func vote(_ voter: String, _ option: String, _ minutes: Double = 0) -> PollVote {
        PollVote(voterID: voter, optionID: option, castAt: created.addingTimeInterval(minutes * 60))
    }

    @Test("Validation accepts 2–5 options with distinct labels and a title of at most 120 characters")
    func validationAccepts() throws {
        try PollRules.validate(title: "June?", options: Self.options("A", "B"))
        try PollRules.validate(
            title: String(repeating: "é", count: 120), options: Self.options("A", "B", "C", "D", "E"))
    }

    @Test("Validation refuses bad titles and option lists with typed errors and messages")
    func validationRefuses() {
        #expect(throws: PollError.emptyTitle) { try PollRules.validate(title: "  ", options: Self.options("A", "B")) }
        #expect(throws: PollError.titleTooLong(length: 121)) {
            try PollRules.validate(title: String(repeating: "x", count: 121), options: Self.options("A", "B"))
        }
        #expect(throws: PollError.wrongOptionCount(1)) {
            try PollRules.validate(title: "T", options: Self.options("A"))
        }
        #expect(throws: PollError.wrongOptionCount(6)) {
            try PollRules.validate(title: "T", options: Self.options("A", "B", "C", "D", "E", "F"))
        }
        #expect(throws: PollError.emptyLabel(index: 1)) {
            try PollRules.validate(title: "T", options: Self.options("A", " "))
        }
        #expect(throws: PollError.duplicateLabel("east  LOOP")) {
            try PollRules.validate(title: "T", options: Self.options("East loop", "east  LOOP"))
        }
        let sameIDs = [PollOption(id: "x", label: "A"), PollOption(id: "x", label: "B")]
        #expect(throws: PollError.invalidOptionID("x")) { try PollRules.validate(title: "T", options: sameIDs) }
        #expect(PollError.titleTooLong(length: 121).description.contains("120"))
        #expect(PollError.wrongOptionCount(6).description == "A poll needs between 2 and 5 options; this one has 6.")
        #expect(PollError.alreadyVoted.code == "poll_already_voted")
    }

    @Test("Tally counts per option in option order, lists tied leaders and has no winner while open")
    func tallyOpen() {
        let votes = [Self.vote("ann", "o3"), Self.vote("bob", "o1"), Self.vote("cy", "o3"), Self.vote("dee", "o1")]
        let tally = PollRules.tally(poll: Self.poll(), votes: votes)
        #expect(tally.counts.map(\.votes) == [2, 0, 2])
        #expect(tally.counts.map(\.label) == ["East loop", "Midwest", "West coast"])
        #expect(tally.total == 4)
        #expect(tally.leaders == ["o1", "o3"] && tally.isTie)
        #expect(tally.winner == nil && !tally.isClosed)
    }

    @Test("A closed poll has a winner only when one option leads alone")
    func tallyClosed() {
        let closed = Self.poll(closedAt: Self.created.addingTimeInterval(3600))
        let clear = PollRules.tally(
            poll: closed, votes: [Self.vote("ann", "o2"), Self.vote("bob", "o2"), Self.vote("cy", "o1")])
        #expect(clear.winner == "o2" && clear.leaders == ["o2"])
        let tie = PollRules.tally(poll: closed, votes: [Self.vote("ann", "o2"), Self.vote("bob", "o1")])
        #expect(tie.winner == nil && tie.leaders == ["o1", "o2"])
        let empty = PollRules.tally(poll: closed, votes: [])
        #expect(empty.total == 0 && empty.leaders.isEmpty && empty.winner == nil)
        // A closing time in the future is a deadline: still open at `now` before it.
        let early = PollRules.tally(
            poll: closed, votes: [Self.vote("ann", "o2")], at: Self.created.addingTimeInterval(60))
        #expect(early.winner == nil && !early.isClosed)
    }

    @Test("Tally counts a voter once (the earliest vote) and ignores unknown options")
    func tallyDuplicates() {
        let votes = [
            Self.vote("ann", "o2", 5), Self.vote("ann", "o1", 1), Self.vote("bob", "zz"), Self.vote("", "o3"),
        ]
        let tally = PollRules.tally(poll: Self.poll(), votes: votes)
        #expect(tally.counts.map(\.votes) == [1, 0, 0])
        #expect(tally.total == 1)
        #expect(PollRules.tally(poll: Self.poll(), votes: votes.reversed()) == tally)
    }

    @Test("Votes are refused on a closed poll, for an unknown option and from a voter who already voted")
    func checkVote() throws {
        let existing = [Self.vote("ann", "o1")]
        try PollRules.checkVote(poll: Self.poll(), existingVotes: existing, voterID: "bob", optionID: "o2")
        #expect(throws: PollError.alreadyVoted) {
            try PollRules.checkVote(poll: Self.poll(), existingVotes: existing, voterID: "ann", optionID: "o2")
        }
        #expect(throws: PollError.unknownOption("o9")) {
            try PollRules.checkVote(poll: Self.poll(), existingVotes: existing, voterID: "bob", optionID: "o9")
        }
        #expect(throws: PollError.missingVoter) {
            try PollRules.checkVote(poll: Self.poll(), existingVotes: existing, voterID: "", optionID: "o1")
        }
        let closed = Self.poll(closedAt: Self.created)
        #expect(throws: PollError.closed) {
            try PollRules.checkVote(poll: closed, existingVotes: [], voterID: "bob", optionID: "o1")
        }
        try PollRules.checkVote(
            poll: Self.poll(closedAt: Self.created.addingTimeInterval(60)), existingVotes: [], voterID: "bob",
            optionID: "o1", at: Self.created)
    }

    @Test("Share tokens are 22 URL-safe characters, reproducible with a seeded generator")
    func shareTokens() {
        var a = SplitMix64(seed: 1)
        var b = SplitMix64(seed: 1)
        let token = PollRules.newShareToken(using: &a)
        #expect(token.count == 22)
        #expect(token == PollRules.newShareToken(using: &b))
        #expect(token != PollRules.newShareToken(using: &a))
        #expect(PollRules.isShareToken(token))
        let system = PollRules.newShareToken()
        #expect(PollRules.isShareToken(system))
        #expect(system.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" })
        #expect(!PollRules.isShareToken("short"))
        #expect(!PollRules.isShareToken(String(repeating: "/", count: 22)))
    }

    @Test("Polls and tallies round-trip through JSON")
    func codable() throws {
        let poll = Self.poll(closedAt: Self.created)
        let encoder = JSONEncoder()
        #expect(try JSONDecoder().decode(TripPoll.self, from: encoder.encode(poll)) == poll)
        let tally = PollRules.tally(poll: poll, votes: [Self.vote("ann", "o1")])
        #expect(try JSONDecoder().decode(PollTally.self, from: encoder.encode(tally)) == tally)
    }
}
