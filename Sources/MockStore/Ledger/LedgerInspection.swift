import GRDB

/// What an existing SQLite file holds, found through a connection that cannot write, before
/// anything is written to it: a ledger (checked page by page, and its schema against the one
/// the migrations make) is opened, a database with nothing in it becomes a ledger, and anything
/// else is refused with its bytes unchanged.
enum LedgerInspection {
    enum Finding: Equatable {
        /// No tables, views or marks of another program: Tollbooth may make it a ledger.
        case empty
        /// A Tollbooth ledger (perhaps made before the stamp, or left half-made by a version that
        /// created it in steps) that passes SQLite's integrity check and whose tables are as the
        /// migrations make them.
        case ledger
    }

    /// The largest ledger (in bytes, about 80,000 transactions) whose every row is checked
    /// against its indexes on opening. A limit of Tollbooth's own, not SQLite's.
    static let fullCheckLimit = 16 << 20

    /// Throws `LedgerError` for another program's database, a ledger from a newer Tollbooth,
    /// or a damaged ledger.
    static func inspect(_ db: Database, path: String) throws -> Finding {
        let objects = try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master") ?? 0
        let tables = try LedgerSchema.userTables(db)
        let applicationID = try Int32.fetchOne(db, sql: "PRAGMA application_id") ?? 0
        let userVersion = try Int32.fetchOne(db, sql: "PRAGMA user_version") ?? 0
        let stamped = applicationID == LedgerSchema.applicationID
        if stamped || (applicationID == 0 && LedgerSchema.tablesAfterEachStep.contains(Set(tables))) {
            // Refused here, through a connection that cannot write: nothing may touch a ledger
            // this version does not understand, not even its header.
            let applied = try LedgerSchema.applied(db)
            let unknown = Set(applied).subtracting(LedgerSchema.migrations.map { $0.id })
            if !unknown.isEmpty { throw LedgerError.newer(path, unknown: unknown.sorted()) }
            // Once per open, not per write: a damaged page refuses every command alike, before
            // any of them writes. Unlike `quick_check`, `integrity_check` also finds rows and
            // indexes that disagree (a value overwritten in place); (1): stop at the first
            // problem. It costs about three times as much, so a ledger past `fullCheckLimit`
            // gets the quick check.
            let pages = try Int.fetchOne(db, sql: "PRAGMA page_count") ?? 0
            let pageSize = try Int.fetchOne(db, sql: "PRAGMA page_size") ?? 0
            let check = pages <= fullCheckLimit / max(pageSize, 1) ? "integrity_check(1)" : "quick_check"
            guard try String.fetchOne(db, sql: "PRAGMA \(check)") == "ok" else { throw LedgerError.damaged(path) }
            try checkSchema(db, path: path, tables: Set(tables), applied: Set(applied))
            return .ledger
        }
        if objects == 0 && applicationID == 0 && userVersion == 0 { return .empty }
        throw LedgerError.foreign(path, tables: tables)
    }

    /// Every table of the applied migrations is there, and every ledger table there has the
    /// columns the migrations gave it: a damaged schema is refused before a row is read.
    private static func checkSchema(_ db: Database, path: String, tables: Set<String>, applied: Set<String>) throws {
        let reference = LedgerSchema.reference
        for migration in LedgerSchema.migrations where applied.contains(migration.id) {
            if let absent = reference.tables(of: migration.id).subtracting(tables).sorted().first {
                throw LedgerError.damagedSchema(path, "its table \(absent) is missing")
            }
        }
        let columns = reference.columns(after: applied)
        for table in tables.sorted() {
            guard let expected = columns[table] else { continue }
            if try LedgerSchema.Reference.columns(of: table, in: db) != expected {
                throw LedgerError.damagedSchema(path, "its table \(table) does not have the columns Tollbooth gave it")
            }
        }
    }
}
