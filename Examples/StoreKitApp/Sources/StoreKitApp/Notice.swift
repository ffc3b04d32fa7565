#if canImport(StoreKit)
import StoreKit
#else
import TollboothStoreKit
#endif

/// A change that reached the app through `Transaction.updates`, for a banner.
public enum Notice: Equatable, Sendable {
    /// A purchase made elsewhere, or an approved Ask to Buy, is now unlocked.
    case unlocked(Product.ID)
    /// The subscription renewed for another period.
    case renewed(Product.ID)
    /// The purchase was refunded and is locked again.
    case refunded(Product.ID)
    /// A transaction arrived that StoreKit could not verify; nothing was unlocked.
    case withheld(Product.ID)

    init(_ transaction: Transaction) {
        if transaction.revocationDate != nil {
            self = .refunded(transaction.productID)
        } else if transaction.reason == .renewal {
            self = .renewed(transaction.productID)
        } else {
            self = .unlocked(transaction.productID)
        }
    }
}
