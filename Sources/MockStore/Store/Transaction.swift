import Foundation

/// A purchase, renewal or restore record, shaped like StoreKit 2's `Transaction`.
///
/// A value: it does not change when the ledger changes. Ask the store again (or listen to
/// `updates`) to see a later state, exactly as an app must with StoreKit.
public struct Transaction: Sendable, Identifiable, Hashable, Codable {
    public var id: UInt64
    public var originalID: UInt64
    public var webOrderLineItemID: String?
    public var appBundleID: String
    public var productID: String
    public var productType: ProductType
    public var subscriptionGroupID: String?
    public var purchaseDate: Date
    public var originalPurchaseDate: Date
    public var expirationDate: Date?
    public var revocationDate: Date?
    public var revocationReason: RevocationReason?
    /// True on the superseded transaction after an upgrade (B6).
    public var isUpgraded: Bool
    public var ownershipType: OwnershipType
    public var offer: Offer?
    /// The offer's whole duration, as Apple's `offerPeriod` and StoreKit's `Transaction.Offer.period`
    /// give it: one period × the number of periods (`P1M` × 3 → `P3M`); nil without an offer.
    public var offerPeriod: SubscriptionPeriod?
    public var reason: TransactionReason
    public var environment: StoreEnvironment
    public var purchasedQuantity: Int
    /// What was charged (the offer price during an offer).
    public var price: Decimal?
    public var currencyCode: String?
    public var storefrontCountryCode: String
    public var appAccountToken: UUID?
    public var signedDate: Date
    /// `billingPlanType`: `.monthly` on every payment of a monthly plan with a 12-month
    /// commitment; nil for a subscription billed up front as before billing plans existed.
    public var billingPlanType: BillingPlanType?
    /// `commitmentInfo`: which payment of the commitment this transaction is; nil outside one.
    public var commitmentInfo: CommitmentInfo?

    // Tollbooth's own bookkeeping, shown in the transaction manager.
    /// The device that bought it; nil when it came from outside the app (CLI, another account
    /// action, a renewal by the store).
    public var device: String?
    /// Whether the app has called `finish()`.
    public var isFinished: Bool
    /// Set when the transaction is handed out as `.unverified`.
    public var verificationError: VerificationError?
    /// What the customer's latest refund request came to, while no refund stands: requested
    /// (open), declined, or a refund reversed; nil when there was none or it was granted (the
    /// revocation says so). Tollbooth's record (docs/domain.md §2.6); StoreKit has no such field.
    public var refundState: RefundState?
    /// A prorated refund's share, in millipercent as Apple's `revocationPercentage` (40% is
    /// 40000); nil for a full refund, a family revocation or none.
    public var proratedRefundMillipercent: Int?

    /// The offer applied to a transaction, as `Transaction.Offer`.
    public struct Offer: Sendable, Hashable, Codable {
        public var id: String?
        public var type: OfferType
        public var paymentMode: PaymentMode?

        public init(id: String?, type: OfferType, paymentMode: PaymentMode?) {
            self.id = id
            self.type = type
            self.paymentMode = paymentMode
        }
    }

    /// A payment's place in a 12-month commitment, as `Transaction.CommitmentInfo`.
    public struct CommitmentInfo: Sendable, Hashable, Codable {
        /// 1 for the first payment of the commitment, up to `totalBillingPeriods`.
        public var billingPeriodNumber: Int
        public var totalBillingPeriods: Int
        /// The commitment's total (the catalog's `commitmentDisplayPrice`).
        public var price: Decimal
        /// When the commitment ends: the end of its last billing period.
        public var expirationDate: Date

        public init(billingPeriodNumber: Int, totalBillingPeriods: Int, price: Decimal, expirationDate: Date) {
            self.billingPeriodNumber = billingPeriodNumber
            self.totalBillingPeriods = totalBillingPeriods
            self.price = price
            self.expirationDate = expirationDate
        }
    }

    public init(id: UInt64, originalID: UInt64, webOrderLineItemID: String? = nil, appBundleID: String = "",
                productID: String, productType: ProductType, subscriptionGroupID: String? = nil,
                purchaseDate: Date, originalPurchaseDate: Date, expirationDate: Date? = nil,
                revocationDate: Date? = nil, revocationReason: RevocationReason? = nil,
                isUpgraded: Bool = false, ownershipType: OwnershipType = .purchased, offer: Offer? = nil,
                reason: TransactionReason = .purchase, environment: StoreEnvironment = .xcode,
                purchasedQuantity: Int = 1, price: Decimal? = nil, currencyCode: String? = nil,
                storefrontCountryCode: String = "USA", appAccountToken: UUID? = nil, signedDate: Date? = nil,
                billingPlanType: BillingPlanType? = nil, commitmentInfo: CommitmentInfo? = nil,
                device: String? = nil, isFinished: Bool = false, verificationError: VerificationError? = nil,
                refundState: RefundState? = nil, proratedRefundMillipercent: Int? = nil) {
        self.id = id
        self.originalID = originalID
        self.webOrderLineItemID = webOrderLineItemID
        self.appBundleID = appBundleID
        self.productID = productID
        self.productType = productType
        self.subscriptionGroupID = subscriptionGroupID
        self.purchaseDate = purchaseDate
        self.originalPurchaseDate = originalPurchaseDate
        self.expirationDate = expirationDate
        self.revocationDate = revocationDate
        self.revocationReason = revocationReason
        self.isUpgraded = isUpgraded
        self.ownershipType = ownershipType
        self.offer = offer
        self.reason = reason
        self.environment = environment
        self.purchasedQuantity = purchasedQuantity
        self.price = price
        self.currencyCode = currencyCode
        self.storefrontCountryCode = storefrontCountryCode
        self.appAccountToken = appAccountToken
        self.signedDate = signedDate ?? purchaseDate
        self.billingPlanType = billingPlanType
        self.commitmentInfo = commitmentInfo
        self.device = device
        self.isFinished = isFinished
        self.verificationError = verificationError
        self.refundState = refundState
        self.proratedRefundMillipercent = proratedRefundMillipercent
    }

    /// The transaction as the store hands it out: `.unverified` when it was marked so.
    public var verificationResult: VerificationResult<Transaction> {
        if let verificationError { return .unverified(self, verificationError) }
        return .verified(self)
    }
}
