import Foundation
import GRDB

/// The auto-renewable subscription life: subscribe, change plan, renew, fail to bill, recover,
/// expire (docs/domain.md §1.8 state machine, B4–B7, B12, B15, B16; S1–S6, S15, S17).
enum SubscriptionRules {
    /// A purchase of an auto-renewable product: a new subscription, a resubscription, or a
    /// change of plan inside the group (one active subscription per group, B5).
    static func subscribe(_ product: CatalogProduct, device: String?, options: Set<PurchaseOption>,
                          eventKind: StoreEvent.Kind, eventDevice: String?, outsideApp: Bool = false,
                          in context: inout LedgerContext) throws -> Transaction {
        guard let info = product.subscription else {
            throw StoreOperationError("product '\(product.id)' is auto-renewable but has no subscription period")
        }
        // Every path through a live subscription returns, so `existing` is still current below.
        let existing = try SubscriptionRow.fetch(context.db, group: info.groupID)
        if var row = existing, row.state != .expired, row.state != .revoked {
            let latest = try context.transaction(row.latestTransactionID)
            if row.productID == product.id {
                // S15/S6: already subscribed — no new transaction, no charge; buying again
                // turns auto-renew back on (unconfirmed, docs/domain.md S6).
                if !row.willAutoRenew || row.autoRenewProductID != product.id {
                    let wasOff = !row.willAutoRenew
                    dropPendingChangeOffer(&row, catalog: context.catalog)
                    row.willAutoRenew = true
                    row.autoRenewProductID = product.id
                    try row.save(context.db)
                    try context.log(.autoRenewOn, transaction: latest.id, product: product.id, device: device,
                                    statusGroup: info.groupID, detail: "resubscribed before expiry: auto-renew on again")
                    // Auto-renew back on; or, with it on, a pending downgrade cancelled (no subtype).
                    if wasOff {
                        try context.notify(.didChangeRenewalStatus, .autoRenewEnabled, subscription: row)
                    } else {
                        try context.notify(.didChangeRenewalPref, subscription: row)
                    }
                } else {
                    try context.log(.purchase, transaction: latest.id, product: product.id, device: device,
                                    detail: "already subscribed; no charge, existing transaction returned")
                }
                return latest
            }
            let currentLevel = context.catalog.product(id: row.productID)?.subscription?.level ?? Int.max
            let currentPeriod = context.catalog.product(id: row.productID)?.subscription?.period
            let immediate = info.level < currentLevel || (info.level == currentLevel && info.period == currentPeriod)
            let kind: StoreEvent.Kind = info.level < currentLevel ? .upgrade : info.level > currentLevel ? .downgrade : .crossgrade
            // A plan change bought with a promotional, win-back or code offer is OFFER_REDEEMED
            // with the change's subtype (Apple's OFFER_REDEEMED UPGRADE / DOWNGRADE).
            let offer = changeOffer(info, options: options)
            if !immediate {
                // Downgrade (or crossgrade to another duration): takes effect at the next renewal,
                // and so does its offer.
                row.autoRenewProductID = product.id
                row.willAutoRenew = true
                if let offer { pend(offer, on: &row) }
                try row.save(context.db)
                try context.log(kind, transaction: latest.id, product: product.id, device: device,
                                statusGroup: info.groupID,
                                detail: "\(row.productID) → \(product.id) at the next renewal (\(iso(row.expirationDate)))\(offerText(offer))")
                try context.notify(offer == nil ? .didChangeRenewalPref : .offerRedeemed, .downgrade, subscription: row)
                return latest
            }
            // Upgrade (or same-duration crossgrade): immediate; the old period is refunded pro rata.
            try context.db.run(sql: "UPDATE transactions SET isUpgraded = 1 WHERE id = ?", arguments: [Int64(latest.id)])
            let refund = proratedRefund(of: latest, at: context.now)
            var transaction = try PurchaseRules.newTransaction(product, device: device, options: options, in: &context)
            transaction.originalID = row.originalID
            transaction.originalPurchaseDate = try originalPurchaseDate(row, in: context)
            transaction.subscriptionGroupID = info.groupID
            transaction.expirationDate = context.clock.rate.end(of: info.period, from: context.now)
            row.offerPeriodsLeft = 0
            row.offerPrice = nil
            row.offerType = nil
            row.offerPaymentMode = nil
            row.offerID = nil
            if let offer { apply(offer, to: &transaction, row: &row, in: context) }
            // The change starts afresh: a commitment of the old plan ends with it (ours).
            BillingPlanRules.leave(&row)
            if BillingPlanRules.requested(options) == .monthly {
                BillingPlanRules.begin(product, transaction: &transaction, row: &row, at: context.now, in: context)
            }
            try transaction.insert(context.db)
            row.productID = product.id
            row.autoRenewProductID = product.id
            row.willAutoRenew = true
            row.state = .subscribed
            row.expirationReason = nil
            row.graceUntil = nil
            row.retryUntil = nil
            row.expirationDate = transaction.expirationDate!
            row.latestTransactionID = transaction.id
            try row.save(context.db)
            try context.log(kind, transaction: transaction.id, product: product.id, device: outsideApp ? device : eventDevice,
                            delivers: true, outsideApp: outsideApp,
                            statusGroup: info.groupID,
                            detail: "\(latest.productID) → \(product.id) now; \(latest.id) marked isUpgraded; prorated refund \(refund) \(context.currencyCode)\(offerText(offer))")
            // Apple: an upgrade (or a crossgrade of the same duration) takes effect at once.
            try context.notify(offer == nil ? .didChangeRenewalPref : .offerRedeemed, .upgrade, subscription: row)
            return transaction
        }

        // A new subscription, or a resubscription after expiry/revocation (S6 after expiry).
        let monthly = BillingPlanRules.requested(options) == .monthly
        // A commitment takes no offer (BillingPlanRules.error refuses explicit ones).
        let offer = monthly ? nil : try chooseOffer(info, options: options, in: context)
        var transaction = try PurchaseRules.newTransaction(product, device: device, options: options, in: &context)
        transaction.subscriptionGroupID = info.groupID
        if let existing {
            transaction.originalID = existing.originalID
            transaction.originalPurchaseDate = try originalPurchaseDate(existing, in: context)
        }
        var row = SubscriptionRow(groupID: info.groupID, originalID: transaction.originalID, productID: product.id,
                                  state: .subscribed, expirationDate: context.now, latestTransactionID: transaction.id,
                                  startDate: try recentStartDate(resubscribing: existing, in: context))
        if let offer {
            apply(offer, to: &transaction, row: &row, in: context)
        } else {
            transaction.expirationDate = context.clock.rate.end(of: info.period, from: context.now)
        }
        if monthly {
            BillingPlanRules.begin(product, transaction: &transaction, row: &row, at: context.now, in: context)
        }
        row.expirationDate = transaction.expirationDate!
        try transaction.insert(context.db)
        try row.save(context.db)
        let monthlyText = monthly ? ", billed monthly: payment 1 of \(row.commitmentPeriods)" : ""
        try context.log(eventKind, transaction: transaction.id, product: product.id, device: outsideApp ? device : eventDevice,
                        delivers: true, outsideApp: outsideApp,
                        statusGroup: info.groupID,
                        detail: "subscribed to \(product.id) until \(iso(row.expirationDate))\(offerText(offer))\(monthlyText)")
        // An introductory offer is part of subscribing; the others are redeemed.
        let redeemed = offer.map { $0.type != .introductory } ?? false
        try context.notify(redeemed ? .offerRedeemed : .subscribed, existing == nil ? .initialBuy : .resubscribe, subscription: row)
        return transaction
    }

