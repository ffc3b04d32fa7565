#if canImport(StoreKit)
import StoreKit
#else
import TollboothStoreKit
#endif
import Foundation

/// The subscription as the account screen shows it: which plan, in what state, until when.
public struct PlanStatus: Equatable, Sendable {
    public let productID: Product.ID
    public let state: Product.SubscriptionInfo.RenewalState
    /// When the current period ends.
    public let expirationDate: Date?
    /// Whether another period follows: false once the customer cancelled.
    public let willAutoRenew: Bool

    /// Read from a verified status only; an unverified one is not shown as the customer's plan.
    init?(_ status: Product.SubscriptionInfo.Status) {
        guard case .verified(let transaction) = status.transaction,
              case .verified(let renewalInfo) = status.renewalInfo
        else { return nil }
        productID = transaction.productID
        state = status.state
        expirationDate = transaction.expirationDate
        willAutoRenew = renewalInfo.willAutoRenew
    }

    /// Whether the subscription gives access now.
    public var isActive: Bool {
        state == .subscribed || state == .inGracePeriod
    }

    /// The state in words, for the account screen.
    public var stateDescription: String {
        switch state {
        case .subscribed: willAutoRenew ? "subscribed" : "subscribed, cancelled at period end"
        case .inGracePeriod: "in billing grace period"
        case .inBillingRetryPeriod: "billing problem"
        case .expired: "expired"
        case .revoked: "refunded"
        default: "unknown"
        }
    }
}
