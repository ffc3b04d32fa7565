import Chrome
import Foundation
import MockStore

/// What "+1 period" advances by, and when each subscription next changes on its own.
extension ClockPanel {
    /// The subscription "+1 period" follows: the chosen one, else the first active, else the first.
    static func periodStatus(_ state: ControlRoomScope) -> SubscriptionStatus? {
        guard let statuses = state.snapshot?.statuses, !statuses.isEmpty else { return nil }
        if let group = state.control.clock.periodGroupID, let hit = statuses.first(where: { $0.subscriptionGroupID == group }) {
            return hit
        }
        return statuses.first { $0.state.isEntitled } ?? statuses[0]
    }

    static func period(of status: SubscriptionStatus, _ state: ControlRoomScope) -> SubscriptionPeriod? {
        (state.product(id: status.renewalInfo.currentProductID) ?? state.product(id: status.transaction.productID))?
            .subscription?.subscriptionPeriod
    }

    /// The period "+1 period" advances by: the followed subscription's, else a month.
    static func currentPeriod(_ state: ControlRoomScope) -> SubscriptionPeriod {
        periodStatus(state).flatMap { period(of: $0, state) } ?? .monthly
    }

    static func periodAdvance(_ state: ControlRoomScope) -> ClockAdvance {
        advance(for: currentPeriod(state), at: state.snapshot?.timeRate ?? .realTime)
    }

    /// One period as a clock advance. At real time that is calendar arithmetic (a month, a
    /// year); at a faster rate it is the period's compressed length (a year is 6 min at
    /// `monthlyRenewalEveryThirtySeconds`), so "+1 period" is one renewal, not thousands.
    static func advance(for period: SubscriptionPeriod, at rate: TimeRate) -> ClockAdvance {
        if rate.isRealTime {
            switch period.unit {
            case .day: return ClockAdvance(value: period.value, unit: .day)
            case .week: return ClockAdvance(value: period.value, unit: .week)
            case .month: return ClockAdvance(value: period.value, unit: .month)
            case .year: return ClockAdvance(value: period.value, unit: .year)
            }
        }
        let seconds = max(1, Int(rate.duration(of: period).rounded()))
        if seconds % 86400 == 0 { return ClockAdvance(value: seconds / 86400, unit: .day) }
        if seconds % 3600 == 0 { return ClockAdvance(value: seconds / 3600, unit: .hour) }
        if seconds % 60 == 0 { return ClockAdvance(value: seconds / 60, unit: .minute) }
        return ClockAdvance(value: seconds, unit: .second)
    }

    // MARK: Subscriptions

    /// The next moment a subscription changes on its own (renewal, expiry, end of grace).
    static func nextDue(_ status: SubscriptionStatus) -> Date? {
        switch status.state {
        case .subscribed: status.renewalInfo.renewalDate ?? status.transaction.expirationDate
        case .inGracePeriod: status.renewalInfo.gracePeriodExpirationDate
        default: nil
        }
    }
}
