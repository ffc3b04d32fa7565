import Chrome
import Foundation
import MockStore
import TerminalUI

/// The words and roles of one plan, shared by the card (wide) and row (narrow) layouts.
struct PlanText {
    let state: PaywallState
    let product: Product
    let facts: PlanFacts
    let focused: Bool

    var strings: Strings { state.strings }

    var name: Span {
        Span(product.displayName.isEmpty ? product.id : product.displayName, .planName)
    }

    /// The billed amount: the one price in the `price` role (D3, D4); the month's when the
    /// customer chose to pay monthly, since that is what each charge is.
    var billedPrice: Span {
        Span(state.chosenCommitment(product.id)?.monthly(for: product) ?? product.displayPrice, .price)
    }

    /// "Best value" when the manifest highlights this plan.
    var highlight: Span? {
        state.manifest.highlightProductID == product.id ? Span(strings.bestValue, .badgeActive) : nil
    }

    /// Period, per-period price, per-month figure and offer terms, as flow items: all quieter
    /// than the billed price (D2, D3, D4, D12).
    var pricingItems: [[Span]] {
        let s = strings
        if let trial = facts.timeLimitedTrial { return unlockTrialItems(trial) }
        guard let info = product.subscription else {
            switch product.type {
            case .nonConsumable: return [[Span(s.oneTimePurchase, .text)], [Span(s.buyOnceUseForever, .muted)]]
            case .consumable: return [[Span(s.consumable, .text)]]
            case .nonRenewable: return [[Span(s.nonRenewing, .text)]]
            default: return []
            }
        }
        let period = info.subscriptionPeriod
        if let commitment = state.commitments[product.id] { return commitmentItems(commitment, period: period) }
        var items: [[Span]] = [
            [Span(s.period(period), .text)],
            [Span(s.pricePerPeriod(product.displayPrice, period), .perUnit)],
        ]
        if let monthly = perMonth(period) { items.append([Span(s.perMonthEquivalent(monthly), .perUnit)]) }
        if let offer = facts.eligibleIntroOffer {
            items.append([Span(s.offerTerms(offer, regularPrice: product.displayPrice, period: period), .offer)])
        }
        return items
    }

    /// A plan with two ways to pay (D22): its period, then each way with a mark on the one Enter
    /// buys, and the key that switches them. Both ways' amounts rank below the billed price
    /// (`perUnit`, D4); the monthly way names its payments and their total.
    func commitmentItems(_ commitment: CommitmentTerms, period: SubscriptionPeriod) -> [[Span]] {
        let s = strings
        let monthly = state.payingMonthly.contains(product.id)
        func way(_ chosen: Bool, _ text: String) -> [Span] {
            [Span(chosen ? s.wayChosen : s.wayNotChosen, chosen ? .focusMarker : .muted), Span(" ", .text), Span(text, .perUnit)]
        }
        var items: [[Span]] = [[Span(s.period(period), .text)]]
        if monthly { items.append([Span(s.commitmentPayments(commitment.payments), .text)]) }
        items.append(way(!monthly, s.pricePerPeriod(product.displayPrice, period)))
        items.append(way(monthly, s.commitmentWay(monthly: commitment.monthly(for: product), payments: commitment.payments,
                                                  total: commitment.total(for: product))))
        if let offer = facts.eligibleIntroOffer {
            items.append([Span(s.offerTerms(offer, regularPrice: product.displayPrice, period: period), .offer)])
        }
        items.append([Span(s.switchBillingHint, .muted)])
        return items
    }

    /// A free time-limited trial (D18): its length, what stops working when it ends, and the
    /// full unlock's price, each on its own so none is cut.
    func unlockTrialItems(_ trial: TimeLimitedTrial) -> [[Span]] {
        let s = strings
        let ends = state.copy?.trialEnds ?? s.unlockTrialEndsDefault
        let price = facts.fullUnlock.map {
            Span(s.fullUnlockPrice($0.displayPrice, name: $0.displayName.isEmpty ? $0.id : $0.displayName), .text)
        } ?? Span(s.fullUnlockPriceMissing, .error)
        return [[Span(s.unlockTrialLength(trial.length), .text)], [Span(ends, .text)], [price]]
    }

    /// The calculated monthly price of a plan longer than a month ("$3.33"), nil otherwise.
    func perMonth(_ period: SubscriptionPeriod) -> String? {
        let months: Int
        switch period.unit {
        case .year: months = 12 * period.value
        case .month where period.value > 1: months = period.value
        default: return nil
        }
        return product.priceFormatStyle.format(product.price / Decimal(months))
    }

