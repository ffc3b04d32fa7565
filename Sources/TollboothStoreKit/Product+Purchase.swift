import Foundation
import MockStore

extension Product {
    /// What `purchase(options:)` returns, as `Product.PurchaseResult`.
    public enum PurchaseResult: Sendable {
        /// Bought on this device; the transaction is not also sent to `Transaction.updates`.
        case success(VerificationResult<Transaction>)
        case userCancelled
        /// Waiting for someone (Ask to Buy); an approval arrives through `Transaction.updates`.
        case pending
    }

    /// Why a purchase was refused, as `Product.PurchaseError`.
    public enum PurchaseError: Error, Equatable, Hashable, Sendable {
        case invalidQuantity
        case productUnavailable
        case purchaseNotAllowed
        case ineligibleForOffer
        case invalidOfferIdentifier
        case invalidOfferPrice
        case invalidOfferSignature
        case missingOfferParameters
    }

    /// Buys the product. Throws `PurchaseError` or `StoreKitError` (the Purchase fault).
    public func purchase(options: Set<Product.PurchaseOption> = []) async throws -> Product.PurchaseResult {
        let connection = try AppStoreHost.connection(during: "Product.purchase(options:)")
        do {
            let result = try await connection.store.purchase(productID: id, options: Set(options.compactMap(\.storeOption)))
            switch result {
            case .success(let record): return .success(VerificationResult(record))
            case .userCancelled: return .userCancelled
            case .pending: return .pending
            }
        } catch {
            throw ErrorBridge.storeKit(error, api: .purchase, connection: connection, during: "Product.purchase(options:)")
        }
    }
}

extension Product.PurchaseError: LocalizedError {
    public var errorDescription: String? {
        switch self {
        case .invalidQuantity: "The quantity is not allowed for this product."
        case .productUnavailable: "The product is not available."
        case .purchaseNotAllowed: "Purchases are not allowed on this device."
        case .ineligibleForOffer: "The customer is not eligible for this offer."
        case .invalidOfferIdentifier: "The offer identifier is not valid."
        case .invalidOfferPrice: "The offer price is not valid."
        case .invalidOfferSignature: "The offer signature is not valid."
        case .missingOfferParameters: "The offer lacks required parameters."
        }
    }
}
