import Foundation

/// The administrative side of a device's store: Xcode's Transaction Manager, the clock and the
/// faults, and the reads the control room shows.
extension Store {
    /// Every transaction and pending purchase on the account, and the devices that used it,
    /// read consistently: the control room's Transactions panel (Xcode's Transaction Manager).
    ///
    /// Nonisolated, and read on the database's reader threads: 100,000 transactions take some
    /// 0.2 s to read, during which this device's purchases and listeners carry on (the ledger is
    /// in WAL mode, so the read sees one consistent moment).
    public nonisolated func ledgerContents() async throws -> LedgerContents {
        try await ledger.readAsync { db in
            LedgerContents(transactions: try AccountQueries.everything(db), pending: try AccountQueries.pending(db),
                           devices: try DeviceRecords.seen(db),
                           appTransaction: try AppTransactionRules.record(for: self.device, at: nil, in: db),
                           changeCursor: try AccountQueries.changeCursor(db))
        }
    }

    /// What changed on the account after `cursor` (a `changeCursor` or an earlier `cursor`),
    /// from any device or process, read consistently like `ledgerContents()`, in time that
    /// grows with the changes rather than the ledger. nil: read `ledgerContents()` instead
    /// (the log no longer reaches back to `cursor`, or more than `limit` changes followed it).
    public nonisolated func ledgerChanges(since cursor: Int64, limit: Int64 = 4096) async throws -> LedgerChanges? {
        try await ledger.readAsync { db in
            guard let found = try AccountQueries.changes(db, since: cursor, limit: limit) else { return nil }
            return LedgerChanges(since: cursor, cursor: found.cursor, transactions: found.transactions, pending: found.pending,
                                 removed: found.removed, devices: try DeviceRecords.seen(db),
                                 appTransaction: try AppTransactionRules.record(for: self.device, at: nil, in: db))
        }
    }

    /// The newest `limit` events of the log, oldest first.
    public func recentEvents(limit: Int) throws -> [StoreEvent] {
        try ledger.read { try AccountQueries.recentEvents($0, limit: limit) }
    }

    /// Runs an administrative operation (refund, clock, faults…) as one database transaction
    /// and delivers its events at once.
    public func admin<T: Sendable>(_ body: @Sendable (inout AdminSession) throws -> T) async throws -> T {
        try await operation { context in
            var session = AdminSession(context: context)
            let result = try body(&session)
            context = session.context
            return result
        }
    }

    /// `admin`, synchronously on the caller's thread: for APIs that are synchronous in StoreKit
    /// (StoreKitTest's `refundTransaction(identifier:)`). When it returns, the change is in the
    /// ledger and every stream of this store has been handed it.
    public nonisolated func adminNow<T: Sendable>(_ body: (inout AdminSession) throws -> T) throws -> T {
        let wallNow = wallClock.now()
        let catalog = self.catalog
        let result = try ledger.write { db in
            var context = try LedgerContext(db: db, catalog: catalog, wallNow: wallNow)
            try SubscriptionRules.catchUp(in: &context)
            var session = AdminSession(context: context)
            return try body(&session)
        }
        try deliverNewEvents()
        return result
    }
}
