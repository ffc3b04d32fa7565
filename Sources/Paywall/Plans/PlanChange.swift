import Foundation
import MockStore

/// Buying a product in a group where the customer already has another subscription changes
/// that subscription instead of adding one (B5); this says how and when (B6).
public struct PlanChange: Sendable, Hashable {
    /// Upgrade, downgrade or crossgrade, by the group level.
    public enum Kind: String, Sendable, Hashable {
        /// To a higher level (lower `groupLevel` number): immediate.
        case upgrade
        /// To a lower level: at the next renewal.
        case downgrade
        /// Same level: immediate when the periods match, else at the next renewal.
        case crossgrade
        /// The current plan chosen again while a change to `fromProductID` is scheduled: the
        /// renewal goes back to it, the change is cancelled, nothing is charged.
        case keep
    }

    /// When the new product starts giving service.
    public enum Effective: Sendable, Hashable {
        case now
        /// At the next renewal; the date when the store knows it.
        case atRenewal(Date?)
    }

    public var kind: Kind
    public var fromProductID: String
    public var toProductID: String
    public var effective: Effective

    public init(kind: Kind, fromProductID: String, toProductID: String, effective: Effective) {
        self.kind = kind
        self.fromProductID = fromProductID
        self.toProductID = toProductID
        self.effective = effective
    }

    /// The change buying `target` would make, or nil when the customer has no current
    /// subscription in its group (or `target` is that subscription).
    public static func buying(_ target: Product, products: [Product], snapshot: StoreSnapshot?) -> PlanChange? {
        guard let info = target.subscription, let snapshot,
              let status = snapshot.status(forGroup: info.subscriptionGroupID),
              status.state != .expired, status.state != .revoked
        else { return nil }
        let currentID = status.renewalInfo.currentProductID
        guard currentID != target.id else {
            let renewal = status.renewalInfo
            guard renewal.willAutoRenew, let scheduled = renewal.autoRenewPreference, scheduled != target.id else { return nil }
            return PlanChange(kind: .keep, fromProductID: scheduled, toProductID: target.id, effective: .now)
        }
        // In grace or billing retry the renewal date has passed: the change waits on the payment.
        let renewal = (status.renewalInfo.renewalDate ?? status.transaction.expirationDate)
            .flatMap { $0 > snapshot.storeTime ? $0 : nil }
        // A current product the paywall did not load (not in the manifest) still has a group
        // level we cannot see: call it a crossgrade at renewal, the cautious reading.
        guard let current = products.first(where: { $0.id == currentID })?.subscription else {
            return PlanChange(kind: .crossgrade, fromProductID: currentID, toProductID: target.id,
                              effective: .atRenewal(renewal))
        }
        let kind: Kind, effective: Effective
        if info.groupLevel < current.groupLevel {
            (kind, effective) = (.upgrade, .now)
        } else if info.groupLevel > current.groupLevel {
            (kind, effective) = (.downgrade, .atRenewal(renewal))
        } else {
            kind = .crossgrade
            effective = info.subscriptionPeriod == current.subscriptionPeriod ? .now : .atRenewal(renewal)
        }
        return PlanChange(kind: kind, fromProductID: currentID, toProductID: target.id, effective: effective)
    }
}
