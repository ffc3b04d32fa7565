import Foundation
import MockStore

/// One fact about the customer's standing with a product, as the paywall shows it on the plan.
///
/// Derived from the latest `StoreSnapshot` only (never remembered), so what the card says is
/// always what the store says now.
public enum PlanBadge: Sendable, Hashable {
    /// Current subscription, auto-renew on.
    case subscribed(renewsOn: Date?)
    /// Current subscription paid monthly over a 12-month commitment: which payment this is, when
    /// the next is due, and, when the customer turned auto-renew off, when the commitment ends.
    case inCommitment(payment: Int, of: Int, next: Date?, endsOn: Date?)
    /// Current subscription in an introductory offer, auto-renew on: a free trial or an intro
    /// price until the date, then the regular price (`continues`: another intro period follows).
    case inIntroOffer(PaymentMode, until: Date?, continues: Bool)
    /// A non-renewing subscription whose length the product states: access until the date.
    case activeUntil(Date)
    /// A non-renewing subscription whose length the product does not state: bought on the date,
    /// lasting as long as the app decides.
    case boughtOn(Date)
    /// Current subscription, auto-renew off: access until the date, then it ends.
    case willExpire(on: Date?)
    /// Renewal payment failed, no service while the store retries (B15).
    case inBillingRetry
    /// Renewal payment failed, service continues until the date (B15).
    case inGracePeriod(until: Date?)
    /// Refunded or revoked: no access whatever the expiry (B9).
    case revoked
    /// A non-consumable the customer holds.
    case owned
    /// Ask to Buy request waiting for a parent (B10).
    case pendingApproval
    /// An interrupted purchase waiting to be resolved (S8, S9).
    case interrupted
    /// The current plan of a group that was downgraded: the next period uses another product.
    case changesAtRenewal(toProductID: String, on: Date?)
    /// The product a downgrade switches to, from the next renewal; no date when the renewal
    /// waits on a billing problem (the original date is already past).
    case startsAtRenewal(on: Date?)
    /// The store handed the transaction out `.unverified`: flagged and not granted.
    case unverified(VerificationError)
    /// A lapsed subscription.
    case expired(on: Date?)
    /// A price increase awaits consent.
    case priceIncreasePending
    /// Held through Family Sharing.
    case familyShared

    /// How the badge should look.
    public var tone: BadgeTone {
        switch self {
        case .subscribed, .inIntroOffer, .activeUntil, .boughtOn, .owned, .familyShared: .active
        case .inCommitment(_, _, _, let ends): ends == nil ? .active : .warning
        case .willExpire, .inGracePeriod, .pendingApproval, .interrupted, .changesAtRenewal,
             .startsAtRenewal, .priceIncreasePending: .warning
        case .inBillingRetry, .revoked, .unverified: .error
        case .expired: .muted
        }
    }
}

/// The colour family of a badge; themes give each one a role.
public enum BadgeTone: String, Sendable, Hashable, CaseIterable {
    case active, warning, error, muted
}
