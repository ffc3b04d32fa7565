import MockStore

/// One thing `tollbooth check` reports about a manifest or theme: an error (the file would not
/// load, or the paywall would mislead) or a warning, at a place in the file when there is one.
public struct ConfigFileFinding: Sendable, Hashable, CustomStringConvertible {
    public var severity: CatalogFinding.Severity
    /// The file, line, column and one-sentence message with its fix.
    public var problem: ConfigFileError

    public init(_ severity: CatalogFinding.Severity, _ problem: ConfigFileError) {
        self.severity = severity
        self.problem = problem
    }

    /// `file:line:column: error: message`, the compiler's shape, so editors jump to the place.
    public var description: String { "\(problem.location): \(severity.rawValue): \(problem.message)" }
}
