import Foundation

/// How fast subscriptions renew, as `SKTestSession.TimeRate`: the raw values are the `_timeRate`
/// integers Xcode writes (docs/domain.md §2.5, docs/storekit-format.md §7.1).
///
/// As in Xcode, a rate compresses the *length of a period*, not the passage of time: with
/// `monthlyRenewalEveryHour`, a monthly subscription bought at 10:00 expires at 11:00 store time.
public enum TimeRate: Int, CaseIterable, Hashable, Sendable, Codable, CustomStringConvertible {
    case realTime = 0
    case oneHourIsOneDay = 1
    case thirtyMinutesIsOneDay = 2
    case fiveMinutesIsOneDay = 3
    case oneMinuteIsOneDay = 4
    case thirtySecondsIsOneDay = 5
    case oneSecondIsOneDay = 6
    case monthlyRenewalEveryHour = 10
    case monthlyRenewalEveryThirtyMinutes = 11
    case monthlyRenewalEveryFifteenMinutes = 12
    case monthlyRenewalEveryFiveMinutes = 13
    case monthlyRenewalEveryThirtySeconds = 15
    case oneRenewalEveryFifteenMinutes = 1000
    case oneRenewalEveryFiveMinutes = 1001
    case oneRenewalEveryMinute = 1002
    case oneRenewalEveryThirtySeconds = 1003
    case oneRenewalEveryTenSeconds = 1004
    case oneRenewalEveryTwoSeconds = 1005

    public var description: String { String(describing: name) }

    /// The Swift case name (`monthlyRenewalEveryHour`), which is also the CLI's preset name.
    public var name: String {
        switch self {
        case .realTime: "realTime"
        case .oneHourIsOneDay: "oneHourIsOneDay"
        case .thirtyMinutesIsOneDay: "thirtyMinutesIsOneDay"
        case .fiveMinutesIsOneDay: "fiveMinutesIsOneDay"
        case .oneMinuteIsOneDay: "oneMinuteIsOneDay"
        case .thirtySecondsIsOneDay: "thirtySecondsIsOneDay"
        case .oneSecondIsOneDay: "oneSecondIsOneDay"
        case .monthlyRenewalEveryHour: "monthlyRenewalEveryHour"
        case .monthlyRenewalEveryThirtyMinutes: "monthlyRenewalEveryThirtyMinutes"
        case .monthlyRenewalEveryFifteenMinutes: "monthlyRenewalEveryFifteenMinutes"
        case .monthlyRenewalEveryFiveMinutes: "monthlyRenewalEveryFiveMinutes"
        case .monthlyRenewalEveryThirtySeconds: "monthlyRenewalEveryThirtySeconds"
        case .oneRenewalEveryFifteenMinutes: "oneRenewalEveryFifteenMinutes"
        case .oneRenewalEveryFiveMinutes: "oneRenewalEveryFiveMinutes"
        case .oneRenewalEveryMinute: "oneRenewalEveryMinute"
        case .oneRenewalEveryThirtySeconds: "oneRenewalEveryThirtySeconds"
        case .oneRenewalEveryTenSeconds: "oneRenewalEveryTenSeconds"
        case .oneRenewalEveryTwoSeconds: "oneRenewalEveryTwoSeconds"
        }
    }

    /// Accepts the case name (any case), the raw integer, or a few short aliases (`1h`, `30s`).
    public init?(name: String) {
        let folded = name.lowercased()
        if let raw = Int(folded), let rate = TimeRate(rawValue: raw) { self = rate; return }
        if let hit = Self.allCases.first(where: { $0.name.lowercased() == folded }) { self = hit; return }
        let aliases: [String: TimeRate] = [
            "real": .realTime, "realtime": .realTime,
            "1h": .monthlyRenewalEveryHour, "30m": .monthlyRenewalEveryThirtyMinutes,
            "15m": .monthlyRenewalEveryFifteenMinutes, "5m": .monthlyRenewalEveryFiveMinutes,
            "30s": .monthlyRenewalEveryThirtySeconds,
        ]
        guard let hit = aliases[folded] else { return nil }
        self = hit
    }

