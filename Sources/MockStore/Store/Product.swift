import Foundation

/// A product as `Product.products(for:)` returns it: catalog data resolved for one locale and
/// storefront (display name, description, formatted price).
public struct Product: Sendable, Identifiable, Hashable {
    public var id: String
    public var type: ProductType
    public var displayName: String
    public var description: String
    /// The price formatted for the storefront and locale (`¥480`, `$4.99`, `2,99 €`).
    public var displayPrice: String
    public var price: Decimal
    /// Formats computed prices (per-month figures) the way `displayPrice` is formatted.
    public var priceFormatStyle: PriceFormat
    public var isFamilyShareable: Bool
    /// Non-nil for auto-renewable subscriptions only.
    public var subscription: SubscriptionInfo?

    public init(id: String, type: ProductType, displayName: String, description: String, displayPrice: String,
                price: Decimal, priceFormatStyle: PriceFormat, isFamilyShareable: Bool = false,
                subscription: SubscriptionInfo? = nil) {
        self.id = id
        self.type = type
        self.displayName = displayName
        self.description = description
        self.displayPrice = displayPrice
        self.price = price
        self.priceFormatStyle = priceFormatStyle
        self.isFamilyShareable = isFamilyShareable
        self.subscription = subscription
    }

    /// Subscription facts, as `Product.SubscriptionInfo`. The async members (`status`,
    /// `isEligibleForIntroOffer`) live on `Store`, which knows the account.
    public struct SubscriptionInfo: Sendable, Hashable {
        public var subscriptionGroupID: String
        public var groupDisplayName: String
        /// 1 is the highest tier.
        public var groupLevel: Int
        public var subscriptionPeriod: SubscriptionPeriod
        public var introductoryOffer: SubscriptionOffer?
        public var promotionalOffers: [SubscriptionOffer]
        public var winBackOffers: [SubscriptionOffer]
        /// The ways to pay, as `pricingTerms`: the catalog's enabled billing plans (empty for a
        /// file before v5, whose subscriptions are billed up front only).
        public var pricingTerms: [PricingTerms]

        public init(subscriptionGroupID: String, groupDisplayName: String, groupLevel: Int,
                    subscriptionPeriod: SubscriptionPeriod, introductoryOffer: SubscriptionOffer? = nil,
                    promotionalOffers: [SubscriptionOffer] = [], winBackOffers: [SubscriptionOffer] = [],
                    pricingTerms: [PricingTerms] = []) {
            self.subscriptionGroupID = subscriptionGroupID
            self.groupDisplayName = groupDisplayName
            self.groupLevel = groupLevel
            self.subscriptionPeriod = subscriptionPeriod
            self.introductoryOffer = introductoryOffer
            self.promotionalOffers = promotionalOffers
            self.winBackOffers = winBackOffers
            self.pricingTerms = pricingTerms
        }
    }

    /// One way to pay for a subscription, as `Product.SubscriptionInfo.PricingTerms`: what each
    /// billing charges and how often, and the commitment it adds up to.
    public struct PricingTerms: Sendable, Hashable {
        public var billingPlanType: BillingPlanType
        public var billingPrice: Decimal
        public var billingDisplayPrice: String
        /// How often it bills: a month for `.monthly`, the subscription's period up front.
        public var billingPeriod: SubscriptionPeriod
        /// The commitment's total and length (`Product.SubscriptionInfo.CommitmentInfo`).
        public var commitmentPrice: Decimal
        public var commitmentDisplayPrice: String
        public var commitmentPeriod: SubscriptionPeriod

        public init(billingPlanType: BillingPlanType, billingPrice: Decimal, billingDisplayPrice: String,
                    billingPeriod: SubscriptionPeriod, commitmentPrice: Decimal, commitmentDisplayPrice: String,
                    commitmentPeriod: SubscriptionPeriod) {
            self.billingPlanType = billingPlanType
            self.billingPrice = billingPrice
            self.billingDisplayPrice = billingDisplayPrice
            self.billingPeriod = billingPeriod
            self.commitmentPrice = commitmentPrice
            self.commitmentDisplayPrice = commitmentDisplayPrice
            self.commitmentPeriod = commitmentPeriod
        }
    }

    /// An offer, as `Product.SubscriptionOffer`.
    public struct SubscriptionOffer: Sendable, Hashable {
        /// nil for introductory offers.
        public var id: String?
        public var type: OfferType
        public var displayPrice: String
        public var price: Decimal
        public var paymentMode: PaymentMode
        public var period: SubscriptionPeriod
        public var periodCount: Int

        public init(id: String?, type: OfferType, displayPrice: String, price: Decimal, paymentMode: PaymentMode,
                    period: SubscriptionPeriod, periodCount: Int) {
            self.id = id
            self.type = type
            self.displayPrice = displayPrice
            self.price = price
            self.paymentMode = paymentMode
            self.period = period
            self.periodCount = periodCount
        }
    }
}

/// What `purchase(options:)` returns, as `Product.PurchaseResult`.
public enum PurchaseResult: Sendable {
    /// Purchased on this device; the transaction is not also sent to `updates` (B1).
    case success(VerificationResult<Transaction>)
    case userCancelled
    /// Waiting for someone's action (Ask to Buy); a later approval arrives through `updates`.
    case pending
}

/// Options for `purchase(options:)` and purchases from outside the app, as the useful subset of
/// `Product.PurchaseOption`.
public enum PurchaseOption: Sendable, Hashable {
    case appAccountToken(UUID)
    case quantity(Int)
    /// A promotional offer by its `offerID`, with the signature the app's server made. An app's
    /// purchase needs the signature; a purchase from outside the app may leave it nil
    /// (StoreKitTest's `promotionalOffer(id:)`).
    case promotionalOffer(String, signature: PromotionalOfferSignature?)
    case winBackOffer(String)
    /// A subscription offer code, by the offer's reference name (StoreKitTest's
    /// `codeOffer(referenceName:)`); the transaction's offer has type `.code`.
    case codeOffer(referenceName: String)
    /// Make this one purchase go through Ask to Buy.
    case simulatesAskToBuyInSandbox(Bool)
    /// Pay by this billing plan (`Product.PurchaseOption.billingPlanType(_:)`); without it a
    /// subscription is billed up front.
    case billingPlanType(BillingPlanType)
}
