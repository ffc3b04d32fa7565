import Foundation
import GRDB

/// Family Sharing (docs/domain.md §1.11): what a family member's device sees of the purchaser's
/// account.
///
/// Apple shares auto-renewable subscriptions and non-consumables whose product has Family
/// Sharing turned on; each member gets their own transactions with `ownershipType`
/// `familyShared`, and loses them when the purchaser gets a refund, the subscription ends, or
/// the product stops being shared. Tollbooth derives the member's view from the purchaser's
/// ledger rather than keeping a second copy, so a member can never hold a transaction the
/// purchaser lost: the member's transaction is the purchaser's, with `ownershipType`
/// `familyShared` (and the same id, ours).
enum FamilySharing {
    /// Whether `device` belongs to a family member rather than to the purchaser.
    static func isMember(_ device: String, in db: Database) throws -> Bool {
        try flag(memberKey(device), in: db)
    }

    /// Flags (or unflags) `device` as a family member's. A device keeps the flag on the ledger,
    /// so every later launch, `tollbooth entitlements --device` and other devices agree.
    static func setMember(_ device: String, _ member: Bool, in db: Database) throws {
        try setFlag(memberKey(device), member, in: db)
    }

    /// Whether any device on the account is flagged as a family member's.
    static func hasMembers(in db: Database) throws -> Bool {
        try Int.fetchOne(cached: db, sql: "SELECT count(*) FROM meta WHERE key LIKE 'familyMember:%' AND value = '1'") ?? 0 > 0
    }

    /// Whether the purchaser turned sharing off for `productID` (on by default for a product the
    /// catalog marks shareable).
    static func isStopped(_ productID: String, in db: Database) throws -> Bool {
        try flag(stoppedKey(productID), in: db)
    }

    static func setStopped(_ productID: String, _ stopped: Bool, in db: Database) throws {
        try setFlag(stoppedKey(productID), stopped, in: db)
    }

    /// A yes/no kept in the ledger's `meta` table: a row with value "1" when set, none when not.
    private static func flag(_ key: String, in db: Database) throws -> Bool {
        try String.fetchOne(cached: db, sql: "SELECT value FROM meta WHERE key = ?", arguments: [key]) == "1"
    }

    private static func setFlag(_ key: String, _ on: Bool, in db: Database) throws {
        if on {
            try db.run(sql: "INSERT OR REPLACE INTO meta (key, value) VALUES (?, '1')", arguments: [key])
        } else {
            try db.run(sql: "DELETE FROM meta WHERE key = ?", arguments: [key])
        }
    }

    /// Whether a transaction for `productID` reaches family members: the catalog marks it
    /// family-shareable, it is a non-consumable or an auto-renewable subscription (Apple shares
    /// no other type), and sharing was not stopped.
    static func isShared(_ productID: String, catalog: Catalog, in db: Database) throws -> Bool {
        guard let product = catalog.product(id: productID), product.isFamilyShareable,
              product.type == .nonConsumable || product.type == .autoRenewable else { return false }
        return try !isStopped(productID, in: db)
    }

    /// The member's copy of the purchaser's transactions: shared products only, `familyShared`.
    static func memberView(_ transactions: [Transaction], catalog: Catalog, in db: Database) throws -> [Transaction] {
        try transactions.filter { try isShared($0.productID, catalog: catalog, in: db) }.map(memberCopy)
    }

    static func memberCopy(_ transaction: Transaction) -> Transaction {
        var copy = transaction
        copy.ownershipType = .familyShared
        copy.appAccountToken = nil
        return copy
    }

    /// The member's copy a REVOKE notification carries: revoked when the notification was
    /// made, signed then, with reason 0 (Apple: "0 if the customer leaves the family group or
    /// the owner stops sharing"); a refunded purchase's copy keeps the refund's date and reason.
    static func revokedMemberCopy(_ transaction: Transaction, at time: Date) -> Transaction {
        var copy = memberCopy(transaction)
        if copy.revocationDate == nil {
            copy.revocationDate = time
            copy.revocationReason = .other
            copy.signedDate = time
        }
        return copy
    }

    // MARK: Administration

    static func setMember(_ device: String, _ member: Bool, in context: LedgerContext) throws -> String {
        try setMember(device, member, in: context.db)
        let text = member ? "\(device) is a family member's device" : "\(device) is the purchaser's device"
        try context.log(.settingsChanged, device: device, detail: text)
        return text
    }

    static func setSharing(_ productID: String, _ shared: Bool, in context: LedgerContext) throws -> String {
        let product = try context.product(productID)
        guard product.isFamilyShareable, product.type == .nonConsumable || product.type == .autoRenewable else {
            throw StoreOperationError("\(SourceText.quoted(productID)) is not family-shareable in the catalog (only non-consumables and auto-renewable subscriptions marked familyShareable are)")
        }
        try setStopped(productID, !shared, in: context.db)
        let text = "Family Sharing \(shared ? "on" : "off") for \(productID)"
        // A status change for the group, so a member's device hears that its subscription went.
        let group = try String.fetchOne(cached: context.db, sql: "SELECT groupID FROM subscriptions WHERE groupID = ?",
                                        arguments: [product.subscription?.groupID])
        try context.log(.settingsChanged, product: productID, statusGroup: group, detail: text)
        if !shared, try hasMembers(in: context.db), let owned = try Transaction.fetchAll(
            context.db, sql: "SELECT * FROM transactions WHERE productID = ? AND revocationDate IS NULL ORDER BY id DESC LIMIT 1",
            arguments: [productID]).first {
            // Apple: REVOKE when a purchase shared through Family Sharing is no longer shared.
            let state = try group.flatMap { try SubscriptionRow.fetch(context.db, group: $0)?.state }
            try context.notify(.revoke, transaction: owned, state: state, familyShared: true)
        }
        return text
    }

    private static func memberKey(_ device: String) -> String { "familyMember:\(device)" }
    private static func stoppedKey(_ productID: String) -> String { "familySharingStopped:\(productID)" }
}
