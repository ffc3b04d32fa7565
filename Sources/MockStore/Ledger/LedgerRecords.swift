import Foundation
import GRDB

// Row mapping between the ledger's tables and the store's values. Dates are stored as Unix
// seconds (REAL); prices as decimal strings so no precision is lost.

/// Where each `transactions` column sits in one statement's result, resolved once per query so
/// decoding a row reads columns by position (by-name lookups on every field of every row were
/// most of the cost of listing transactions).
struct TransactionColumns {
    let id, originalID, productID, productType, groupID, purchaseDate, originalPurchaseDate: Int
    let expirationDate, revocationDate, revocationReason, isUpgraded, ownershipType: Int
    let offerID, offerType, offerPaymentMode, reason, quantity, price, currency, storefront: Int
    let appAccountToken, device, finished, verificationError, signedDate: Int
    let billingPlanType, commitmentPeriod, commitmentPeriods, commitmentPrice, commitmentExpirationDate: Int
    /// Columns a later schema added (v6); nil in a query that does not select them.
    let refundState, revocationPercentage: Int?
    /// Schema v7's column; absent from a ledger opened read-only before its migration.
    let offerPeriod: Int?

    init(_ statement: Statement) throws {
        func index(_ name: String) throws -> Int {
            guard let index = statement.index(ofColumn: name) else {
                throw StoreOperationError("internal: a transaction query lacks the column \(name): \(statement.sql)")
            }
            return index
        }
        id = try index("id"); originalID = try index("originalID"); productID = try index("productID")
        productType = try index("productType"); groupID = try index("groupID"); purchaseDate = try index("purchaseDate")
        originalPurchaseDate = try index("originalPurchaseDate"); expirationDate = try index("expirationDate")
        revocationDate = try index("revocationDate"); revocationReason = try index("revocationReason")
        isUpgraded = try index("isUpgraded"); ownershipType = try index("ownershipType"); offerID = try index("offerID")
        offerType = try index("offerType"); offerPaymentMode = try index("offerPaymentMode"); reason = try index("reason")
        quantity = try index("quantity"); price = try index("price"); currency = try index("currency")
        storefront = try index("storefront"); appAccountToken = try index("appAccountToken"); device = try index("device")
        finished = try index("finished"); verificationError = try index("verificationError"); signedDate = try index("signedDate")
        billingPlanType = try index("billingPlanType"); commitmentPeriod = try index("commitmentPeriod")
        commitmentPeriods = try index("commitmentPeriods"); commitmentPrice = try index("commitmentPrice")
        commitmentExpirationDate = try index("commitmentExpirationDate")
        refundState = statement.index(ofColumn: "refundState"); revocationPercentage = statement.index(ofColumn: "revocationPercentage")
        offerPeriod = statement.index(ofColumn: "offerPeriod")
    }
}

/// An id read from the ledger. SQLite keeps signed integers and Tollbooth writes only positive
/// ids, so a negative one is damage, reported as such rather than trapped on.
func ledgerID(_ value: Int64, _ column: String) throws -> UInt64 {
    guard let id = UInt64(exactly: value) else {
        throw LedgerDamage(what: "its column \(column) holds \(value), and Tollbooth never writes a negative id") { _ in
            "restore it from a copy, or choose another --ledger path."
        }
    }
    return id
}

/// A date read from the ledger (Unix seconds). Tollbooth writes finite dates within some
/// thousands of years of 1970; anything else is damage, reported as such: an infinite or huge
/// due date would otherwise make a catch-up renew forever (calendar arithmetic gives up on it).
func ledgerDate(_ seconds: Double, _ column: String) throws -> Date {
    guard seconds.isFinite, abs(seconds) < 1e12 else {
        throw LedgerDamage(what: "its column \(column) holds \(seconds), which is not a date Tollbooth writes") { _ in
            "restore it from a copy, or choose another --ledger path."
        }
    }
    return Date(timeIntervalSince1970: seconds)
}

/// Prices are stored as plain decimal strings.
let posixLocale = Locale(identifier: "en_US_POSIX")

