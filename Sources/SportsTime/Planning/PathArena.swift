/// The states a beam search has kept, each as its game and its parent's entry (−1 for a first game), so a finished
/// state reads its path of games back. Shared by the daily engine's beam and the continuous beams.
struct PathArena {
    private var entries: [(game: Int32, parent: Int32)] = []

    /// Records `game` under the entry `parent`; answers the new entry (the parent of its children).
    @inline(__always) mutating func add(game: Int32, parent: Int32) -> Int32 {
        entries.append((game, parent))
        return Int32(entries.count - 1)
    }

    /// The games from the first to the entry `index`, in order.
    func path(to index: Int32) -> [Int] {
        var path: [Int] = []
        var cursor = index
        while cursor >= 0 {
            path.append(Int(entries[Int(cursor)].game))
            cursor = entries[Int(cursor)].parent
        }
        path.reverse()
        return path
    }
}
