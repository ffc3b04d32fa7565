import Foundation
import MockStore

extension Product.SubscriptionInfo {
    /// A subscription's renewal facts, as `Product.SubscriptionInfo.RenewalInfo`.
    public struct RenewalInfo: Equatable, Hashable, Sendable {
        public let originalTransactionID: UInt64
        public let currentProductID: String
        public let willAutoRenew: Bool
        /// The product of the next period; differs from `currentProductID` after a downgrade.
        public let autoRenewPreference: String?
        public let expirationReason: ExpirationReason?
        public let priceIncreaseStatus: PriceIncreaseStatus
        public let isInBillingRetry: Bool
        public let gracePeriodExpirationDate: Date?
        public let offer: Transaction.Offer?
        public let environment: AppStore.Environment
        public let recentSubscriptionStartDate: Date
        public let renewalDate: Date?
        public let renewalPrice: Decimal?
        public let currency: Locale.Currency?
        public let eligibleWinBackOfferIDs: [String]
        /// Empty: see `Transaction.deviceVerification`.
        public let deviceVerification: Data
        public let deviceVerificationNonce: UUID
        public let signedDate: Date
        public let appAccountToken: UUID?
        public let appTransactionID: String

        @available(*, deprecated, renamed: "currency")
        public var currencyCode: String? { currency?.identifier }

        init(_ info: MockStore.RenewalInfo, signedDate: Date) {
            originalTransactionID = info.originalTransactionID
            currentProductID = info.currentProductID
            willAutoRenew = info.willAutoRenew
            autoRenewPreference = info.autoRenewPreference
            expirationReason = info.expirationReason.map(ExpirationReason.init)
            priceIncreaseStatus = switch info.priceIncreaseStatus {
            case .pending: .pending
            case .agreed: .agreed
            default: .noIncreasePending
            }
            isInBillingRetry = info.isInBillingRetry
            gracePeriodExpirationDate = info.gracePeriodExpirationDate
            offer = nil
            environment = AppStore.Environment(info.environment)
            recentSubscriptionStartDate = info.recentSubscriptionStartDate ?? signedDate
            renewalDate = info.renewalDate
            renewalPrice = info.renewalPrice
            currency = info.currencyCode.map { Locale.Currency($0) }
            eligibleWinBackOfferIDs = info.eligibleWinBackOfferIDs
            deviceVerification = Data()
            deviceVerificationNonce = StableUUID.make("renewal \(info.originalTransactionID) \(signedDate.timeIntervalSince1970)")
            self.signedDate = signedDate
            appAccountToken = nil
            appTransactionID = AppTransaction.identifier
        }

        /// The App Store's JSON payload (`JWSRenewalInfoDecodedPayload`).
        public var jsonRepresentation: Data {
            var json = PayloadJSON()
            json.set("originalTransactionId", String(originalTransactionID))
            json.set("productId", currentProductID)
            json.set("autoRenewProductId", autoRenewPreference)
            json.set("autoRenewStatus", willAutoRenew ? 1 : 0)
            json.set("expirationIntent", expirationReason?.rawValue)
            json.set("isInBillingRetryPeriod", isInBillingRetry)
            json.set("gracePeriodExpiresDate", gracePeriodExpirationDate)
            json.set("priceIncreaseStatus", priceIncreaseStatus == .agreed ? 1 : priceIncreaseStatus == .pending ? 0 : nil)
            json.set("environment", environment.rawValue)
            json.set("recentSubscriptionStartDate", recentSubscriptionStartDate)
            json.set("renewalDate", renewalDate)
            json.set("renewalPrice", price: renewalPrice)
            json.set("currency", currency?.identifier)
            json.set("eligibleWinBackOfferIds", eligibleWinBackOfferIDs.isEmpty ? nil : eligibleWinBackOfferIDs)
            json.set("signedDate", signedDate)
            json.set("appTransactionId", appTransactionID)
            return json.data
        }

        /// Why a subscription expired, as `RenewalInfo.ExpirationReason` (the App Store's numbers).
        public struct ExpirationReason: RawRepresentable, Equatable, Hashable, Sendable {
            public let rawValue: Int
            public init(rawValue: Int) { self.rawValue = rawValue }

            public static let autoRenewDisabled = ExpirationReason(rawValue: 1)
            public static let billingError = ExpirationReason(rawValue: 2)
            public static let didNotConsentToPriceIncrease = ExpirationReason(rawValue: 3)
            public static let productUnavailable = ExpirationReason(rawValue: 4)
            public static let unknown = ExpirationReason(rawValue: 5)

            init(_ reason: MockStore.ExpirationReason) {
                self = switch reason {
                case .autoRenewDisabled: .autoRenewDisabled
                case .billingError: .billingError
                case .didNotConsentToPriceIncrease: .didNotConsentToPriceIncrease
                case .productUnavailable: .productUnavailable
                default: .unknown
                }
            }
        }

        /// Whether a price increase awaits the customer's consent.
        @frozen
        public enum PriceIncreaseStatus: Equatable, Hashable, Sendable {
            case noIncreasePending
            case pending
            case agreed
        }
    }
}

extension Product.SubscriptionInfo.RenewalInfo: CustomDebugStringConvertible, JSONPayload {
    public var debugDescription: String { String(decoding: jsonRepresentation, as: UTF8.self) }
}
