import Foundation
import GRDB

/// What this device sees of the account: everything for the purchaser's devices, the shared
/// products as `familyShared` for a family member's (`FamilySharing`).
extension Store {
    nonisolated func seen(_ transactions: [Transaction], in db: Database) throws -> [Transaction] {
        guard isFamilyMember else { return transactions }
        return try FamilySharing.memberView(transactions, catalog: catalog, in: db)
    }

    nonisolated func seen(_ statuses: [SubscriptionStatus], in db: Database) throws -> [SubscriptionStatus] {
        guard isFamilyMember else { return statuses }
        return try statuses.compactMap { status in
            guard try FamilySharing.isShared(status.transaction.productID, catalog: catalog, in: db) else { return nil }
            var shared = status
            shared.transaction = FamilySharing.memberCopy(status.transaction)
            return shared
        }
    }

    nonisolated func seen(_ snapshot: StoreSnapshot, in db: Database) throws -> StoreSnapshot {
        guard isFamilyMember else { return snapshot }
        var shared = snapshot
        shared.entitlements = try seen(snapshot.entitlements, in: db)
        shared.statuses = try seen(snapshot.statuses, in: db)
        shared.unfinished = try seen(snapshot.unfinished, in: db)
        return shared
    }
}
