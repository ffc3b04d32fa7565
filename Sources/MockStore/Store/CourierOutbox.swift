import Foundation

/// The outbox as a courier running on Swift's concurrency pool uses it: `Store`'s claim,
/// keep, record and wait, run on the database's own queues instead of the caller's thread. A
/// write may wait out another process's write for the ledger's busy timeout; on the pool, a
/// few such waits would stop every task of the process (an HTTP server's requests among them).
public struct CourierOutbox: Sendable {
    let ledger: Ledger
    let catalog: Catalog
    let wallClock: any WallClock

    /// `Store.claimNotification`.
    public func claim(owner: String, lease: TimeInterval) async throws -> OutboxDelivery? {
        let (wallNow, catalog) = (wallClock.now(), catalog)
        return try await ledger.writeAsync { db in
            try Outbox.claim(owner: owner, lease: lease, wallNow: wallNow, catalog: catalog, in: db)
        }
    }

    /// `Store.keepSignedPayload`.
    public func keep(_ payload: String, for id: Int64) async throws -> String {
        try await ledger.writeAsync { db in try Outbox.keepPayload(payload, for: id, in: db) }
    }

    /// `Store.recordSendAttempt`.
    @discardableResult
    public func record(_ id: Int64, owner: String, result: SendAttemptResult, httpStatus: Int?) async throws -> OutboxNotification {
        let (wallNow, catalog) = (wallClock.now(), catalog)
        return try await ledger.writeAsync { db in
            let context = try LedgerContext(db: db, catalog: catalog, wallNow: wallNow)
            return try Outbox.recordAttempt(id, owner: owner, result: result, httpStatus: httpStatus, in: context)
        }
    }

    /// `Store.notificationWait`.
    public func wait() async throws -> TimeInterval? {
        let wallNow = wallClock.now()
        return try await ledger.readAsync { db in try Outbox.wait(wallNow: wallNow, in: db) }
    }
}

extension Store {
    /// This store's outbox for a courier (`CourierOutbox`).
    public nonisolated var courierOutbox: CourierOutbox { CourierOutbox(ledger: ledger, catalog: catalog, wallClock: wallClock) }
}
