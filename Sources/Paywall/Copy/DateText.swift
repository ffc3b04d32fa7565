import Foundation
import MockStore

/// Formats store dates for the paywall's locale in the state's time zone.
///
/// Through ICU's skeletons (`yMMMd`, then the time), so each locale orders and punctuates the
/// date as its own formatters do ("Jan 5, 2026 14:03", "5 janv. 2026 14:03",
/// "2026年1月5日 14:03"). The clock is always 24-hour: dates in the paywall are about store
/// time running fast, and a fixed width keeps layouts stable. ICU is linked into Tollbooth, so
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

    /// "Jan 5, 2026 14:03" / 「2026年1月5日 14:03」, or with seconds: the locale's date, then
    /// its time. Not one `yMMMdHHmm` skeleton, which joins them with words ("at", "à") that make
    /// every date in a sentence three columns wider.
    public func dateTime(_ date: Date) -> String {
        self.date(date) + " " + format(date, template: showsSeconds ? "HHmmss" : "HHmm")
    }

    /// "Jan 5, 2026" / 「2026年1月5日」.
    public func date(_ date: Date) -> String {
        format(date, template: "yMMMd")
    }

    /// "2026-01-05 14:03:09" for the status line, where width matters more than prose.
    public func clock(_ date: Date) -> String {
        format(date, pattern: "yyyy-MM-dd HH:mm:ss")
    }

    private func format(_ date: Date, template: String? = nil, pattern: String? = nil) -> String {
        let key = CacheKey(template: template, pattern: pattern, locale: locale, timeZone: timeZone.identifier,
                           seconds: date.timeIntervalSince1970.rounded(.down))
        return Self.cache.text(for: key) { uncachedFormat(date, key) }
    }

    private struct CacheKey: Hashable, Sendable {
        var template: String?
        var pattern: String?
        var locale: String
        var timeZone: String
        var seconds: Double
    }

    private static let cache = FormattedTextCache<CacheKey>()
    private static let patterns = FormattedTextCache<String>(limit: 64)

    private func uncachedFormat(_ date: Date, _ key: CacheKey) -> String {
        let formatter = DateFormatter()
        formatter.calendar = Calendar(identifier: .gregorian)
        formatter.timeZone = timeZone
        if let template = key.template {
            formatter.locale = Locale(identifier: locale)
            // The skeleton is resolved once per locale: ICU's pattern generator is the costly part.
            formatter.dateFormat = Self.patterns.text(for: locale + "|" + template) {
                DateFormatter.dateFormat(fromTemplate: template, options: 0, locale: Locale(identifier: locale)) ?? "yyyy-MM-dd HH:mm"
            }
        } else {
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.dateFormat = key.pattern
        }
        return formatter.string(from: date)
    }
}

extension TimeRate {
    /// Whether dates need seconds at this rate: when a one-week period lasts under five
    /// minutes, renewals come seconds apart (a weekly plan at `monthlyRenewalEveryFifteenMinutes`
    /// renews every 3 min 45 s; `oneRenewalEveryThirtySeconds` twice a minute).
    var showsSeconds: Bool {
        duration(of: SubscriptionPeriod(value: 1, unit: .week)) < 5 * 60
    }
}
