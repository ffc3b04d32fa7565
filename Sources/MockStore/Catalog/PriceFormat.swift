import Foundation

/// Formats prices for a currency and locale, as StoreKit's `priceFormatStyle`.
/// (Provisional: the catalog work replaces this with storefront-aware formatting.)
public struct PriceFormat: Sendable, Hashable {
    public var currencyCode: String
    public var locale: String

    public init(currencyCode: String, locale: String) {
        self.currencyCode = currencyCode
        self.locale = locale
    }

    public func format(_ amount: Decimal) -> String {
        let formatter = NumberFormatter()
        formatter.numberStyle = .currency
        formatter.currencyCode = currencyCode
        formatter.locale = Locale(identifier: locale)
        return formatter.string(from: amount as NSDecimalNumber) ?? "\(amount) \(currencyCode)"
    }
}
