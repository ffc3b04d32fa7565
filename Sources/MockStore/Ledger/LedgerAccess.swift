import Foundation
import GRDB

/// What this process may do with an existing ledger file, and a connection that only reads it.
///
/// A ledger in WAL mode is written through two files SQLite keeps beside it (`-wal`, `-shm`),
/// so a writable file in a read-only folder cannot be changed either.
enum LedgerAccess {
    /// Why a ledger can be read but not changed.
    enum ReadOnlyReason: Sendable, Equatable {
        /// The file itself is not writable (permissions, a read-only file system).
        case file
        /// The file is, but its folder is not, and SQLite's `-wal` and `-shm` files are not
        /// there to be written instead.
        case folder
    }

    /// Why the existing file at `path` cannot be changed by this process, or nil if it can.
    static func readOnlyReason(_ path: String) -> ReadOnlyReason? {
        let companions = [path + "-wal", path + "-shm"]
        // SQLite writes through all three files; an unwritable companion makes the ledger
        // read-only as surely as the file itself.
        for file in [path] + companions where FileManager.default.fileExists(atPath: file) && access(file, W_OK) != 0 {
            return .file
        }
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        if access(folder, W_OK) != 0 && !companions.allSatisfy({ access($0, W_OK) == 0 }) {
            return .folder
        }
        return nil
    }

    /// Whether the ledger's `-wal` is missing or empty while its `-shm` (SQLite's index of the
    /// `-wal`, kept while a process has the ledger open) says otherwise: the journal was removed
    /// from under a process that had the ledger open, which SQLite reports as a disk I/O error.
    static func journalIsGone(_ path: String) -> Bool {
        let size = (try? FileManager.default.attributesOfItem(atPath: path + "-wal"))?[.size] as? Int
        return (size ?? 0) == 0 && FileManager.default.fileExists(atPath: path + "-shm")
    }

    /// Whether the file at `path` starts with SQLite's header. Read as plain bytes, so a file
    /// that is not a database is refused without SQLite ever opening it.
    static func hasSQLiteHeader(_ path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        let header = (try? handle.read(upToCount: 16)) ?? Data()
        return header == Data("SQLite format 3\0".utf8)
    }

    /// A connection that can never write to the file at `path`.
    ///
    /// SQLite reads a WAL database through a `-shm` file beside it, which it creates if missing,
    /// with the database's permissions: reading a read-only ledger that way would leave a
    /// read-only `-shm` behind that keeps it read-only after `chmod u+w`, and in a read-only
    /// folder it cannot be created at all. So a file this process cannot write, with no `-wal`
    /// file beside it (no process has it open), is read as immutable, which needs neither.
    static func openReadOnly(_ path: String, writable: Bool, configuration base: Configuration) throws -> DatabaseQueue {
        var configuration = base
        configuration.readonly = true
        if !writable && !FileManager.default.fileExists(atPath: path + "-wal"),
           let queue = try? readable(DatabaseQueue(path: immutableURI(path), configuration: configuration)) {
            return queue
        }
        return try readable(DatabaseQueue(path: path, configuration: configuration))
    }

    /// Reads the schema once, so a file SQLite cannot read fails here rather than mid-command.
    private static func readable(_ queue: DatabaseQueue) throws -> DatabaseQueue {
        _ = try queue.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM sqlite_master") }
        return queue
    }

    /// `file:///path?immutable=1`: an SQLite URI, the path percent-encoded so `?` or `#` in it
    /// stay part of the name. An SQLite built without URI file names (`SQLITE_USE_URI`) cannot
    /// open it, and the first error stands.
    static func immutableURI(_ path: String) -> String {
        URL(fileURLWithPath: path).absoluteString + "?immutable=1"
    }
}
