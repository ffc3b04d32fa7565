import Dispatch
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Tells of writes to a ledger file by any connection, in this process or another, so a device
/// reads the event log when something was written instead of polling SQLite many times a second.
///
/// On Linux, inotify on the ledger's folder: a commit writes the `-wal` file (a checkpoint, the
/// main file), and watching the folder also sees a `-wal` file that is created after the watch
/// began, and either file deleted or moved away. Elsewhere, or when inotify is unavailable, there is no watch and the store's slow
/// fallback poll (`Store.fallbackPollInterval`) does the work; it also covers filesystems that
/// never report changes (network mounts).
final class LedgerFileWatch: @unchecked Sendable {
    // A dispatch source is thread-safe but not marked Sendable; it is only resumed and cancelled.
    private let source: any DispatchSourceRead

    /// Starts watching the ledger at `path`; nil when this platform or filesystem cannot.
    init?(path: String, onChange: @escaping @Sendable () -> Void) {
        #if os(Linux)
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        let names: Set<String> = [url.lastPathComponent, url.lastPathComponent + "-wal"]
        let fd = inotify_init1(Int32(IN_NONBLOCK) | Int32(IN_CLOEXEC))
        guard fd >= 0 else { return nil }
        // Deletions and moves too: a ledger or `-wal` removed from under the process is news
        // (`LedgerIdentity`), which the device must tell at once.
        let mask = UInt32(IN_MODIFY) | UInt32(IN_CLOSE_WRITE) | UInt32(IN_CREATE) | UInt32(IN_MOVED_TO)
            | UInt32(IN_DELETE) | UInt32(IN_MOVED_FROM)
        guard inotify_add_watch(fd, folder, mask) >= 0 else {
            close(fd)
            return nil
        }
        source = DispatchSource.makeReadSource(fileDescriptor: fd, queue: LedgerFileWatch.queue)
        source.setEventHandler {
            if Self.drain(fd).contains(where: names.contains) { onChange() }
        }
        source.setCancelHandler { close(fd) }
        source.resume()
        #else
        return nil
        #endif
    }

    deinit { source.cancel() }

    /// One queue for every watch: handlers only read a few bytes and ring bells.
    private static let queue = DispatchQueue(label: "tollbooth.ledger.watch", qos: .utility)

    #if os(Linux)
    /// The names of the files the pending events are about (a folder watch reports each one).
    private static func drain(_ fd: Int32) -> [String] {
        var names: [String] = []
        let header = MemoryLayout<inotify_event>.size
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            guard count > 0 else { return names }
            var offset = 0
            while offset + header <= count {
                let length = buffer.withUnsafeBytes { Int($0.load(fromByteOffset: offset + 12, as: UInt32.self)) }
                let name = buffer[(offset + header)..<min(count, offset + header + length)].prefix { $0 != 0 }
                names.append(String(decoding: name, as: UTF8.self))
                offset += header + length
            }
        }
    }
    #endif
}
