import Foundation
import GRDB

/// The time-driven half of the subscription life: each period's end renews, fails to bill,
/// enters grace or billing retry, recovers or expires (docs/domain.md §1.8; S2, S3).
extension SubscriptionRules {
    /// Brings every subscription up to the store time: renewals, billing failures, grace,
    /// retry and expiry, oldest first, one transaction per elapsed period (S2, S3).
    /// Returns how many steps were taken.
    @discardableResult
    static func catchUp(in context: inout LedgerContext, progress: ClockProgress? = nil) throws -> Int {
        var rows = try SubscriptionRow.fetchAll(context.db).filter { $0.nextDue != nil }
        var steps = 0
        var dirty = Set<Int>()
        while true {
            var earliest: (index: Int, due: Date)?
            for (index, row) in rows.enumerated() {
                if let due = row.nextDue, due <= context.now, earliest == nil || due < earliest!.due {
                    earliest = (index, due)
                }
            }
            guard let (index, due) = earliest else { break }
            try step(&rows[index], at: due, in: context)
            dirty.insert(index)
            steps += 1
            if steps % ClockProgress.every == 0 { progress?.report(steps) }
        }
        for index in dirty { try rows[index].save(context.db) }
        return steps
    }

    /// One state-machine step for a subscription whose due time `due` has come.
    static func step(_ row: inout SubscriptionRow, at due: Date, in context: LedgerContext) throws {
        let period = context.catalog.product(id: row.productID)?.subscription?.period ?? .monthly
        let rate = context.clock.rate
        switch row.state {
        case .subscribed:
            // An unanswered or declined price increase is the reason, even with auto-renew off.
            // Inside a commitment the remaining payments are owed whatever the customer chose.
            let committed = row.isCommitted
            if !committed && row.priceIncrease == .pending {
                try expire(&row, reason: .didNotConsentToPriceIncrease, at: due, in: context)
            } else if !committed && !row.willAutoRenew {
                try expire(&row, reason: .autoRenewDisabled, at: due, in: context)
            } else if context.catalog.product(id: committed ? row.productID : row.autoRenewProductID) == nil {
                try expire(&row, reason: .productUnavailable, at: due, in: context)
            } else if context.settings.switches.billingRetryOnRenewal {
                try context.log(.billingFailure, at: due, transaction: row.latestTransactionID, product: row.productID,
                                statusGroup: row.groupID, detail: "renewal payment failed")
                if context.settings.switches.billingGracePeriod {
                    row.state = .inGracePeriod
                    row.graceUntil = due.addingTimeInterval(rate.gracePeriod(for: period))
                    try context.log(.gracePeriod, at: due, transaction: row.latestTransactionID, product: row.productID,
                                    statusGroup: row.groupID, detail: "in grace period until \(iso(row.graceUntil!)); service continues")
                    try context.notify(.didFailToRenew, .gracePeriod, subscription: row, at: due)
                } else {
                    row.state = .inBillingRetryPeriod
                    row.retryUntil = due.addingTimeInterval(rate.billingRetryPeriod(for: period))
                    try context.log(.billingRetry, at: due, transaction: row.latestTransactionID, product: row.productID,
                                    statusGroup: row.groupID, detail: "in billing retry until \(iso(row.retryUntil!)); no service")
                    try context.notify(.didFailToRenew, subscription: row, at: due)
                }
            } else {
                try renew(&row, at: due, in: context)
            }
        case .inGracePeriod:
            row.state = .inBillingRetryPeriod
            let retryEnd = row.expirationDate.addingTimeInterval(rate.billingRetryPeriod(for: period))
            row.retryUntil = max(retryEnd, due.addingTimeInterval(1))
            row.graceUntil = nil
            try context.log(.billingRetry, at: due, transaction: row.latestTransactionID, product: row.productID,
                            statusGroup: row.groupID, detail: "grace period over; in billing retry until \(iso(row.retryUntil!)); no service")
            try context.notify(.gracePeriodExpired, subscription: row, at: due)
        case .inBillingRetryPeriod:
            try expire(&row, reason: .billingError, at: due, in: context)
        default:
            break
        }
    }

    static func expire(_ row: inout SubscriptionRow, reason: ExpirationReason, at time: Date, in context: LedgerContext) throws {
        row.state = .expired
        row.expirationReason = reason
        row.willAutoRenew = false
        row.graceUntil = nil
        row.retryUntil = nil
        // B4: a plain expiry changes the status only; nothing is sent on Transaction.updates.
        try context.log(.expiry, at: time, transaction: row.latestTransactionID, product: row.productID,
                        statusGroup: row.groupID, detail: "expired (\(reason))")
        try context.notify(.expired, LedgerContext.expiredSubtype(reason), subscription: row, at: time)
    }

