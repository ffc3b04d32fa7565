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
    ///
    /// The digits are worked out here rather than by a `DateFormatter`: making ICU's formatter
    /// took a millisecond of the paywall's start-up (its status line shows the store time in
    /// the first frame), and the control room writes this for every transaction row. The
    /// formatter remains for dates before 1583 or after 9999, where Foundation's Gregorian
    /// calendar switches to the Julian one or the year outgrows four digits.
    public func clock(_ date: Date) -> String {
        Self.clockDigits(date, secondsFromGMT: timeZone.secondsFromGMT(for: date))
            ?? format(date, pattern: "yyyy-MM-dd HH:mm:ss", posix: true)
    }

    /// `yyyy-MM-dd HH:mm:ss` of `date` moved by `secondsFromGMT`, in the proleptic Gregorian
    /// calendar (days to a civil date as in Howard Hinnant's `civil_from_days`); nil outside
    /// the years 1583–9999.
    static func clockDigits(_ date: Date, secondsFromGMT: Int) -> String? {
        let since1970 = date.timeIntervalSince1970
        guard since1970.isFinite, abs(since1970) < 300_000_000_000 else { return nil }
        // To the nearest millisecond first, as the formatter does, then down to the second.
        let milliseconds = Int64((since1970 * 1_000).rounded())
        let local = (milliseconds >= 0 ? milliseconds / 1_000 : (milliseconds - 999) / 1_000) + Int64(secondsFromGMT)
        let days = local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
        let second = local - days * 86_400
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        guard (1_583...9_999).contains(year) else { return nil }
        func two(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(year)-\(two(month))-\(two(day)) \(two(second / 3_600)):\(two(second / 60 % 60)):\(two(second % 60))"
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
