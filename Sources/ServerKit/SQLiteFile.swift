import Foundation
// SQLite's C API as SQLiteNIO vendors it (symbols prefixed `sqlite_nio_`). It is a target of the sqlite-nio package,
// not a product, so Package.swift cannot name it; it is visible as a dependency of SQLiteKit → SQLiteNIO. Only the
// online backup API and a few pragmas are used, which SQLiteNIO's connection does not expose.
import VaporCSQLite

/// A failed SQLite call on a file opened by ``SQLiteFile``.
public struct SQLiteFileError: Error, CustomStringConvertible, Equatable {
    /// SQLite's result code (`SQLITE_BUSY` is 5, `SQLITE_NOTADB` 26).
    public let code: Int32
    /// What failed, with SQLite's own message.
    public let description: String
}

/// One raw SQLite connection to a database file, separate from the server's connection, for whole-file work: the
/// online backup API, integrity checks, and checking that nobody else has the file open. Every call blocks; call
/// it from a thread pool (``SQLiteFile/run(_:)``), never on an event loop.
final class SQLiteFile {
    /// How the file is opened.
    enum Mode {
        /// Read only; the file must exist.
        case readOnly
        /// Read only without locks or `-wal`/`-shm` files: for a file nobody writes (a backup copy), which is thus
        /// left byte-for-byte untouched.
        case immutable
        /// Read and write; the file must exist.
        case readWrite
        /// Read and write, created when missing.
        case create
    }

    let path: String
    private var handle: OpaquePointer?

    init(path: String, mode: Mode) throws {
        self.path = path
        var flags: Int32
        var name = path
        switch mode {
        case .readOnly: flags = SQLITE_OPEN_READONLY
        case .readWrite: flags = SQLITE_OPEN_READWRITE
        case .create: flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
        case .immutable:
            flags = SQLITE_OPEN_READONLY | SQLITE_OPEN_URI
            // SQLite URIs need `?`, `#` and `%` escaped in the path.
            var allowed = CharacterSet.urlPathAllowed
            allowed.remove(charactersIn: "?#%")
            let escaped = path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path
            name = "file:\(escaped)?immutable=1"
        }
        var opened: OpaquePointer?
        let status = sqlite_nio_sqlite3_open_v2(name, &opened, flags | SQLITE_OPEN_FULLMUTEX, nil)
        guard status == SQLITE_OK, let opened else {
            let message = opened.flatMap { sqlite_nio_sqlite3_errmsg($0) }.map { String(cString: $0) } ?? "error"
            sqlite_nio_sqlite3_close_v2(opened)
            throw SQLiteFileError(code: status, description: "cannot open \(path): \(message)")
        }
        handle = opened
    }

    deinit { close() }

    /// Closes the connection; later calls do nothing.
    func close() {
        guard let handle else { return }
        sqlite_nio_sqlite3_close_v2(handle)
        self.handle = nil
    }

    /// How long a call waits for another connection's lock before failing with `SQLITE_BUSY` (0: not at all).
    func setBusyTimeout(milliseconds: Int32) {
        sqlite_nio_sqlite3_busy_timeout(handle, milliseconds)
    }

    /// Runs `sql` and returns the first column of every row as text (NULL as "").
    @discardableResult
    func strings(_ sql: String) throws -> [String] {
        var statement: OpaquePointer?
        let prepared = sqlite_nio_sqlite3_prepare_v2(handle, sql, -1, &statement, nil)
        guard prepared == SQLITE_OK else { throw failure(prepared, "\(sql)") }
        defer { sqlite_nio_sqlite3_finalize(statement) }
        var rows: [String] = []
        while true {
            let status = sqlite_nio_sqlite3_step(statement)
            if status == SQLITE_DONE { return rows }
            guard status == SQLITE_ROW else { throw failure(status, "\(sql)") }
            rows.append(sqlite_nio_sqlite3_column_text(statement, 0).map { String(cString: $0) } ?? "")
        }
    }

    /// Copies this whole database into `destination` with SQLite's online backup API, in one step: the copy is the
    /// snapshot of one read transaction, so it holds every transaction committed before the step began (in the main
    /// file or still in the `-wal`) and none half-done, while writers carry on (WAL readers do not block them).
    func backup(into destination: SQLiteFile) throws {
        guard let backup = sqlite_nio_sqlite3_backup_init(destination.handle, "main", handle, "main") else {
            throw destination.failure(sqlite_nio_sqlite3_errcode(destination.handle), "backup of \(path)")
        }
        var status: Int32
        var waits = 0
        repeat {
            status = sqlite_nio_sqlite3_backup_step(backup, -1)
            // BUSY/LOCKED: another connection holds a lock this step needs (a checkpoint, a rollback journal writer);
            // waiting and stepping again is what SQLite's documentation prescribes.
            if status == SQLITE_BUSY || status == SQLITE_LOCKED {
                waits += 1
                guard waits <= 600 else { break }
                sqlite_nio_sqlite3_sleep(50)
            }
        } while status == SQLITE_OK || status == SQLITE_BUSY || status == SQLITE_LOCKED
        let finished = sqlite_nio_sqlite3_backup_finish(backup)
        guard status == SQLITE_DONE, finished == SQLITE_OK else {
            throw destination.failure(status == SQLITE_DONE ? finished : status, "backup of \(path)")
        }
    }

    private func failure(_ code: Int32, _ what: String) -> SQLiteFileError {
        let message = sqlite_nio_sqlite3_errmsg(handle).map { String(cString: $0) } ?? "error \(code)"
        return SQLiteFileError(code: code, description: "\(what): \(message)")
    }
}
