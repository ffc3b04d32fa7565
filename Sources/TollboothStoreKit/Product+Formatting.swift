import Foundation

extension Product {
    /// Formats a subscription period's span (`1 month`, `3 days`) in the product's locale.
    ///
    /// StoreKit's is a `Date.ComponentsFormatStyle`, which Foundation on Linux declares but
    /// cannot format with; this style formats the same `Range<Date>`, so
    /// `period.formatted(product.subscriptionPeriodFormatStyle)` compiles and reads the same.
    public var subscriptionPeriodFormatStyle: SubscriptionPeriodFormatStyle {
        SubscriptionPeriodFormatStyle(locale: priceFormatStyle.locale)
    }

    /// Formats a period's unit (`month`) in the product's locale.
    public var subscriptionPeriodUnitFormatStyle: SubscriptionPeriod.Unit.FormatStyle {
        SubscriptionPeriod.Unit.FormatStyle(locale: priceFormatStyle.locale)
    }

    /// A span of time in whole days, weeks, months or years, as a subscription period reads.
    public struct SubscriptionPeriodFormatStyle: Foundation.FormatStyle, Codable, Hashable, Sendable {
        public var locale: Locale

        public init(locale: Locale = .autoupdatingCurrent) { self.locale = locale }

        public func format(_ range: Range<Date>) -> String {
            // An app may hand any dates `Date` holds (1e300 s apart): past what a calendar or an
            // `Int` counts, the span is a count of days, capped rather than trapped on.
            let seconds = range.upperBound.timeIntervalSince(range.lowerBound)
            guard seconds.isFinite, seconds < 1e12 else {
                return PeriodWords(locale: locale).count(seconds.isFinite ? Int(1e12 / 86_400) : 1, .day)
            }
            let calendar = Calendar(identifier: .gregorian)
            let parts = calendar.dateComponents([.year, .month, .day], from: range.lowerBound, to: range.upperBound)
            let (value, unit): (Int, SubscriptionPeriod.Unit) =
                if let years = parts.year, years > 0, parts.month == 0, parts.day == 0 { (years, .year) }
                else if let months = parts.month, months > 0 || (parts.year ?? 0) > 0, parts.day == 0 { ((parts.year ?? 0) * 12 + months, .month) }
                else if let days = parts.day, days % 7 == 0, days > 0, (parts.month ?? 0) == 0 { (days / 7, .week) }
                else { (max(1, Int((range.upperBound.timeIntervalSince(range.lowerBound) / 86_400).rounded())), .day) }
            return PeriodWords(locale: locale).count(value, unit)
        }

        public func locale(_ locale: Locale) -> Self { Self(locale: locale) }
    }
}

extension Product.SubscriptionPeriod: CustomDebugStringConvertible {
    public var debugDescription: String { "P\(value)\(unit.letter)" }

    /// The period's span from `referenceDate`, formatted by `format`.
    public func formatted<S: Foundation.FormatStyle>(_ format: S, referenceDate: Date = .now) -> S.FormatOutput
    where S.FormatInput == Range<Date> {
        format.format(dateRange(referenceDate: referenceDate))
    }
}

extension Product.SubscriptionPeriod.Unit {
    /// Formats a unit as a word (`month`), as `Product.SubscriptionPeriod.Unit.FormatStyle`.
    public struct FormatStyle: Foundation.FormatStyle, Codable, Hashable, Sendable {
        public var locale: Locale

        public init(locale: Locale = .autoupdatingCurrent) { self.locale = locale }

        public func format(_ unit: Product.SubscriptionPeriod.Unit) -> String { PeriodWords(locale: locale).unit(unit) }

        public func locale(_ locale: Locale) -> Self { Self(locale: locale) }
    }

    public func formatted<S: Foundation.FormatStyle>(_ format: S) -> S.FormatOutput where S.FormatInput == Self {
        format.format(self)
    }
}

/// The words for periods, in English and Japanese (the paywall's languages); English elsewhere.
struct PeriodWords {
    let japanese: Bool

    init(locale: Locale) { japanese = locale.identifier.hasPrefix("ja") }

    func unit(_ unit: Product.SubscriptionPeriod.Unit) -> String {
        switch (unit, japanese) {
        case (.day, false): "day"
        case (.week, false): "week"
        case (.month, false): "month"
        case (.year, false): "year"
        case (.day, true): "日"
        case (.week, true): "週間"
        case (.month, true): "か月"
        case (.year, true): "年"
        }
    }

    func count(_ value: Int, _ unit: Product.SubscriptionPeriod.Unit) -> String {
        japanese ? "\(value)\(self.unit(unit))" : "\(value) \(self.unit(unit))\(value == 1 ? "" : "s")"
    }
}