    /// The product's description for at most `lines` lines of `width` cells: a plan shows only
    /// the first lines of it (the card three, the row two), so a catalog's megabyte description
    /// is never sanitised or wrapped whole.
    func description(lines: Int, width: Int) -> SafeText {
        Excerpt(product.description, lines: lines, width: width).text
    }

    /// One line per badge, coloured by tone.
    var badges: [Span] {
        facts.badges.map { badge in
            let role: ThemeRole = switch badge.tone {
            case .active: .badgeActive
            case .warning: .badgeWarning
            case .error: .badgeError
            case .muted: .badgeMuted
            }
            return Span(badgeText(badge), role)
        }
    }

    func badgeText(_ badge: PlanBadge) -> String {
        let s = strings
        let date = { (d: Date?) in d.map(state.dates.dateTime) ?? "?" }
        switch badge {
        case .subscribed(let renews): return renews == nil ? s.subscribedBadge : s.subscribedRenews(date(renews))
        case .inCommitment(let payment, let total, let next, let ends):
            return ends.map { s.commitmentPaymentEnds(payment, of: total, endsOn: date($0)) }
                ?? s.commitmentPayment(payment, of: total, next: date(next))
        case .inIntroOffer(let mode, let until, let continues): return introText(mode, until: date(until), continues: continues)
        case .activeUntil(let end): return s.activeUntil(date(end))
        case .boughtOn(let day): return s.boughtOn(date(day))
        case .willExpire(let on): return s.willExpire(date(on))
        case .inBillingRetry: return s.billingRetry
        case .inGracePeriod(let until): return until == nil ? s.gracePeriodNoDate : s.gracePeriod(date(until))
        case .revoked: return s.revoked
        case .owned: return s.owned
        case .pendingApproval: return s.pendingApproval
        case .interrupted: return s.interrupted
        case .changesAtRenewal(let to, let on): return s.changesTo(state.displayName(to), date(on))
        case .startsAtRenewal(let on): return on == nil ? s.startsAtNextRenewal : s.startsOn(date(on))
        case .unverified(let error): return s.unverified + " (\(InjectedError.verification(error)))"
        case .expired(let on): return s.expiredOn(date(on))
        case .priceIncreasePending: return s.priceIncreasePending
        case .familyShared: return s.familyShared
        }
    }

    /// The offer the customer is in: its price and when it ends, then the regular price.
    func introText(_ mode: PaymentMode, until: String, continues: Bool) -> String {
        let s = strings
        guard let info = product.subscription else { return s.subscribedRenews(until) }
        let after = s.pricePerPeriod(product.displayPrice, info.subscriptionPeriod)
        if mode == .freeTrial { return s.freeTrialUntil(until, then: after) }
        guard let offer = info.introductoryOffer else { return s.subscribedRenews(until) }
        let price = mode == .payAsYouGo ? s.pricePerPeriod(offer.displayPrice, offer.period) : offer.displayPrice
        return continues ? s.introPriceRenews(price, until) : s.introPriceUntil(price, until, then: after)
    }

    /// The buy control: `[ Start free trial ]`, or a disabled `[ Subscribed ]` / `[ Purchases
    /// disabled ]` that explains itself when activated (never a dead button, S7). When payments
    /// are disabled the body also states the reason once, above the plans.
    var button: Span {
        let s = strings
        let region = HitTarget.buy(productID: product.id)
        switch facts.action {
        case .purchase(let kind):
            let label = switch kind {
            case .subscribe: s.subscribe
            case .startFreeTrial: s.startFreeTrial
            case .buy: s.buy
            case .upgrade: s.upgrade
            case .downgrade: s.downgrade
            case .crossgrade: s.switchPlan
            case .resubscribe: s.resubscribe
            case .keepPlan: s.keepPlan
            case .buyAgain: s.buyAgain
            }
            return Span("[ \(label) ]", focused ? .buttonFocused : .button, region: region)
        case .unavailable(let reason):
            let label = switch reason {
            case .subscribed: s.subscribedButton
            case .owned: s.ownedButton
            case .awaitingApproval: s.awaitingApprovalButton
            case .scheduled: s.scheduledButton
            case .busy: s.busyButton
            case .paymentsDisabled: s.paymentsDisabledButton
            case .billingIssue: s.updatePaymentButton
            }
            // Still focusable and clickable: activating it explains why (never a dead end).
            return Span("[ \(label) ]", focused ? .buttonFocused : .buttonDisabled, region: region)
        }
    }
}
