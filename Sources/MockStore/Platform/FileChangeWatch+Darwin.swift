#if canImport(Darwin)
import Darwin
import Dispatch
import Foundation

/// kqueue through Dispatch's vnode sources. kqueue watches open files, not names: the folder is
/// watched for entries coming and going (a `-wal` created, a file renamed into place), and each
/// watched file that exists for writes; whenever the folder changes the file watches are armed
/// again, so a file created or replaced after the start is watched too.
enum FileChangeWatch {
    /// Calls `onChange` on `queue` whenever one of `names(lastPathComponent)` in the folder of
    /// `path` is written, created or replaced. Returns what stops the watch; nil when the folder
    /// cannot be opened for events.
    static func start(path: String, names: (String) -> [String], queue: DispatchQueue,
                      onChange: @escaping @Sendable () -> Void) -> (@Sendable () -> Void)? {
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        let files = names(url.lastPathComponent).map { url.deletingLastPathComponent().appendingPathComponent($0).path }
        let watch = VnodeWatch(files: files, queue: queue, onChange: onChange)
        guard watch.watchFolder(folder) else { return nil }
        queue.sync { watch.rearm() }
        return { watch.cancel() }
    }
}

/// The folder's source and one source per watched file that exists, all on one serial queue,
/// which is the only place `files` and `sources` change.
private final class VnodeWatch: @unchecked Sendable {
    private let files: [String]
    private let queue: DispatchQueue
    private let onChange: @Sendable () -> Void
    private var folderSource: (any DispatchSourceFileSystemObject)?
    /// The watched file's path → its source and the inode it watches.
    private var sources: [String: (source: any DispatchSourceFileSystemObject, inode: ino_t)] = [:]

    init(files: [String], queue: DispatchQueue, onChange: @escaping @Sendable () -> Void) {
        self.files = files
        self.queue = queue
        self.onChange = onChange
    }

    func watchFolder(_ folder: String) -> Bool {
        let fd = open(folder, O_EVTONLY)
        guard fd >= 0 else { return false }
        let source = DispatchSource.makeFileSystemObjectSource(fileDescriptor: fd, eventMask: [.write, .link, .rename],
                                                               queue: queue)
        source.setEventHandler { [weak self] in
            guard let self else { return }
            self.rearm()
            self.onChange()
        }
        source.setCancelHandler { close(fd) }
        folderSource = source
        source.resume()
        return true
    }

    /// Watches each file that exists and is not watched yet (or was replaced: another inode).
    /// Runs on `queue`.
    func rearm() {
        for file in files {
            var info = stat()
            guard stat(file, &info) == 0 else {
                sources.removeValue(forKey: file)?.source.cancel()
                continue
            }
            if let current = sources[file], current.inode == info.st_ino { continue }
            sources.removeValue(forKey: file)?.source.cancel()
            let fd = open(file, O_EVTONLY)
            guard fd >= 0 else { continue }
            let source = DispatchSource.makeFileSystemObjectSource(
                fileDescriptor: fd, eventMask: [.write, .extend, .delete, .rename], queue: queue)
            // A delete or rename ends this watch: the folder's source arms the file again if it
            // comes back, and the change is told either way (`LedgerIdentity` checks it).
            source.setEventHandler { [weak self] in self?.onChange() }
            source.setCancelHandler { close(fd) }
            sources[file] = (source, info.st_ino)
            source.resume()
        }
    }

    func cancel() {
        queue.async {
            self.folderSource?.cancel()
            for entry in self.sources.values { entry.source.cancel() }
            self.sources = [:]
        }
    }
}
#endif
