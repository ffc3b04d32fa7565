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
}
