import Foundation
import MockStore

// Monthly billing plans with a 12-month commitment (StoreKit, iOS 26.4): the spellings of
// `Product.SubscriptionInfo.pricingTerms`, `BillingPlanType`, `CommitmentInfo`, and the
// commitment members of `Transaction` and `RenewalInfo`.

extension Product.SubscriptionInfo {
    /// How a subscription is paid, as `Product.SubscriptionInfo.BillingPlanType`. The raw values
    /// are the App Store's (`BILLED_UPFRONT`, `MONTHLY`), which StoreKit does not document.
    public struct BillingPlanType: RawRepresentable, Equatable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        /// Monthly payments over a 12-month commitment.
        public static let monthly = BillingPlanType(rawValue: MockStore.BillingPlanType.monthly.rawValue)
        /// The whole period paid at once.
        public static let upFront = BillingPlanType(rawValue: MockStore.BillingPlanType.billedUpfront.rawValue)

        init(_ type: MockStore.BillingPlanType) { self.init(rawValue: type.rawValue) }
        var storeValue: MockStore.BillingPlanType { .init(rawValue: rawValue) }
    }

    /// `Product.SubscriptionInfo.BillingPeriod`: how often a billing plan charges.
    public typealias BillingPeriod = Product.SubscriptionPeriod

    /// The commitment a way of paying adds up to, as `Product.SubscriptionInfo.CommitmentInfo`.
    public struct CommitmentInfo: Equatable, Hashable, Sendable {
        /// The total over the commitment, formatted for the storefront.
        public let displayPrice: String
        public let price: Decimal
        /// How long the commitment lasts (12 months for a monthly plan).
        public let period: Product.SubscriptionPeriod
    }

    /// One way to pay for a subscription, as `Product.SubscriptionInfo.PricingTerms`.
    public struct PricingTerms: Equatable, Hashable, Sendable {
        public let billingPlanType: Product.SubscriptionInfo.BillingPlanType
        /// What each billing charges.
        public let billingPrice: Decimal
        public let billingDisplayPrice: String
        public let billingPeriod: Product.SubscriptionInfo.BillingPeriod
        public let commitmentInfo: Product.SubscriptionInfo.CommitmentInfo
        /// The offers that can be redeemed on these terms. Tollbooth puts none on a
        /// commitment (docs/domain.md §1.12).
        public let subscriptionOffers: [Product.SubscriptionOffer]

        /// The offers of one type on these terms.
        public subscript(offers type: Product.SubscriptionOffer.OfferType) -> [Product.SubscriptionOffer] {
            subscriptionOffers.filter { $0.type == type }
        }

        init(_ terms: MockStore.Product.PricingTerms, offers: [Product.SubscriptionOffer]) {
            billingPlanType = BillingPlanType(terms.billingPlanType)
            billingPrice = terms.billingPrice
            billingDisplayPrice = terms.billingDisplayPrice
            billingPeriod = Product.SubscriptionPeriod(terms.billingPeriod)
            commitmentInfo = CommitmentInfo(displayPrice: terms.commitmentDisplayPrice, price: terms.commitmentPrice,
                                            period: Product.SubscriptionPeriod(terms.commitmentPeriod))
            subscriptionOffers = terms.billingPlanType == .monthly ? [] : offers
        }
    }
}

extension Product.PurchaseOption {
    /// Pay by this billing plan, as `Product.PurchaseOption.billingPlanType(_:)`. A plan the
    /// product does not offer makes the purchase throw `Product.PurchaseError.productUnavailable`.
    public static func billingPlanType(_ billingPlanType: Product.SubscriptionInfo.BillingPlanType) -> Product.PurchaseOption {
        .init(.billingPlanType(billingPlanType.rawValue))
    }
}

extension Transaction {
    /// A payment's place in its commitment, as `Transaction.CommitmentInfo`.
    public struct CommitmentInfo: Equatable, Hashable, Sendable {
        /// When the commitment ends.
        public let expirationDate: Date
        /// 1 for the commitment's first payment.
        public let billingPeriodNumber: UInt64
        public let totalBillingPeriods: UInt64
        /// The commitment's total price.
        public let price: Decimal

        init(_ info: MockStore.Transaction.CommitmentInfo) {
            expirationDate = info.expirationDate
            billingPeriodNumber = UInt64(clamping: info.billingPeriodNumber)
            totalBillingPeriods = UInt64(clamping: info.totalBillingPeriods)
            price = info.price
        }
    }
}

extension Product.SubscriptionInfo.RenewalInfo {
    /// What happens when the commitment ends, as `RenewalInfo.CommitmentInfo`.
    public struct CommitmentInfo: Equatable, Hashable, Sendable {
        /// When the commitment ends (and a new one would begin).
        public let renewalDate: Date
        /// What the next commitment costs.
        public let renewalPrice: Decimal
        /// Whether the subscription renews when the commitment ends.
        public let willAutoRenew: Bool
        /// The product the next commitment is for.
        public let autoRenewPreference: String
        public let renewalBillingPlanType: Product.SubscriptionInfo.BillingPlanType

        init(_ info: MockStore.RenewalInfo.CommitmentInfo) {
            renewalDate = info.renewalDate
            renewalPrice = info.renewalPrice ?? 0
            willAutoRenew = info.willAutoRenew
            autoRenewPreference = info.autoRenewPreference
            renewalBillingPlanType = .init(info.renewalBillingPlanType)
        }
    }
}
