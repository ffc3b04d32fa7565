import Foundation

/// Reads a file a person named, refusing to read more than a limit: a hand-written file
/// (theme, manifest, metadata, scenario, paywall text) is kilobytes, and one far larger is a
/// mistake whose parse would cost seconds and gigabytes before saying anything.
///
/// Reads at most `limit + 1` bytes through a file handle, so a pipe or a file still growing is
/// bounded too, not only what `stat` said a moment before.
public enum BoundedFile {
    public enum Outcome: Sendable, Equatable {
        case data(Data)
        /// More than the limit.
        case tooLarge
        /// Missing, a directory, or not readable.
        case unreadable
    }

    public static func read(_ path: String, limit: Int) -> Outcome {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue,
              let handle = FileHandle(forReadingAtPath: path) else { return .unreadable }
        defer { try? handle.close() }
        var data = Data()
        do {
            while data.count <= limit {
                guard let chunk = try handle.read(upToCount: min(1 << 20, limit + 1 - data.count)), !chunk.isEmpty else { break }
                data.append(chunk)
            }
        } catch {
            return .unreadable
        }
        return data.count > limit ? .tooLarge : .data(data)
    }

    /// "1 MB", "256 KB": a limit as messages and docs write it (powers of 1,024).
    public static func size(_ bytes: Int) -> String {
        bytes >= 1 << 20 && bytes % (1 << 20) == 0 ? "\(bytes >> 20) MB" : "\(bytes >> 10) KB"
    }
}
