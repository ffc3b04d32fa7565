import Foundation
import GRDB

/// What the App Store's server reads of the account (the App Store Server API in
/// `AppStoreServer`): the purchaser's records, as the App Store keeps them, not a device's view.
extension Store {
    /// Runs `body` on one consistent read of the ledger, on the database's reader threads (many
    /// requests read at once, and none holds up this device). Renewals and expiries that fell
    /// due are recorded first, as any store operation would, so the answer is as of now.
    ///
    /// Nothing here waits on the caller's thread: the reads are GRDB's asynchronous ones and the
    /// catch-up is an operation on the store's own queue, so a server's requests never hold
    /// Swift's cooperative pool while SQLite works or waits.
    public nonisolated func serverRead<T: Sendable>(_ body: @escaping @Sendable (AccountRecords) throws -> T) async throws -> T {
        let wallNow = wallClock.now()
        let due = try await ledger.readAsync { db in
            (try AccountQueries.nextDue(db), try StoreClockState.load(db).storeTime(atWall: wallNow))
        }
        if let next = due.0, next <= due.1 {
            if ledger.isReadOnly { ledger.noteStaleRead() } else { try await operation { _ in } }
        }
        let catalog = self.catalog
        return try await ledger.readAsync { db in
            let context = try LedgerContext(db: db, catalog: catalog, wallNow: wallNow, reading: true)
            return try body(AccountRecords(db: db, catalog: catalog, now: context.now, currency: context.currencyCode))
        }
    }
}

/// The account's records inside one read (`Store.serverRead`). Valid only inside that read.
public struct AccountRecords {
    let db: Database
    public let catalog: Catalog
    /// Store time of the read.
    public let now: Date
    let currency: String

    /// A number that changes whenever the ledger changes (every change logs an event): what a
    /// reader keys a cache of the ledger on.
    public func version() throws -> Int64 { try AccountQueries.latestEventID(db) }

    /// What tells this ledger from another: its creation stamp and catalog, kept in the ledger.
    public func identity() throws -> String {
        let created = try String.fetchOne(cached: db, sql: "SELECT value FROM meta WHERE key = 'created'") ?? ""
        return "\(created) \(try LedgerSeed.catalogPath(db) ?? "")"
    }

    /// The bundle ID of the newest app launched on the account; nil before any launched.
    public func appBundleID() throws -> String? {
        try String.fetchOne(cached: db, sql: "SELECT value FROM meta WHERE key = 'app.bundleID'")
    }

    /// The account's app transaction as `device` would receive it at this read's store time;
    /// nil before any app launched on the ledger.
    public func appTransaction(for device: String) throws -> AppTransactionRecord? {
        try AppTransactionRules.record(for: device, at: now, in: db)
    }

    /// A request of Extend Subscription Renewal Dates for All Active Subscribers; nil: none.
    public func massExtension(productID: String, requestIdentifier: String) throws -> MassRenewalExtension? {
        try MassRenewalExtensionRules.status(productID: productID, requestIdentifier: requestIdentifier, in: db)
    }

    /// The transaction with this id; nil for any id, however large, that names none.
    public func transaction(_ id: UInt64) throws -> Transaction? { try Transaction.fetch(db, id: id) }

