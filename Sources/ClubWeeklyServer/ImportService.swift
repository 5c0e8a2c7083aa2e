import ClubWeekly
import Configuration
import Foundation
import Logging
import NIOPosix
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
    /// Rows skipped or changed (a name shortened), by line; the first ``ImportSettings/maxListedProblems``.
    var problems: [Problem]
    /// Problems beyond those listed.
    var moreProblems: Int = 0

    init(rows: Int, imported: Int, alreadyPresent: Int, problems: [Problem], moreProblems: Int = 0) {
        self.rows = rows
        self.imported = imported
        self.alreadyPresent = alreadyPresent
        self.problems = problems
        self.moreProblems = moreProblems
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        rows = try container.decode(Int.self, forKey: .rows)
        imported = try container.decode(Int.self, forKey: .imported)
        alreadyPresent = try container.decode(Int.self, forKey: .alreadyPresent)
        problems = try container.decode([Problem].self, forKey: .problems)
        moreProblems = try container.decodeIfPresent(Int.self, forKey: .moreProblems) ?? 0
    }
}

/// Why a whole upload was refused.
enum ImportError: Error, Equatable, CustomStringConvertible {
    case emptyFile
    case notAnExport(String)
    case zipWithoutCSV
    case corruptZip
    case tooManyRows(Int)

    var description: String {
        switch self {
        case .emptyFile:
            "The file is empty. Upload activities.csv or the export .zip from Strava's \"Download your data\"."
        case .notAnExport(let reason): "This is not a Strava activities export: \(reason)"
        case .zipWithoutCSV:
            "The .zip has no activities.csv at its root. Upload the archive Strava emailed you, unchanged."
        case .corruptZip: "The .zip file is damaged or incomplete. Download it again from Strava and retry."
        case .tooManyRows(let limit): StravaExportError.tooManyRows(limit).message
        }
    }

    init(_ error: StravaExportError) {
        switch error {
        case .tooManyRows(let limit): self = .tooManyRows(limit)
        default: self = .notAnExport(error.message)
        }
    }
}

/// Limits and thresholds of imports (environment: `CLUBWEEKLY_IMPORT_*`).
struct ImportSettings: Sendable {
    /// The largest upload (request body) accepted, in bytes (`CLUBWEEKLY_IMPORT_MAX_BYTES`, 64 MB).
    var maxUploadBytes = 64 << 20
    /// The largest `activities.csv` inflated from a `.zip`, against zip bombs.
    var maxCSVBytes = 64 << 20
    /// Data rows one file may hold (`CLUBWEEKLY_IMPORT_MAX_ROWS`).
    var maxRows = TextLimits.rowsPerImport
    /// Files with more data rows than this are imported by a background job (`CLUBWEEKLY_IMPORT_BACKGROUND_ROWS`).
    var backgroundRows = 2_000
    /// Where uploads are written while they arrive (`CLUBWEEKLY_IMPORT_SPOOL_DIR`, the system's temporary directory).
    var spoolDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("clubhouse-uploads")
    /// Rows checked and staged per transaction (and between progress updates).
    var batchRows = 500
    /// Problems listed in a report; more are counted.
    var maxListedProblems = 1_000

    init() {}

    init(settings: ConfigReader) {
        maxUploadBytes = max(1, settings.int(forKey: "clubweekly.importMaxBytes", default: maxUploadBytes))
        maxRows = max(1, settings.int(forKey: "clubweekly.importMaxRows", default: maxRows))
        backgroundRows = max(0, settings.int(forKey: "clubweekly.importBackgroundRows", default: backgroundRows))
        if let directory = settings.string(forKey: "clubweekly.importSpoolDir"), !directory.isEmpty {
            spoolDirectory = URL(fileURLWithPath: directory)
        }
    }
}

/// Imports Strava bulk exports (`activities.csv` or the whole `.zip`) for one member.
///
/// An upload is streamed to a temporary file, checked in a first pass (text, columns, row count), then read row by
/// row into the staging table and committed in one transaction (see ``ImportRepository``): all-or-nothing per file.
/// Files with more than ``ImportSettings/backgroundRows`` rows are stored in the database and imported by a
/// background job, on whichever instance claims it, while the member watches the progress.
struct ImportService: Sendable {
    let repository: ImportRepository
    let settings: ImportSettings
    let logger: Logger
    var now: @Sendable () -> Date = Date.init
    static let maxDistance = 2_000_000.0
    static let maxElevation = 20_000.0
    static let maxDuration = 14 * 86_400
    /// The job kind of background imports.
    static let jobKind = "clubweekly.import"
    /// Bytes per stored chunk of a background upload.
    static let chunkBytes = 1 << 20

