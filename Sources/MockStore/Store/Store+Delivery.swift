import Foundation
import Synchronization

/// How what lands in the ledger reaches this device's streams.
extension Store {
    /// Reads events after the cursor and hands them to the streams. Nonisolated: a synchronous
    /// operation (`adminNow`) delivers on its caller's thread; the lock keeps one order.
    nonisolated func deliverNewEvents() throws {
        try cursor.withLock { cursor in
            let (events, transactions, statuses) = try ledger.read { db -> ([StoreEvent], [UInt64: Transaction], [String: SubscriptionStatus]) in
                let events = try AccountQueries.events(db, after: cursor)
                guard !events.isEmpty else { return ([], [:], [:]) }
                var transactions: [UInt64: Transaction] = [:]
                for event in events where event.deliversTransaction && event.purchaseResultDevice != device {
                    if let id = event.transactionID, let transaction = try Transaction.fetch(db, id: id).flatMap({ try seen([$0], in: db).first }) {
                        transactions[id] = transaction
                    }
                }
                var statuses: [String: SubscriptionStatus] = [:]
                if events.contains(where: { $0.statusGroupID != nil }) {
                    let currency = Storefront.currencyCode(forAlpha3: try StoreSettings.load(db).storefront)
                    for status in try seen(AccountQueries.statuses(db, catalog: catalog, currency: currency), in: db) {
                        statuses[status.subscriptionGroupID] = status
                    }
                }
                return (events, transactions, statuses)
            }
            for event in events {
                cursor = max(cursor, event.id)
                if event.deliversTransaction, event.purchaseResultDevice != device, let id = event.transactionID, let transaction = transactions[id] {
                    transactionUpdates.yield(transaction.verificationResult)
                }
                if let group = event.statusGroupID, let status = statuses[group] {
                    statusBroadcast.yield(status)
                }
                eventBroadcast.yield(event)
            }
        }
    }
}

/// The unfinished transactions held for the first `updates` listener.
final class LaunchReplay: Sendable {
    private let pending: Mutex<[Transaction]?>
    init(_ transactions: [Transaction]) { pending = Mutex(transactions) }
    func take() -> [Transaction] { pending.withLock { value in defer { value = nil }; return value ?? [] } }
}
