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

    /// Why the ledger at `path`, which another process has open, must not be opened here: its
    /// `-shm` (the index of its `-wal`) is gone, so this process would start a second journal
    /// beside the one the other writes (and, on closing, deletes): the change made here would be
    /// acknowledged and then lost, and ids issued twice; or its `-wal` is gone, so the other
    /// process reads and copies frames from a journal this one cannot see; or its `-wal` is
    /// shorter than the index says, so its latest changes were cut away. Nil when no other process has it open (SQLite
    /// then rebuilds the index from the journal as it is) or nothing is amiss.
    ///
    /// A process opening a ledger holds the lock before it makes the `-shm`, for a moment; so
    /// the finding must last a few looks, 5 ms apart, before it stands.
    static func journalGoneUnderAnotherProcess(_ path: String) -> String? {
        // This process's own connections are what it has; looking would drop their locks.
        if LedgerRegistry.isOpenHere(path) { return nil }
        var finding: String?
        for look in 0..<10 {
            if look > 0 { usleep(5_000) }
            guard heldByAnotherProcess(path) else { return nil }
            if !FileManager.default.fileExists(atPath: path + "-shm") {
                finding = "its -shm file (SQLite's index of the -wal journal) was deleted"
            } else if !FileManager.default.fileExists(atPath: path + "-wal") {
                finding = "its -wal file (which holds its latest changes) was deleted"
            } else if JournalIndex.journalIsShort(path) {
                finding = "its -wal file (which holds its latest changes) was emptied or cut short"
            } else {
                return nil
            }
        }
        return finding
    }

    /// Whether another process holds one of SQLite's locks on the database file: every
    /// connection to a WAL database holds a shared lock on it for as long as it is open
    /// (SQLite's os_unix.c: `PENDING_BYTE` 0x40000000, then the reserved byte and 510 shared).
    /// `F_GETLK` never reports this process's own locks. Looked at only where this process has
    /// not opened the ledger: closing the descriptor drops the process's locks on the file.
    static func heldByAnotherProcess(_ path: String) -> Bool {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        return lockedByAnotherProcess(fd, from: 0x4000_0000, count: 512)
    }

    /// Whether another process holds a lock on `count` bytes from `start` of the file open as `fd`.
    static func lockedByAnotherProcess(_ fd: Int32, from start: Int, count: Int) -> Bool {
        var lock = flock()
        lock.l_type = Int16(F_WRLCK)
        lock.l_whence = Int16(SEEK_SET)
        lock.l_start = off_t(start)
        lock.l_len = off_t(count)
        guard fcntl(fd, F_GETLK, &lock) == 0 else { return false }
        return lock.l_type != Int16(F_UNLCK)
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
