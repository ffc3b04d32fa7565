import MockStore

/// Period words and price phrases: "1 month" / 「1か月」, "$4.99/month" / 「¥480/月」.
extension Strings {
    /// A length of time: "1 month", "3 days", "1 year" / 「1か月」「3日間」「1年」 (D2).
    public func period(_ period: SubscriptionPeriod) -> String {
        let n = period.value
        switch language {
        case .en:
            let unit = switch period.unit {
            case .day: "day"
            case .week: "week"
            case .month: "month"
            case .year: "year"
            }
            return "\(n) \(unit)\(n == 1 ? "" : "s")"
        case .ja:
            return switch period.unit {
            case .day: "\(n)日間"
            case .week: "\(n)週間"
            case .month: "\(n)か月"
            case .year: "\(n)年"
            }
        }
    }

    /// The whole span of `count` periods ("3 months" for 3 × P1M).
    public func span(_ period: SubscriptionPeriod, count: Int) -> String {
        self.period(SubscriptionPeriod(value: period.value * max(count, 1), unit: period.unit))
    }

    /// The "per period" suffix: "/month", "/3 months" / 「/月」「/3か月」.
    public func perPeriodSuffix(_ period: SubscriptionPeriod) -> String {
        if period.value == 1 {
            switch language {
            case .en:
                return switch period.unit {
                case .day: "/day"
                case .week: "/week"
                case .month: "/month"
                case .year: "/year"
                }
            case .ja:
                return switch period.unit {
                case .day: "/日"
                case .week: "/週"
                case .month: "/月"
                case .year: "/年"
                }
            }
        }
        return "/" + self.period(period)
    }

    /// "$4.99/month" / 「¥480/月」.
    public func pricePerPeriod(_ price: String, _ period: SubscriptionPeriod) -> String {
        price + perPeriodSuffix(period)
    }

    /// "Billed every month" / 「1か月ごとに請求」: what one billing period is, spelled out (D2).
    public func billedEvery(_ period: SubscriptionPeriod) -> String {
        let english = period.value == 1
            ? String(perPeriodSuffix(period).dropFirst())   // "month", not "1 month"
            : self.period(period)
        return pick("Billed every \(english)", "\(self.period(period))ごとに請求")
    }

    /// The calculated per-month figure of a longer plan: "≈ $3.33/month", kept visually quiet (D4).
    public func perMonthEquivalent(_ price: String) -> String {
        pick("about \(price)/month", "月あたり約\(price)")
    }
}
