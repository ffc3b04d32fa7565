import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Errors most StoreKit APIs throw, as StoreKit's `StoreKitError`.
public enum StoreKitError: Error, @unchecked Sendable {
    case unknown
    case userCancelled
    case networkError(URLError)
    case systemError(any Error)
    case notAvailableInStorefront
    case notEntitled
    case unsupported
}

extension StoreKitError: LocalizedError {
    public var errorDescription: String? {
        switch self {
        case .unknown: "An unknown error occurred."
        case .userCancelled: "The user cancelled."
        case .networkError(let error): "A network error occurred: \(error.localizedDescription)"
        case .systemError(let error): "A system error occurred: \(error)"
        case .notAvailableInStorefront: "The product is not available in the current storefront."
        case .notEntitled: "The app is not entitled to this feature."
        case .unsupported: "This is not supported here."
        }
    }
}
