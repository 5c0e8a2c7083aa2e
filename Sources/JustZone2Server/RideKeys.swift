import JustZone2

/// The keys of `clubhouse zone2 ride`: ↑ or + raises the target, ↓ or − lowers it (5 W in ERG mode, 1 bpm of the
/// zone in heart-rate mode), space or p pauses and resumes, q, Ctrl-C or Ctrl-D stops and saves.
public struct RideKeys: Sendable {
    /// Watts per press in ERG mode.
    public static let wattsStep = 5
    /// Bpm per press in heart-rate mode.
    public static let bpmStep = 1
    /// One line for the terminal.
    public static let help = "keys: ↑/+ raise  ↓/- lower  space pause/resume  q stop and save"

    private var pending: [UInt8] = []
    private let step: Int

    /// A parser for a ride in ERG mode (`ergMode`) or heart-rate mode.
    public init(ergMode: Bool) { step = ergMode ? Self.wattsStep : Self.bpmStep }

    /// The commands in `bytes` read from the terminal. An arrow key's escape sequence split across reads is kept
    /// until its end arrives; unknown keys and sequences are ignored.
    public mutating func commands(from bytes: [UInt8]) -> [RideSimulation.RiderCommand] {
        pending += bytes
        var commands: [RideSimulation.RiderCommand] = []
        var index = 0
        while index < pending.count {
            let byte = pending[index]
            if byte == 0x1B {
                // ESC [ A / ESC [ B (or ESC O A/B in application mode); wait for the rest if it is not here yet.
                guard index + 2 < pending.count else { break }
                let kind = pending[index + 1]
                if kind == UInt8(ascii: "[") || kind == UInt8(ascii: "O") {
                    switch pending[index + 2] {
                    case UInt8(ascii: "A"): commands.append(.adjust(step))
                    case UInt8(ascii: "B"): commands.append(.adjust(-step))
                    default: break
                    }
                    index += 3
                } else {
                    index += 1
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "+"), UInt8(ascii: "="), UInt8(ascii: "k"): commands.append(.adjust(step))
            case UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "j"): commands.append(.adjust(-step))
            case UInt8(ascii: " "), UInt8(ascii: "p"), UInt8(ascii: "P"): commands.append(.togglePause)
            case UInt8(ascii: "q"), UInt8(ascii: "Q"), 0x03, 0x04: commands.append(.stop)
            default: break
            }
            index += 1
        }
        pending.removeFirst(index)
        // A lone ESC kept for longer than a sequence can be is just the Escape key.
        if pending.count > 2 { pending.removeAll() }
        return commands
    }
}
