import Foundation
import MockStore

/// How long one purchase of a non-renewing subscription lasts, as the app decides it.
///
/// The store gives a non-renewing subscription no end (docs/domain.md §1.1: the app decides how
/// long it lasts), so the paywall reads the length the product states in its name or
/// description ("1 Month Pass", 「30日間パス」), as a customer does. Each purchase is one more
/// period, bought from the paywall as `txn buy` buys it: apps sell them again and again.
public struct NonRenewingTerm: Sendable, Hashable {
    /// The length the product's text states.
    public var length: WrittenLength

    /// The term a non-renewing product states, nil for any other product or when no text
    /// names a length.
    public init?(_ product: Product) {
        guard product.type == .nonRenewable else { return nil }
        guard let length = [product.displayName, product.description].lazy
            .compactMap({ WrittenLength.all(in: $0).first }).first
        else { return nil }
        self.length = length
    }

    /// When a purchase made at `start` ends, at the store's time rate (a month lasts an hour at
    /// `monthlyRenewalEveryHour`, as an auto-renewable one does).
    public func end(from start: Date, rate: TimeRate) -> Date {
        rate.end(of: SubscriptionPeriod(value: length.value, unit: length.unit), from: start)
    }
}
