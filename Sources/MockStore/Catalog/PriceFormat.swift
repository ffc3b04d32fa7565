import Foundation

/// Formats prices the way StoreKit's `displayPrice` does: the storefront's currency written for
/// the customer's locale (`$2.99`, `¥300`, `2,99 €`).
///
/// Foundation (ICU) does the formatting, so fraction digits follow the currency (none for JPY
/// and KRW) and separators follow the locale. The result is then made terminal-friendly and
/// deterministic:
/// - every no-break or narrow space ICU uses (U+00A0, U+202F, U+2007, U+2009) becomes a plain
///   space (U+0020), so the width a terminal gives the text is predictable;
/// - invisible bidi marks (U+200E, U+200F, U+061C, U+202A–U+202E, U+2066–U+2069) are removed,
///   since they take no width but would confuse cell-based layout;
/// - the fullwidth yen sign `￥` (U+FFE5), which some ICU data gives for `ja`, becomes `¥`
///   (U+00A5), which is what StoreKit shows and what takes one column.
public struct PriceFormat: Sendable, Hashable {
    /// ISO 4217 code of the storefront's currency (`USD`, `JPY`).
    public var currencyCode: String
    /// The locale to write the price for (`en_US`, `ja`, `de_DE`); `-` or `_` both work.
    public var locale: String

    public init(currencyCode: String, locale: String) {
        self.currencyCode = currencyCode
        self.locale = locale
    }

    /// The storefront's currency, written for `locale` (SPD4: storefront JPN with `en_US` → `¥300`).
    public init(storefront: Storefront, locale: String) {
        self.init(currencyCode: storefront.currencyCode, locale: locale)
    }

    /// The price as StoreKit's `displayPrice` would show it.
    public func format(_ amount: Decimal) -> String {
        Self.cache.text(for: CacheKey(format: self, amount: amount)) { uncachedFormat(amount) }
    }

    /// The amount `format` writes, as a number: rounded to the currency's fraction digits the
    /// way the text is (4.99 shows as ¥5 in yen, so the customer pays 5). A storefront keeps the
    /// catalog's number and only changes the currency, so this is what a purchase records.
    public func amountShown(_ amount: Decimal) -> Decimal {
        var value = amount
        var rounded = Decimal()
        // ICU rounds half to even when it formats.
        NSDecimalRound(&rounded, &value, Self.fractionDigits(of: currencyCode), .bankers)
        return rounded
    }

    /// How many fraction digits ICU writes for a currency (0 for JPY, 2 for USD, 3 for BHD),
    /// read from the formatter itself so it always agrees with `format`.
    static func fractionDigits(of currencyCode: String) -> Int {
        let code = currencyCode.uppercased()
        let text = digitsCache.text(for: code) {
            let style = Decimal.FormatStyle.Currency(code: code, locale: Locale(identifier: "en_US_POSIX"))
            let written = Decimal(string: "1.123456")!.formatted(style)
            let fraction = written.split(separator: ".", maxSplits: 1).dropFirst().first ?? ""
            return String(fraction.prefix { $0.isNumber }.count)
        }
        return Int(text) ?? 2
    }

    private static let digitsCache = FormattedTextCache<String>(limit: 256)

    private struct CacheKey: Hashable, Sendable {
        var format: PriceFormat
        var amount: Decimal
    }

    private static let cache = FormattedTextCache<CacheKey>()

    private func uncachedFormat(_ amount: Decimal) -> String {
        let code = currencyCode.uppercased()
        let identifier = locale.isEmpty ? LocaleMatch.xcodeDefaultLocale : locale.replacingOccurrences(of: "-", with: "_")
        let style = Decimal.FormatStyle.Currency(code: code, locale: Locale(identifier: identifier))
        return Self.normalise(amount.formatted(style))
    }

    static func normalise(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x00A0, 0x202F, 0x2007, 0x2009: out.append(" ")
            case 0x200E, 0x200F, 0x061C, 0x202A...0x202E, 0x2066...0x2069: continue
            case 0xFFE5: out.append("\u{00A5}")
            default: out.append(scalar)
            }
        }
        return String(out)
    }
}
