import Foundation
import GRDB

/// The App Store Server API's Extend a Subscription Renewal Date, as a store operation: the
/// subscription's current period ends later, in one database transaction with its
/// `renewalExtended` event and its RENEWAL_EXTENDED notification (when a URL is set).
///
/// Apple's rules (Extend a Subscription Renewal Date, SubscriptionExtensionIneligibleError):
/// 1 to 90 days; at most two extensions per subscription in 365 days; not for a subscription
/// in a free offer period, in billing retry, in a grace period (its expiry is past), expired or
/// revoked; not for a family member's (`familyShared`) subscription. The days are store days,
/// scaled by the clock's rate like a subscription period of that many days.
enum RenewalExtensionRules {
    /// Apple's bounds on `extendByDays`.
    static let days = 1...90
    /// Extensions allowed per subscription within `window`.
    static let maximumPerWindow = 2

    static func extend(originalTransactionID: UInt64, byDays days: Int, reasonCode: Int, requestIdentifier: String,
                       in context: LedgerContext) throws -> RenewalExtension {
        guard Self.days.contains(days) else { throw RenewalExtensionRefusal.invalidDays(days) }
        guard let original = try Transaction.fetch(context.db, id: originalTransactionID) else {
            throw RenewalExtensionRefusal.notFound(originalTransactionID)
        }
        guard original.originalID == original.id else { throw RenewalExtensionRefusal.notOriginal(originalTransactionID) }
        guard original.ownershipType != .familyShared else { throw RenewalExtensionRefusal.familyShared(originalTransactionID) }
        guard let group = original.subscriptionGroupID, var row = try SubscriptionRow.fetch(context.db, group: group),
              row.originalID == originalTransactionID else {
            throw RenewalExtensionRefusal.ineligible("transaction \(originalTransactionID) (\(original.productID)) is not an auto-renewable subscription")
        }
        guard row.state == .subscribed, row.expirationDate > context.now else {
            throw RenewalExtensionRefusal.ineligible("the \(row.productID) subscription is \(row.state), not active")
        }
        let latest = try context.transaction(row.latestTransactionID)
        if latest.offer?.paymentMode == .freeTrial {
            throw RenewalExtensionRefusal.ineligible("the \(row.productID) subscription is in a free offer period")
        }
        let rate = context.clock.rate
        let windowStart = context.now.addingTimeInterval(-rate.duration(of: SubscriptionPeriod(value: 1, unit: .year)))
        let recent = try Int.fetchOne(cached: context.db, sql: """
            SELECT count(*) FROM events e JOIN transactions t ON t.id = e.transactionID
            WHERE e.kind = ? AND t.originalID = ? AND e.storeTime > ?
            """, arguments: [StoreEvent.Kind.renewalExtended.rawValue, Int64(originalTransactionID),
                             windowStart.timeIntervalSince1970]) ?? 0
        guard recent < maximumPerWindow else { throw RenewalExtensionRefusal.maximumReached(originalTransactionID) }

        let extended = row.expirationDate.addingTimeInterval(rate.duration(of: SubscriptionPeriod(value: days, unit: .day)))
        // signedDate moves too: the App Store signs the changed transaction anew, and Get
        // Transaction History orders by the latest change.
        try context.db.run(sql: "UPDATE transactions SET expirationDate = ?, signedDate = ? WHERE id = ?",
                           arguments: [extended.timeIntervalSince1970, context.now.timeIntervalSince1970, Int64(latest.id)])
        row.expirationDate = extended
        try row.save(context.db)
        try context.notify(.renewalExtended, subscription: row)
        try context.log(.renewalExtended, transaction: latest.id, product: latest.productID, delivers: true, outsideApp: true,
                        statusGroup: group,
                        detail: "extended \(latest.productID) by \(days) day\(days == 1 ? "" : "s") to \(iso(extended)) (reason \(reasonCode), request \(requestIdentifier))")
        return RenewalExtension(originalTransactionID: originalTransactionID, transactionID: latest.id,
                                webOrderLineItemID: latest.lineItemID, effectiveDate: extended)
    }
}

/// A renewal date that moved: what Extend a Subscription Renewal Date answers.
public struct RenewalExtension: Sendable, Hashable {
    public var originalTransactionID: UInt64
    /// The subscription's latest transaction, whose `expirationDate` is now `effectiveDate`.
    public var transactionID: UInt64
    public var webOrderLineItemID: String?
    /// The new end of the current period.
    public var effectiveDate: Date
}

/// Why a renewal date was not extended; each maps to one of Apple's error codes.
public enum RenewalExtensionRefusal: Error, Hashable, Sendable, CustomStringConvertible {
    /// `extendByDays` outside 1...90.
    case invalidDays(Int)
    case notFound(UInt64)
    /// The id is a transaction's, not its subscription's original transaction id.
    case notOriginal(UInt64)
    case familyShared(UInt64)
    /// Not active, in a free offer period, in billing retry or grace, expired or revoked.
    case ineligible(String)
    /// Two extensions already in the past 365 days.
    case maximumReached(UInt64)

    public var description: String {
        switch self {
        case .invalidDays(let days): "extendByDays is \(days); it must be 1 to 90"
        case .notFound(let id): "no transaction \(id) in the ledger"
        case .notOriginal(let id): "transaction \(id) is not an original transaction id"
        case .familyShared(let id): "transaction \(id) is a family member's shared subscription"
        case .ineligible(let reason): reason
        case .maximumReached(let id): "the subscription of \(id) was already extended twice in the past 365 days"
        }
    }
}
