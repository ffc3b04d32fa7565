import Foundation
import MockStore
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Turns what the store throws into the errors StoreKit's API throws, and back (for the
/// failures a test sets, which the store keeps as its own cases).
package enum ErrorBridge {
    /// The StoreKit error for `error`, thrown by `api`: the exact value a test set with
    /// `setSimulatedError` when there is one, otherwise a representative value. A failure of
    /// Tollbooth itself (a ledger it cannot read) is reported on standard error and becomes
    /// `StoreKitError.unknown`, never silence.
    static func storeKit(_ error: any Error, api: FailableAPI?, connection: AppStoreConnection?, during call: String) -> any Error {
        if let api, let exact = connection?.simulatedError(for: api, matching: error) { return exact }
        switch error {
        case let error as MockStore.StoreKitError: return storeKit(error)
        case let error as MockStore.PurchaseError: return purchase(error)
        case let error as MockStore.VerificationError: return verification(error) as VerificationResult<Transaction>.VerificationError
        case let error as MockStore.RefundRequestError: return refundRequest(error)
        default:
            StoreKitReport.failure(error, during: call, connection: connection)
            return StoreKitError.unknown
        }
    }

    package static func storeKit(_ error: MockStore.StoreKitError) -> StoreKitError {
        switch error {
        case .unknown: .unknown
        case .userCancelled: .userCancelled
        case .networkError: .networkError(URLError(.notConnectedToInternet))
        case .systemError: .systemError(SimulatedSystemError())
        case .notAvailableInStorefront: .notAvailableInStorefront
        case .notEntitled: .notEntitled
        case .unsupported: .unsupported
        }
    }

    package static func purchase(_ error: MockStore.PurchaseError) -> Product.PurchaseError {
        switch error {
        case .invalidQuantity: .invalidQuantity
        case .productUnavailable: .productUnavailable
        case .purchaseNotAllowed: .purchaseNotAllowed
        case .ineligibleForOffer: .ineligibleForOffer
        case .invalidOfferIdentifier: .invalidOfferIdentifier
        case .invalidOfferPrice: .invalidOfferPrice
        case .invalidOfferSignature: .invalidOfferSignature
        case .missingOfferParameters: .missingOfferParameters
        }
    }

    package static func verification<Signed>(_ error: MockStore.VerificationError) -> VerificationResult<Signed>.VerificationError {
        switch error {
        case .revokedCertificate: .revokedCertificate
        case .invalidCertificateChain: .invalidCertificateChain
        case .invalidDeviceVerification: .invalidDeviceVerification
        case .invalidEncoding: .invalidEncoding
        case .invalidSignature: .invalidSignature
        case .missingRequiredProperties: .missingRequiredProperties
        }
    }

    package static func refundRequest(_ error: MockStore.RefundRequestError) -> Transaction.RefundRequestError {
        switch error {
        case .duplicateRequest: .duplicateRequest
        case .failed: .failed
        }
    }

    package static func store(_ error: StoreKitError) -> MockStore.StoreKitError {
        switch error {
        case .unknown: .unknown
        case .userCancelled: .userCancelled
        case .networkError: .networkError
        case .systemError: .systemError
        case .notAvailableInStorefront: .notAvailableInStorefront
        case .notEntitled: .notEntitled
        case .unsupported: .unsupported
        }
    }

    package static func store(_ error: Product.PurchaseError) -> MockStore.PurchaseError {
        switch error {
        case .invalidQuantity: .invalidQuantity
        case .productUnavailable: .productUnavailable
        case .purchaseNotAllowed: .purchaseNotAllowed
        case .ineligibleForOffer: .ineligibleForOffer
        case .invalidOfferIdentifier: .invalidOfferIdentifier
        case .invalidOfferPrice: .invalidOfferPrice
        case .invalidOfferSignature: .invalidOfferSignature
        case .missingOfferParameters: .missingOfferParameters
        }
    }

    package static func store<Signed>(_ error: VerificationResult<Signed>.VerificationError) -> MockStore.VerificationError {
        switch error {
        case .revokedCertificate: .revokedCertificate
        case .invalidCertificateChain: .invalidCertificateChain
        case .invalidDeviceVerification: .invalidDeviceVerification
        case .invalidEncoding: .invalidEncoding
        case .invalidSignature: .invalidSignature
        case .missingRequiredProperties: .missingRequiredProperties
        }
    }

    /// Whether `remembered` (a StoreKit error a test set) is the same case as `thrown` (what the
    /// store threw when the fault fired).
    static func sameCase(_ remembered: any Error, _ thrown: any Error) -> Bool {
        let converted: any Error = switch thrown {
        case let error as MockStore.StoreKitError: storeKit(error)
        case let error as MockStore.PurchaseError: purchase(error)
        case let error as MockStore.VerificationError: verification(error) as VerificationResult<Transaction>.VerificationError
        case let error as MockStore.RefundRequestError: refundRequest(error)
        default: thrown
        }
        return caseName(converted) == caseName(remembered)
    }

    private static func caseName(_ error: any Error) -> String {
        let text = String(describing: error)
        return "\(type(of: error)).\(text.prefix { $0 != "(" })"
    }
}

/// The `systemError` a simulated fault carries when the test gave none.
struct SimulatedSystemError: Error, CustomStringConvertible {
    var description: String { "a system error simulated by Tollbooth" }
}
