import Foundation

/// When a purchase made outside the app happened, for tests that need a history
/// (StoreKitTest's `Product.PurchaseOption.purchaseDate(_:renewalBehavior:)`).
public struct Backdating: Sendable, Hashable {
    /// The purchase date: now or earlier in store time.
    public var purchaseDate: Date
    public var renewal: Renewal

    /// What an auto-renewable subscription bought then did since.
    public enum Renewal: Sendable, Hashable {
        /// It renewed period by period up to now, each renewal a transaction.
        case renewUntilNow
        /// Auto-renew was turned off at once, so it has expired by now if its period passed.
        case cancelImmediately
    }

    public init(purchaseDate: Date, renewal: Renewal = .renewUntilNow) {
        self.purchaseDate = purchaseDate
        self.renewal = renewal
    }
}

/// A purchase made outside the app (another device, the App Store, a parent's approval
/// elsewhere, `SKTestSession.buyProduct`): every running device receives it on `updates`
/// (B13, S5), and so does each renewal a back-dated subscription gained since.
enum OutsidePurchaseRules {
    static func buy(_ productID: String, device: String?, options: Set<PurchaseOption>, backdating: Backdating?,
                    in context: inout LedgerContext) throws -> Transaction {
        let product = try context.product(productID)
        let quantity = options.quantity
        if quantity < 1 || quantity > 10 || (product.type != .consumable && quantity != 1) {
            throw StoreOperationError("quantity \(quantity) is not allowed for \(productID): a \(product.type) is bought \(product.type == .consumable ? "1 to 10 at a time" : "once")")
        }
        if let error = try PurchaseRules.offerError(for: product, options: options, in: context) { throw error.error }
        if let error = BillingPlanRules.error(for: product, options: options) { throw error.error }
        // A signature is optional from outside the app (StoreKitTest's `promotionalOffer(id:)`),
        // but one that is given must be good.
        if let promotional = options.promotionalOffer, promotional.signature != nil,
           let (error, _) = PromotionalOfferSigning.check(promotional.signature, options: options, product: product, in: context) {
            throw error
        }
        guard let backdating else {
            return try PurchaseRules.complete(product, device: device, options: options, eventKind: .purchase,
                                              eventDevice: nil, outsideApp: true, in: &context)
        }
        let now = context.now
        guard backdating.purchaseDate <= now else {
            throw StoreOperationError("the purchase date \(iso(backdating.purchaseDate)) is later than the store time \(iso(now))")
        }
        if let group = product.subscription?.groupID, let row = try SubscriptionRow.fetch(context.db, group: group),
           row.state != .expired, row.state != .revoked {
            // Its plan change would be decided against today's subscription at an earlier date.
            throw StoreOperationError("\(productID) cannot be bought with an earlier date: its group already has a live subscription (\(row.productID), \(row.state))")
        }
        context.now = backdating.purchaseDate
        let transaction = try PurchaseRules.complete(product, device: device, options: options, eventKind: .purchase,
                                                     eventDevice: nil, outsideApp: true, in: &context)
        if backdating.renewal == .cancelImmediately, let group = transaction.subscriptionGroupID,
           var row = try SubscriptionRow.fetch(context.db, group: group), row.latestTransactionID == transaction.id {
            row.willAutoRenew = false
            try row.save(context.db)
            try context.log(.autoRenewOff, transaction: transaction.id, product: productID, statusGroup: group,
                            detail: "auto-renew off at purchase; access until \(iso(row.expirationDate))")
            try context.notify(.didChangeRenewalStatus, .autoRenewDisabled, subscription: row)
        }
        context.now = now
        try ClockRules.checkWorkBound(to: now, label: "from the purchase date to now", in: context)
        try SubscriptionRules.catchUp(in: &context)
        return transaction
    }
}
