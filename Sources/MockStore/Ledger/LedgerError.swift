/// A problem with the ledger database that a person can act on. `description` is one sentence
/// naming the file and what to do.
public struct LedgerError: Error, CustomStringConvertible, Equatable, Sendable {
    public var description: String
    public init(_ description: String) { self.description = description }

    /// A file that is not an SQLite database at all.
    static func notSQLite(_ path: String) -> LedgerError {
        LedgerError("\(SourceText.path(path)) is not a Tollbooth ledger (it is not an SQLite database); choose another --ledger path.")
    }

    /// Another program's SQLite database: `tables` are what it holds (empty when it holds
    /// none but is marked as someone else's).
    static func foreign(_ path: String, tables: [String]) -> LedgerError {
        let shown = tables.prefix(5).joined(separator: ", ") + (tables.count > 5 ? " and \(tables.count - 5) more" : "")
        let what = tables.isEmpty ? "it is another program's SQLite database"
            : "it holds table\(tables.count == 1 ? "" : "s") \(shown)"
        return LedgerError("\(SourceText.path(path)) is not a Tollbooth ledger (\(what)); choose another --ledger path.")
    }

    /// A ledger whose pages SQLite's integrity check finds damaged.
    static func damaged(_ path: String) -> LedgerError {
        LedgerError("\(SourceText.path(path)) is damaged (SQLite's integrity check fails), so Tollbooth will neither read nor change it: restore it from a copy, or choose another --ledger path.")
    }

    /// A ledger whose schema is not as the migrations made it (a damaged `sqlite_master`).
    static func damagedSchema(_ path: String, _ detail: String) -> LedgerError {
        LedgerError("\(SourceText.path(path)) is damaged (\(detail)), so Tollbooth will neither read nor change it: restore it from a copy, or choose another --ledger path.")
    }

    /// A value in the ledger that Tollbooth never writes: `what` names it and `fix` says how
    /// to mend it (or restore a copy).
    static func damagedValue(_ path: String, _ what: String, fix: String) -> LedgerError {
        LedgerError("\(SourceText.path(path)) is damaged (\(what)): \(fix)")
    }

    /// A command that only reads, on a path where no ledger exists: it creates nothing.
    static func missing(_ path: String) -> LedgerError {
        LedgerError("there is no ledger at \(SourceText.path(path)), so there is nothing to show: check the path, or run a command that changes the store (such as `tollbooth txn buy`) to create it.")
    }

    /// A command that only reads, on a file with nothing in it: it is left as it is.
    static func holdsNothing(_ path: String, _ what: String) -> LedgerError {
        LedgerError("\(SourceText.path(path)) \(what), so it holds no ledger and there is nothing to show: if it was a ledger, restore it from a copy; a command that changes the store makes it a new one.")
    }

    /// The file this process opened as its ledger is no longer the one at `path` (`what`
    /// happened to it or its `-wal`): anything written from now on could be lost, so nothing is.
    static func replaced(_ path: String, _ what: String) -> LedgerError {
        LedgerError("\(SourceText.path(path)) \(what) while Tollbooth had it open, so changes made here could be lost and none are made: quit, then check the ledger (restore it from a copy if needed) and start again.")
    }

    static func newer(_ path: String, unknown: [String]) -> LedgerError {
        LedgerError("\(SourceText.path(path)) was written by a newer Tollbooth (schema \(unknown.joined(separator: ", "))): upgrade Tollbooth, or pass another --ledger path.")
    }

    /// A change asked of a ledger this process may only read.
    static func readOnly(_ path: String, _ reason: LedgerAccess.ReadOnlyReason) -> LedgerError {
        switch reason {
        case .file:
            LedgerError("\(SourceText.path(path)) is read-only, so Tollbooth cannot change it: make it (and any -wal and -shm file beside it) writable, or choose another --ledger path.")
        case .folder:
            LedgerError("\(SourceText.path(path)) is in a read-only folder, where SQLite cannot write the journal it keeps beside a ledger, so Tollbooth cannot change it: make the folder writable, or choose another --ledger path.")
        }
    }

    /// SQLite could not read the ledger because its `-wal` was removed from under a process that
    /// has it open (`LedgerAccess.journalIsGone`).
    static func journalLost(_ path: String) -> LedgerError {
        LedgerError("\(SourceText.path(path)) cannot be read: its -wal file, which holds changes not yet in the ledger itself, was deleted or emptied while a process had the ledger open; quit every tollbooth using it, then check the ledger (restore it from a copy if needed).")
    }

    /// Another process has the ledger open but its journal (`what` happened to it) is no longer
    /// the one that process writes: opening it here would write beside it (`LedgerAccess`).
    static func journalGoneElsewhere(_ path: String, _ what: String) -> LedgerError {
        LedgerError("\(SourceText.path(path)) is open in another process, but \(what) while that process had it open, so a change made here could be lost and none is made: quit every tollbooth using it, then check the ledger (restore it from a copy if needed) and start again.")
    }

    static func locked(_ path: String) -> LedgerError {
        LedgerError("\(SourceText.path(path)) stayed locked by another process for too long: close the other tollbooth using it, or retry.")
    }

    static func unreadable(_ path: String, _ reason: String) -> LedgerError {
        LedgerError("\(SourceText.path(path)) could not be opened (\(reason)): check the path and its permissions.")
    }
}

/// A store operation refused because of what the user asked for (unknown id, wrong state).
public struct StoreOperationError: Error, CustomStringConvertible, Equatable, Sendable {
    public var description: String
    public init(_ description: String) { self.description = description }
}

/// A value in the ledger that Tollbooth could not have written, found by the code that reads
/// it, which does not know the file's path; `Ledger` turns it into a `LedgerError` naming it.
struct LedgerDamage: Error {
    /// What is wrong, e.g. "its transaction id counter … is damaged".
    var what: String
    /// What to do about it, given the ledger's path.
    var fix: @Sendable (String) -> String

    func error(_ path: String) -> LedgerError { .damagedValue(path, what, fix: fix(path)) }
}
