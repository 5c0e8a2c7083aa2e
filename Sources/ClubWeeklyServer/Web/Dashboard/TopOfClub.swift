import Foundation

/// The riders a chart or a ranking draws one by one in a big club: the first `limit` in the report's order, the
/// viewer when ranked lower ("you" is always there), and everyone else as one group. A club with at most
/// `limit + 1` riders is drawn whole, as before (a group of one would only hide a name).
struct TopOfClub: Equatable, Sendable {
    /// The first riders, in order.
    var top: [RiderRow]
    /// The viewer's row when it is not among `top`.
    var you: RiderRow?
    /// Everyone else, in order; empty when the whole club is drawn.
    var others: [RiderRow]

    init(_ rows: [RiderRow], limit: Int, viewer: String?) {
        guard rows.count > limit + 1 else {
            top = rows
            you = nil
            others = []
            return
        }
        top = Array(rows.prefix(limit))
        let rest = rows.dropFirst(limit)
        let mine = viewer.flatMap { id in rest.first { $0.memberID == id } }
        you = mine
        others = rest.filter { $0.memberID != mine?.memberID }
    }

    /// Whether some riders are drawn as a group.
    var isGrouped: Bool { !others.isEmpty || you != nil }

    /// Every rider drawn on their own, `you` last.
    var shown: [RiderRow] { top + (you.map { [$0] } ?? []) }
}

/// A link that a script may follow by swapping the dashboard's HTML fragment in place.
struct DashboardLink: Equatable, Sendable {
    var label: String
    var url: String
    var fragmentURL: String?
}
