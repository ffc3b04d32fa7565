/// Why a `.storekit` file could not be loaded, as one sentence a developer can act on.
///
/// `description` names the file (as the caller gave it), the line and column where there is
/// one, what is wrong, and what to do — for example
/// `Products.storekit:12:7: expected ',' or '}' after an object member — the file is not valid
/// JSON; fix it or re-save it from Xcode.` The CLI prints it as is and exits non-zero, so it must
/// never be a stack trace or a Swift error dump (docs/architecture.md, "Errors a person can cause").
public struct CatalogError: Error, CustomStringConvertible, Equatable, Sendable {
    /// The broad reason, for callers that react differently (exit codes, tests).
    public enum Kind: String, Sendable, Equatable, CaseIterable {
        /// No file or directory at the path, or a package without `Configuration.storekit`.
        case notFound
        /// The file exists but could not be read (permissions, I/O, too large).
        case unreadable
        /// Zero bytes, or only whitespace.
        case empty
        /// Not UTF-8 (e.g. saved as UTF-16 or in a legacy encoding).
        case encoding
        /// Not valid JSON.
        case syntax
        /// Valid JSON, but not a StoreKit configuration at all.
        case notStoreKit
        /// A StoreKit-looking file written by something other than Xcode, in a shape Xcode
        /// would not read (App Store Connect API keys, misspelled keys).
        case notXcode
        /// A key Xcode always writes is missing.
        case missingValue
        /// A value has the wrong JSON type or an unusable content (price, period, enum).
        case invalidValue
    }

    public let kind: Kind
    /// The file as the caller named it (`load(path:)`'s path, or `load(data:source:)`'s source).
    public let file: String
    /// 1-based line, when the problem is at a place in the file.
    public let line: Int?
    /// 1-based column in Unicode scalars, when the problem is at a place in the file.
    public let column: Int?
    /// What is wrong, without location or fix (e.g. "expected ',' or '}' after an object member").
    public let problem: String
    /// What to do about it (e.g. "the file is not valid JSON; fix it or re-save it from Xcode").
    public let fix: String

    public init(kind: Kind, file: String, line: Int? = nil, column: Int? = nil, problem: String, fix: String) {
        self.kind = kind
        self.file = file
        self.line = line
        self.column = column
        self.problem = problem
        self.fix = fix
    }

    /// One sentence: `file:line:column: problem — fix.`, or `file problem: fix.` when the problem
    /// concerns the whole file (then `problem` reads as a predicate: "is empty (0 bytes)"). The
    /// path is shown cut when it is too long for a message (`SourceText.path`).
    public var description: String {
        let file = SourceText.path(file)
        if let line, let column {
            return "\(file):\(line):\(column): \(problem) — \(fix)."
        }
        return "\(file) \(problem): \(fix)."
    }
}

extension CatalogError {
    static let resaveFix = "re-save it from Xcode's StoreKit configuration editor or fix the value"
    static let newFileFix = "export it again from Xcode (File ▸ New ▸ StoreKit Configuration File) or point tollbooth at the right file"

    /// An error at a byte offset of `bytes`, with line and column worked out from it.
    static func at(_ offset: Int, in bytes: [UInt8], file: String, kind: Kind, problem: String, fix: String) -> CatalogError {
        let (line, column) = SourceText.lineAndColumn(in: bytes, at: offset)
        return CatalogError(kind: kind, file: file, line: line, column: column, problem: problem, fix: fix)
    }
}
