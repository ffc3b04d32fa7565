import MockStore

/// Where the product list stands: `Product.products(for:)` may be running, done, or failed.
public enum ProductLoad: Sendable, Hashable {
    case loading
    case loaded
    /// The paywall shows an empty state with the error and "press R to retry".
    case failed(StoreKitError)
}

/// A store call the paywall is waiting on; while one runs, buy and restore controls rest.
public enum Operation: Sendable, Hashable {
    /// `change` is what the confirmation promised (upgrade now, downgrade at renewal), kept so
    /// the result message says the same.
    case purchasing(productID: String, change: PlanChange?)
    case restoring
}