    /// The offer a new subscription gets: an explicit promotional / win-back offer, else the
    /// introductory offer when the customer is eligible (B7).
    static func chooseOffer(_ info: CatalogSubscription, options: Set<PurchaseOption>, in context: LedgerContext) throws -> CatalogOffer? {
        if let id = options.promotionalOfferID { return info.promotionalOffers.first { $0.id == id } }
        if let id = options.winBackOfferID { return info.winBackOffers.first { $0.id == id } }
        if let name = options.codeOfferReferenceName { return info.codeOffers.first { $0.referenceName == name } }
        guard let intro = info.introductoryOffer else { return nil }
        return try isEligibleForIntroOffer(group: info.groupID, in: context.db, rule: context.settings.introRule) ? intro : nil
    }

    /// `eligibleWinBackOfferIDs`: the win-back offers of the lapsed product that the file marks
    /// eligible, in file order. Only a churned subscription (expired, auto-renew off) has any;
    /// Apple: none in a grace period or billing retry.
    static func eligibleWinBackOffers(for row: SubscriptionRow, in catalog: Catalog) -> [CatalogOffer] {
        guard row.state == .expired else { return [] }
        return catalog.product(id: row.productID)?.subscription?.winBackOffers.filter(\.isEligible) ?? []
    }

    static func isEligibleForIntroOffer(group: String, in db: Database, rule: StoreSettings.IntroEligibilityRule) throws -> Bool {
        try Bool.fetchOne(cached: db, sql: introEligibilitySQL(rule), arguments: [group]) == false
    }

