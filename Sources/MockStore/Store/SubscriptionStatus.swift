import Foundation

/// A subscription's renewal facts, as `Product.SubscriptionInfo.RenewalInfo`.
public struct RenewalInfo: Sendable, Hashable, Codable {
    public var originalTransactionID: UInt64
    /// Product of the current period.
    public var currentProductID: String
    /// Whether the next billing period will be billed: false once the customer turns auto-renew
    /// off, except inside a commitment, whose remaining payments are due regardless (Apple).
    public var willAutoRenew: Bool
    /// Product the next period will use; differs from `currentProductID` after a downgrade.
    /// Nil when the subscription will not renew (auto-renew off, expired, refunded).
    public var autoRenewPreference: String?
    public var expirationReason: ExpirationReason?
    public var isInBillingRetry: Bool
    /// Non-nil only while in a grace period.
    public var gracePeriodExpirationDate: Date?
    public var priceIncreaseStatus: PriceIncreaseStatus
    /// When the most recent period ends (or ended): present in every state, expired included.
    public var renewalDate: Date?
    public var renewalPrice: Decimal?
    public var currencyCode: String?
    public var recentSubscriptionStartDate: Date?
    public var eligibleWinBackOfferIDs: [String]
    public var environment: StoreEnvironment
    /// `renewalBillingPlanType`: how the next billing period is paid; nil outside billing plans.
    public var renewalBillingPlanType: BillingPlanType?
    /// The commitment in progress, as `RenewalInfo.CommitmentInfo`; nil outside one.
    public var commitmentInfo: CommitmentInfo?

    /// What happens when a 12-month commitment ends, as `RenewalInfo.CommitmentInfo`.
    public struct CommitmentInfo: Sendable, Hashable, Codable {
        /// When the commitment ends and the next one would start.
        public var renewalDate: Date
        /// What the next commitment costs in all (or the up-front price when it renews billed up front).
        public var renewalPrice: Decimal?
        /// Whether the subscription renews when the commitment ends (the customer's auto-renew choice).
        public var willAutoRenew: Bool
        /// The product the next commitment is for.
        public var autoRenewPreference: String
        /// How the next commitment is paid.
        public var renewalBillingPlanType: BillingPlanType

        public init(renewalDate: Date, renewalPrice: Decimal?, willAutoRenew: Bool, autoRenewPreference: String,
                    renewalBillingPlanType: BillingPlanType) {
            self.renewalDate = renewalDate
            self.renewalPrice = renewalPrice
            self.willAutoRenew = willAutoRenew
            self.autoRenewPreference = autoRenewPreference
            self.renewalBillingPlanType = renewalBillingPlanType
        }
    }
    /// The offer the next period renews with (the periods left of a pay-as-you-go offer, a
    /// downgrade's offer), as StoreKit's `RenewalInfo.offer`; nil when it renews at full price.
    public var offer: Transaction.Offer?
    /// That offer's whole duration (Apple's `offerPeriod`).
    public var offerPeriod: SubscriptionPeriod?

    public init(originalTransactionID: UInt64, currentProductID: String, willAutoRenew: Bool,
                autoRenewPreference: String?, expirationReason: ExpirationReason? = nil,
                isInBillingRetry: Bool = false, gracePeriodExpirationDate: Date? = nil,
                priceIncreaseStatus: PriceIncreaseStatus = .noIncreasePending, renewalDate: Date? = nil,
                renewalPrice: Decimal? = nil, currencyCode: String? = nil,
                recentSubscriptionStartDate: Date? = nil, eligibleWinBackOfferIDs: [String] = [],
                environment: StoreEnvironment = .xcode, renewalBillingPlanType: BillingPlanType? = nil,
                commitmentInfo: CommitmentInfo? = nil) {
        self.originalTransactionID = originalTransactionID
        self.currentProductID = currentProductID
        self.willAutoRenew = willAutoRenew
        self.autoRenewPreference = autoRenewPreference
        self.expirationReason = expirationReason
        self.isInBillingRetry = isInBillingRetry
        self.gracePeriodExpirationDate = gracePeriodExpirationDate
        self.priceIncreaseStatus = priceIncreaseStatus
        self.renewalDate = renewalDate
        self.renewalPrice = renewalPrice
        self.currencyCode = currencyCode
        self.recentSubscriptionStartDate = recentSubscriptionStartDate
        self.eligibleWinBackOfferIDs = eligibleWinBackOfferIDs
        self.environment = environment
        self.renewalBillingPlanType = renewalBillingPlanType
        self.commitmentInfo = commitmentInfo
    }
}

/// One subscription's status, as `Product.SubscriptionInfo.Status`.
public struct SubscriptionStatus: Sendable, Hashable, Codable {
    public var state: RenewalState
    public var renewalInfo: RenewalInfo
    /// The latest transaction of the subscription.
    public var transaction: Transaction
    public var subscriptionGroupID: String

    public init(state: RenewalState, renewalInfo: RenewalInfo, transaction: Transaction, subscriptionGroupID: String) {
        self.state = state
        self.renewalInfo = renewalInfo
        self.transaction = transaction
        self.subscriptionGroupID = subscriptionGroupID
    }

    /// The renewal this status waits for: the period's end while subscribed with auto-renew on,
    /// the grace period's end in grace; nil otherwise (`renewalDate` alone is also in the past).
    public var nextRenewalDate: Date? {
        switch state {
        case .subscribed: renewalInfo.willAutoRenew ? renewalInfo.renewalDate : nil
        case .inGracePeriod: renewalInfo.gracePeriodExpirationDate
        default: nil
        }
    }

    /// As StoreKit hands it out: the transaction's verification applies to both parts.
    public var verifiedTransaction: VerificationResult<Transaction> { transaction.verificationResult }
}
