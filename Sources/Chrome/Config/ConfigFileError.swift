import MockStore

/// A problem a person can fix in a file they wrote (a theme, a paywall manifest): names the
/// file, the line, and what to do, in one sentence (docs/architecture.md, "Errors a person can cause").
public struct ConfigFileError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The path as the user gave it (or the bundled resource's name).
    public var file: String
    /// 1-based line, when the problem has a place in the file.
    public var line: Int?
    /// 1-based column (in Unicode scalars, as the YAML parser counts), when known.
    public var column: Int?
    /// One sentence, starting with a capital letter and ending with a full stop.
    public var message: String

    public init(file: String, line: Int?, column: Int? = nil, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    /// `Themes/dark.yaml:7:13: Unknown colour "purpel" for price.fg; use …` — the compiler-style
    /// `file:line:column:` prefix lets editors and terminals jump straight to the place.
    public var description: String { "\(location): \(message)" }

    /// `file:line:column`, `file:line` or `file`, as much as is known; a path too long for a
    /// message (one mistyped into a tape) shows its start and its end (`SourceText.path`).
    public var location: String {
        let file = SourceText.path(file)
        guard let line else { return file }
        guard let column else { return "\(file):\(line)" }
        return "\(file):\(line):\(column)"
    }
}
