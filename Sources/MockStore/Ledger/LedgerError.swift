/// A problem with the ledger database that a person can act on. `description` is one sentence
/// naming the file and what to do.
public struct LedgerError: Error, CustomStringConvertible, Equatable, Sendable {
    public var description: String
    public init(_ description: String) { self.description = description }

    static func notALedger(_ path: String) -> LedgerError {
        LedgerError("\(path) is not a Tollbooth ledger (not an SQLite database, or it is corrupt): move it aside or pass another --ledger path; Tollbooth never overwrites it.")
    }

    static func newer(_ path: String, unknown: [String]) -> LedgerError {
        LedgerError("\(path) was written by a newer Tollbooth (schema \(unknown.joined(separator: ", "))): upgrade Tollbooth, or pass another --ledger path.")
    }

    static func locked(_ path: String) -> LedgerError {
        LedgerError("\(path) stayed locked by another process for too long: close the other tollbooth using it, or retry.")
    }

    static func unreadable(_ path: String, _ reason: String) -> LedgerError {
        LedgerError("\(path) could not be opened (\(reason)): check the path and its permissions.")
    }
}

/// A store operation refused because of what the user asked for (unknown id, wrong state).
public struct StoreOperationError: Error, CustomStringConvertible, Equatable, Sendable {
    public var description: String
    public init(_ description: String) { self.description = description }
}
