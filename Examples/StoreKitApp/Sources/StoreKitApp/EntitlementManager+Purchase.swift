#if canImport(StoreKit)
import StoreKit
#else
import TollboothStoreKit
#endif

extension EntitlementManager {
    /// Buys `product` and unlocks it when StoreKit verifies the transaction.
    ///
    /// Throws what `purchase()` throws (`Product.PurchaseError`, `StoreKitError`): the paywall
    /// shows `StoreMessage.text(for:)`.
    public func purchase(_ product: Product) async throws -> PurchaseOutcome {
        let result = try await product.purchase()
        switch result {
        case .success(let verification):
            switch verification {
            case .verified(let transaction):
                await updatePurchasedProducts()
                await transaction.finish()
                return .purchased
            case .unverified:
                return .withheld
            }
        case .pending:
            pendingProductIDs.insert(product.id)
            return .pending
        case .userCancelled:
            return .cancelled
        @unknown default:
            return .cancelled
        }
    }

    /// Restore Purchases: asks the App Store for the account's transactions, then reads the
    /// entitlements again. Run it only when the customer taps the button (it may ask them to
    /// sign in).
    public func restorePurchases() async throws {
        try await AppStore.sync()
        await updatePurchasedProducts()
    }
}
