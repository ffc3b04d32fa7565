import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// The ledger file this process opened, and its `-wal` journal, by device and inode: so a
/// process notices when the file at the ledger's path stops being the one it has open (deleted,
/// replaced, emptied), or the journal holding its latest commits vanishes. SQLite goes on
/// writing to the file it has open, so without this every later change would be acknowledged
/// and then lost.
///
/// While any connection in WAL mode is open, SQLite keeps the `-wal` file (only the last one
/// to close removes it), so a journal that disappears under an open pool was removed from
/// outside.
final class LedgerIdentity: Sendable {
    struct FileID: Equatable, Sendable {
        var device: UInt64
        var inode: UInt64
    }

    private struct State {
        var file: FileID?
        var journal: FileID?
        /// Set once the file is found replaced; it never becomes the opened one again.
        var lost: LedgerError?
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
        state.withLock { $0.file = file; $0.journal = journal }
    }

    /// Why the file at the path is no longer the one opened, or nil while it is; `first` is
    /// true the first time this finds it.
    func check() -> (error: LedgerError, first: Bool)? {
        state.withLock { state -> (LedgerError, Bool)? in
            if let lost = state.lost { return (lost, false) }
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
                let journal = Self.status(path + "-wal")?.id
                if let opened = state.journal {
                    if journal == nil {
                        what = "lost its -wal file (which holds its latest changes)"
                    } else if journal != opened {
                        what = "had its -wal file (which holds its latest changes) replaced"
                    }
                } else {
                    state.journal = journal
                }
            }
            guard let what else { return nil }
            let error = LedgerError.replaced(path, what)
            state.lost = error
            return (error, true)
        }
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
