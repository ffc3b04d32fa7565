import MockStore

/// Why the local test authority could not be read or made: one sentence naming the folder and
/// what to do about it.
public enum TestAuthorityError: Error, Equatable, CustomStringConvertible {
    /// Something other than a folder is where the authority belongs.
    case foreign(String)
    /// The folder is there but its files are missing, unreadable or do not fit together.
    case damaged(String, String)
    /// The folder could not be made (a read-only or full disk, a home without permission).
    case unwritable(String, String)

    public var description: String {
        switch self {
        case .foreign(let path):
            "\(SourceText.path(path)) is not Tollbooth's signing folder (it is not a folder): move it away and Tollbooth makes a new test authority there."
        case .damaged(let path, let what):
            "The test authority in \(SourceText.path(path)) is damaged (\(what)): remove that folder and Tollbooth makes a new one (give backends the new root: `tollbooth cert export`)."
        case .unwritable(let path, let reason):
            "The test authority could not be made in \(SourceText.path(path)) (\(SourceText.excerpt(reason, limit: 200))): make its folder writable, or set XDG_STATE_HOME to a writable directory."
        }
    }
}
