import Dispatch

/// Tells of writes to a ledger file by any connection, in this process or another, so a device
/// reads the event log when something was written instead of polling SQLite many times a second.
///
/// What to watch is the same everywhere: a commit writes the `-wal` file (a checkpoint, the main
/// file), and a `-wal` file may be created after the watch began. How is the platform's
/// (`FileChangeWatch`, one implementation per platform in this folder): inotify on Linux,
/// kqueue on Darwin. Where neither is available, or the filesystem refuses, there is no watch
/// and the store's slow fallback poll (`Store.fallbackPollInterval`) does the work; it also
/// covers filesystems that never report changes (network mounts).
final class LedgerFileWatch: Sendable {
    private let stop: @Sendable () -> Void

    /// Starts watching the ledger at `path`; nil when this platform or filesystem cannot.
    init?(path: String, onChange: @escaping @Sendable () -> Void) {
        guard let stop = FileChangeWatch.start(path: path, names: { [$0, $0 + "-wal"] }, queue: Self.queue,
                                               onChange: onChange) else { return nil }
        self.stop = stop
    }

    deinit { stop() }

    /// One queue for every watch: handlers only read a few bytes and ring bells.
    private static let queue = DispatchQueue(label: "tollbooth.ledger.watch", qos: .utility)
}

#if !os(Linux) && !canImport(Darwin)
/// No file-change notifications on this platform: the fallback poll does the work.
enum FileChangeWatch {
    static func start(path: String, names: (String) -> [String], queue: DispatchQueue,
                      onChange: @escaping @Sendable () -> Void) -> (@Sendable () -> Void)? { nil }
}
#endif