    /// How long one renewal period of `period` lasts at this rate.
    public func duration(of period: SubscriptionPeriod) -> TimeInterval {
        let minute = 60.0, hour = 3600.0
        // Table rows: 1 wk, 1 mo, 2 mo, 3 mo, 6 mo, 1 yr (docs/domain.md §2.5).
        func table(_ w: Double, _ m1: Double, _ m2: Double, _ m3: Double, _ m6: Double, _ y: Double) -> TimeInterval {
            switch (period.unit, period.value) {
            case (.week, let n): return w * Double(n)
            case (.month, 1): return m1
            case (.month, 2): return m2
            case (.month, 3): return m3
            case (.month, 6): return m6
            case (.month, let n): return m1 * Double(n)
            case (.year, let n): return y * Double(n)
            case (.day, let n): return w / 7 * Double(n)
            }
        }
        switch self {
        case .realTime: return period.advance(Date(timeIntervalSinceReferenceDate: 0)).timeIntervalSinceReferenceDate
        case .oneHourIsOneDay: return period.approximateDays * hour
        case .thirtyMinutesIsOneDay: return period.approximateDays * 30 * minute
        case .fiveMinutesIsOneDay: return period.approximateDays * 5 * minute
        case .oneMinuteIsOneDay: return period.approximateDays * minute
        case .thirtySecondsIsOneDay: return period.approximateDays * 30
        case .oneSecondIsOneDay: return period.approximateDays
        case .monthlyRenewalEveryHour: return table(15 * minute, hour, 2 * hour, 3 * hour, 6 * hour, 12 * hour)
        case .monthlyRenewalEveryThirtyMinutes: return table(10 * minute, 30 * minute, hour, 90 * minute, 3 * hour, 6 * hour)
        case .monthlyRenewalEveryFifteenMinutes:
            // Apple documents only the monthly figure; the others scale with it (unconfirmed).
            return table(15.0 / 4 * minute, 15 * minute, 30 * minute, 45 * minute, 90 * minute, 3 * hour)
        case .monthlyRenewalEveryFiveMinutes: return table(3 * minute, 5 * minute, 10 * minute, 15 * minute, 30 * minute, hour)
        case .monthlyRenewalEveryThirtySeconds: return table(10, 30, minute, 90, 3 * minute, 6 * minute)
        case .oneRenewalEveryFifteenMinutes: return 15 * minute
        case .oneRenewalEveryFiveMinutes: return 5 * minute
        case .oneRenewalEveryMinute: return minute
        case .oneRenewalEveryThirtySeconds: return 30
        case .oneRenewalEveryTenSeconds: return 10
        case .oneRenewalEveryTwoSeconds: return 2
        }
    }

    /// Whether a period at this rate ends on calendar arithmetic (real time) or a fixed span.
    public var isRealTime: Bool { self == .realTime }

    /// The end of a period that starts at `start`.
    public func end(of period: SubscriptionPeriod, from start: Date) -> Date {
        isRealTime ? period.advance(start) : start.addingTimeInterval(duration(of: period))
    }

    /// The billing grace period for a subscription of `period` at this rate.
    public func gracePeriod(for period: SubscriptionPeriod) -> TimeInterval {
        let day = 86400.0
        let weekly = period.unit == .week || (period.unit == .day && period.value <= 7)
        switch self {
        case .realTime: return weekly ? 6 * day : 16 * day
        case .monthlyRenewalEveryThirtySeconds: return weekly ? 9 : 15
        case .oneRenewalEveryFifteenMinutes, .oneRenewalEveryFiveMinutes, .oneRenewalEveryMinute,
             .oneRenewalEveryThirtySeconds, .oneRenewalEveryTenSeconds, .oneRenewalEveryTwoSeconds:
            return duration(of: period)
        default:
            // Undocumented (—): scale the real-time grace by how much this rate shrinks a month.
            return (weekly ? 6 * day : 16 * day) * compression
        }
    }

    /// How long the store keeps retrying a failed renewal at this rate.
    public func billingRetryPeriod(for period: SubscriptionPeriod) -> TimeInterval {
        let day = 86400.0
        switch self {
        case .realTime: return 60 * day
        case .monthlyRenewalEveryThirtySeconds: return 60
        case .oneRenewalEveryFifteenMinutes, .oneRenewalEveryFiveMinutes, .oneRenewalEveryMinute,
             .oneRenewalEveryThirtySeconds, .oneRenewalEveryTenSeconds, .oneRenewalEveryTwoSeconds:
            return 2 * duration(of: period)
        default:
            return 60 * day * compression
        }
    }

    /// Whether Apple publishes this rate's grace and billing-retry lengths (docs/domain.md §2.5).
    /// Where it does not (the hour, 30-, 15- and 5-minute rates, `oneRenewalEveryThirtySeconds`
    /// and the deprecated rates), Tollbooth's lengths are its own estimates and every place that
    /// shows them says so.
    public var publishesGraceAndRetry: Bool {
        switch self {
        case .realTime, .monthlyRenewalEveryThirtySeconds, .oneRenewalEveryFifteenMinutes, .oneRenewalEveryFiveMinutes,
             .oneRenewalEveryMinute, .oneRenewalEveryTenSeconds, .oneRenewalEveryTwoSeconds:
            true
        default:
            false
        }
    }

    /// Ratio of a compressed month to a real one (1 for real time).
    var compression: Double {
        duration(of: .monthly) / TimeRate.realTime.duration(of: .monthly)
    }
}
