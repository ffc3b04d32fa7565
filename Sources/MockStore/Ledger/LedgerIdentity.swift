import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// The ledger file this process opened, its `-wal` journal and the journal's `-shm` index, by
/// device and inode: so a process notices when the file at the ledger's path stops being the one
/// it has open (deleted, replaced, emptied), or the journal or its index vanishes. SQLite goes on
/// writing to the files it has open, so without this every later change would be acknowledged
/// and then lost, and a process opening the ledger afterwards would make a second journal.
///
/// While any connection in WAL mode is open, SQLite keeps the `-wal` and `-shm` files (only the
/// last one to close removes them), so either disappearing under an open pool was removed from
/// outside.
final class LedgerIdentity: Sendable {
    struct FileID: Equatable, Sendable {
        var device: UInt64
        var inode: UInt64
    }

    private struct State {
        var file: FileID?
        var journal: FileID?
        var index: FileID?
        /// The largest the `-wal` has been seen: SQLite never shrinks it while it is open here
        /// (no `journal_size_limit`, no TRUNCATE checkpoint), so a smaller one was cut from outside.
        var journalSize: Int64 = 0
        /// Set once the file is found replaced; it never becomes the opened one again.
        var lost: LedgerError?
        /// Whether `check` has reported `lost` once (a `condemn`ed journal is reported at the next).
        var told = false
    }

    private let path: String
    /// Whether the opening connection keeps a `-wal` open (a pool in WAL mode); a read-only or
    /// immutable connection may have none.
    private let watchesJournal: Bool
    private let state = Mutex(State())

    init(path: String, watchesJournal: Bool) {
        self.path = path
        self.watchesJournal = watchesJournal
    }

    /// Remembers the files as opened; until this is called (an in-memory ledger), nothing is checked.
    func record() {
        let file = Self.status(path)?.id
        let journal = watchesJournal ? Self.status(path + "-wal")?.id : nil
        let index = watchesJournal ? Self.status(path + "-shm")?.id : nil
        let journalSize = watchesJournal ? Self.status(path + "-wal")?.size ?? 0 : 0
        state.withLock { $0.file = file; $0.journal = journal; $0.index = index; $0.journalSize = journalSize }
    }

    /// Why the file at the path is no longer the one opened, or nil while it is; `first` is
    /// true the first time this reports it.
    func check() -> (error: LedgerError, first: Bool)? {
        state.withLock { state -> (LedgerError, Bool)? in
            if let lost = state.lost {
                defer { state.told = true }
                return (lost, !state.told)
            }
            guard let file = state.file else { return nil }
            var what: String?
            if let now = Self.status(path) {
                if now.id != file {
                    what = "was replaced by another file"
                } else if now.size == 0 {
                    what = "was emptied (truncated to 0 bytes)"
                }
            } else {
                what = "was deleted or moved away"
            }
            if what == nil && watchesJournal {
                what = Self.compare(&state.journal, path + "-wal", "-wal file (which holds its latest changes)")
                    ?? Self.compare(&state.index, path + "-shm", "-shm file (SQLite's index of its -wal)")
                    ?? Self.shrank(&state.journalSize, path + "-wal")
            }
            guard let what else { return nil }
            let error = LedgerError.replaced(path, what)
            state.lost = error
            state.told = true
            return (error, true)
        }
    }

    /// Records that the journal was found harmed by other means (`what` happened to it), so
    /// `check` reports it from now on.
    func condemn(_ what: String) {
        state.withLock { state in
            if state.lost == nil { state.lost = LedgerError.replaced(path, what) }
        }
    }

    /// What happened to the companion file at `path` since it was opened (`opened`), or nil if
    /// nothing did; one not there when the ledger was opened is learnt at the first look.
    private static func compare(_ opened: inout FileID?, _ path: String, _ name: String) -> String? {
        let now = status(path)?.id
        guard let before = opened else {
            opened = now
            return nil
        }
        if now == nil { return "lost its \(name)" }
        if now != before { return "had its \(name) replaced" }
        return nil
    }

    /// Whether the `-wal` is smaller than it has been (see `State.journalSize`).
    private static func shrank(_ largest: inout Int64, _ path: String) -> String? {
        guard let size = status(path)?.size else { return nil }
        if size < largest { return "had its -wal file (which holds its latest changes) emptied or cut short" }
        largest = size
        return nil
    }

    private static func status(_ path: String) -> (id: FileID, size: Int64)? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return (FileID(device: UInt64(truncatingIfNeeded: info.st_dev), inode: UInt64(truncatingIfNeeded: info.st_ino)),
                Int64(truncatingIfNeeded: info.st_size))
    }
}

extension Ledger {
    /// Why this ledger is no longer the file this process opened (see `LedgerIdentity`), or nil
    /// while it is. Looked at on each write and each look for changes; the first finding is
    /// also told to `lost`.
    public func replacement() -> LedgerError? {
        guard let found = identity.check() else { return nil }
        if found.first { losses.yield(found.error) }
        return found.error
    }

    /// The one sentence saying this ledger stopped being the file this process opened, when a
    /// write or a look first finds it (given to the first listener even if found before).
    public var lost: AsyncStream<LedgerError> { losses.stream().values }
}
