import Foundation
import Synchronization

/// The `-shm` file's header, read as plain bytes: how many frames SQLite's index says the `-wal`
/// holds (`mxFrame`) and how many of them are already copied into the ledger (`nBackfill`), so
/// `JournalCheck` knows which frames a checkpoint would copy. The layout is SQLite's (wal.c):
/// two copies of a 48-byte `WalIndexHdr` in the machine's byte order (`iVersion` 3007000 at 0,
/// `isInit` at 12, `szPage` at 14, `mxFrame` at 16, the journal's salts as the `-wal` header
/// has them at 32), then `WalCkptInfo` (`nBackfill` at 96).
///
/// Closing any descriptor of a file drops every POSIX lock the process holds on it, SQLite's
/// among them; a dropped lock on the `-shm` would let another process rebuild the index under
/// this one. So this process keeps one descriptor per ledger it has open, shared by every
/// `Ledger` on that file and closed after the last one's connections (`LedgerRegistry`), and
/// reads a `-shm` through a descriptor of its own only for a ledger it has not opened.
struct JournalIndex: Equatable {
    var frames: UInt32
    var copied: UInt32
    var pageSize: Int
    /// Bytes 16–23 of the `-wal` whose frames these are: a journal with other salts is not it.
    var salts: [UInt8]

    /// The header from an open descriptor, or nil while it is being rewritten (the two copies
    /// differ) or is not SQLite's.
    static func read(_ fd: Int32) -> JournalIndex? {
        var bytes = [UInt8](repeating: 0, count: 100)
        guard pread(fd, &bytes, 100, 0) == 100, bytes[0..<48] == bytes[48..<96] else { return nil }
        func word(_ at: Int) -> UInt32 { bytes[at..<at + 4].withUnsafeBytes { $0.loadUnaligned(as: UInt32.self) } }
        guard word(0) == 3_007_000, bytes[12] == 1 else { return nil }
        let size = bytes[14..<16].withUnsafeBytes { $0.loadUnaligned(as: UInt16.self) }
        return JournalIndex(frames: word(16), copied: word(96), pageSize: size == 1 ? 65_536 : Int(size),
                            salts: Array(bytes[32..<40]))
    }

    /// Whether the `-wal` beside `path` is shorter than the frames its `-shm` indexes: SQLite
    /// only appends to a `-wal` before indexing the frames, and restarts it by resetting the
    /// index first, so a shorter one was cut from outside. For a ledger this process has not
    /// opened (see the type's comment).
    static func journalIsShort(_ path: String) -> Bool {
        let fd = open(path + "-shm", O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        guard let index = read(fd), index.frames > 0 else { return false }
        var info = stat()
        guard stat(path + "-wal", &info) == 0 else { return false }
        return Int64(info.st_size) < 32 + Int64(index.frames) * Int64(24 + index.pageSize)
    }
}

/// The ledger files this process has open, by device and inode, each with one read-only
/// descriptor of its `-shm` (see `JournalIndex`) and how many `Ledger`s use it.
enum LedgerRegistry {
    struct FileKey: Hashable, Sendable {
        var device: UInt64
        var inode: UInt64

        init?(_ path: String) {
            var info = stat()
            guard stat(path, &info) == 0 else { return nil }
            device = UInt64(truncatingIfNeeded: info.st_dev)
            inode = UInt64(truncatingIfNeeded: info.st_ino)
        }
    }

    /// Descriptors of the database file and of its `-shm`, to look at both without opening
    /// (and so closing) either again.
    private struct Entry {
        var database: Int32
        var index: Int32
        var users: Int
    }

    private static let open = Mutex<[FileKey: Entry]>([:])

    /// Notes one more `Ledger` on the file at `path` (whose pool is open, so its `-shm` exists).
    static func enter(_ path: String) -> FileKey? {
        guard let key = FileKey(path) else { return nil }
        open.withLock { open in
            if open[key] != nil {
                open[key]?.users += 1
            } else {
                open[key] = Entry(database: Foundation.open(path, O_RDONLY | O_CLOEXEC),
                                  index: Foundation.open(path + "-shm", O_RDONLY | O_CLOEXEC), users: 1)
            }
        }
        return key
    }

    /// One `Ledger` fewer; the last one's descriptors close (after its connections did).
    static func leave(_ key: FileKey) {
        let closing = open.withLock { open -> Entry? in
            guard let entry = open[key] else { return nil }
            if entry.users > 1 {
                open[key]?.users -= 1
                return nil
            }
            open[key] = nil
            return entry
        }
        for fd in [closing?.database, closing?.index].compactMap({ $0 }) where fd >= 0 { close(fd) }
    }

    /// Whether this process's connections to the ledger are on an island: another process has
    /// the database open, but none shares this process's `-shm` (every connection holds a shared
    /// lock on its "dead man's switch", byte 128, for as long as it is open). So the `-shm` the
    /// others use was deleted, and SQLite made this one anew: two indexes of one journal, whose
    /// writers would overwrite each other's frames and issue the same ids.
    static func isIsland(_ key: FileKey) -> Bool {
        guard let entry = open.withLock({ $0[key] }), entry.database >= 0, entry.index >= 0 else { return false }
        return LedgerAccess.lockedByAnotherProcess(entry.database, from: 0x4000_0000, count: 512)
            && !LedgerAccess.lockedByAnotherProcess(entry.index, from: 128, count: 1)
    }

    /// Whether this process has the file at `path` open as a ledger.
    static func isOpenHere(_ path: String) -> Bool {
        guard let key = FileKey(path) else { return false }
        return open.withLock { $0[key] != nil }
    }

    /// The index header of a ledger this process has open.
    static func index(_ key: FileKey) -> JournalIndex? {
        open.withLock { open in open[key].flatMap { $0.index >= 0 ? JournalIndex.read($0.index) : nil } }
    }
}
