import Foundation

/// One choice of a trip poll.
public struct PollOption: Codable, Sendable, Equatable, Hashable, Identifiable {
    /// The option's id, unique within its poll.
    public var id: String
    /// What voters see, e.g. "East coast loop, 4 days".
    public var label: String
    /// Opaque data the server attaches (the itinerary as JSON); the rules never read it.
    public var payload: String

    /// An option.
    public init(id: String, label: String, payload: String = "") {
        self.id = id
        self.label = label
        self.payload = payload
    }
}

/// A poll a trip organiser shares with friends to choose between itineraries.
public struct TripPoll: Codable, Sendable, Equatable, Hashable, Identifiable {
    /// The poll's id.
    public var id: String
    /// The question, e.g. "Which trip in June?".
    public var title: String
    /// 2–5 options (see ``PollRules/validate(title:options:)``).
    public var options: [PollOption]
    /// When it was created.
    public var createdAt: Date
    /// When voting ended (or ends); nil while open.
    public var closedAt: Date?

    /// A poll.
    public init(id: String, title: String, options: [PollOption], createdAt: Date, closedAt: Date? = nil) {
        self.id = id
        self.title = title
        self.options = options
        self.createdAt = createdAt
        self.closedAt = closedAt
    }

    /// Whether voting has ended: at `now` when given (a `closedAt` in the future is a deadline), else whenever a
    /// closing time is set.
    public func isClosed(at now: Date? = nil) -> Bool {
        guard let closedAt else { return false }
        guard let now else { return true }
        return closedAt <= now
    }
}

/// One voter's choice.
public struct PollVote: Codable, Sendable, Equatable, Hashable {
    /// Who voted (an account id or an anonymous device id).
    public var voterID: String
    /// The chosen option's id.
    public var optionID: String
    /// When the vote was cast.
    public var castAt: Date

    /// A vote.
    public init(voterID: String, optionID: String, castAt: Date) {
        self.voterID = voterID
        self.optionID = optionID
        self.castAt = castAt
    }
}

/// The votes of one option.
public struct PollOptionCount: Codable, Sendable, Equatable, Hashable {
    /// The option's id.
    public var optionID: String
    /// The option's label.
    public var label: String
    /// Votes received.
    public var votes: Int

    /// A count.
    public init(optionID: String, label: String, votes: Int) {
        self.optionID = optionID
        self.label = label
        self.votes = votes
    }
}

/// A poll's result.
public struct PollTally: Codable, Sendable, Equatable, Hashable {
    /// One entry per option, in the poll's option order.
    public var counts: [PollOptionCount]
    /// Votes counted (one per voter).
    public var total: Int
    /// Ids of the options with the most votes, in option order (several on a tie; none before the first vote).
    public var leaders: [String]
    /// The winning option's id: only once the poll is closed and when one option leads alone.
    public var winner: String?
    /// Whether the poll was closed when tallied.
    public var isClosed: Bool

    /// A tally.
    public init(counts: [PollOptionCount], total: Int, leaders: [String], winner: String?, isClosed: Bool) {
        self.counts = counts
        self.total = total
        self.leaders = leaders
        self.winner = winner
        self.isClosed = isClosed
    }

    /// Whether several options share the lead.
    public var isTie: Bool { leaders.count > 1 }
}

/// Why a poll or a vote was refused.
public enum PollError: Error, Sendable, Equatable, Hashable, Codable, CustomStringConvertible {
    /// The title is empty or only spaces.
    case emptyTitle
    /// The title is longer than ``PollRules/maximumTitleLength`` characters.
    case titleTooLong(length: Int)
    /// Fewer than two or more than five options.
    case wrongOptionCount(Int)
    /// The option at this position (0-based) has an empty label.
    case emptyLabel(index: Int)
    /// Two options have the same label (compared ignoring case, accents and spacing).
    case duplicateLabel(String)
    /// An option has an empty id, or two share one.
    case invalidOptionID(String)
    /// The poll no longer accepts votes.
    case closed
    /// The vote names an option the poll does not have.
    case unknownOption(String)
    /// The voter id is empty.
    case missingVoter
    /// This voter has already voted.
    case alreadyVoted

    /// A stable machine-readable code for API errors.
    public var code: String {
        switch self {
        case .emptyTitle: "poll_title_empty"
        case .titleTooLong: "poll_title_too_long"
        case .wrongOptionCount: "poll_option_count"
        case .emptyLabel: "poll_option_label_empty"
        case .duplicateLabel: "poll_option_label_duplicate"
        case .invalidOptionID: "poll_option_id_invalid"
        case .closed: "poll_closed"
        case .unknownOption: "poll_option_unknown"
        case .missingVoter: "poll_voter_missing"
        case .alreadyVoted: "poll_already_voted"
        }
    }