extension Transaction {
    init(row: Row, columns c: TransactionColumns) throws {
        let offerType: String? = row[c.offerType]
        self.init(
            id: try ledgerID(row[c.id], "transactions.id"), originalID: try ledgerID(row[c.originalID], "transactions.originalID"),
            webOrderLineItemID: nil, appBundleID: "",
            productID: row[c.productID], productType: ProductType(rawValue: row[c.productType]),
            subscriptionGroupID: row[c.groupID],
            purchaseDate: try ledgerDate(row[c.purchaseDate], "transactions.purchaseDate"),
            originalPurchaseDate: try ledgerDate(row[c.originalPurchaseDate], "transactions.originalPurchaseDate"),
            expirationDate: try (row[c.expirationDate] as Double?).map { try ledgerDate($0, "transactions.expirationDate") },
            revocationDate: try (row[c.revocationDate] as Double?).map { try ledgerDate($0, "transactions.revocationDate") },
            revocationReason: (row[c.revocationReason] as String?).map(RevocationReason.init(rawValue:)),
            isUpgraded: row[c.isUpgraded], ownershipType: OwnershipType(rawValue: row[c.ownershipType]),
            offer: offerType.map {
                Offer(id: row[c.offerID], type: OfferType(rawValue: $0),
                      paymentMode: (row[c.offerPaymentMode] as String?).map(PaymentMode.init(rawValue:)))
            },
            reason: TransactionReason(rawValue: row[c.reason]), environment: .xcode,
            purchasedQuantity: row[c.quantity],
            price: (row[c.price] as String?).flatMap { Decimal(string: $0, locale: posixLocale) },
            currencyCode: row[c.currency], storefrontCountryCode: row[c.storefront],
            appAccountToken: (row[c.appAccountToken] as String?).flatMap(UUID.init(uuidString:)),
            signedDate: try ledgerDate(row[c.signedDate], "transactions.signedDate"),
            billingPlanType: (row[c.billingPlanType] as String?).map(BillingPlanType.init(rawValue:)),
            commitmentInfo: try Self.commitmentInfo(row, c),
            device: row[c.device], isFinished: row[c.finished],
            verificationError: (row[c.verificationError] as String?).flatMap { name in
                VerificationError.allCases.first { "\($0)" == name }
            },
            refundState: c.refundState.flatMap { row[$0] as String? }.map(RefundState.init(rawValue:)),
            proratedRefundMillipercent: c.revocationPercentage.flatMap { row[$0] as Int? })
        offerPeriod = c.offerPeriod.flatMap { (row[$0] as String?).flatMap(SubscriptionPeriod.init(iso8601:)) }
    }

    /// The commitment columns, all present or none (a partial set is damage).
    private static func commitmentInfo(_ row: Row, _ c: TransactionColumns) throws -> CommitmentInfo? {
        let number: Int64? = row[c.commitmentPeriod]
        let total: Int64? = row[c.commitmentPeriods]
        let price = (row[c.commitmentPrice] as String?).flatMap { Decimal(string: $0, locale: posixLocale) }
        let end: Double? = row[c.commitmentExpirationDate]
        if number == nil && total == nil && price == nil && end == nil { return nil }
        guard let number, let total, let price, let end,
              let period = Int(exactly: number), let periods = Int(exactly: total) else {
            throw LedgerDamage(what: "a transaction's commitment columns are only partly filled") { _ in
                "restore it from a copy, or choose another --ledger path."
            }
        }
        return CommitmentInfo(billingPeriodNumber: period, totalBillingPeriods: periods, price: price,
                              expirationDate: try ledgerDate(end, "transactions.commitmentExpirationDate"))
    }

