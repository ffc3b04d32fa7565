#if canImport(StoreKit)
import StoreKit
#else
import TollboothStoreKit
#endif

/// How the paywall words a product's price, period and introductory offer.
public enum ProductText {
    /// "Premium Monthly: $4.99 / 1 month", "Lifetime Unlock: $79.99".
    public static func line(for product: Product) -> String {
        guard let subscription = product.subscription else {
            return "\(product.displayName): \(product.displayPrice)"
        }
        return "\(product.displayName): \(product.displayPrice) / \(period(subscription.subscriptionPeriod))"
    }

    /// "3-day free trial", "1 month at $0.99 each period", "2 months for $1.99".
    public static func offer(_ offer: Product.SubscriptionOffer) -> String {
        let span = period(offer.period)
        switch offer.paymentMode {
        case .freeTrial:
            let length = offer.period.value * offer.periodCount
            return "\(length)-\(unit(offer.period.unit)) free trial"
        case .payAsYouGo:
            return "\(offer.displayPrice) per \(span) for \(offer.periodCount) periods"
        case .payUpFront:
            return "\(offer.displayPrice) for \(span)"
        default:
            return "an introductory offer"
        }
    }

    /// "1 month", "3 days".
    public static func period(_ period: Product.SubscriptionPeriod) -> String {
        let name = unit(period.unit)
        return "\(period.value) \(period.value == 1 ? name : name + "s")"
    }

    private static func unit(_ unit: Product.SubscriptionPeriod.Unit) -> String {
        switch unit {
        case .day: "day"
        case .week: "week"
        case .month: "month"
        case .year: "year"
        @unknown default: "period"
        }
    }
}
