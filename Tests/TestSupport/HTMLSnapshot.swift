import Foundation
import Testing

/// HTML snapshot files shared by the apps' view tests: one element per line, recorded when missing or with
/// `SNAPSHOT_RECORD=1` (and then failing, so a recording is always looked at), a difference named by its first line.
public enum HTMLSnapshot {
    /// One element per line, so diffs are readable.
    public static func normalized(_ html: String) -> String {
        html.replacingOccurrences(of: "><", with: ">\n<") + "\n"
    }

    /// Compares `actual` (already normalized) with `<directory>/<name>.html`.
    public static func assertMatches(
        _ actual: String, named name: String, in directory: URL, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let file = directory.appendingPathComponent("\(name).html")
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