    func insert(_ db: Database) throws {
        try db.run(
            sql: """
                INSERT INTO transactions (id, originalID, productID, productType, groupID, purchaseDate,
                  originalPurchaseDate, expirationDate, revocationDate, revocationReason, isUpgraded,
                  ownershipType, offerID, offerType, offerPaymentMode, reason, quantity, price, currency,
                  storefront, appAccountToken, device, finished, verificationError, signedDate,
                  billingPlanType, commitmentPeriod, commitmentPeriods, commitmentPrice, commitmentExpirationDate,
                  offerPeriod)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
            arguments: [
                Int64(id), Int64(originalID), productID, productType.rawValue, subscriptionGroupID,
                purchaseDate.timeIntervalSince1970, originalPurchaseDate.timeIntervalSince1970,
                expirationDate?.timeIntervalSince1970, revocationDate?.timeIntervalSince1970,
                revocationReason?.rawValue, isUpgraded, ownershipType.rawValue, offer?.id, offer?.type.rawValue,
                offer?.paymentMode?.rawValue, reason.rawValue, purchasedQuantity, price.map { "\($0)" },
                currencyCode, storefrontCountryCode, appAccountToken?.uuidString, device, isFinished,
                verificationError.map { "\($0)" }, signedDate.timeIntervalSince1970,
                billingPlanType?.rawValue, commitmentInfo?.billingPeriodNumber, commitmentInfo?.totalBillingPeriods,
                commitmentInfo.map { "\($0.price)" }, commitmentInfo?.expirationDate.timeIntervalSince1970,
                offerPeriod?.iso8601,
            ])
    }

    /// The transaction with this id; nil for any id that names none, however large (ids come
    /// from outside: an App Store Server API path, a command line).
    static func fetch(_ db: Database, id: UInt64) throws -> Transaction? {
        guard let key = Int64(exactly: id) else { return nil }
        return try fetchAll(db, sql: "SELECT * FROM transactions WHERE id = ?", arguments: [key]).first
    }

    /// The newest transaction of a product, whatever its state.
    static func latest(productID: String, in db: Database) throws -> Transaction? {
        try fetchAll(db, sql: "SELECT * FROM transactions WHERE productID = ? ORDER BY id DESC LIMIT 1",
                     arguments: [productID]).first
    }

    /// Marks transaction `id` finished by `device`. Returns false, changing nothing, when it was
    /// already finished or does not exist.
    static func markFinished(_ id: UInt64, by device: String, in db: Database) throws -> Bool {
        try db.run(sql: "UPDATE transactions SET finished = 1, finishedBy = ? WHERE id = ? AND finished = 0",
                   arguments: [device, Int64(clamping: id)])
        return db.changesCount > 0
    }

    /// Transactions from a query selecting every column (`SELECT *` / `t.*`). The compiled
    /// statement is cached per connection.
    static func fetchAll(_ db: Database, sql: String, arguments: StatementArguments = []) throws -> [Transaction] {
        let statement = try db.cachedStatement(sql: sql)
        let columns = try TransactionColumns(statement)
        return try Array(Row.fetchCursor(statement, arguments: arguments).map { try Transaction(row: $0, columns: columns) })
    }
}

/// One subscription group's live state: at most one subscription per group (B5), and one
/// `originalID` per group across resubscriptions (docs/domain.md S5, kept per group).
struct SubscriptionRow: Sendable, Hashable {
    var groupID: String
    var originalID: UInt64
    var productID: String
    var autoRenewProductID: String
    var willAutoRenew: Bool
    var state: RenewalState
    var expirationDate: Date
    var expirationReason: ExpirationReason?
    var graceUntil: Date?
    var retryUntil: Date?
    var priceIncrease: PriceIncreaseStatus
    var latestTransactionID: UInt64
    var startDate: Date
    /// Renewals still billed at the offer price (pay-as-you-go offers).
    var offerPeriodsLeft: Int
    var offerPrice: Decimal?
    var offerType: OfferType?
    var offerPaymentMode: PaymentMode?
    var offerID: String?
    /// The billing plan of the commitment in progress (`.monthly`); nil when billed up front.
    var billingPlanType: BillingPlanType?
    /// The number of the latest billed period of the commitment (1…`commitmentPeriods`); 0 outside one.
    var commitmentPeriod: Int
    var commitmentPeriods: Int
    /// The commitment's total price.
    var commitmentPrice: Decimal?
    /// The start of the commitment's first period: period n ends n months after it.
    var commitmentStartDate: Date?
    /// The end of the commitment's last period.
    var commitmentExpirationDate: Date?
    /// How the next commitment (or, after one, the next period) is paid.
    var renewalBillingPlanType: BillingPlanType?

    /// Whether payments are still owed in the commitment in progress: its periods continue to
    /// be billed whatever the customer's auto-renew choice (Apple).
    var isCommitted: Bool { billingPlanType == .monthly && commitmentPeriod < commitmentPeriods }

    /// When this subscription next needs the clock's attention, if ever.
    var nextDue: Date? {
        switch state {
        case .subscribed: expirationDate
        case .inGracePeriod: graceUntil
        case .inBillingRetryPeriod: retryUntil
        default: nil
        }
    }

    init(row: Row) throws {
        groupID = row["groupID"]
        originalID = try ledgerID(row["originalID"], "subscriptions.originalID")
        productID = row["productID"]
        autoRenewProductID = row["autoRenewProductID"]
        willAutoRenew = row["willAutoRenew"]
        state = RenewalState(rawValue: row["state"])
        expirationDate = try ledgerDate(row["expirationDate"], "subscriptions.expirationDate")
        expirationReason = (row["expirationReason"] as String?).map(ExpirationReason.init(rawValue:))
        graceUntil = try (row["graceUntil"] as Double?).map { try ledgerDate($0, "subscriptions.graceUntil") }
        retryUntil = try (row["retryUntil"] as Double?).map { try ledgerDate($0, "subscriptions.retryUntil") }
        priceIncrease = PriceIncreaseStatus(rawValue: row["priceIncrease"])
        latestTransactionID = try ledgerID(row["latestTransactionID"], "subscriptions.latestTransactionID")
        startDate = try ledgerDate(row["startDate"], "subscriptions.startDate")
        offerPeriodsLeft = row["offerPeriodsLeft"]
        offerPrice = (row["offerPrice"] as String?).flatMap { Decimal(string: $0, locale: posixLocale) }
        offerType = (row["offerType"] as String?).map(OfferType.init(rawValue:))
        offerPaymentMode = (row["offerPaymentMode"] as String?).map(PaymentMode.init(rawValue:))
        offerID = row["offerID"]
        billingPlanType = (row["billingPlanType"] as String?).map(BillingPlanType.init(rawValue:))
        commitmentPeriod = row["commitmentPeriod"] ?? 0
        commitmentPeriods = row["commitmentPeriods"] ?? 0
        commitmentPrice = (row["commitmentPrice"] as String?).flatMap { Decimal(string: $0, locale: posixLocale) }
        commitmentStartDate = try (row["commitmentStartDate"] as Double?).map {
            try ledgerDate($0, "subscriptions.commitmentStartDate")
        }
        commitmentExpirationDate = try (row["commitmentExpirationDate"] as Double?).map {
            try ledgerDate($0, "subscriptions.commitmentExpirationDate")
        }
        renewalBillingPlanType = (row["renewalBillingPlanType"] as String?).map(BillingPlanType.init(rawValue:))
    }

    init(groupID: String, originalID: UInt64, productID: String, state: RenewalState, expirationDate: Date,
         latestTransactionID: UInt64, startDate: Date) {
        self.groupID = groupID
        self.originalID = originalID
        self.productID = productID
        self.autoRenewProductID = productID
        self.willAutoRenew = true
        self.state = state
        self.expirationDate = expirationDate
        self.priceIncrease = .noIncreasePending
        self.latestTransactionID = latestTransactionID
        self.startDate = startDate
        self.offerPeriodsLeft = 0
        self.commitmentPeriod = 0
        self.commitmentPeriods = 0
    }

    static func fetch(_ db: Database, group: String) throws -> SubscriptionRow? {
        try Row.fetchOne(cached: db, sql: "SELECT * FROM subscriptions WHERE groupID = ?", arguments: [group]).map(SubscriptionRow.init(row:))
    }

    static func fetchAll(_ db: Database) throws -> [SubscriptionRow] {
        try Row.fetchAll(cached: db, sql: "SELECT * FROM subscriptions ORDER BY groupID").map(SubscriptionRow.init(row:))
    }

    func save(_ db: Database) throws {
        try db.run(
            sql: """
                INSERT OR REPLACE INTO subscriptions (groupID, originalID, productID, autoRenewProductID,
                  willAutoRenew, state, expirationDate, expirationReason, graceUntil, retryUntil, priceIncrease,
                  latestTransactionID, startDate, offerPeriodsLeft, offerPrice, offerType, offerPaymentMode, offerID,
                  billingPlanType, commitmentPeriod, commitmentPeriods, commitmentPrice, commitmentStartDate,
                  commitmentExpirationDate, renewalBillingPlanType)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
            arguments: [
                groupID, Int64(originalID), productID, autoRenewProductID, willAutoRenew, state.rawValue,
                expirationDate.timeIntervalSince1970, expirationReason?.rawValue, graceUntil?.timeIntervalSince1970,
                retryUntil?.timeIntervalSince1970, priceIncrease.rawValue, Int64(latestTransactionID),
                startDate.timeIntervalSince1970, offerPeriodsLeft, offerPrice.map { "\($0)" }, offerType?.rawValue,
                offerPaymentMode?.rawValue, offerID, billingPlanType?.rawValue, commitmentPeriod, commitmentPeriods,
                commitmentPrice.map { "\($0)" }, commitmentStartDate?.timeIntervalSince1970,
                commitmentExpirationDate?.timeIntervalSince1970, renewalBillingPlanType?.rawValue,
            ])
    }
}

extension PendingPurchase {
    init(row: Row) {
        self.init(id: row["id"], productID: row["productID"], device: row["device"],
                  requestedAt: Date(timeIntervalSince1970: row["requestedAt"]),
                  kind: Kind(rawValue: row["kind"]) ?? .askToBuy, quantity: row["quantity"] ?? 1,
                  appAccountToken: (row["appAccountToken"] as String?).flatMap(UUID.init(uuidString:)),
                  billingPlanType: (row["billingPlanType"] as String?).map(BillingPlanType.init(rawValue:)))
    }
}

extension StoreEvent {
    init(row: Row) throws {
        self.init(
            id: row["id"], kind: Kind(rawValue: row["kind"]) ?? .launch,
            storeTime: Date(timeIntervalSince1970: row["storeTime"]),
            wallTime: Date(timeIntervalSince1970: row["wallTime"]),
            transactionID: try (row["transactionID"] as Int64?).map { try ledgerID($0, "events.transactionID") },
            productID: row["productID"], device: row["device"],
            deliversTransaction: (row["delivers"] as Int) != 0, isOutsideApp: (row["delivers"] as Int) == LedgerContext.deliversOutsideApp,
            statusGroupID: row["statusGroupID"], detail: row["detail"])
    }
}
