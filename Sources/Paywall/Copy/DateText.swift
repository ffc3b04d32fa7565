import Foundation
import MockStore

/// Formats store dates for the paywall's language in the state's time zone.
///
/// Fixed patterns with the POSIX locale instead of `dateStyle`, so the text is identical on
/// every machine and ICU version (goldens depend on it). Times are shown because accelerated
/// time rates make whole periods last minutes, and seconds too when periods last seconds.
public struct DateText: Sendable, Hashable {
    public var language: Language
    public var timeZone: TimeZone
    /// Times to the second: at the fastest rates a renewal moves a date by seconds, which a
    /// time to the minute would not show.
    public var showsSeconds: Bool

    public init(language: Language, timeZone: TimeZone, showsSeconds: Bool = false) {
        self.language = language
        self.timeZone = timeZone
        self.showsSeconds = showsSeconds
    }

    /// "Jan 5, 2026 14:03" / 「2026年1月5日 14:03」, or "Jan 5, 2026 14:03:09" with seconds.
    public func dateTime(_ date: Date) -> String {
        let time = showsSeconds ? "HH:mm:ss" : "HH:mm"
        return format(date, language == .ja ? "yyyy年M月d日 \(time)" : "MMM d, yyyy \(time)")
    }

    /// "Jan 5, 2026" / 「2026年1月5日」.
    public func date(_ date: Date) -> String {
        format(date, language == .ja ? "yyyy年M月d日" : "MMM d, yyyy")
    }

    /// "2026-01-05 14:03:09" for the status line, where width matters more than prose.
    public func clock(_ date: Date) -> String {
        format(date, "yyyy-MM-dd HH:mm:ss")
    }

    private func format(_ date: Date, _ pattern: String) -> String {
        Self.cache.text(for: CacheKey(pattern: pattern, timeZone: timeZone.identifier, seconds: date.timeIntervalSince1970.rounded(.down))) {
            uncachedFormat(date, pattern)
        }
    }

    private struct CacheKey: Hashable, Sendable {
        var pattern: String
        var timeZone: String
        var seconds: Double
    }

    private static let cache = FormattedTextCache<CacheKey>()

    private func uncachedFormat(_ date: Date, _ pattern: String) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.calendar = Calendar(identifier: .gregorian)
        formatter.timeZone = timeZone
        formatter.dateFormat = pattern
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
