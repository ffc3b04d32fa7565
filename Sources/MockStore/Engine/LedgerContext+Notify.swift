import Foundation

/// The App Store Server Notification each store event sends, enqueued by the rule that knows
/// the facts, in the operation's database transaction (nothing when no URL is set).
///
/// Which event sends which notification (Apple's `notificationType` documentation):
/// - a new subscription: SUBSCRIBED INITIAL_BUY; after an expiry or refund: SUBSCRIBED RESUBSCRIBE;
///   with a promotional, win-back or code offer: OFFER_REDEEMED with the same subtypes;
/// - an upgrade or same-duration crossgrade (at once): DID_CHANGE_RENEWAL_PREF UPGRADE; a downgrade
///   or other crossgrade (next renewal): DID_CHANGE_RENEWAL_PREF DOWNGRADE; either bought with a
///   promotional, win-back or code offer: OFFER_REDEEMED UPGRADE / DOWNGRADE instead (the
///   downgrade's offer applies from the renewal it takes effect at); buying the current plan
///   again over a pending downgrade: DID_CHANGE_RENEWAL_PREF;
/// - a mass renewal-date extension: RENEWAL_EXTENDED per subscription extended, RENEWAL_EXTENSION
///   FAILURE per subscription not extended, then RENEWAL_EXTENSION SUMMARY;
/// - a renewal: DID_RENEW; a billing problem resolved: DID_RENEW BILLING_RECOVERY;
/// - auto-renew on or off (also declining a price increase): DID_CHANGE_RENEWAL_STATUS
///   AUTO_RENEW_ENABLED / AUTO_RENEW_DISABLED;
/// - a failed renewal: DID_FAIL_TO_RENEW GRACE_PERIOD (grace) or none (billing retry); grace over:
///   GRACE_PERIOD_EXPIRED; an expiry: EXPIRED VOLUNTARY / BILLING_RETRY / PRICE_INCREASE /
///   PRODUCT_NOT_FOR_SALE (none for other reasons);
/// - a price increase asked for: PRICE_INCREASE PENDING; consented: PRICE_INCREASE ACCEPTED;
/// - a refund: REFUND (and REVOKE for a family member's copy of a shared product); Family Sharing
///   turned off for a product: REVOKE; a refund request for a consumable or a subscription:
///   CONSUMPTION_REQUEST;
/// - a consumable, non-consumable or non-renewing purchase: ONE_TIME_CHARGE.
/// Ask to Buy and interrupted purchases send nothing until the purchase completes (approval,
/// resolution), then what that purchase sends; a declined request sends nothing.
extension LedgerContext {
    /// Enqueues a notification about `transaction` (its subscription's group, if any).
    func notify(_ type: NotificationType, _ subtype: NotificationSubtype? = nil, transaction: Transaction,
                state: RenewalState? = nil, familyShared: Bool = false, reason: ConsumptionRequestReason? = nil,
                at time: Date? = nil) throws {
        try Outbox.enqueue(.init(type: type, subtype: subtype, transactionID: transaction.id, originalID: transaction.originalID,
                                 groupID: transaction.subscriptionGroupID, state: state, familyShared: familyShared,
                                 reason: reason, time: time ?? now), in: self)
    }

    /// Enqueues a notification about a subscription, as `row` stands after the change;
    /// `transaction` defaults to its latest.
    func notify(_ type: NotificationType, _ subtype: NotificationSubtype? = nil, subscription row: SubscriptionRow,
                transaction: UInt64? = nil, at time: Date? = nil) throws {
        try Outbox.enqueue(.init(type: type, subtype: subtype, transactionID: transaction ?? row.latestTransactionID,
                                 originalID: row.originalID, groupID: row.groupID, state: row.state, time: time ?? now), in: self)
    }

    /// EXPIRED's subtype for an expiration reason.
    static func expiredSubtype(_ reason: ExpirationReason) -> NotificationSubtype? {
        switch reason {
        case .autoRenewDisabled: .voluntary
        case .billingError: .billingRetry
        case .didNotConsentToPriceIncrease: .priceIncrease
        case .productUnavailable: .productNotForSale
        default: nil
        }
    }
}