    var spool: UploadSpool { UploadSpool(directory: settings.spoolDirectory, limit: settings.maxUploadBytes) }

    /// An upload that passed the first pass: the CSV on disk and what reading it found.
    struct Prepared: Sendable {
        let csv: URL
        let file: StravaExportFile
        /// Files to delete when done: a CSV taken out of a `.zip` (the upload itself is the caller's).
        let temporary: [URL]

        func remove() {
            for url in temporary { try? FileManager.default.removeItem(at: url) }
        }
    }

    // MARK: Entry points

    /// Checks an uploaded file (CSV or `.zip`): on success the caller imports it and then calls `remove()`.
    func prepare(_ upload: URL) throws(ImportError) -> Prepared {
        let head: Data
        do {
            let handle = try FileHandle(forReadingFrom: upload)
            head = try handle.read(upToCount: 4) ?? Data()
            try handle.close()
        } catch {
            throw .notAnExport("the file could not be read")
        }
        guard !head.isEmpty else { throw .emptyFile }
        var csv = upload
        var temporary: [URL] = []
        if head.starts(with: [0x50, 0x4B, 0x03, 0x04]) {
            csv = try extractCSV(fromZip: upload)
            temporary.append(csv)
        }
        do throws(StravaExportError) {
            let file = try StravaExportFile(file: csv, maxRows: settings.maxRows)
            return Prepared(csv: csv, file: file, temporary: temporary)
        } catch {
            for url in temporary { try? FileManager.default.removeItem(at: url) }
            throw ImportError(error)
        }
    }

    /// ``prepare(_:)`` on the thread pool: the first pass reads the whole file, which must not hold up other requests.
    func prepareOffloaded(_ upload: URL) async throws -> Prepared {
        try await NIOThreadPool.singleton.runIfActive { try prepare(upload) }
    }

    /// Imports a prepared upload: now when it is small, else as a background job. Returns the import as it stands
    /// (done, or queued). The prepared files can be removed once this returns.
    func start(_ prepared: Prepared, member: Member) async throws -> ImportRecord {
        if prepared.file.dataRows > settings.backgroundRows {
            return try await enqueue(prepared, member: member)
        }
        return try await run(prepared.file, member: member)
    }

    /// Imports a file on disk now, whatever its size (the command line; tests).
    func importFile(at url: URL, member: Member) async throws -> ImportReport {
        let prepared = try prepare(url)
        defer { prepared.remove() }
        let record = try await run(prepared.file, member: member)
        return record.report ?? ImportReport(rows: 0, imported: 0, alreadyPresent: 0, problems: [])
    }

    /// Imports bytes in memory now (tests and small callers): written to the spool first like an upload.
    func importExport(_ data: Data, member: Member) async throws -> ImportReport {
        let (url, handle) = try spool.create()
        defer { try? FileManager.default.removeItem(at: url) }
        try handle.write(contentsOf: data)
        try handle.close()
        return try await importFile(at: url, member: member)
    }

    /// An import of the member, if it is theirs.
    func find(_ id: String, member: MemberID) async throws -> ImportRecord? {
        guard let record = try await repository.find(id), record.memberID == member else { return nil }
        return record
    }

    // MARK: Running

    /// Imports a checked file inside the caller's task; a failure marks the import failed and stores nothing.
    private func run(_ file: StravaExportFile, member: Member) async throws -> ImportRecord {
        var record = ImportRecord(
            id: UUID().uuidString.lowercased(), clubID: member.clubID, memberID: member.id, state: .running,
            background: false, rowsTotal: file.dataRows, rowsDone: 0, createdAt: now())
        try await repository.create(record)
        do {
            record.report = try await execute(record.id, file: file, club: member.clubID, member: member.id)
        } catch {
            try? await repository.fail(id: record.id, message: Self.failureMessage, now: now())
            throw error
        }
        record.state = .done
        record.rowsDone = record.rowsTotal
        record.finishedAt = now()
        return record
    }

    static let failureMessage = "The import failed on the server and nothing was stored. Try again in a few minutes."

