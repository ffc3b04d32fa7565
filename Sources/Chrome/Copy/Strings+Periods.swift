import Foundation
import MockStore

/// Period words and price phrases: "1 month" / 「1か月」, "$4.99/month" / 「¥480/月」.
///
/// Counts go through the catalog's plural variations, so each language chooses its own forms.
extension Strings {
    /// A length of time: "1 month", "3 days", "1 year" / 「1か月」「3日間」「1年」 (D2).
    public func period(_ period: SubscriptionPeriod) -> String {
        switch period.unit {
        case .day: text(.periodDays, period.value)
        case .week: text(.periodWeeks, period.value)
        case .month: text(.periodMonths, period.value)
        case .year: text(.periodYears, period.value)
        }
    }

    /// The whole span of `count` periods ("3 months" for 3 × P1M).
    public func span(_ period: SubscriptionPeriod, count: Int) -> String {
        self.period(SubscriptionPeriod(value: period.value * max(count, 1), unit: period.unit))
    }

    /// The "per period" suffix: "/month", "/3 months" / 「/月」「/3か月」.
    public func perPeriodSuffix(_ period: SubscriptionPeriod) -> String {
        guard period.value == 1 else { return "/" + self.period(period) }
        return switch period.unit {
        case .day: text(.perDay)
        case .week: text(.perWeek)
        case .month: text(.perMonth)
        case .year: text(.perYear)
        }
    }

    /// "$4.99/month" / 「¥480/月」.
    public func pricePerPeriod(_ price: String, _ period: SubscriptionPeriod) -> String {
        price + perPeriodSuffix(period)
    }

    /// "Billed every month" / 「1か月ごとに請求」: what one billing period is, spelled out (D2).
    public func billedEvery(_ period: SubscriptionPeriod) -> String {
        switch period.unit {
        case .day: text(.billedEveryDays, period.value)
        case .week: text(.billedEveryWeeks, period.value)
        case .month: text(.billedEveryMonths, period.value)
        case .year: text(.billedEveryYears, period.value)
        }
    }

    /// The calculated per-month figure of a longer plan: "≈ $3.33/month", kept visually quiet (D4).
    public func perMonthEquivalent(_ price: String) -> String {
        text(.perMonthEquivalent, price)
    }

    /// A span of time in its two largest units: "30 s", "1 min 30 s", "1 h", "1 d 6 h" /
    /// 「30秒」「1分30秒」「1時間」「1日6時間」.
    public func duration(_ seconds: TimeInterval) -> String {
        let total = seconds.isFinite ? Int(max(0, min(seconds, 1e12)).rounded()) : 0
        let units: [(size: Int, key: StringKey)] = [(86400, .durationDays), (3600, .durationHours), (60, .durationMinutes), (1, .durationSeconds)]
        guard let top = units.firstIndex(where: { total >= $0.size }) else { return text(.durationSeconds, 0) }
        var parts = [text(units[top].key, total / units[top].size)]
        if top + 1 < units.count {
            let next = units[top + 1]
            let n = (total % units[top].size) / next.size
            if n > 0 { parts.append(text(next.key, n)) }
        }
        return parts.joined(separator: text(.wordSeparator))
    }
}
