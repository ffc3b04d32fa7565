import Foundation
import GRDB

/// Read-only questions about the account (docs/domain.md §1.9).
enum AccountQueries {
    /// `Transaction.currentEntitlements`: the latest transaction per entitled product —
    /// non-consumables and non-renewing subscriptions not revoked, auto-renewables in
    /// `subscribed` or `inGracePeriod` (B9, B15). Never consumables.
    static func currentEntitlements(_ db: Database) throws -> [Transaction] {
        let owned = try Transaction.fetchAll(db, sql: """
            SELECT t.* FROM transactions t
            JOIN (SELECT max(id) AS id FROM transactions
                  WHERE productType IN ('NonConsumable', 'NonRenewingSubscription') GROUP BY productType, productID) latest
              ON t.id = latest.id
            WHERE t.revocationDate IS NULL
            """)
        let subscribed = try Transaction.fetchAll(db, sql: """
            SELECT t.* FROM subscriptions s JOIN transactions t ON t.id = s.latestTransactionID
            WHERE s.state IN ('subscribed', 'inGracePeriod') AND t.revocationDate IS NULL
            """)
        return (owned + subscribed).sorted { $0.id < $1.id }
    }

    /// One `Status` per subscription group the customer has had.
    static func statuses(_ db: Database, catalog: Catalog, currency: String) throws -> [SubscriptionStatus] {
        try SubscriptionRow.fetchAll(db).compactMap { row in
            guard let transaction = try Transaction.fetch(db, id: row.latestTransactionID) else { return nil }
            let renewalProduct = catalog.product(id: row.autoRenewProductID)
            let shown = { (price: Decimal) in PriceFormat(currencyCode: currency, locale: "").amountShown(price) }
            let plan = BillingPlanRules.renewalTerms(of: row, in: catalog, shown: shown)
            let renewalPrice = row.offerPeriodsLeft > 0 ? row.offerPrice : plan.price ?? renewalProduct?.price
            let willRenew = row.willAutoRenew || plan.committed
            var info = RenewalInfo(
                originalTransactionID: row.originalID, currentProductID: row.productID,
                willAutoRenew: willRenew,
                // Apple: nil when the subscription won't renew (auto-renew off, lapsed, refunded).
                autoRenewPreference: willRenew ? (plan.committed ? row.productID : row.autoRenewProductID) : nil,
                expirationReason: row.state == .expired ? row.expirationReason : nil,
                isInBillingRetry: row.state == .inBillingRetryPeriod || row.state == .inGracePeriod,
                gracePeriodExpirationDate: row.state == .inGracePeriod ? row.graceUntil : nil,
                priceIncreaseStatus: row.priceIncrease,
                // Apple: always present, the end of the most recent period, even once expired.
                renewalDate: row.expirationDate,
                renewalPrice: renewalPrice.map { PriceFormat(currencyCode: currency, locale: "").amountShown($0) },
                currencyCode: currency, recentSubscriptionStartDate: row.startDate,
                eligibleWinBackOfferIDs: SubscriptionRules.eligibleWinBackOffers(for: row, in: catalog).compactMap(\.id))
            info.renewalBillingPlanType = plan.type
            info.commitmentInfo = plan.commitment
            (info.offer, info.offerPeriod) = nextOffer(row, catalog: catalog)
            return SubscriptionStatus(state: row.state, renewalInfo: info, transaction: transaction, subscriptionGroupID: row.groupID)
        }
    }

    /// The offer the subscription's next period renews with, as `SubscriptionRules.renew` will
    /// apply it: periods left of the current product's offer, or a pending downgrade's offer.
    static func nextOffer(_ row: SubscriptionRow, catalog: Catalog) -> (Transaction.Offer?, SubscriptionPeriod?) {
        guard row.offerPeriodsLeft > 0, row.offerPrice != nil, let type = row.offerType, row.state != .expired, row.state != .revoked,
              let next = catalog.product(id: row.autoRenewProductID)?.subscription,
              row.autoRenewProductID == row.productID || SubscriptionRules.isPendingChangeOffer(row, next) else { return (nil, nil) }
        let configured = SubscriptionRules.configuredOffer(next, type: type, id: row.offerID)
        return (Transaction.Offer(id: row.offerID, type: type, paymentMode: row.offerPaymentMode), configured.map(SubscriptionRules.duration(of:)))
    }

    /// `Transaction.all`: the history an app sees — everything but finished, unrefunded consumables.
    static func history(_ db: Database) throws -> [Transaction] {
        try Transaction.fetchAll(db, sql: """
            SELECT * FROM transactions
            WHERE NOT (productType = 'Consumable' AND finished = 1 AND revocationDate IS NULL)
            ORDER BY id
            """)
    }

    /// Every transaction, for the transaction manager and `txn list`.
    static func everything(_ db: Database, limit: Int? = nil) throws -> [Transaction] {
        if let limit {
            return try Transaction.fetchAll(db, sql: "SELECT * FROM (SELECT * FROM transactions ORDER BY id DESC LIMIT ?) ORDER BY id", arguments: [limit])
        }
        return try Transaction.fetchAll(db, sql: "SELECT * FROM transactions ORDER BY id")
    }

