import Foundation
import GRDB

/// The App Store Server API's Set App Account Token, as a store operation: every transaction of
/// the purchase (the original and, for a subscription, its renewals so far) carries the new
/// `appAccountToken`, and later renewals copy it from the one before (`SubscriptionRules`).
///
/// Apple (Set App Account Token): the id must be an original transaction id (4000187 otherwise);
/// a family member's shared transaction is refused (4000185), which a ledger, being the
/// purchaser's, never holds. Apple is silent on the transactions before the call; Tollbooth
/// sets it on all of them, so every answer about the purchase agrees.
enum AppAccountTokenRules {
    static func set(_ token: UUID, originalTransactionID: UInt64, in context: LedgerContext) throws -> String {
        guard let original = try Transaction.fetch(context.db, id: originalTransactionID) else {
            throw AppAccountTokenRefusal.notFound(originalTransactionID)
        }
        guard original.originalID == original.id else { throw AppAccountTokenRefusal.notOriginal(originalTransactionID) }
        guard original.ownershipType != .familyShared else { throw AppAccountTokenRefusal.familyShared(originalTransactionID) }
        try context.db.run(sql: "UPDATE transactions SET appAccountToken = ? WHERE originalID = ?",
                           arguments: [token.uuidString, Int64(clamping: originalTransactionID)])
        let text = "app account token of \(originalTransactionID) (\(original.productID)) set to \(token.uuidString.lowercased())"
        // Logged as a settings change: a change the developer's server made to the account's
        // records, which the event log (and every cache keyed on it) must see.
        try context.log(.settingsChanged, transaction: originalTransactionID, product: original.productID, detail: text)
        return text
    }
}

/// Why Set App Account Token was refused.
public enum AppAccountTokenRefusal: Error, Hashable, Sendable, CustomStringConvertible {
    case notFound(UInt64)
    /// The id is a renewal's, not its purchase's original transaction id.
    case notOriginal(UInt64)
    case familyShared(UInt64)

    public var description: String {
        switch self {
        case .notFound(let id): "no transaction \(id) in the ledger"
        case .notOriginal(let id): "transaction \(id) is not an original transaction id"
        case .familyShared(let id): "transaction \(id) is a family member's shared purchase"
        }
    }
}
