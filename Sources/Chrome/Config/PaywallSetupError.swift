import MockStore

/// Why the paywall could not be set up from the files and names it was given. Every
/// description is one sentence naming the file (and line) and what to do; the CLI prints it
/// and exits non-zero.
public enum PaywallSetupError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A theme file or manifest has a mistake at a line.
    case invalidFile(ConfigFileError)
    /// `--theme name` names no bundled theme.
    case unknownTheme(String, available: [String])
    /// A path that should be a file isn't there.
    case fileNotFound(path: String, what: String)
    /// The file exists but can't be read as UTF-8 text.
    case unreadable(path: String, reason: String)
    /// The file is larger than Tollbooth reads for its kind (`PaywallResources.largestTextFile`).
    case tooLarge(path: String, what: String, limit: Int)
    /// Tollbooth's own resource folder (themes, example) is missing from the installation.
    case resourcesMissing(searched: [String])

    /// Names and paths are quoted as excerpts (`SourceText`): a `--theme` or `Set Theme` value
    /// may be a megabyte long.
    public var description: String {
        switch self {
        case .invalidFile(let error):
            return error.description
        case .unknownTheme(let name, let available):
            return "There is no bundled theme named `\(SourceText.excerpt(name))`; use one of \(available.joined(separator: ", ")), or the path of a theme .yaml file."
        case .fileNotFound(let path, let what):
            return "\(SourceText.path(path)): No such \(what); check the path (relative paths start from the current directory)."
        case .unreadable(let path, let reason):
            return "\(SourceText.path(path)): The file could not be read (\(SourceText.excerpt(reason, limit: 200))); check its permissions and that it is UTF-8 text."
        case .tooLarge(let path, let what, let limit):
            return "\(SourceText.path(path)): The \(what) is larger than \(BoundedFile.size(limit)), Tollbooth's limit for it; point Tollbooth at the right file, or trim this one."
        case .resourcesMissing(let searched):
            return "Tollbooth's bundled resources (themes and the example app) were not found in \(searched.joined(separator: ", ")); reinstall Tollbooth or set TOLLBOOTH_RESOURCES to its Resources folder."
        }
    }
}
