import Foundation
import MockStore

/// Everything the paywall needs to draw and act on one plan: its badges, whether and how it
/// can be bought, the intro offer the customer may get, and the plan change a purchase makes.
///
/// A pure function of the products and the snapshot, shared by `update` (may this be bought?)
/// and `view` (what does the card say?) so the two can never disagree.
public struct PlanFacts: Sendable, Hashable {
    public var product: Product
    public var badges: [PlanBadge]
    public var action: PlanAction
    /// The introductory offer to advertise: configured *and* the customer is eligible (D15).
    public var eligibleIntroOffer: Product.SubscriptionOffer?
    public var change: PlanChange?
    /// Set when the plan is a free time-limited trial of a non-subscription app (D18).
    public var timeLimitedTrial: TimeLimitedTrial?
    /// For such a trial: the paid non-consumable that unlocks the app for good, whose price the
    /// plan names; nil when the paywall has none to sell.
    public var fullUnlock: Product?

    /// Whether this plan's buy control can be activated.
    public var isPurchasable: Bool {
        if case .purchase = action { return true }
        return false
    }

    /// - Parameter device: the device the paywall runs on: a purchase waiting on another device
    ///   (an Ask to Buy request made there) is that device's to show, as on real devices; nil
    ///   shows every waiting purchase.
    public init(product: Product, products: [Product], snapshot: StoreSnapshot?, isBusy: Bool = false,
                device: String? = nil) {
        self.product = product
        let badges = Self.badges(for: product, snapshot: snapshot, device: device)
        self.badges = badges
        let offer: Product.SubscriptionOffer? =
            if let info = product.subscription, let intro = info.introductoryOffer,
               snapshot?.introEligibleGroupIDs.contains(info.subscriptionGroupID) == true { intro } else { nil }
        self.eligibleIntroOffer = offer
        let change = PlanChange.buying(product, products: products, snapshot: snapshot)
        self.change = change
        let trial = TimeLimitedTrial(product)
        self.timeLimitedTrial = trial
        self.fullUnlock = trial == nil ? nil : TimeLimitedTrial.fullUnlock(among: products)
        self.action = Self.action(product: product, badges: badges, offer: offer, change: change,
                                  snapshot: snapshot, isBusy: isBusy, trial: trial != nil)
    }

    static func badges(for product: Product, snapshot: StoreSnapshot?, device: String? = nil) -> [PlanBadge] {
        guard let snapshot else { return [] }
        var badges: [PlanBadge] = []
        if let info = product.subscription {
            if let status = snapshot.status(forGroup: info.subscriptionGroupID) {
                badges = subscriptionBadges(product, status, now: snapshot.storeTime)
            }
        } else if let tx = snapshot.entitlement(for: product.id) ?? revokedTransaction(product.id, snapshot) {
            if let error = tx.verificationError {
                // An app withholds unverified content (seed 000): flag it, claim nothing.
                badges.append(.unverified(error))
            } else if tx.revocationDate != nil {
                badges.append(.revoked)
            } else if product.type == .nonRenewable {
                badges.append(nonRenewingBadge(product, tx, snapshot))
                if tx.ownershipType == .familyShared { badges.append(.familyShared) }
            } else if product.type == .nonConsumable {
                badges.append(.owned)
                if tx.ownershipType == .familyShared { badges.append(.familyShared) }
            }
        }
        // A request waits on the device that made it; another device of the account has no way
        // to know of it until the parent answers.
        for pending in snapshot.pendingPurchases where pending.productID == product.id
            && (device == nil || pending.device == nil || pending.device == device) {
            let badge: PlanBadge = pending.kind == .askToBuy ? .pendingApproval : .interrupted
            if !badges.contains(badge) { badges.append(badge) }
        }
        return badges
    }

    /// The latest period of a non-renewing subscription: until when, if the product says.
    private static func nonRenewingBadge(_ product: Product, _ tx: Transaction, _ snapshot: StoreSnapshot) -> PlanBadge {
        guard let term = NonRenewingTerm(product) else { return .boughtOn(tx.purchaseDate) }
        let end = term.end(from: tx.purchaseDate, rate: snapshot.timeRate)
        return end > snapshot.storeTime ? .activeUntil(end) : .expired(on: end)
    }

