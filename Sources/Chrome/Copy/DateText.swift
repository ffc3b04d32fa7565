import Foundation
import MockStore

/// Formats store dates for the paywall's locale in the state's time zone.
///
/// In each language's own order and punctuation ("Jan 5, 2026 14:03", "5 janv. 2026 14:03",
/// "2026年1月5日 14:03"), with the locale's month names. The clock is always 24-hour: dates in
/// the paywall are about store time running fast, and a fixed width keeps layouts stable. ICU is linked into Tollbooth, so
/// the text is the same on every machine (goldens depend on it). Times are shown because
/// accelerated time rates make whole periods last minutes, and seconds too when periods last
/// seconds.
public struct DateText: Sendable, Hashable {
    /// The ICU locale dates are written in (`de_DE`, `en_US`).
    public var locale: String
    public var timeZone: TimeZone
    /// Times to the second: at the fastest rates a renewal moves a date by seconds, which a
    /// time to the minute would not show.
    public var showsSeconds: Bool

    public init(locale: String, timeZone: TimeZone, showsSeconds: Bool = false) {
        self.locale = locale
        self.timeZone = timeZone
        self.showsSeconds = showsSeconds
    }

    /// Dates in a language's usual locale (`ja` → `ja_JP`).
    public init(language: Language, timeZone: TimeZone, showsSeconds: Bool = false) {
        self.init(locale: language.defaultLocale, timeZone: timeZone, showsSeconds: showsSeconds)
    }

    /// "Jan 5, 2026 14:03" / 「2026年1月5日 14:03」, or with seconds.
    public func dateTime(_ date: Date) -> String {
        self.date(date) + " " + format(date, pattern: showsSeconds ? strings.timeWithSecondsPattern : strings.timePattern)
    }

    /// "Jan 5, 2026" / 「2026年1月5日」.
    public func date(_ date: Date) -> String {
        format(date, pattern: strings.datePattern)
    }

    /// "2026-01-05 14:03:09" for the status line, where width matters more than prose.
    public func clock(_ date: Date) -> String {
        format(date, pattern: "yyyy-MM-dd HH:mm:ss", posix: true)
    }

    /// The patterns come from the String Catalog, one per language (what ICU's skeletons give
    /// for the language's usual locale), so no pattern generator runs: resolving skeletons
    /// pulled over a megabyte of ICU's tables into memory.
    private var strings: Strings { Strings(LanguageChoice(locale: locale).language) }

    private func format(_ date: Date, pattern: String, posix: Bool = false) -> String {
        let key = CacheKey(pattern: pattern, locale: posix ? "en_US_POSIX" : locale, timeZone: timeZone.identifier,
                           seconds: date.timeIntervalSince1970.rounded(.down))
        return Self.cache.text(for: key) { uncachedFormat(date, key) }
    }

    private struct CacheKey: Hashable, Sendable {
        var pattern: String
        var locale: String
        var timeZone: String
        var seconds: Double
    }

    private static let cache = FormattedTextCache<CacheKey>()

    private func uncachedFormat(_ date: Date, _ key: CacheKey) -> String {
        let formatter = DateFormatter()
        formatter.calendar = Calendar(identifier: .gregorian)
        formatter.timeZone = timeZone
        formatter.locale = Locale(identifier: key.locale)
        formatter.dateFormat = key.pattern
        return formatter.string(from: date)
    }
}

extension TimeRate {
    /// Whether dates need seconds at this rate: when a one-week period lasts under five
    /// minutes, renewals come seconds apart (a weekly plan at `monthlyRenewalEveryFifteenMinutes`
    /// renews every 3 min 45 s; `oneRenewalEveryThirtySeconds` twice a minute).
    package var showsSeconds: Bool {
        duration(of: SubscriptionPeriod(value: 1, unit: .week)) < 5 * 60
    }
}
