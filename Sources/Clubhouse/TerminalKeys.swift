import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Key presses from the terminal while a ride runs: stdin in non-canonical mode without echo (Ctrl-C arrives as a
/// key, so stopping saves the ride), read on a background thread and drained by the ride loop. The terminal's
/// settings are restored by ``restore()``. Does nothing when stdin is not a terminal (unattended runs).
final class TerminalKeys: Sendable {
    private let buffer = Mutex<[UInt8]>([])
    private let saved: termios?

    init() {
        guard isatty(STDIN_FILENO) != 0 else {
            saved = nil
            return
        }
        var original = termios()
        guard tcgetattr(STDIN_FILENO, &original) == 0 else {
            saved = nil
            return
        }
        var raw = original
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO | ISIG)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        tcsetattr(STDIN_FILENO, TCSANOW, &raw)
        saved = original
        let thread = Thread { [self] in
            var chunk = [UInt8](repeating: 0, count: 16)
            while true {
                let count = chunk.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, 16) }
                guard count > 0 else { return }
                self.buffer.withLock { $0 += chunk[0..<count] }
            }
        }
        thread.start()
    }

    /// Whether keys are being read.
    var isActive: Bool { saved != nil }

    /// The bytes typed since the last call.
    func drain() -> [UInt8] {
        buffer.withLock { bytes in
            defer { bytes.removeAll() }
            return bytes
        }
    }

    /// Puts the terminal back as it was.
    func restore() {
        guard var saved else { return }
        tcsetattr(STDIN_FILENO, TCSANOW, &saved)
    }
}