    /// The transactions with these ids that exist, in the order asked.
    public func transactions(_ ids: [UInt64]) throws -> [Transaction] {
        // The ledger's ids are SQLite integers: one above Int64.max names nothing.
        let keys = ids.compactMap { Int64(exactly: $0) }
        guard !keys.isEmpty else { return [] }
        let marks = Array(repeating: "?", count: keys.count).joined(separator: ",")
        let found = try Transaction.fetchAll(db, sql: "SELECT * FROM transactions WHERE id IN (\(marks))",
                                             arguments: StatementArguments(keys))
        let byID = Dictionary(found.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        return ids.compactMap { byID[$0] }
    }

    /// The refunded transactions (a refund is what sets a ledger's `revocationDate`), sorted by
    /// revocation date and then id, from just after `after` (a date in seconds since 1970 and an
    /// id), at most `limit` of them.
    public func refunds(after: (date: Double, id: UInt64)?, limit: Int) throws -> [Transaction] {
        var sql = "SELECT id FROM transactions WHERE revocationDate IS NOT NULL"
        var arguments: StatementArguments = []
        if let after {
            sql += " AND (revocationDate > ? OR (revocationDate = ? AND id > ?))"
            // An id above the ledger's largest (a token's id is any UInt64) compares as the largest.
            arguments += [after.date, after.date, Int64(clamping: after.id)]
        }
        sql += " ORDER BY revocationDate, id LIMIT ?"
        arguments += [limit]
        let ids = try Int64.fetchAll(db.cachedStatement(sql: sql), arguments: arguments)
        return try transactions(ids.compactMap { UInt64(exactly: $0) })
    }

    /// Whether the account holds any transaction at all.
    public func isEmpty() throws -> Bool {
        try Int.fetchOne(cached: db, sql: "SELECT count(*) FROM (SELECT 1 FROM transactions LIMIT 1)") == 0
    }

    /// Every transaction's history facts, in id order: what Get Transaction History filters
    /// and sorts on, without decoding whole transactions.
    public func historyKeys() throws -> [HistoryKey] {
        let rows = try Row.fetchCursor(db.cachedStatement(sql: """
            SELECT id, productID, productType, groupID, purchaseDate, signedDate, revocationDate, ownershipType, finished
            FROM transactions ORDER BY id
            """))
        var keys: [HistoryKey] = []
        while let row = try rows.next() {
            let signed: Double = row[5]
            let revoked: Double? = row[6]
            keys.append(HistoryKey(
                id: try ledgerID(row[0], "transactions.id"), productID: row[1], productType: ProductType(rawValue: row[2]), groupID: row[3],
                purchaseDate: Date(timeIntervalSince1970: row[4]),
                modifiedDate: Date(timeIntervalSince1970: max(signed, revoked ?? signed)),
                ownershipType: OwnershipType(rawValue: row[7]), isRevoked: revoked != nil, isFinished: row[8]))
        }
        return keys
    }

    /// One status per subscription group the customer has had (`Product.SubscriptionInfo.Status`).
    public func statuses() throws -> [SubscriptionStatus] {
        try AccountQueries.statuses(db, catalog: catalog, currency: currency)
    }

    /// The notification receiver's URL, or nil when notifications are off (`Store.notificationURL`).
    public func notificationURL() throws -> String? { try Outbox.url(db) }

    /// The TEST notification of `token` with its attempts, or nil (`Store.testNotification`).
    public func testNotification(token: String) throws -> NotificationRecord? {
        try Outbox.testNotification(token: token, in: db)
    }

    /// One page of notification history (`Store.notificationHistory`).
    public func notificationHistory(_ query: NotificationHistoryQuery) throws -> NotificationHistoryPage {
        try Outbox.history(query, in: db)
    }
}

/// A transaction's facts that Get Transaction History filters and sorts on.
public struct HistoryKey: Sendable, Hashable {
    public var id: UInt64
    public var productID: String
    public var productType: ProductType
    public var groupID: String?
    public var purchaseDate: Date
    /// When the App Store last changed it: its signing, or its refund if later.
    public var modifiedDate: Date
    public var ownershipType: OwnershipType
    public var isRevoked: Bool
    /// Whether the app finished it (Get Transaction History V1 leaves out finished consumables).
    public var isFinished: Bool

    public init(id: UInt64, productID: String, productType: ProductType, groupID: String?, purchaseDate: Date,
                modifiedDate: Date, ownershipType: OwnershipType, isRevoked: Bool, isFinished: Bool) {
        self.id = id
        self.productID = productID
        self.productType = productType
        self.groupID = groupID
        self.purchaseDate = purchaseDate
        self.modifiedDate = modifiedDate
        self.ownershipType = ownershipType
        self.isRevoked = isRevoked
        self.isFinished = isFinished
    }
}
