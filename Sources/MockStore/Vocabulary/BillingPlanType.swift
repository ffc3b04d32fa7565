/// `billingPlanType`: how a subscription's price is paid, in Apple's raw values (the App Store
/// Server Library's `BillingPlanType`; StoreKit's `Product.SubscriptionInfo.BillingPlanType`).
public struct BillingPlanType: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The whole period is paid at once: every subscription before billing plans existed.
    public static let billedUpfront = BillingPlanType(rawValue: "BILLED_UPFRONT")
    /// A yearly subscription paid every month over a 12-month commitment.
    public static let monthly = BillingPlanType(rawValue: "MONTHLY")

    public var description: String { rawValue }
}
