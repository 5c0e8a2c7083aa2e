import Foundation
import Testing

/// HTML snapshot files of the SportsTime pages, in `__Snapshots__` beside this file.
enum HTMLSnapshot {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
        "__Snapshots__")

    /// Compares `html` (one element per line) with `__Snapshots__/<name>.html`; records it when missing or with
    /// `SNAPSHOT_RECORD=1` (and fails, so a recording is always looked at). A difference names its first line.
    static func assertMatches(
        _ html: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let file = directory.appendingPathComponent("\(name).html")
        let actual = html.replacingOccurrences(of: "><", with: ">\n<") + "\n"
        if ProcessInfo.processInfo.environment["SNAPSHOT_RECORD"] == "1"
            || !FileManager.default.fileExists(atPath: file.path)
        {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try actual.write(to: file, atomically: true, encoding: .utf8)
            Issue.record("Recorded snapshot \(name).html; run again to compare.", sourceLocation: sourceLocation)
            return
        }
        let expected = try String(contentsOf: file, encoding: .utf8)
        guard expected != actual else { return }
        let a = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let b = actual.split(separator: "\n", omittingEmptySubsequences: false)
        let line = Array(zip(a, b)).firstIndex { $0 != $1 } ?? min(a.count, b.count)
        Issue.record(
            "Snapshot \(name).html differs at line \(line + 1):\n- \(line < a.count ? a[line] : "")\n+ \(line < b.count ? b[line] : "")",
            sourceLocation: sourceLocation)
    }
}