    /// Whether the account has a transaction that ends intro eligibility in a group (`?`).
    /// EXISTS stops at the first row the index (`transactions_by_group`) finds.
    static func introEligibilitySQL(_ rule: StoreSettings.IntroEligibilityRule) -> String {
        switch rule {
        case .anySubscription: "SELECT EXISTS (SELECT 1 FROM transactions WHERE groupID = ?)"
        case .receivedIntroOffer: "SELECT EXISTS (SELECT 1 FROM transactions WHERE groupID = ? AND offerType = 'introductory')"
        }
    }

    /// The catalog offer a subscription row is paying through, found by type and id.
    static func configuredOffer(_ info: CatalogSubscription, type: OfferType?, id: String?) -> CatalogOffer? {
        switch type {
        case .introductory?: info.introductoryOffer
        case .promotional?: info.promotionalOffers.first { $0.id == id }
        case .winBack?: info.winBackOffers.first { $0.id == id }
        case .code?: info.codeOffers.first { $0.referenceName == id }
        default: nil
        }
    }

    /// `recentSubscriptionStartDate` of a (re)subscription starting now: the earlier run's start
    /// when paid service lapsed for less than `TimeRate.ignoredLapse`, else now.
    static func recentStartDate(resubscribing previous: SubscriptionRow?, in context: LedgerContext) throws -> Date {
        guard let previous else { return context.now }
        var serviceEnd = previous.expirationDate
        if previous.state == .revoked, let revoked = try Transaction.fetch(context.db, id: previous.latestTransactionID)?.revocationDate {
            serviceEnd = min(serviceEnd, revoked)
        }
        return context.now.timeIntervalSince(serviceEnd) < context.clock.rate.ignoredLapse ? previous.startDate : context.now
    }

    static func originalPurchaseDate(_ row: SubscriptionRow, in context: LedgerContext) throws -> Date {
        try Double.fetchOne(cached: context.db, sql: "SELECT purchaseDate FROM transactions WHERE id = ?",
                            arguments: [Int64(row.originalID)]).map(Date.init(timeIntervalSince1970:))
            ?? row.startDate
    }

    /// The unused part of the old period's price, as the refund an upgrade triggers.
    static func proratedRefund(of transaction: Transaction, at now: Date) -> Decimal {
        guard let price = transaction.price else { return 0 }
        var value = price * Decimal(periodLeft(of: transaction, at: now))
        var rounded = Decimal()
        NSDecimalRound(&rounded, &value, 2, .plain)
        return rounded
    }

    /// The share of a transaction's period still ahead at `now`, from 0 to 1: what a prorated
    /// refund gives back. 0 for a transaction without a period.
    static func periodLeft(of transaction: Transaction, at now: Date) -> Double {
        guard let end = transaction.expirationDate else { return 0 }
        let total = end.timeIntervalSince(transaction.purchaseDate)
        guard total > 0 else { return 0 }
        return min(max(end.timeIntervalSince(now) / total, 0), 1)
    }
}

/// Dates in event details: ISO-8601 in UTC, to the second.
func iso(_ date: Date) -> String {
    date.formatted(.iso8601.year().month().day().dateSeparator(.dash).time(includingFractionalSeconds: false).timeSeparator(.colon))
}
