import Foundation
import Synchronization

/// A one-line progress report on standard error for work that takes seconds (a long clock
/// advance at a fast rate), redrawn in place and cleared at the end. Shown only when standard
/// error is a terminal, so scripts and logs get the result line alone.
final class ProgressLine: Sendable {
    private let enabled = isatty(STDERR_FILENO) == 1
    private let width = Mutex(0)

    /// Replaces the line with `text` (the program's own words and numbers, no data).
    func show(_ text: String) {
        guard enabled else { return }
        let padding = width.withLock { shown in
            defer { shown = text.count }
            return String(repeating: " ", count: max(0, shown - text.count))
        }
        FileHandle.standardError.write(Data(("\r" + text + padding).utf8))
    }

    /// Removes the line, leaving the cursor at the start of it.
    func clear() {
        guard enabled else { return }
        let shown = width.withLock { value in defer { value = 0 }; return value }
        if shown > 0 { FileHandle.standardError.write(Data(("\r" + String(repeating: " ", count: shown) + "\r").utf8)) }
    }
}
