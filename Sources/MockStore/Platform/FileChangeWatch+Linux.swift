#if os(Linux)
import Dispatch
import Foundation
import Glibc

/// inotify on the file's folder: one watch sees writes to the file and to siblings created
/// after it began (a new `-wal`), and either one deleted or moved away.
enum FileChangeWatch {
    /// Calls `onChange` on `queue` whenever one of `names(lastPathComponent)` in the folder of
    /// `path` is written, created or moved in. Returns what stops the watch; nil when inotify
    /// refuses (no instances left, a filesystem without it).
    static func start(path: String, names: (String) -> [String], queue: DispatchQueue,
                      onChange: @escaping @Sendable () -> Void) -> (@Sendable () -> Void)? {
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        let watched = Set(names(url.lastPathComponent))
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
        let source = DispatchSource.makeReadSource(fileDescriptor: fd, queue: queue)
        source.setEventHandler {
            if drain(fd).contains(where: watched.contains) { onChange() }
        }
        source.setCancelHandler { close(fd) }
        source.resume()
        let handle = SourceHandle(source)
        return { handle.cancel() }
    }

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
}

/// A dispatch source is thread-safe but not marked Sendable; it is only cancelled from here.
private final class SourceHandle: @unchecked Sendable {
    private let source: any DispatchSourceProtocol
    init(_ source: any DispatchSourceProtocol) { self.source = source }
    func cancel() { source.cancel() }
}
#endif
