/// A subscription's state, as `Product.SubscriptionInfo.RenewalState` (docs/domain.md §1.8).
public struct RenewalState: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let subscribed = RenewalState(rawValue: "subscribed")
    public static let expired = RenewalState(rawValue: "expired")
    public static let inBillingRetryPeriod = RenewalState(rawValue: "inBillingRetryPeriod")
    public static let inGracePeriod = RenewalState(rawValue: "inGracePeriod")
    public static let revoked = RenewalState(rawValue: "revoked")

    /// Whether the customer keeps service in this state (B15: grace keeps it, retry does not).
    public var isEntitled: Bool { self == .subscribed || self == .inGracePeriod }
    public var description: String { rawValue }
}

/// Why a subscription expired, as `RenewalInfo.ExpirationReason`.
public struct ExpirationReason: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let autoRenewDisabled = ExpirationReason(rawValue: "autoRenewDisabled")
    public static let billingError = ExpirationReason(rawValue: "billingError")
    public static let didNotConsentToPriceIncrease = ExpirationReason(rawValue: "didNotConsentToPriceIncrease")
    public static let productUnavailable = ExpirationReason(rawValue: "productUnavailable")
    public static let unknown = ExpirationReason(rawValue: "unknown")
    public var description: String { rawValue }
}

/// Whether a price increase awaits consent, as `RenewalInfo.PriceIncreaseStatus`.
public struct PriceIncreaseStatus: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let noIncreasePending = PriceIncreaseStatus(rawValue: "noIncreasePending")
    public static let pending = PriceIncreaseStatus(rawValue: "pending")
    public static let agreed = PriceIncreaseStatus(rawValue: "agreed")
    public var description: String { rawValue }
}

/// Why a transaction was revoked, as `Transaction.RevocationReason`.
public struct RevocationReason: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let developerIssue = RevocationReason(rawValue: "developerIssue")
    public static let other = RevocationReason(rawValue: "other")
    public var description: String { rawValue }
}

/// What kind of refund or revocation applies to a revoked transaction, as
/// `Transaction.RevocationType`.
public struct RevocationType: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let fullRefund = RevocationType(rawValue: "fullRefund")
    public static let proratedRefund = RevocationType(rawValue: "proratedRefund")
    public static let familyRevocation = RevocationType(rawValue: "familyRevocation")
    public var description: String { rawValue }
}

/// How the customer holds a transaction, as `Transaction.OwnershipType`.
public struct OwnershipType: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let purchased = OwnershipType(rawValue: "purchased")
    public static let familyShared = OwnershipType(rawValue: "familyShared")
    public var description: String { rawValue }
}

/// Which store signed a transaction, as `AppStore.Environment`. The ledger's records say
/// `.xcode`; signed data names the environment of whoever signs it (`SignedDataContext` in
/// AppStoreServer: `Sandbox` for a ledger, `Xcode` for an `SKTestSession`'s store).
public struct StoreEnvironment: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let production = StoreEnvironment(rawValue: "production")
    public static let sandbox = StoreEnvironment(rawValue: "sandbox")
    public static let xcode = StoreEnvironment(rawValue: "xcode")
    public var description: String { rawValue }
}

/// Whether the customer acted or the store renewed, as `Transaction.Reason`.
public struct TransactionReason: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let purchase = TransactionReason(rawValue: "purchase")
    public static let renewal = TransactionReason(rawValue: "renewal")
    public var description: String { rawValue }
}
