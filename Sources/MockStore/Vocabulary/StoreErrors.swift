/// Errors thrown by most StoreKit APIs, as `StoreKitError` (docs/domain.md §1.6).
///
/// The associated `URLError` / `any Error` of the real enum are reduced to a short reason
/// string, so the value stays `Sendable`, `Codable` and storable in the ledger.
public enum StoreKitError: Error, Hashable, Sendable, Codable, CaseIterable {
    case unknown
    case userCancelled
    case networkError
    case systemError
    case notAvailableInStorefront
    case notEntitled
    case unsupported

    /// The case index Xcode writes in `_storeKitErrors[].current.index` for `generic` errors.
    public var xcodeIndex: Int { Self.allCases.firstIndex(of: self)! }
}

/// Errors thrown by `Product.purchase(options:)`, as `Product.PurchaseError`.
public enum PurchaseError: Error, Hashable, Sendable, Codable, CaseIterable {
    case invalidQuantity
    case productUnavailable
    case purchaseNotAllowed
    case ineligibleForOffer
    case invalidOfferIdentifier
    case invalidOfferPrice
    case invalidOfferSignature
    case missingOfferParameters

    public var xcodeIndex: Int { Self.allCases.firstIndex(of: self)! }
}

/// Why a `VerificationResult` is `.unverified`, as `VerificationResult.VerificationError`.
public enum VerificationError: Error, Hashable, Sendable, Codable, CaseIterable {
    case revokedCertificate
    case invalidCertificateChain
    case invalidDeviceVerification
    case invalidEncoding
    case invalidSignature
    case missingRequiredProperties

    public var xcodeIndex: Int { Self.allCases.firstIndex(of: self)! }
}

/// The result of a refund request sheet, as `Transaction.RefundRequestError`.
public enum RefundRequestError: Error, Hashable, Sendable, Codable, CaseIterable {
    case duplicateRequest
    case failed

    public var xcodeIndex: Int { Self.allCases.firstIndex(of: self)! }
}
