import ClubWeekly
import Foundation
import ServerKit
import StravaAPI
import ZIPFoundation

/// The result of importing a Strava export, shown to the member row by row.
struct ImportReport: Codable, Sendable, Equatable {
    struct Problem: Codable, Sendable, Equatable {
        var line: Int
        var message: String
    }
    /// Data rows read from the file.
    var rows: Int
    /// New activities stored.
    var imported: Int
    /// Rows already stored (re-import, or the same activity synced from Strava): not counted twice.
    var alreadyPresent: Int
    var problems: [Problem]
}

/// Why a whole upload was refused.
enum ImportError: Error, Equatable, CustomStringConvertible {
    case emptyFile
    case notAnExport(String)
    case zipWithoutCSV
    case corruptZip

    var description: String {
        switch self {
        case .emptyFile:
            "The file is empty. Upload activities.csv or the export .zip from Strava's \"Download your data\"."
        case .notAnExport(let reason): "This is not a Strava activities export: \(reason)"
        case .zipWithoutCSV:
            "The .zip has no activities.csv at its root. Upload the archive Strava emailed you, unchanged."
        case .corruptZip: "The .zip file is damaged or incomplete. Download it again from Strava and retry."
        }
    }
}

/// Imports Strava bulk exports (`activities.csv` or the whole `.zip`) for one member.
struct ImportService: Sendable {
    let activities: ActivityRepository
    static let maxDistance = 2_000_000.0
    static let maxElevation = 20_000.0
    static let maxDuration = 14 * 86_400

    /// Largest archive entry we inflate, against zip bombs.
    var maxCSVBytes = 64 << 20

    func importExport(_ data: Data, member: Member) async throws -> ImportReport {
        guard !data.isEmpty else { throw ImportError.emptyFile }
        let csv = data.starts(with: [0x50, 0x4B, 0x03, 0x04]) ? try extractCSV(fromZip: data) : data
        let parsed: StravaExportReport
        do {
            parsed = try StravaExportCSV.parse(csv)
        } catch {
            throw ImportError.notAnExport(error.message)
        }
        // Values no human-powered activity reaches are typos or junk: report them instead of skewing the board.
        var problems = parsed.problems.map { ImportReport.Problem(line: $0.line, message: $0.message) }
        let plausible = parsed.rows.filter { row in
            var issues: [String] = []
            if row.distance > Self.maxDistance { issues.append("Distance over \(Int(Self.maxDistance / 1000)) km") }
            if row.elevationGain > Self.maxElevation {
                issues.append("Elevation Gain over \(Int(Self.maxElevation)) m")
            }
            if max(row.movingTime, row.elapsedTime) > Self.maxDuration { issues.append("duration over 14 days") }
            if issues.isEmpty { return true }
            problems.append(.init(line: row.line, message: issues.joined(separator: "; ") + " — row skipped"))
            return false
        }
        problems.sort { $0.line < $1.line }
        let mapped = plausible.map { row in
            Activity(
                memberID: member.id, source: .import, externalID: row.activityID, startDate: row.startDate,
                sportType: row.sportType, distance: row.distance, movingTime: row.movingTime,
                elapsedTime: row.elapsedTime, elevationGain: row.elevationGain, name: row.name,
                trainer: row.trainer ?? false, commute: row.commute)
        }
        // Duplicate ids inside one file: the last row wins, like a re-import would.
        var unique: [String: Activity] = [:]
        for activity in mapped { unique[activity.externalID] = activity }
        let inserted = try await activities.upsert(Array(unique.values), club: member.clubID, policy: .keepStrava)
        return ImportReport(
            rows: parsed.rows.count + parsed.problems.count, imported: inserted,
            alreadyPresent: unique.count - inserted, problems: problems)
    }

    private func extractCSV(fromZip data: Data) throws -> Data {
        let archive: Archive
        do {
            archive = try Archive(data: data, accessMode: .read)
        } catch {
            throw ImportError.corruptZip
        }
        let candidates = archive.filter { entry in
            entry.type == .file && (entry.path == "activities.csv" || entry.path.hasSuffix("/activities.csv"))
        }
        guard let entry = candidates.min(by: { $0.path.count < $1.path.count }) else { throw ImportError.zipWithoutCSV }
        guard entry.uncompressedSize <= UInt64(maxCSVBytes) else {
            throw ImportError.notAnExport("activities.csv is larger than \(maxCSVBytes >> 20) MB")
        }
        var csv = Data()
        let limit = maxCSVBytes
        do {
            // The header's size can lie (zip bombs): stop inflating at the limit whatever it says.
            _ = try archive.extract(entry, skipCRC32: false) { chunk in
                csv.append(chunk)
                if csv.count > limit {
                    throw ImportError.notAnExport("activities.csv is larger than \(limit >> 20) MB")
                }
            }
        } catch let error as ImportError {
            throw error
        } catch {
            throw ImportError.corruptZip
        }
        return csv
    }
}