    private static func subscriptionBadges(_ product: Product, _ status: SubscriptionStatus, now: Date) -> [PlanBadge] {
        let renewal = status.renewalInfo
        let expiry = status.transaction.expirationDate
        let nextRenewal = renewal.renewalDate ?? expiry
        guard renewal.currentProductID == product.id else {
            // The product a downgrade (or later crossgrade) moves to. In grace or billing retry
            // the renewal date has passed and the change waits on the payment: no date to give.
            let live = status.state != .expired && status.state != .revoked
            let starts = nextRenewal.flatMap { $0 > now ? $0 : nil }
            return live && renewal.willAutoRenew && renewal.autoRenewPreference == product.id
                ? [.startsAtRenewal(on: starts)] : []
        }
        // An app withholds unverified content (seed 000): flag it, claim nothing.
        if let error = status.transaction.verificationError { return [.unverified(error)] }
        var badges: [PlanBadge]
        switch status.state {
        case .revoked: badges = [.revoked]
        case .expired: badges = [.expired(on: expiry)]
        case .inBillingRetryPeriod: badges = [.inBillingRetry]
        case .inGracePeriod: badges = [.inGracePeriod(until: renewal.gracePeriodExpirationDate)]
        default:
            if !renewal.willAutoRenew {
                badges = [.willExpire(on: expiry)]
            } else if let next = renewal.autoRenewPreference, next != product.id {
                badges = [.changesAtRenewal(toProductID: next, on: nextRenewal)]
            } else if let commitment = status.transaction.commitmentInfo {
                // Inside a commitment auto-renew stays on to its end; the commitment's own
                // choice says whether another one follows.
                let ends = renewal.commitmentInfo.map { $0.willAutoRenew ? nil : $0.renewalDate } ?? nil
                badges = [.inCommitment(payment: commitment.billingPeriodNumber, of: commitment.totalBillingPeriods,
                                        next: nextRenewal, endsOn: ends)]
            } else if let offer = status.transaction.offer, offer.type == .introductory, let mode = offer.paymentMode {
                // Another intro period follows when the renewal is still at the offer's price.
                let regular = renewal.renewalPrice.map { $0 >= product.price } ?? true
                badges = [.inIntroOffer(mode, until: nextRenewal, continues: mode == .payAsYouGo && !regular)]
            } else {
                badges = [.subscribed(renewsOn: nextRenewal)]
            }
        }
        if renewal.priceIncreaseStatus == .pending, status.state.isEntitled { badges.append(.priceIncreasePending) }
        if status.transaction.ownershipType == .familyShared { badges.append(.familyShared) }
        return badges
    }

    /// Entitlements leave out refunded products; the unfinished list may still hold the
    /// revoked transaction, which is the only trace a non-consumable's refund leaves (B8).
    private static func revokedTransaction(_ productID: String, _ snapshot: StoreSnapshot) -> Transaction? {
        snapshot.unfinished.last { $0.productID == productID && $0.revocationDate != nil }
    }

    static func action(product: Product, badges: [PlanBadge], offer: Product.SubscriptionOffer?,
                       change: PlanChange?, snapshot: StoreSnapshot?, isBusy: Bool, trial: Bool = false) -> PlanAction {
        // Order matters: say what the customer already has before saying why they can't pay.
        for badge in badges {
            switch badge {
            case .willExpire:
                // Buying the plan again before it expires turns auto-renew back on (S6): the
                // store answers with the current transaction and no new charge.
                if snapshot?.switches.paymentsDisabled == true { return .unavailable(.paymentsDisabled) }
                return isBusy ? .unavailable(.busy) : .purchase(.resubscribe)
            case .changesAtRenewal:
                // Choosing the current plan again keeps it: the store sets the renewal back to
                // it and the scheduled change is cancelled, with no charge.
                if snapshot?.switches.paymentsDisabled == true { return .unavailable(.paymentsDisabled) }
                return isBusy ? .unavailable(.busy) : .purchase(.keepPlan)
            case .inGracePeriod, .inBillingRetry:
                // The one thing to do is to fix the payment, in the App Store's account settings.
                return .unavailable(.billingIssue)
            case .subscribed, .inIntroOffer, .inCommitment:
                return .unavailable(.subscribed)
            case .activeUntil, .boughtOn:
                // A non-renewing subscription is bought again for another period, as apps do.
                if snapshot?.switches.paymentsDisabled == true { return .unavailable(.paymentsDisabled) }
                return isBusy ? .unavailable(.busy) : .purchase(.buyAgain)
            case .owned:
                return .unavailable(.owned)
            case .pendingApproval:
                return .unavailable(.awaitingApproval)
            case .startsAtRenewal:
                return .unavailable(.scheduled)
            default:
                continue
            }
        }
        if snapshot?.switches.paymentsDisabled == true { return .unavailable(.paymentsDisabled) }
        if isBusy { return .unavailable(.busy) }
        if let change {
            switch change.kind {
            case .upgrade: return .purchase(.upgrade)
            case .downgrade: return .purchase(.downgrade)
            case .crossgrade: return .purchase(.crossgrade)
            case .keep: return .purchase(.keepPlan)
            }
        }
        if product.subscription != nil {
            return offer?.paymentMode == .freeTrial ? .purchase(.startFreeTrial) : .purchase(.subscribe)
        }
        return trial ? .purchase(.startFreeTrial) : .purchase(.buy)
    }
}

/// What a plan's button does, or why it does nothing.
public enum PlanAction: Sendable, Hashable {
    case purchase(PurchaseKind)
    case unavailable(UnavailableReason)

    /// The verb on an active buy button.
    public enum PurchaseKind: String, Sendable, Hashable {
        case subscribe, startFreeTrial, buy, upgrade, downgrade, crossgrade
        /// The plan is still active with auto-renew off: buying it again turns auto-renew on.
        case resubscribe
        /// The current plan while a change to another is scheduled: choosing it cancels the change.
        case keepPlan
        /// A non-renewing subscription still running: one more period.
        case buyAgain
    }

    /// Why the button is disabled; each has its own label so it is never a dead button.
    public enum UnavailableReason: String, Sendable, Hashable {
        case subscribed, owned, awaitingApproval, scheduled, paymentsDisabled, busy
        /// In grace or billing retry: the payment method needs updating.
        case billingIssue
    }
}
