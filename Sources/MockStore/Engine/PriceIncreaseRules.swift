import Foundation

/// Price increases that need the customer's consent (SKTestSession's
/// `requestPriceIncreaseConsentForTransaction`, `consentToPriceIncreaseForTransaction`,
/// `declinePriceIncreaseForTransaction`). Each changes the subscription's status only: no
/// transaction is created, and `Status.updates` fires on every device.
///
/// Apple's `PriceIncreaseStatus` has no "declined": a declined increase stays `.pending` with
/// auto-renew off, and a subscription still `.pending` when its period ends expires with
/// `.didNotConsentToPriceIncrease` (`SubscriptionRules.step`), whether the customer declined or
/// never answered. Consent (`.agreed`) lets it renew; the renewal clears the status.
enum PriceIncreaseRules {
    /// The customer is asked to consent: `.pending` until they answer or the period ends.
    static func request(_ id: UInt64, in context: LedgerContext) throws -> String {
        var row = try AdminRules.liveSubscription(for: id, in: context)
        try AdminRules.requireActive(row, id)
        guard row.priceIncrease != .pending else {
            throw StoreOperationError("the \(row.productID) subscription already has a price increase waiting for consent")
        }
        row.priceIncrease = .pending
        let text = try save(row, "price increase for \(row.productID): consent requested; without it the subscription expires \(iso(row.expirationDate))",
                            in: context)
        try context.notify(.priceIncrease, .pending, subscription: row)
        return text
    }

    /// The customer agrees: the subscription renews as usual.
    static func consent(_ id: UInt64, in context: LedgerContext) throws -> String {
        var row = try pendingIncrease(id, in: context)
        row.priceIncrease = .agreed
        let text = try save(row, "price increase for \(row.productID): consented; renews \(iso(row.expirationDate))", in: context)
        try context.notify(.priceIncrease, .accepted, subscription: row)
        return text
    }

    /// The customer declines: auto-renew goes off, and the period's end expires the subscription
    /// with `.didNotConsentToPriceIncrease`.
    static func decline(_ id: UInt64, in context: LedgerContext) throws -> String {
        var row = try pendingIncrease(id, in: context)
        row.willAutoRenew = false
        let text = try save(row, "price increase for \(row.productID): declined; access continues until \(iso(row.expirationDate))",
                            in: context)
        // Declining turns auto-renew off; the expiry at the period's end says why.
        try context.notify(.didChangeRenewalStatus, .autoRenewDisabled, subscription: row)
        return text
    }

    private static func pendingIncrease(_ id: UInt64, in context: LedgerContext) throws -> SubscriptionRow {
        let row = try AdminRules.liveSubscription(for: id, in: context)
        try AdminRules.requireActive(row, id)
        guard row.priceIncrease == .pending else {
            throw StoreOperationError("the \(row.productID) subscription has no price increase waiting for consent (its status is \(row.priceIncrease)); request consent first")
        }
        return row
    }

    private static func save(_ row: SubscriptionRow, _ text: String, in context: LedgerContext) throws -> String {
        try row.save(context.db)
        try context.log(.priceIncrease, transaction: row.latestTransactionID, product: row.productID,
                        statusGroup: row.groupID, detail: text)
        return text
    }
}
