import MockStore

extension SKTestSession {
    /// How fast subscriptions renew in the test environment, as `SKTestSession.TimeRate`. The
    /// raw values are Xcode's (`SKTestTimeRate`).
    public enum TimeRate: Int, Hashable, Sendable {
        case realTime = 0
        // Xcode 12's rates, which shortened a day rather than a subscription period.
        @available(*, deprecated, message: "Use a monthlyRenewalEvery… or oneRenewalEvery… rate.") case oneHourIsOneDay = 1
        @available(*, deprecated, message: "Use a monthlyRenewalEvery… or oneRenewalEvery… rate.") case thirtyMinutesIsOneDay = 2
        @available(*, deprecated, message: "Use a monthlyRenewalEvery… or oneRenewalEvery… rate.") case fiveMinutesIsOneDay = 3
        @available(*, deprecated, message: "Use a monthlyRenewalEvery… or oneRenewalEvery… rate.") case oneMinuteIsOneDay = 4
        @available(*, deprecated, message: "Use a monthlyRenewalEvery… or oneRenewalEvery… rate.") case thirtySecondsIsOneDay = 5
        @available(*, deprecated, message: "Use a monthlyRenewalEvery… or oneRenewalEvery… rate.") case oneSecondIsOneDay = 6
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
    }
}

extension SKTestSession.TimeRate {
    /// The store's rate of the same raw value.
    var storeRate: MockStore.TimeRate { MockStore.TimeRate(rawValue: rawValue) ?? .realTime }
    init(_ rate: MockStore.TimeRate) { self = Self(rawValue: rate.rawValue) ?? .realTime }
}