    /// A renewal starting at `start`: a new transaction with the same `originalID` (B12). A
    /// pending downgrade takes effect here; the rate in force now sets the new period (B16).
    /// `happenedAt` is when the store charged, if later than the period's start (a billing issue
    /// resolved during grace keeps the billing date).
    /// The app account token a renewal carries: its purchase's (Apple returns the purchase's
    /// `appAccountToken` on every transaction and renewal info of the subscription).
    static func appAccountToken(of row: SubscriptionRow, in context: LedgerContext) throws -> UUID? {
        try String.fetchOne(cached: context.db, sql: "SELECT appAccountToken FROM transactions WHERE id = ?",
                            arguments: [Int64(clamping: row.latestTransactionID)]).flatMap(UUID.init(uuidString:))
    }

    static func renew(_ row: inout SubscriptionRow, at start: Date, reason kind: StoreEvent.Kind = .renewal,
                      happenedAt: Date? = nil, in context: LedgerContext) throws {
        // A plan change waits for the commitment's end: its payments are for its own product.
        let renewing = row.isCommitted ? row.productID : row.autoRenewProductID
        guard let product = context.catalog.product(id: renewing), let info = product.subscription else {
            try expire(&row, reason: .productUnavailable, at: start, in: context)
            return
        }
        let changed = row.productID != product.id
        let id = try context.nextID()
        var price = context.charged(product.price)
        var period = info.period
        var offer: Transaction.Offer?
        var offerPeriod: SubscriptionPeriod?
        if row.offerPeriodsLeft > 0, let offerPrice = row.offerPrice, !changed || isPendingChangeOffer(row, info) {
            price = context.charged(offerPrice)
            offer = row.offerType.map { .init(id: row.offerID, type: $0, paymentMode: row.offerPaymentMode) }
            // A pay-as-you-go period lasts the offer's period, as the first one did; another
            // offer (a downgrade's) lasts its whole span.
            if let configured = configuredOffer(info, type: row.offerType, id: row.offerID) {
                period = span(of: configured)
                offerPeriod = duration(of: configured)
            }
            row.offerPeriodsLeft -= 1
        } else {
            row.offerPeriodsLeft = 0
        }
        var transaction = Transaction(
            id: id, originalID: row.originalID, productID: product.id, productType: .autoRenewable,
            subscriptionGroupID: row.groupID, purchaseDate: start,
            originalPurchaseDate: try originalPurchaseDate(row, in: context),
            expirationDate: context.clock.rate.end(of: period, from: start), offer: offer, reason: .renewal,
            price: price, currencyCode: context.currencyCode, storefrontCountryCode: context.settings.storefront,
            appAccountToken: try appAccountToken(of: row, in: context), signedDate: happenedAt ?? start, device: nil)
        if row.billingPlanType != nil {
            BillingPlanRules.renew(product, transaction: &transaction, row: &row, at: start, in: context)
        }
        // A renewal has no caller waiting on it, so the fault's latency is dropped with the copy.
        var verificationContext = context
        verificationContext.now = happenedAt ?? start
        transaction.verificationError = try PurchaseRules.verification(in: &verificationContext, device: nil)
        transaction.offerPeriod = offerPeriod
        try transaction.insert(context.db)
        row.productID = product.id
        row.state = .subscribed
        row.expirationReason = nil
        row.graceUntil = nil
        row.retryUntil = nil
        row.expirationDate = transaction.expirationDate!
        row.latestTransactionID = id
        if row.priceIncrease == .agreed { row.priceIncrease = .noIncreasePending }
        var note = changed ? " (plan change to \(product.id) took effect)" : ""
        if let commitment = transaction.commitmentInfo {
            note += "; payment \(commitment.billingPeriodNumber) of \(commitment.totalBillingPeriods)"
        }
        try context.log(kind, at: happenedAt ?? start, transaction: id, product: product.id, delivers: true, statusGroup: row.groupID,
                        detail: "renewed until \(iso(row.expirationDate))\(note)")
        try context.notify(.didRenew, kind == .billingRecovered ? .billingRecovery : nil, subscription: row, at: happenedAt ?? start)
    }
}
