import AppStoreServer
import Foundation
import MockStore

extension Transaction {
    /// The offer applied to a transaction, as `Transaction.Offer`.
    public struct Offer: Equatable, Hashable, Sendable {
        public let id: String?
        public let type: Transaction.OfferType
        public let paymentMode: Transaction.Offer.PaymentMode?
        public let period: Product.SubscriptionPeriod?

        init(_ offer: MockStore.Transaction.Offer) {
            id = offer.id
            type = Transaction.OfferType(offer.type)
            paymentMode = offer.paymentMode.map(PaymentMode.init)
            period = nil
        }

        /// How an offer is paid, as `Transaction.Offer.PaymentMode`.
        public struct PaymentMode: RawRepresentable, Equatable, Hashable, Sendable {
            public let rawValue: String
            public init(rawValue: String) { self.rawValue = rawValue }

            public static let freeTrial = PaymentMode(rawValue: "FREE_TRIAL")
            public static let payAsYouGo = PaymentMode(rawValue: "PAY_AS_YOU_GO")
            public static let payUpFront = PaymentMode(rawValue: "PAY_UP_FRONT")

            init(_ mode: MockStore.PaymentMode) {
                switch mode {
                case .freeTrial: self = .freeTrial
                case .payUpFront: self = .payUpFront
                default: self = .payAsYouGo
                }
            }

            /// The App Store Server's `offerDiscountType` spelling.
            var serverName: String { rawValue }
        }
    }

    /// The kind of offer of a transaction, as `Transaction.OfferType` (the App Store's numbers).
    public struct OfferType: RawRepresentable, Equatable, Hashable, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }

        public static let introductory = OfferType(rawValue: 1)
        public static let promotional = OfferType(rawValue: 2)
        public static let code = OfferType(rawValue: 3)
        public static var winBack: OfferType { OfferType(rawValue: 4) }

        init(_ type: MockStore.OfferType) {
            switch type {
            case .introductory: self = .introductory
            case .promotional: self = .promotional
            case .code: self = .code
            default: self = .winBack
            }
        }
    }

    /// How the customer holds a transaction, as `Transaction.OwnershipType`.
    public struct OwnershipType: RawRepresentable, Equatable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let purchased = OwnershipType(rawValue: "PURCHASED")
        public static let familyShared = OwnershipType(rawValue: "FAMILY_SHARED")
    }

    /// Whether the customer bought or the store renewed, as `Transaction.Reason`.
    public struct Reason: RawRepresentable, Equatable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let purchase = Reason(rawValue: "PURCHASE")
        public static let renewal = Reason(rawValue: "RENEWAL")
    }

    /// Why a transaction was refunded or revoked, as `Transaction.RevocationReason`.
    public struct RevocationReason: RawRepresentable, Equatable, Hashable, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        public static let developerIssue = RevocationReason(rawValue: 1)
        public static let other = RevocationReason(rawValue: 0)

        init(_ reason: MockStore.RevocationReason) {
            self = reason == .developerIssue ? .developerIssue : .other
        }
    }

    /// What kind of refund or revocation applies, as `Transaction.RevocationType`; the raw
    /// values are the App Store's (`revocationType` in the signed payload).
    public struct RevocationType: RawRepresentable, Equatable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let fullRefund = RevocationType(rawValue: "REFUND_FULL")
        public static let proratedRefund = RevocationType(rawValue: "REFUND_PRORATED")
        public static let familyRevocation = RevocationType(rawValue: "FAMILY_REVOKE")

        init(_ type: MockStore.RevocationType) {
            self.init(rawValue: SignedPayload.revocationType(type))
        }
    }

    /// Why a refund request failed, as `Transaction.RefundRequestError`.
    public enum RefundRequestError: Error, Equatable, Hashable, Sendable {
        case duplicateRequest
        case failed
    }

    /// What became of a refund request, as `Transaction.RefundRequestStatus`.
    public enum RefundRequestStatus: Equatable, Hashable, Sendable {
        case success
        case userCancelled
    }
}
