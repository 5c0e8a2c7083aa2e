import Foundation
import TestSupport
import Testing

/// The SportsTime pages' HTML snapshots, in `__Snapshots__` beside this file.
enum TripsSnapshot {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
        "__Snapshots__")

    static func assertMatches(
        _ html: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        try HTMLSnapshot.assertMatches(
            HTMLSnapshot.normalized(html), named: name, in: directory, sourceLocation: sourceLocation)
    }
}
