import Foundation
import Testing

/// The shared reference data (`../shared/data/sportstime`: the real 2025 MLB season, ballparks, NBA arenas), which
/// developers' machines and CI have beside the repository and a fresh clone may not. Tests that read it are
/// `.enabled(if: SharedData.available, SharedData.absent)`, so they show as skipped, with the reason, without it.
enum SharedData {
    /// `$SPORTSTIME_REFERENCE_DATA`, else the first `shared/data/sportstime` above this file.
    static let folder: URL? = {
        let fileManager = FileManager.default
        if let path = ProcessInfo.processInfo.environment["SPORTSTIME_REFERENCE_DATA"] {
            return URL(fileURLWithPath: path)
        }
        var directory = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath().deletingLastPathComponent()
        while directory.pathComponents.count > 1 {
            let candidate = directory.appendingPathComponent("shared/data/sportstime")
            if fileManager.fileExists(atPath: candidate.path) { return candidate }
            directory.deleteLastPathComponent()
        }
        return nil
    }()

    /// Whether the reference data is here.
    static var available: Bool { folder != nil }

    /// Why a test that needs it is skipped.
    static let absent: Comment = "../shared/data/sportstime is not on this machine"

    /// A file of the reference data; throws when the data is absent (the trait skips the test first).
    static func file(_ name: String) throws -> URL {
        guard let folder else { throw CocoaError(.fileNoSuchFile) }
        return folder.appendingPathComponent(name)
    }
}
