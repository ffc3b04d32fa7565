import Foundation
import TerminalUI

/// Where `Snapshot NAME` writes: `NAME.txt`, the screen as text with trailing spaces trimmed,
/// and `NAME.svg`, the screen as a picture (`SVGWriter`).
public struct SnapshotFolder: Sendable {
    public let url: URL

    public init(_ url: URL) { self.url = url }

    /// Writes the snapshot `name` of `canvas`; the folder is made if missing. Each file is
    /// written whole or not at all.
    public func write(_ name: String, _ canvas: Canvas) throws {
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        try Data(Self.text(of: canvas).utf8).write(to: url.appendingPathComponent(name + ".txt"), options: .atomic)
        try Data(SVGWriter().svg(of: canvas).utf8).write(to: url.appendingPathComponent(name + ".svg"), options: .atomic)
    }

    /// The screen's rows with trailing spaces trimmed, each ended by a newline.
    public static func text(of canvas: Canvas) -> String {
        ScreenRows.of(canvas).map { $0 + "\n" }.joined()
    }
}

/// The screen as a reader sees it: one string per row, trailing blanks dropped.
enum ScreenRows {
    static func of(_ canvas: Canvas) -> [String] {
        canvas.text().split(separator: "\n", omittingEmptySubsequences: false).map { row in
            var row = Substring(row)
            while row.last == " " { row = row.dropLast() }
            return String(row)
        }
    }
}
