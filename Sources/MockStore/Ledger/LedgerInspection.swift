import GRDB

/// What an existing SQLite file holds, found through a connection that cannot write, before
/// anything is written to it: a ledger (checked page by page) is opened, a database with nothing
/// in it becomes a ledger, and anything else is refused with its bytes unchanged.
enum LedgerInspection {
    enum Finding: Equatable {
        /// No tables, views or marks of another program: Tollbooth may make it a ledger.
        case empty
        /// A Tollbooth ledger whose pages pass SQLite's quick integrity check.
        case ledger
    }

    /// Throws `LedgerError` for another program's database or a damaged ledger.
    static func inspect(_ db: Database, path: String) throws -> Finding {
        let objects = try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master") ?? 0
        let tables = try String.fetchAll(db, sql: """
            SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name
            """)
        let applicationID = try Int32.fetchOne(db, sql: "PRAGMA application_id") ?? 0
        let userVersion = try Int32.fetchOne(db, sql: "PRAGMA user_version") ?? 0
        let stamped = applicationID == LedgerSchema.applicationID
        if stamped || (applicationID == 0 && Set(tables) == LedgerSchema.unstampedTables) {
            // Once per open, not per write: a damaged page refuses every command alike, before
            // any of them writes. `quick_check` reads every page but skips index cross-checks.
            guard try String.fetchOne(db, sql: "PRAGMA quick_check") == "ok" else { throw LedgerError.damaged(path) }
            return .ledger
        }
        if objects == 0 && applicationID == 0 && userVersion == 0 { return .empty }
        throw LedgerError.foreign(path, tables: tables)
    }
}