    /// Stores the checked CSV in the database and queues the job that imports it.
    private func enqueue(_ prepared: Prepared, member: Member) async throws -> ImportRecord {
        var record = ImportRecord(
            id: UUID().uuidString.lowercased(), clubID: member.clubID, memberID: member.id, state: .receiving,
            background: true, rowsTotal: prepared.file.dataRows, rowsDone: 0, createdAt: now())
        try await repository.create(record)
        do {
            let handle = try FileHandle(forReadingFrom: prepared.csv)
            defer { try? handle.close() }
            var sequence = 0
            while let data = try handle.read(upToCount: Self.chunkBytes), !data.isEmpty {
                try await repository.storeChunk(id: record.id, sequence: sequence, data: data)
                sequence += 1
            }
            try await repository.enqueue(
                id: record.id, jobKind: Self.jobKind, payload: try Self.payload(record.id), now: now())
        } catch {
            try? await repository.fail(id: record.id, message: Self.failureMessage, now: now())
            throw error
        }
        record.state = .queued
        return record
    }

    /// Reads, checks and stages every row, then commits them in one transaction; returns the final report.
    private func execute(
        _ id: String, file: StravaExportFile, club: ClubID, member: MemberID
    ) async throws
        -> ImportReport
    {
        try await repository.begin(id: id, now: now())
        var items = try file.items()
        defer { items.close() }
        var report = ImportReport(rows: file.dataRows, imported: 0, alreadyPresent: 0, problems: [])
        var batch: [StagedActivity] = []
        var read = 0
        func note(_ line: Int, _ message: String) {
            if report.problems.count < settings.maxListedProblems {
                report.problems.append(.init(line: line, message: message))
            } else {
                report.moreProblems += 1
            }
        }
        while let item = try items.next() {
            read += 1
            switch item {
            case .problem(let problem):
                note(problem.line, problem.message)
            case .row(let row):
                switch Self.check(row) {
                case .skip(let message):
                    note(row.line, message)
                case .keep(let staged, let remark):
                    batch.append(staged)
                    if let remark { note(row.line, remark) }
                }
            }
            if read % settings.batchRows == 0 {
                try await repository.stage(id: id, rows: batch, rowsDone: read, now: now())
                batch.removeAll(keepingCapacity: true)
            }
        }
        try await repository.stage(id: id, rows: batch, rowsDone: read, now: now())
        return try await repository.finish(
            id: id, club: club, member: member, report: report, kind: repository.database.kind, now: now())
    }

    /// What to do with a row read from the file.
    enum Check: Equatable {
        /// Store it; `remark` tells the member what was changed (a shortened name).
        case keep(StagedActivity, remark: String?)
        /// Skip it, telling the member why.
        case skip(String)
    }

    /// Values no human-powered activity reaches are typos or junk: reported instead of skewing the board. Text over
    /// the stored limits is refused (ids, sport types) or shortened (names).
    static func check(_ row: StravaExportRow) -> Check {
        var issues: [String] = []
        if row.distance > maxDistance { issues.append("Distance over \(Int(maxDistance / 1000)) km") }
        if row.elevationGain > maxElevation { issues.append("Elevation Gain over \(Int(maxElevation)) m") }
        if max(row.movingTime, row.elapsedTime) > maxDuration { issues.append("duration over 14 days") }
        if !TextLimits.fits(row.activityID, TextLimits.externalID) {
            issues.append("Activity ID longer than \(TextLimits.externalID) digits")
        }
        if !TextLimits.fits(row.sportType, TextLimits.sportType) {
            issues.append("Activity Type longer than \(TextLimits.sportType) characters")
        }
        if !issues.isEmpty { return .skip(issues.joined(separator: "; ") + " — row skipped") }
        var remark: String?
        var name = row.name
        if !TextLimits.fits(name, TextLimits.activityName) {
            name = TextLimits.truncate(name, to: TextLimits.activityName)
            remark = "Activity Name longer than \(TextLimits.activityName) characters — shortened, row imported"
        }
        return .keep(
            StagedActivity(
                line: row.line, externalID: row.activityID, startDate: row.startDate, sportType: row.sportType,
                distance: row.distance, movingTime: row.movingTime, elapsedTime: row.elapsedTime,
                elevationGain: row.elevationGain, name: name, trainer: row.trainer ?? false, commute: row.commute),
            remark: remark)
    }

    // MARK: Background jobs

    struct Payload: Codable { var importID: String }

    static func payload(_ id: String) throws -> String {
        String(decoding: try JSONEncoder().encode(Payload(importID: id)), as: UTF8.self)
    }