    /// What went wrong and what to do, for the user.
    public var description: String {
        switch self {
        case .emptyTitle: "Give the poll a title."
        case .titleTooLong(let length):
            "The poll title has \(length) characters; shorten it to \(PollRules.maximumTitleLength) or fewer."
        case .wrongOptionCount(let count):
            "A poll needs between \(PollRules.optionCountRange.lowerBound) and \(PollRules.optionCountRange.upperBound) "
                + "options; this one has \(count)."
        case .emptyLabel(let index): "Option \(index + 1) has no label; name every option."
        case .duplicateLabel(let label): "Two options are both called “\(label)”; give each option its own name."
        case .invalidOptionID(let id):
            id.isEmpty ? "An option has no id." : "Two options share the id “\(id)”; every option needs its own id."
        case .closed: "This poll is closed; votes are no longer accepted."
        case .unknownOption(let id): "The poll has no option “\(id)”; reload the poll and choose one of its options."
        case .missingVoter: "Votes need a voter; sign in or reload the page and try again."
        case .alreadyVoted: "You have already voted in this poll."
        }
    }
}

/// The rules of trip polls: validation, voting, tallying, share tokens. Pure functions; storage is the server's.
public enum PollRules {
    /// The longest title accepted, in characters.
    public static let maximumTitleLength = 120
    /// How many options a poll may have.
    public static let optionCountRange = 2...5
    /// Length of a share token.
    public static let shareTokenLength = 22
    /// The URL-safe alphabet of share tokens (RFC 4648 base64url).
    public static let shareTokenAlphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")

    /// Checks a new poll: a non-empty title of at most 120 characters, 2–5 options with non-empty, distinct labels
    /// and distinct non-empty ids.
    public static func validate(title: String, options: [PollOption]) throws(PollError) {
        let trimmed = title.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw .emptyTitle }
        guard trimmed.count <= maximumTitleLength else { throw .titleTooLong(length: trimmed.count) }
        guard optionCountRange.contains(options.count) else { throw .wrongOptionCount(options.count) }
        var labels: Set<String> = []
        var ids: Set<String> = []
        for (index, option) in options.enumerated() {
            let label = option.label.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !label.isEmpty else { throw .emptyLabel(index: index) }
            let key = Catalog.normalized(label)
            // A label of punctuation only normalises to "": compare those verbatim.
            guard labels.insert(key.isEmpty ? label : key).inserted else { throw .duplicateLabel(label) }
            guard !option.id.isEmpty, ids.insert(option.id).inserted else { throw .invalidOptionID(option.id) }
        }
    }

    /// Checks that `voterID` may vote for `optionID`: the poll is open (at `now` when given, see
    /// ``TripPoll/isClosed(at:)``), the option exists and the voter has not voted yet.
    public static func checkVote(
        poll: TripPoll, existingVotes: [PollVote], voterID: String, optionID: String, at now: Date? = nil
    ) throws(PollError) {
        guard !poll.isClosed(at: now) else { throw .closed }
        guard poll.options.contains(where: { $0.id == optionID }) else { throw .unknownOption(optionID) }
        guard !voterID.isEmpty else { throw .missingVoter }
        guard !existingVotes.contains(where: { $0.voterID == voterID }) else { throw .alreadyVoted }
    }

    /// Counts `votes`: one vote per voter (the earliest, as ``checkVote(poll:existingVotes:voterID:optionID:at:)``
    /// refuses later ones), votes for unknown options and without a voter ignored. The winner is set only when the
    /// poll is closed (at `now` when given) and one option leads alone.
    public static func tally(poll: TripPoll, votes: [PollVote], at now: Date? = nil) -> PollTally {
        let optionIDs = Set(poll.options.map(\.id))
        var firstByVoter: [String: PollVote] = [:]
        for vote in votes where optionIDs.contains(vote.optionID) && !vote.voterID.isEmpty {
            if let existing = firstByVoter[vote.voterID],
                (existing.castAt, existing.optionID) <= (vote.castAt, vote.optionID)
            {
                continue
            }
            firstByVoter[vote.voterID] = vote
        }
        var votesByOption: [String: Int] = [:]
        for vote in firstByVoter.values { votesByOption[vote.optionID, default: 0] += 1 }
        // An option id repeated in a stored poll is counted once, at its first position.
        var listed: Set<String> = []
        let counts = poll.options.filter { listed.insert($0.id).inserted }.map {
            PollOptionCount(optionID: $0.id, label: $0.label, votes: votesByOption[$0.id] ?? 0)
        }
        let top = counts.map(\.votes).max() ?? 0
        let leaders = top == 0 ? [] : counts.filter { $0.votes == top }.map(\.optionID)
        let closed = poll.isClosed(at: now)
        return PollTally(
            counts: counts, total: firstByVoter.count, leaders: leaders,
            winner: closed && leaders.count == 1 ? leaders.first : nil, isClosed: closed)
    }

    /// A new share token: 22 characters of the base64url alphabet (132 random bits), for links such as
    /// `/polls/<token>`.
    public static func newShareToken(using generator: inout some RandomNumberGenerator) -> String {
        var token = ""
        token.reserveCapacity(shareTokenLength)
        var bits: UInt64 = 0
        var available = 0
        for _ in 0..<shareTokenLength {
            if available < 6 {
                bits = generator.next()
                available = 64
            }
            token.append(shareTokenAlphabet[Int(bits & 63)])
            bits >>= 6
            available -= 6
        }
        return token
    }

    /// A new share token from the system's secure generator.
    public static func newShareToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return newShareToken(using: &generator)
    }

    /// Whether `text` has the shape of a share token (checked before any lookup of a token from a URL).
    public static func isShareToken(_ text: String) -> Bool {
        text.count == shareTokenLength && text.allSatisfy { shareTokenAlphabet.contains($0) }
    }
}
