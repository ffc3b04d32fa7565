#if canImport(StoreKit)
import StoreKit
#else
import TollboothStoreKit
#endif

/// The sentence the customer reads when a StoreKit call fails.
public enum StoreMessage {
    public static func text(for error: any Error) -> String {
        switch error {
        case let error as StoreKitError:
            switch error {
            case .networkError: "You're offline. Check your connection and try again."
            case .userCancelled: "Cancelled."
            case .notAvailableInStorefront: "This isn't available in your country or region."
            case .notEntitled: "This account doesn't own this item."
            default: "The App Store is unavailable. Try again later."
            }
        case let error as Product.PurchaseError:
            switch error {
            case .purchaseNotAllowed: "Purchases are turned off on this device (Screen Time)."
            case .productUnavailable: "This item is no longer for sale."
            case .ineligibleForOffer: "This offer isn't available to your account."
            default: "The purchase couldn't be completed."
            }
        default:
            "Something went wrong. Try again later."
        }
    }
}