    var handlers: [String: JobRunner.Handler] {
        [Self.jobKind: { job in try await runJob(job) }]
    }

    /// Runs a queued import: the stored upload is read back to a temporary file on this instance and imported. A
    /// file that cannot be read is a final failure; a database failure is retried, then marks the import failed.
    func runJob(_ job: Job) async throws -> JobOutcome {
        guard let payload = try? JSONDecoder().decode(Payload.self, from: Data(job.payload.utf8)),
            let record = try await repository.find(payload.importID), !record.state.isFinished
        else { return .done }
        let (url, handle) = try spool.create(suffix: "csv")
        defer { try? FileManager.default.removeItem(at: url) }
        do {
            defer { try? handle.close() }
            var sequence = 0
            while let data = try await repository.chunk(id: record.id, sequence: sequence) {
                try handle.write(contentsOf: data)
                sequence += 1
            }
        }
        let file: StravaExportFile
        do throws(StravaExportError) {
            file = try StravaExportFile(file: url, maxRows: settings.maxRows)
        } catch {
            try await repository.fail(id: record.id, message: ImportError(error).description, now: now())
            return .done
        }
        do {
            _ = try await execute(record.id, file: file, club: record.clubID, member: record.memberID)
            return .done
        } catch is ImportGone {
            return .done
        } catch {
            logger.warning(
                "import job failed",
                metadata: ["import": "\(record.id)", "attempt": "\(job.attempt)", "error": "\(error)"])
            if job.attempt >= job.maxAttempts {
                try await repository.fail(id: record.id, message: Self.failureMessage, now: now())
                return .done
            }
            throw error
        }
    }

    // MARK: Archives

    /// Inflates the archive's `activities.csv` to a temporary file, stopping at ``ImportSettings/maxCSVBytes``.
    private func extractCSV(fromZip url: URL) throws(ImportError) -> URL {
        let archive: Archive
        do {
            archive = try Archive(url: url, accessMode: .read)
        } catch {
            throw .corruptZip
        }
        let candidates = archive.filter { entry in
            entry.type == .file && (entry.path == "activities.csv" || entry.path.hasSuffix("/activities.csv"))
        }
        guard let entry = candidates.min(by: { $0.path.count < $1.path.count }) else { throw .zipWithoutCSV }
        let limit = settings.maxCSVBytes
        let tooLarge = ImportError.notAnExport("activities.csv is larger than \(limit >> 20) MB")
        guard entry.uncompressedSize <= UInt64(limit) else { throw tooLarge }
        let output: URL
        let handle: FileHandle
        do {
            (output, handle) = try spool.create(suffix: "csv")
        } catch {
            throw .notAnExport("the server could not unpack it (\(error.description))")
        }
        var written = 0
        var refused = false
        do {
            defer { try? handle.close() }
            // The header's size can lie (zip bombs): stop inflating at the limit whatever it says.
            _ = try archive.extract(entry, skipCRC32: false) { chunk in
                written += chunk.count
                if written > limit {
                    refused = true
                    throw CocoaError(.fileReadTooLarge)
                }
                try handle.write(contentsOf: chunk)
            }
        } catch {
            try? FileManager.default.removeItem(at: output)
            throw refused ? tooLarge : .corruptZip
        }
        return output
    }
}

/// One import as the JSON API shows it (`GET …/me/imports/{id}`, and the 202 answer that queues it).
struct ImportStatusResponse: Encodable, Sendable, Equatable {
    var id: String
    /// `queued`, `running`, `done` or `failed`.
    var status: String
    var rowsTotal: Int
    var rowsDone: Int
    var createdAt: String
    var finishedAt: String?
    /// The per-row report, once done.
    var report: ImportReport?
    /// Why nothing was stored, once failed.
    var error: String?
    /// This status, to poll.
    var statusUrl: String
    /// The member's settings page showing the progress and the report.
    var pageUrl: String

    init(_ record: ImportRecord, slug: String) {
        id = record.id
        status = record.state == .receiving ? ImportState.queued.rawValue : record.state.rawValue
        rowsTotal = record.rowsTotal
        rowsDone = record.rowsDone
        createdAt = ISO8601.string(record.createdAt)
        finishedAt = record.finishedAt.map(ISO8601.string)
        report = record.report
        error = record.error
        statusUrl = ClubWeeklyURL.importStatus(slug, id: record.id).path
        pageUrl = ClubWeeklyURL.importResult(slug, id: record.id).path
    }
}
