import Foundation
import ServerKit
import SportsTime

/// The traveller's polls, newest first.
struct PollListModel: Sendable, Equatable {
    struct Row: Sendable, Equatable {
        var title: String
        var url: String
        var created: String
        var votes: Int
        var isClosed: Bool
    }

    var rows: [Row]
}

/// One itinerary offered in a new poll: where it comes from and the label proposed for it.
struct PollCandidate: Sendable {
    var label: String
    var option: ItineraryOption

    /// "Boston → New York → Philadelphia · 5 days".
    static func summary(_ option: ItineraryOption) -> String {
        var cities: [String] = []
        for game in option.games.sorted(by: { $0.start < $1.start }) where cities.last != game.city {
            cities.append(game.city.split(separator: ",").first.map(String.init) ?? game.city)
        }
        let shown = cities.count > 4 ? Array(cities.prefix(3)) + ["…", cities[cities.count - 1]] : cities
        return shown.joined(separator: " → ") + " · \(option.totals.days) day\(option.totals.days == 1 ? "" : "s")"
    }
}

/// The new-poll form: the title and one label per itinerary, prefilled, with errors at their field; the source of
/// the itineraries kept in hidden fields so the server loads them again on POST.
struct NewPollModel: Sendable, Equatable {
    var title: String
    /// (label, summary of the itinerary) per option.
    var options: [(label: String, summary: String)]
    /// Hidden fields naming the itineraries (`trips`, or the plan query and `ranks`).
    var source: [(String, String)]
    var titleError: String?
    /// Errors per option label (by position).
    var labelErrors: [Int: String]
    /// A problem with the itineraries themselves (no trips chosen, an option gone).
    var sourceError: String?
    /// The traveller's saved trips to tick (when the poll is not made of ticked options).
    var savedTrips: [SavedChoice] = []

    /// A saved trip offered for the poll.
    struct SavedChoice: Sendable, Equatable {
        var id: String
        var name: String
        var checked: Bool
    }

    /// Whether the options can make a poll (2–5 of them).
    var canCreate: Bool { PollRules.optionCountRange.contains(options.count) }

    static func == (a: NewPollModel, b: NewPollModel) -> Bool {
        a.title == b.title && a.options.map(\.label) == b.options.map(\.label)
            && a.options.map(\.summary) == b.options.map(\.summary) && a.source.map(\.0) == b.source.map(\.0)
            && a.source.map(\.1) == b.source.map(\.1) && a.titleError == b.titleError && a.labelErrors == b.labelErrors
            && a.sourceError == b.sourceError && a.savedTrips == b.savedTrips
    }

    /// Checks a title and labels as ``PollRules`` will, with each message at its field; nil when fine.
    static func problems(title: String, labels: [String]) -> (title: String?, labels: [Int: String], other: String?)? {
        var labelErrors: [Int: String] = [:]
        for (index, label) in labels.enumerated() where label.count > 80 {
            labelErrors[index] = "At most 80 characters (this label has \(label.count))."
        }
        let options = labels.enumerated().map { PollOption(id: "o\($0.offset + 1)", label: $0.element) }
        var titleError: String?
        var other: String?
        do throws(PollError) {
            try PollRules.validate(title: title, options: options)
        } catch {
            switch error {
            case .emptyTitle, .titleTooLong: titleError = error.description
            case .emptyLabel(let index): labelErrors[index] = error.description
            case .duplicateLabel(let label):
                let key = Catalog.normalized(label)
                let index =
                    labels.indices.dropFirst().first { index in
                        labels[..<index].contains { Catalog.normalized($0) == key && !key.isEmpty }
                            && Catalog.normalized(labels[index]) == key
                    } ?? 0
                labelErrors[index] = error.description
            default: other = error.description
            }
        }
        if titleError == nil, labelErrors.isEmpty, other == nil { return nil }
        return (titleError, labelErrors, other)
    }
}

/// A poll's page: each option with its mini-map and totals; the vote form while open; the results after voting,
/// for the owner, or once closed.
struct PollPageModel: Sendable, Equatable {
    struct Option: Sendable, Equatable {
        var id: String
        var label: String
        var summary: String
        var map: TripMapModel?
        var days: Int
        var games: Int
        var distance: String
        var votes: Int
        /// Share of the votes, 0…100.
        var percent: Int
        var isLeader: Bool
    }

    var token: String
    var title: String
    var options: [Option]
    var total: Int
    var isClosed: Bool
    var winner: String?
    var isTie: Bool
    /// The option the visitor voted for.
    var myChoice: String?
    var isOwner: Bool
    /// The absolute share link (owner only).
    var shareURL: String?
    /// Whether the results are shown (after voting, to the owner, once closed).
    var showResults: Bool
    var error: String?
    var notice: String?

    static func build(
        token: String, poll: TripPoll, tally: PollTally, decoded: [String: ItineraryOption], myChoice: String?,
        isOwner: Bool, origin: String, prefs: TripsPrefs, error: String? = nil, notice: String? = nil
    ) -> PollPageModel {
        let counts = Dictionary(tally.counts.map { ($0.optionID, $0.votes) }, uniquingKeysWith: { first, _ in first })
        let options = poll.options.map { choice in
            let option = decoded[choice.id]
            let votes = counts[choice.id] ?? 0
            return Option(
                id: choice.id, label: choice.label, summary: option.map(PollCandidate.summary) ?? "",
                map: option.map { TripMap.model(for: $0, title: "Route of \(choice.label)", units: prefs) },
                days: option?.totals.days ?? 0, games: option?.totals.games ?? 0,
                distance: option.map { prefs.distance(miles: $0.totals.miles) } ?? "",
                votes: votes,
                percent: tally.total == 0 ? 0 : Int((Double(votes) * 100 / Double(tally.total)).rounded()),
                isLeader: tally.leaders.contains(choice.id))
        }
        let labels = Dictionary(poll.options.map { ($0.id, $0.label) }, uniquingKeysWith: { first, _ in first })
        return PollPageModel(
            token: token, title: poll.title, options: options, total: tally.total, isClosed: tally.isClosed,
            winner: tally.winner.flatMap { labels[$0] }, isTie: tally.isTie, myChoice: myChoice, isOwner: isOwner,
            shareURL: isOwner ? origin + TripsPageURL.poll.path(["token": token]) : nil,
            showResults: myChoice != nil || isOwner || tally.isClosed, error: error, notice: notice)
    }

    var myChoiceLabel: String? { myChoice.flatMap { id in options.first { $0.id == id }?.label } }

    var leaderLabels: [String] { options.filter(\.isLeader).map(\.label) }
}
