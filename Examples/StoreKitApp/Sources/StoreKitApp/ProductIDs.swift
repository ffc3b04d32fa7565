/// The identifiers the app sells, as configured in App Store Connect and `Products.storekit`.
public enum ProductIDs {
    public static let lifetime = "dev.tollbooth.example.lifetime"
    public static let monthly = "dev.tollbooth.example.premium.monthly"
    public static let yearly = "dev.tollbooth.example.premium.yearly"

    /// Everything the paywall asks `Product.products(for:)` for.
    public static let all: [String] = [lifetime, monthly, yearly]
}
