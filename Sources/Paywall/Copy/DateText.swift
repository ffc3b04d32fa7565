import Foundation
import MockStore

/// Formats store dates for the paywall's language in the state's time zone.
///
/// Fixed patterns with the POSIX locale instead of `dateStyle`, so the text is identical on
/// every machine and ICU version (goldens depend on it). Times are shown because accelerated
/// time rates make whole periods last minutes.
public struct DateText: Sendable, Hashable {
    public var language: Language
    public var timeZone: TimeZone

    public init(language: Language, timeZone: TimeZone) {
        self.language = language
        self.timeZone = timeZone
    }

    /// "Jan 5, 2026 14:03" / 「2026年1月5日 14:03」.
    public func dateTime(_ date: Date) -> String {
        format(date, language == .ja ? "yyyy年M月d日 HH:mm" : "MMM d, yyyy HH:mm")
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
