import Foundation
import GRDB

/// One store operation in progress: the open database transaction, the store and wall times
/// it happens at, and the settings it obeys. Every rule function takes one, so a whole
/// operation (its rows and its events) commits or rolls back together.
struct LedgerContext {
    let db: Database
    let catalog: Catalog
    /// Store time of the operation.
    var now: Date
    let wallNow: Date
    var clock: StoreClockState
    var settings: StoreSettings
    /// The latency of the verification faults drawn for the transactions this operation handed
    /// out: an in-app purchase waits for it before answering, as for its own fault's latency.
    var verificationLatencyMilliseconds = 0

    /// `reading`: the context of a read that must not write (a read-only ledger), which leaves
    /// the clock's anchor where it is.
    init(db: Database, catalog: Catalog, wallNow: Date, reading: Bool = false) throws {
        self.db = db
        self.catalog = catalog
        self.wallNow = wallNow
        var clock = try StoreClockState.load(db)
        if wallNow > clock.anchorWall && !clock.isPaused && !reading {
            // Every change records the store time it happened at as the clock's anchor, so a
            // wall clock that later goes back cannot take store time below it.
            clock = clock.reanchored(atWall: wallNow)
            try clock.save(db)
        }
        self.clock = clock
        self.settings = try StoreSettings.load(db)
        self.now = clock.storeTime(atWall: wallNow)
    }

    var currencyCode: String { Storefront.currencyCode(forAlpha3: settings.storefront) }

    /// What the customer pays for a catalog price in this storefront: the number the paywall
    /// shows (`displayPrice`), in the storefront's currency (4.99 becomes 5 in yen).
    func charged(_ catalogPrice: Decimal) -> Decimal {
        PriceFormat(currencyCode: currencyCode, locale: "").amountShown(catalogPrice)
    }

    /// The next id for a transaction or pending purchase: one id space, so `approve 7` and
    /// `refund 7` can never mean two things.
    ///
    /// The counter is outside input (a ledger can be edited or damaged): one that is not a
    /// number above every id in use, and below the largest id SQLite can store, is reported as
    /// damage, with the fix, rather than reused or overflowed.
    func nextID() throws -> UInt64 {
        let stored = try String.fetchOne(cached: db, sql: "SELECT value FROM meta WHERE key = 'nextID'")
        let highest = try Int64.fetchOne(cached: db, sql: """
            SELECT max(id) FROM (SELECT max(id) AS id FROM transactions UNION ALL SELECT max(id) FROM pending)
            """) ?? 0
        let current = stored.map { UInt64($0) } ?? (highest < 1 ? 1 : nil)
        guard let current, current > UInt64(clamping: highest), current < UInt64(Int64.max) else {
            let next = highest < 1 ? 1 : highest == Int64.max ? highest : highest + 1
            let found = stored.map { "is \(SourceText.quoted($0))" } ?? "is missing"
            throw LedgerDamage(what: "its transaction id counter (meta 'nextID') \(found), where Tollbooth needs a number above every transaction id, \(max(highest, 0))") { path in
                "restore it from a copy, or set the counter with: sqlite3 '\(path)' \"INSERT OR REPLACE INTO meta (key, value) VALUES ('nextID', '\(next)')\""
            }
        }
        try db.run(sql: "INSERT OR REPLACE INTO meta (key, value) VALUES ('nextID', ?)", arguments: [String(current + 1)])
        return current
    }

    /// The `events.delivers` value of a transaction delivered to every device, `device` included
    /// (`StoreEvent.isOutsideApp`); 1 skips `device` (B1), 0 delivers nothing.
    static let deliversOutsideApp = 2

    /// Appends to the event log (in the same database transaction as the change it describes).
    @discardableResult
    func log(_ kind: StoreEvent.Kind, at time: Date? = nil, transaction: UInt64? = nil, product: String? = nil,
             device: String? = nil, delivers: Bool = false, outsideApp: Bool = false, statusGroup: String? = nil,
             detail: String = "") throws -> Int64 {
        try db.run(
            sql: """
                INSERT INTO events (kind, storeTime, wallTime, transactionID, productID, device, delivers, statusGroupID, detail)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
            arguments: [kind.rawValue, (time ?? now).timeIntervalSince1970, wallNow.timeIntervalSince1970,
                        transaction.map { Int64($0) }, product, device,
                        delivers ? (outsideApp ? Self.deliversOutsideApp : 1) : 0, statusGroup, detail])
        return db.lastInsertedRowID
    }

    func product(_ id: String) throws -> CatalogProduct {
        guard let product = catalog.product(id: id) else {
            let known = catalog.products.map(\.id).joined(separator: ", ")
            throw StoreOperationError("unknown product id \(SourceText.quoted(id)); the catalog has: \(known.isEmpty ? "no products" : known)")
        }
        return product
    }

    func transaction(_ id: UInt64) throws -> Transaction {
        guard let transaction = try Transaction.fetch(db, id: id) else {
            throw StoreOperationError("no transaction \(id) in the ledger; `tollbooth txn list` shows the ids")
        }
        return transaction
    }
}
