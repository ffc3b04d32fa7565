import Chrome
import Foundation
import MockStore

/// The Clock panel's copy: store time, time rates in words, clock actions, subscription dates.
extension Strings {
    public var clockStoreTime: String { text(.clockStoreTime) }
    public var clockRunning: String { text(.clockRunning) }
    public var clockPaused: String { text(.clockPaused) }
    public var clockRate: String { text(.clockRate) }
    public var clockSubscriptions: String { text(.clockSubscriptions) }
    public var clockNoSubscriptions: String {
        text(.clockNoSubscriptions)
    }

    // MARK: Actions

    public var clockPause: String { text(.clockPause) }
    public var clockResume: String { text(.clockResume) }
    public var clockPlusHour: String { text(.clockPlusHour) }
    public var clockPlusDay: String { text(.clockPlusDay) }
    /// "+1 period: 1 year (Premium Yearly), 6 min at this rate".
    public func clockPlusPeriod(_ period: String, product: String?, length: String?) -> String {
        let product = product.map { text(.clockPlusPeriod, $0) } ?? text(.clockPlusPeriod_noSubscription)
        let length = length.map { text(.clockPlusPeriod_atThisRate, $0) } ?? ""
        return text(.clockPlusPeriod_period, period, product, length)
    }
    public func clockPlusPeriodShort(_ period: String) -> String { text(.clockPlusPeriodShort, period) }
    public var clockToNextDue: String { text(.clockToNextDue) }
    public func clockNextDue(_ date: String) -> String { text(.clockNextDue, date) }
    public var clockChooseRate: String { text(.clockChooseRate) }

    /// The clock panel's keys, most important first.
    public func clockFooterKeys(paused: Bool) -> String {
        paused ? text(.clockFooterKeys_paused) : text(.clockFooterKeys_running)
    }
    public var rateChooserFooterKeys: String {
        text(.rateChooserFooterKeys)
    }

    // MARK: Time rates

    public var rateChooserTitle: String { text(.rateChooserTitle) }
    public var rateCurrent: String { text(.rateCurrent) }
    public var rateDeprecated: String { text(.rateDeprecated) }
    public var rateDeprecatedHeading: String { text(.rateDeprecatedHeading) }
    /// B16, and what a rate does and doesn't change.
    public var rateChooserNote: String {
        text(.rateChooserNote)
    }

    /// What a rate means: "1 month renews every 30 s", "1 month renews every 30 s, 1 year every
    /// 6 min", "Real time: periods last as on the calendar", "Every period renews every 10 s".
    public func rateMeaning(_ rate: TimeRate, periods: [SubscriptionPeriod] = [.monthly]) -> String {
        if rate.isRealTime {
            return text(.rateMeaning)
        }
        if rate.rawValue >= 1000 {
            let every = duration(rate.duration(of: .monthly))
            return text(.rateMeaning_everyPeriodRenewsEvery, every)
        }
        var unique: [SubscriptionPeriod] = []
        for period in periods where !unique.contains(period) { unique.append(period) }
        if unique.isEmpty { unique = [.monthly] }
        let parts = unique.map { ($0, duration(rate.duration(of: $0))) }
        let first = text(.rateMeaningFirst, period(parts[0].0), parts[0].1)
        let rest = parts.dropFirst().map { text(.rateMeaningNext, period($0.0), $0.1) }
        return text(.rateMeaningSentence, ([first] + rest).joined(separator: text(.listSeparator)))
    }

    /// The grace and billing-retry lengths at a rate: "Grace 15 s, billing retry 1 min", or,
    /// where Apple publishes none for the rate, "Grace ≈31 min, billing retry ≈1 h 56 min
    /// (estimates: Apple publishes none for this rate)".
    public func graceAndRetry(grace: TimeInterval, retry: TimeInterval, estimated: Bool) -> String {
        let mark = estimated ? "≈" : ""
        let grace = mark + duration(grace), retry = mark + duration(retry)
        if !estimated { return text(.graceAndRetry, grace, retry) }
        return text(.graceAndRetry_graceBillingRetryEstimates, grace, retry)
    }

    /// "in 29 s" / 「あと29秒」.
    public func timeUntil(_ seconds: TimeInterval) -> String {
        text(.timeUntil, duration(seconds))
    }

    // MARK: Subscription states

    public func renewalStateName(_ state: RenewalState) -> String {
        switch state {
        case .subscribed: text(.renewalStateName_subscribed)
        case .inGracePeriod: text(.renewalStateName_inGracePeriod)
        case .inBillingRetryPeriod: text(.renewalStateName_inBillingRetryPeriod)
        case .expired: text(.renewalStateName_expired)
        case .revoked: text(.renewalStateName_revoked)
        default: state.rawValue
        }
    }
    public func clockRenews(_ date: String) -> String { text(.clockRenews, date) }
    public func clockExpires(_ date: String) -> String { text(.clockExpires, date) }
    public func clockGraceEnds(_ date: String) -> String { text(.clockGraceEnds, date) }
    public func clockPeriodEnded(_ date: String) -> String { text(.clockPeriodEnded, date) }
    public func clockExpired(_ date: String) -> String { text(.clockExpired, date) }
    public func clockRevoked(_ date: String) -> String { text(.clockRevoked, date) }
    public var clockAutoRenewOff: String { text(.clockAutoRenewOff) }
}
