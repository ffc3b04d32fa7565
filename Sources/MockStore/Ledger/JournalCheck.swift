import Foundation

/// Whether the `-wal` journal still holds, whole, the frames a write just committed, read as
/// SQLite's own recovery reads it (wal.c, `walIndexRecover`): a 32-byte header (magic, version,
/// page size, checkpoint sequence, two salts, a checksum), then frames of a 24-byte header (page
/// number, the database size on a commit frame, the salts, a cumulative checksum) and a page.
///
/// SQLite does not check a frame before a checkpoint copies it into the ledger. A journal cut
/// from outside while a write was going in leaves a hole of zeros that later writes extend past;
/// a checkpoint would copy those zeros over the ledger's pages. So a write copies nothing until
/// this finds every frame the index names whole. (Frames past them may be garbage: SQLite's
/// recovery, at the next open after a cut, indexes only the whole run and writes over the rest.)
/// The file holds no lock of SQLite's (its locks are on the database and `-shm` files), so
/// opening and closing it here drops none.
enum JournalCheck {
    /// What the journal holds, as far as a checkpoint is concerned.
    enum Finding: Equatable {
        /// The journal is the one the index was made for (the same salts), and every frame the
        /// index names (`JournalIndex.frames`) is there, in an unbroken run of right salts and
        /// checksums; or there is nothing left to copy.
        case whole
        /// A frame the index names is missing or broken: frames were cut away.
        case broken
    }

    /// Checks the `-wal` at `walPath` against `index`, the frames SQLite's index names.
    static func check(_ walPath: String, against index: JournalIndex) -> Finding {
        guard index.frames > index.copied else { return .whole }
        guard let data = syncedContents(walPath), data.count >= 32,
              Array(data[16..<24]) == index.salts else { return .broken }
        let run = data.withUnsafeBytes { unbrokenFrames(UnsafeRawBufferPointer($0)) }
        return run >= Int(index.frames) ? .whole : .broken
    }

    /// The file's bytes, after syncing it: the checkpoint that follows syncs the journal before
    /// it copies, and a sync done here leaves it nothing to wait for, so the copy starts right
    /// after this look (a journal cut between the two is the one harm not caught).
    private static func syncedContents(_ path: String) -> Data? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        _ = fsync(handle.fileDescriptor)
        return try? handle.readToEnd() ?? Data()
    }

    /// How many frames from the start of the journal in `bytes` are whole: right salts and the
    /// running checksum over each frame's first 8 header bytes and its page (0 for a header that
    /// is not SQLite's). Frames after the run are an earlier generation's, or cut.
    static func unbrokenFrames(_ bytes: UnsafeRawBufferPointer) -> Int {
        guard bytes.count >= 32 else { return 0 }
        func big(_ at: Int) -> UInt32 { UInt32(bigEndian: bytes.loadUnaligned(fromByteOffset: at, as: UInt32.self)) }
        let magic = big(0)
        guard magic & 0xFFFF_FFFE == 0x377F_0682, big(4) == 3_007_000 else { return 0 }
        let pageSize = Int(big(8)) == 1 ? 65_536 : Int(big(8))
        guard pageSize >= 512, pageSize <= 65_536, pageSize & (pageSize - 1) == 0 else { return 0 }
        let salts = (big(16), big(20))
        var sums = Checksum(bigEndian: magic & 1 == 1)
        sums.add(bytes, from: 0, count: 24)
        guard sums.value == (big(24), big(28)) else { return 0 }
        let frameSize = 24 + pageSize
        var offset = 32, count = 0
        while offset + frameSize <= bytes.count {
            guard (big(offset + 8), big(offset + 12)) == salts else { break }
            var next = sums
            next.add(bytes, from: offset, count: 8)
            next.add(bytes, from: offset + 24, count: pageSize)
            guard next.value == (big(offset + 16), big(offset + 20)) else { break }
            sums = next
            offset += frameSize
            count += 1
        }
        return count
    }

    /// SQLite's WAL checksum: two 32-bit sums over pairs of words, in the byte order the
    /// header's magic names.
    struct Checksum {
        var bigEndian: Bool
        var s1: UInt32 = 0
        var s2: UInt32 = 0
        var value: (UInt32, UInt32) { (s1, s2) }

        init(bigEndian: Bool) { self.bigEndian = bigEndian }

        mutating func add(_ bytes: UnsafeRawBufferPointer, from start: Int, count: Int) {
            var at = start
            while at + 8 <= start + count {
                let raw0 = bytes.loadUnaligned(fromByteOffset: at, as: UInt32.self)
                let raw1 = bytes.loadUnaligned(fromByteOffset: at + 4, as: UInt32.self)
                let x0 = bigEndian ? UInt32(bigEndian: raw0) : UInt32(littleEndian: raw0)
                let x1 = bigEndian ? UInt32(bigEndian: raw1) : UInt32(littleEndian: raw1)
                s1 = s1 &+ x0 &+ s2
                s2 = s2 &+ x1 &+ s1
                at += 8
            }
        }
    }
}
