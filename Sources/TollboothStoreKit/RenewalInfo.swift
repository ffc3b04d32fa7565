import AppStoreServer
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
        /// The commitment in progress and what happens at its end; nil outside one.
        public let commitmentInfo: CommitmentInfo?
        /// The status the payload is built from (without the device's bookkeeping), and where
        /// it says it comes from.
        private let status: MockStore.SubscriptionStatus
        let signedDataContext: SignedDataContext

        @available(*, deprecated, renamed: "currency")
        public var currencyCode: String? { currency?.identifier }

        init(_ status: MockStore.SubscriptionStatus, context: SignedDataContext = AppStoreHost.signedDataContext) {
            var kept = status
            (kept.transaction.device, kept.transaction.isFinished, kept.transaction.verificationError) = (nil, false, nil)
            self.status = kept
            signedDataContext = context
            let info = status.renewalInfo
            let signedDate = SignedPayload.renewalSignedDate(status)
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
            environment = AppStore.Environment(rawValue: context.environment.rawValue)
            recentSubscriptionStartDate = info.recentSubscriptionStartDate ?? signedDate
            renewalDate = info.renewalDate
            renewalPrice = info.renewalPrice
            currency = info.currencyCode.map { Locale.Currency($0) }
            eligibleWinBackOfferIDs = info.eligibleWinBackOfferIDs
            deviceVerification = Data()
            deviceVerificationNonce = SignedPayload.deviceVerificationNonce(of: status)
            self.signedDate = signedDate
            appAccountToken = status.transaction.appAccountToken
            appTransactionID = context.appTransactionID
            commitmentInfo = info.commitmentInfo.map(CommitmentInfo.init)
        }

        /// The App Store's JSON payload (`JWSRenewalInfoDecodedPayload`), the bytes
        /// `jwsRepresentation` signs.
        public var jsonRepresentation: Data { SignedPayload.renewalInfo(status, context: signedDataContext) }

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
