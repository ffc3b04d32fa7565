/// How an offer is paid for, as `Product.SubscriptionOffer.PaymentMode`.
public struct PaymentMode: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Nothing during the trial (file value `free`).
    public static let freeTrial = PaymentMode(rawValue: "free")
    /// `price` each period for `periodCount` periods.
    public static let payAsYouGo = PaymentMode(rawValue: "payAsYouGo")
    /// `price` once for the whole discounted span.
    public static let payUpFront = PaymentMode(rawValue: "payUpFront")

    public var description: String { self == .freeTrial ? "freeTrial" : rawValue }
}

/// The kind of a subscription offer, as `Product.SubscriptionOffer.OfferType` / `Transaction.OfferType`.
public struct OfferType: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let introductory = OfferType(rawValue: "introductory")
    public static let promotional = OfferType(rawValue: "promotional")
    public static let code = OfferType(rawValue: "code")
    public static let winBack = OfferType(rawValue: "winBack")

    public var description: String { rawValue }
}
