import Foundation
import MockStore

/// A scenario that cannot be run as written, or an expectation that failed: one sentence that
/// names the file, line and column, what was expected there, and the nearest fix.
public struct ScenarioError: Error, Sendable, Equatable, CustomStringConvertible, LocalizedError {
    public var path: String
    public var line: Int
    /// 1-based; 0 when the whole line is meant.
    public var column: Int
    public var message: String
    /// More lines after the sentence (the screen, for a failed expectation); empty otherwise.
    public var detail: String

    public init(path: String, line: Int, column: Int = 0, _ message: String, detail: String = "") {
        self.path = path
        self.line = line
        self.column = column
        self.message = message
        self.detail = detail
    }

    /// `demo.tape:12:7: …`, the form compilers use, so editors can jump to it; `demo.tape: …`
    /// for the whole file (line 0: it could not be read), as there is no line to jump to. A path
    /// too long for a message shows its start and end (`SourceText.path`).
    public var description: String {
        let path = SourceText.path(path)
        let place = line < 1 ? path : column > 0 ? "\(path):\(line):\(column)" : "\(path):\(line)"
        return detail.isEmpty ? "\(place): \(message)" : "\(place): \(message)\n\(detail)"
    }

    public var errorDescription: String? { description }
}