    /// The newest entry of the change log (0 when nothing was logged yet); nil when the ledger
    /// has no change log (a read-only ledger made before schema v3).
    static func changeCursor(_ db: Database) throws -> Int64? {
        guard try db.tableExists("ledgerChanges") else { return nil }
        return try Int64.fetchOne(cached: db, sql: "SELECT max(seq) FROM ledgerChanges") ?? 0
    }

    /// Every row written after `cursor`, as it is now: nil when the log cannot say (it has no
    /// entry just after `cursor`, because it was pruned or the file replaced) or when more than
    /// `limit` entries follow it, where reading everything costs less than the many lookups.
    static func changes(_ db: Database, since cursor: Int64, limit: Int64)
        throws -> (cursor: Int64, transactions: [Transaction], pending: [PendingPurchase], removed: [UInt64])? {
        guard try db.tableExists("ledgerChanges"),
              let bounds = try Row.fetchOne(cached: db, sql: "SELECT min(seq) AS low, max(seq) AS high FROM ledgerChanges") else { return nil }
        let low: Int64? = bounds["low"], high: Int64? = bounds["high"]
        guard let low, let high else { return cursor == 0 ? (0, [], [], []) : nil }
        if high == cursor { return (cursor, [], [], []) }
        // The sequence numbers are outside input (a ledger can be edited): no arithmetic on them
        // may trap.
        let next = cursor.addingReportingOverflow(1), count = high.subtractingReportingOverflow(cursor)
        guard cursor < high, !next.overflow, low <= next.partialValue, !count.overflow, count.partialValue <= limit else { return nil }
        let changed = "SELECT DISTINCT rowID FROM ledgerChanges WHERE seq > ?"
        let transactions = try Transaction.fetchAll(db, sql: "SELECT * FROM transactions WHERE id IN (\(changed)) ORDER BY id",
                                                    arguments: [cursor])
        let pending = try Row.fetchAll(cached: db, sql: "SELECT * FROM pending WHERE id IN (\(changed)) ORDER BY id",
                                       arguments: [cursor]).map(PendingPurchase.init(row:))
        let removed = try Int64.fetchAll(cached: db, sql: """
            \(changed) AND rowID NOT IN (SELECT id FROM transactions) AND rowID NOT IN (SELECT id FROM pending) ORDER BY rowID
            """, arguments: [cursor]).map { UInt64(clamping: $0) }
        return (high, transactions, pending, removed)
    }

    static func unfinished(_ db: Database) throws -> [Transaction] {
        try Transaction.fetchAll(db, sql: "SELECT * FROM transactions WHERE finished = 0 ORDER BY id")
    }

    static func pending(_ db: Database) throws -> [PendingPurchase] {
        try Row.fetchAll(cached: db, sql: "SELECT * FROM pending ORDER BY id").map(PendingPurchase.init(row:))
    }

    static func lastEvent(_ db: Database) throws -> StoreEvent? {
        try Row.fetchOne(cached: db, sql: "SELECT * FROM events WHERE kind NOT IN ('finish', 'launch') ORDER BY id DESC LIMIT 1").map(StoreEvent.init(row:))
    }

    static func events(_ db: Database, after id: Int64, limit: Int = 10_000) throws -> [StoreEvent] {
        try Row.fetchAll(cached: db, sql: "SELECT * FROM events WHERE id > ? ORDER BY id LIMIT ?", arguments: [id, limit]).map(StoreEvent.init(row:))
    }

    /// The newest `limit` events, oldest first (the control room's event log at open).
    static func recentEvents(_ db: Database, limit: Int) throws -> [StoreEvent] {
        try Row.fetchAll(cached: db, sql: "SELECT * FROM (SELECT * FROM events ORDER BY id DESC LIMIT ?) ORDER BY id",
                         arguments: [limit]).map(StoreEvent.init(row:))
    }

    static func latestEventID(_ db: Database) throws -> Int64 {
        try Int64.fetchOne(cached: db, sql: "SELECT max(id) FROM events") ?? 0
    }

    /// The earliest moment a subscription needs the clock (`SubscriptionRow.nextDue`), in one
    /// aggregate: devices ask on every poll.
    static func nextDue(_ db: Database) throws -> Date? {
        try Double.fetchOne(cached: db, sql: """
            SELECT min(CASE state WHEN 'subscribed' THEN expirationDate WHEN 'inGracePeriod' THEN graceUntil
                                  WHEN 'inBillingRetryPeriod' THEN retryUntil END) FROM subscriptions
            """).map(Date.init(timeIntervalSince1970:))
    }

    static func snapshot(_ db: Database, catalog: Catalog, wallNow: Date) throws -> StoreSnapshot {
        let clock = try StoreClockState.load(db)
        let settings = try StoreSettings.load(db)
        let currency = Storefront.currencyCode(forAlpha3: settings.storefront)
        let eligible = try Set(catalog.groups.map(\.id).filter {
            try SubscriptionRules.isEligibleForIntroOffer(group: $0, in: db, rule: settings.introRule)
        })
        return StoreSnapshot(
            storeTime: clock.storeTime(atWall: wallNow), timeRate: clock.rate, isClockPaused: clock.isPaused,
            entitlements: try currentEntitlements(db), statuses: try statuses(db, catalog: catalog, currency: currency),
            pendingPurchases: try pending(db), unfinished: try unfinished(db), introEligibleGroupIDs: eligible,
            faults: try FaultBook.all(db), switches: settings.switches, lastEvent: try lastEvent(db),
            locale: settings.locale, storefront: settings.storefront)
    }
}
