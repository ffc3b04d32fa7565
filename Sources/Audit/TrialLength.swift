import Foundation
import MockStore

/// A length of time as a reader finds it in the paywall's text ("3 days", "1-week", 「3日間」), or
/// as an offer is configured, compared in days (a week is 7 of them, so "1 week" = "7 days").
struct TrialLength: Hashable, Sendable, CustomStringConvertible {
    var value: Int
    var unit: SubscriptionPeriod.Unit

    init(value: Int, unit: SubscriptionPeriod.Unit) {
        self.value = value
        self.unit = unit
    }

    /// The whole span of a configured offer: its period times its count.
    init(offer period: SubscriptionPeriod, count: Int) {
        self.init(value: period.value * max(count, 1), unit: period.unit)
    }

    var days: Int {
        switch unit {
        case .day: value
        case .week: value * 7
        case .month: value * 30
        case .year: value * 365
        }
    }

    var description: String {
        let word = switch unit { case .day: "day"; case .week: "week"; case .month: "month"; case .year: "year" }
        return "\(value) \(word)\(value == 1 ? "" : "s")"
    }

    /// "14-day", as the length is written before a noun ("a 14-day trial").
    var adjective: String {
        let word = switch unit { case .day: "day"; case .week: "week"; case .month: "month"; case .year: "year" }
        return "\(value)-\(word)"
    }

    func sameLength(as other: TrialLength) -> Bool { days == other.days }

    /// Every length written in `text`, in any of the paywall's languages (the store's own reading of prose).
    static func all(in text: String) -> [(length: TrialLength, text: String)] {
        WrittenLength.all(in: text).map { (TrialLength(value: $0.value, unit: $0.unit), $0.text) }
    }

    /// The free trials a plan's text advertises: a length next to "free" in one of the
    /// paywall's languages: after it ("3 days free", 「3日間無料」, "3 Tage gratis", "3일 무료") or
    /// just before it ("Gratuit pendant 3 jours", "免费 3 天").
    static func freeTrials(in text: String) -> [(length: TrialLength, text: String)] {
        all(in: text).filter { found in
            guard let range = text.range(of: found.text) else { return false }
            let after = String(text[range.upperBound...].prefix(12))
            let before = String(text[..<range.lowerBound].suffix(16))
            return after.range(of: #"^ ?(free|無料|gratis|kostenlos|gratuit|grátis|무료|免费|免費)"#, options: [.regularExpression, .caseInsensitive]) != nil
                || before.range(of: #"(gratuit\w*|gratis|grátis|kostenlos|免费|免費|무료)( pendant| durante| per| por)? ?$"#,
                                options: [.regularExpression, .caseInsensitive]) != nil
        }
    }
}
