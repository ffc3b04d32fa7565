/// A problem with the ledger database that a person can act on. `description` is one sentence
/// naming the file and what to do.
public struct LedgerError: Error, CustomStringConvertible, Equatable, Sendable {
    public var description: String
    public init(_ description: String) { self.description = description }

    /// A file that is not an SQLite database at all.
    static func notSQLite(_ path: String) -> LedgerError {
        LedgerError("\(path) is not a Tollbooth ledger (it is not an SQLite database); choose another --ledger path.")
    }

    /// Another program's SQLite database: `tables` are what it holds (empty when it holds
    /// none but is marked as someone else's).
    static func foreign(_ path: String, tables: [String]) -> LedgerError {
        let shown = tables.prefix(5).joined(separator: ", ") + (tables.count > 5 ? " and \(tables.count - 5) more" : "")
        let what = tables.isEmpty ? "it is another program's SQLite database"
            : "it holds table\(tables.count == 1 ? "" : "s") \(shown)"
        return LedgerError("\(path) is not a Tollbooth ledger (\(what)); choose another --ledger path.")
    }

    /// A ledger whose pages SQLite's integrity check finds damaged.
    static func damaged(_ path: String) -> LedgerError {
        LedgerError("\(path) is damaged (SQLite's integrity check fails), so Tollbooth will neither read nor change it: restore it from a copy, or choose another --ledger path.")
    }

    static func newer(_ path: String, unknown: [String]) -> LedgerError {
        LedgerError("\(path) was written by a newer Tollbooth (schema \(unknown.joined(separator: ", "))): upgrade Tollbooth, or pass another --ledger path.")
    }

    /// A change asked of a ledger this process may only read.
    static func readOnly(_ path: String, _ reason: LedgerAccess.ReadOnlyReason) -> LedgerError {
        switch reason {
        case .file:
            LedgerError("\(path) is read-only, so Tollbooth cannot change it: make it (and any -wal and -shm file beside it) writable, or choose another --ledger path.")
        case .folder:
            LedgerError("\(path) is in a read-only folder, where SQLite cannot write the journal it keeps beside a ledger, so Tollbooth cannot change it: make the folder writable, or choose another --ledger path.")
        }
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
