@testable import Chrome
@testable import ControlRoom
import Foundation
import MockStore
@testable import Paywall
import TerminalUI
import Testing
@testable import TollboothApp

/// The states a customer sees on a plan beyond the plain ones (issue 12): a trial in progress,
/// a non-renewing period, a downgrade waiting on a billing problem, keeping the current plan,
/// billing retry, consumables, dates at fast rates, and Ask to Buy across devices.
@Suite struct PlanStateTests {
    let day: TimeInterval = 86400

    func facts(_ productID: String, _ snapshot: StoreSnapshot, products: [Product] = Fixture.products(),
               device: String? = "iPhone") -> PlanFacts {
        PlanFacts(product: products.first { $0.id == productID }!, products: products, snapshot: snapshot, device: device)
    }

    /// The words of a plan's badges as the paywall draws them (whole, before wrapping).
    func badgeWords(_ state: PaywallState, _ productID: String) -> [String] {
        let product = state.product(id: productID)!
        return PlanText(state: state, product: product, facts: state.facts(for: product), focused: false).badges.map(\.text.string)
    }

    /// The yearly plan in its 3-day free trial, auto-renew on.
    func inTrial() -> StoreSnapshot {
        var snapshot = Fixture.subscribed(Fixture.yearly)
        let end = Fixture.t0.addingTimeInterval(3 * day)
        snapshot.statuses[0].transaction.offer = .init(id: nil, type: .introductory, paymentMode: .freeTrial)
        snapshot.statuses[0].transaction.expirationDate = end
        snapshot.statuses[0].renewalInfo.renewalDate = end
        snapshot.entitlements = [snapshot.statuses[0].transaction]
        return snapshot
    }

    @Test func aFreeTrialSaysSoWithItsEndAndThePriceAfter() {
        let end = Fixture.t0.addingTimeInterval(3 * day)
        #expect(facts(Fixture.yearly, inTrial()).badges == [.inIntroOffer(.freeTrial, until: end, continues: false)])
        #expect(facts(Fixture.yearly, inTrial()).action == .unavailable(.subscribed))
        let en = Fixture.state(size: Size(width: 100, height: 40), snapshot: inTrial())
        #expect(badgeWords(en, Fixture.yearly) == ["Free trial until Jan 4, 2026 09:00, then $39.99/year"])
        let ja = Fixture.state(.ja, size: Size(width: 100, height: 40), snapshot: inTrial())
        #expect(badgeWords(ja, Fixture.yearly) == ["2026年1月4日 9:00まで無料トライアル、その後 ¥4,800/年"])
    }

    @Test func anIntroductoryPriceSaysItsPriceAndEnd() {
        var products = Fixture.products()
        let format = PriceFormat(currencyCode: "USD", locale: "en_US")
        products[1].subscription?.introductoryOffer = Product.SubscriptionOffer(
            id: nil, type: .introductory, displayPrice: format.format(Decimal(string: "0.99")!), price: Decimal(string: "0.99")!,
            paymentMode: .payAsYouGo, period: .monthly, periodCount: 3)
        var snapshot = Fixture.subscribed(Fixture.monthly)
        snapshot.statuses[0].transaction.offer = .init(id: nil, type: .introductory, paymentMode: .payAsYouGo)
        let end = snapshot.statuses[0].transaction.expirationDate!
        var state = Fixture.state(size: Size(width: 100, height: 40), snapshot: snapshot)
        state.products = products

        // The last discounted period: the renewal is at the regular price.
        snapshot.statuses[0].renewalInfo.renewalPrice = Decimal(string: "4.99")!
        _ = update(&state, .snapshotChanged(snapshot))
        #expect(state.facts(for: products[1]).badges == [.inIntroOffer(.payAsYouGo, until: end, continues: false)])
        #expect(badgeWords(state, Fixture.monthly) == ["Introductory price $0.99/month until Feb 1, 2026 09:00, then $4.99/month"])

        // More discounted periods follow: no "then" yet.
        snapshot.statuses[0].renewalInfo.renewalPrice = Decimal(string: "0.99")!
        _ = update(&state, .snapshotChanged(snapshot))
        #expect(badgeWords(state, Fixture.monthly) == ["Introductory price $0.99/month, renews on Feb 1, 2026 09:00"])
    }

    // MARK: Non-renewing subscriptions

    static func pass(_ name: String) -> Product {
        let format = PriceFormat(currencyCode: "USD", locale: "en_US")
        return Product(id: "pass", type: .nonRenewable, displayName: name, description: "Every feature while it lasts.",
                       displayPrice: format.format(9.99), price: 9.99, priceFormatStyle: format)
    }

    func bought(_ product: Product, at time: Date) -> StoreSnapshot {
        var snapshot = Fixture.snapshot()
        snapshot.storeTime = time
        snapshot.entitlements = [Transaction(id: 7, originalID: 7, productID: product.id, productType: .nonRenewable,
                                             purchaseDate: Fixture.t0, originalPurchaseDate: Fixture.t0)]
        return snapshot
    }

    @Test func aNonRenewingSubscriptionShowsItsEndAndCanBeBoughtAgain() {
        let pass = Self.pass("1 Month Pass")
        let products = Fixture.products() + [pass]
        let end = SubscriptionPeriod.monthly.advance(Fixture.t0)
        let running = facts(pass.id, bought(pass, at: Fixture.t0), products: products)
        #expect(running.badges == [.activeUntil(end)])
        #expect(running.action == .purchase(.buyAgain))
        let over = facts(pass.id, bought(pass, at: end), products: products)
        #expect(over.badges == [.expired(on: end)])
        #expect(over.action == .purchase(.buy))

        // No length in its name: the app decides, the paywall says when it was bought.
        let season = Self.pass("Season Pass")
        let unknown = facts(season.id, bought(season, at: Fixture.t0), products: Fixture.products() + [season])
        #expect(unknown.badges == [.boughtOn(Fixture.t0)])
        #expect(unknown.action == .purchase(.buyAgain))

        var state = Fixture.state(size: Size(width: 100, height: 40), snapshot: bought(pass, at: Fixture.t0))
        state.products = products
        #expect(badgeWords(state, pass.id) == ["Active until Feb 1, 2026 09:00"])
        let screen = collapse(view(state, size: state.size).text())
        #expect(screen.contains("[ Buy again ]"))
        #expect(!screen.contains("[ Owned ]"))
    }

    // MARK: Plan changes

    /// Yearly in grace (its renewal date passed ten days ago) with a downgrade to monthly.
    func downgradeInGrace() -> StoreSnapshot {
        var snapshot = Fixture.subscribed(Fixture.yearly, state: .inGracePeriod, autoRenewPreference: Fixture.monthly,
                                          grace: SubscriptionPeriod.yearly.advance(Fixture.t0).addingTimeInterval(16 * day))
        snapshot.storeTime = SubscriptionPeriod.yearly.advance(Fixture.t0).addingTimeInterval(10 * day)
        return snapshot
    }

    @Test func aDowngradeWaitingOnABillingProblemGivesNoPastDate() {
        #expect(facts(Fixture.monthly, downgradeInGrace()).badges == [.startsAtRenewal(on: nil)])
        let state = Fixture.state(size: Size(width: 100, height: 40), snapshot: downgradeInGrace())
        #expect(badgeWords(state, Fixture.monthly) == ["Starts at the next renewal"])
        // Before the renewal date the date is still given.
        #expect(facts(Fixture.monthly, Fixture.subscribed(Fixture.yearly, autoRenewPreference: Fixture.monthly)).badges
                == [.startsAtRenewal(on: SubscriptionPeriod.yearly.advance(Fixture.t0))])
    }

    @Test func choosingTheCurrentPlanAgainKeepsItAndCancelsTheDowngrade() {
        let scheduled = Fixture.subscribed(Fixture.yearly, autoRenewPreference: Fixture.monthly)
        #expect(facts(Fixture.yearly, scheduled).action == .purchase(.keepPlan))
        var state = Fixture.state(size: Size(width: 100, height: 40), snapshot: scheduled)
        #expect(collapse(view(state, size: state.size).text()).contains("[ Keep this plan ]"))
        send(&state, key(.enter))
        #expect(state.overlay == .confirm(productID: Fixture.yearly, focus: .confirm))
        #expect(collapse(view(state, size: state.size).text()).contains("Keeps this plan; the change to Premium Monthly"))
        #expect(send(&state, key(.enter)) == [.purchase(productID: Fixture.yearly)])
        send(&state, .purchaseFinished(productID: Fixture.yearly, result: .success(Fixture.transaction(Fixture.yearly))))
        #expect(state.message == .planKept(productID: Fixture.yearly, cancelled: Fixture.monthly))
        #expect(MessageText(state.message!, state: state).body == "You stay on Premium Yearly; the change to Premium Monthly is cancelled.")
    }

    // MARK: Billing problems

    @Test func billingRetrySaysWhatToDoInsteadOfSubscribed() {
        for snapshot in [Fixture.subscribed(Fixture.yearly, state: .inBillingRetryPeriod),
                         Fixture.subscribed(Fixture.yearly, state: .inGracePeriod, grace: Fixture.t0.addingTimeInterval(day))] {
            #expect(facts(Fixture.yearly, snapshot).action == .unavailable(.billingIssue))
            var state = Fixture.state(size: Size(width: 100, height: 40), snapshot: snapshot)
            let screen = collapse(view(state, size: state.size).text())
            #expect(screen.contains("[ Update payment method ]"))
            #expect(!screen.contains("[ Subscribed ]"))
            #expect(send(&state, key(.enter)).isEmpty)
            #expect(state.message == .unavailable(productID: Fixture.yearly, .billingIssue))
            #expect(MessageText(state.message!, state: state).body.hasPrefix("Update your payment method in your Apple Account settings"))
        }
        let ja = Fixture.state(.ja, size: Size(width: 100, height: 40), snapshot: Fixture.subscribed(Fixture.yearly, state: .inBillingRetryPeriod))
        #expect(collapse(view(ja, size: ja.size).text()).contains("[ お支払い方法を更新 ]"))
    }

    // MARK: Consumables

    @Test func aConsumableIsConsumedInTheTransactionsPanelAsInTheCLI() {
        let coins = Transaction(id: 9, originalID: 9, productID: "coins", productType: .consumable,
                                purchaseDate: Fixture.t0, originalPurchaseDate: Fixture.t0)
        let state = TransactionTable.state(of: coins, status: nil, now: Fixture.t0)
        #expect(state == .consumed)
        #expect(Strings(.en).txnState(state) == "consumed")
        #expect(Strings(.ja).txnState(state) == "消費済み")
        var refunded = coins
        refunded.revocationDate = Fixture.t0
        #expect(TransactionTable.state(of: refunded, status: nil, now: Fixture.t0) == .revoked(nil))
    }

    // MARK: Dates at fast rates

    @Test func fastRatesShowSecondsSoRenewalsVisiblyMove() {
        var snapshot = Fixture.subscribed(Fixture.monthly)
        snapshot.timeRate = .oneRenewalEveryThirtySeconds
        let renews = Fixture.t0.addingTimeInterval(30)
        snapshot.statuses[0].transaction.expirationDate = renews
        snapshot.statuses[0].renewalInfo.renewalDate = renews
        let state = Fixture.state(size: Size(width: 100, height: 40), snapshot: snapshot)
        #expect(badgeWords(state, Fixture.monthly) == ["Subscribed, renews on Jan 1, 2026 09:00:30"])
        #expect(state.dates.showsSeconds)

        // Where periods last hours or more, minutes are enough.
        for rate in [TimeRate.realTime, .monthlyRenewalEveryHour, .oneRenewalEveryFiveMinutes] { #expect(!rate.showsSeconds) }
        for rate in [TimeRate.oneRenewalEveryMinute, .monthlyRenewalEveryFiveMinutes, .oneSecondIsOneDay] { #expect(rate.showsSeconds) }
        #expect(DateText(language: .ja, timeZone: Fixture.utc, showsSeconds: true).dateTime(renews) == "2026年1月1日 9:00:30")
    }

    // MARK: Ask to Buy across devices

    @Test func anAskToBuyRequestShowsOnlyOnTheDeviceThatMadeIt() {
        var snapshot = Fixture.snapshot()
        snapshot.pendingPurchases = [PendingPurchase(id: 1, productID: Fixture.lifetime, device: "iPad",
                                                     requestedAt: Fixture.t0, kind: .askToBuy)]
        #expect(facts(Fixture.lifetime, snapshot, device: "iPad").badges == [.pendingApproval])
        #expect(facts(Fixture.lifetime, snapshot, device: "iPad").action == .unavailable(.awaitingApproval))
        #expect(facts(Fixture.lifetime, snapshot, device: "iPhone").badges == [])
        #expect(facts(Fixture.lifetime, snapshot, device: "iPhone").action == .purchase(.buy))

        let state = Fixture.state(size: Size(width: 100, height: 40), snapshot: snapshot)
        #expect(state.deviceName == "iPhone")
        let screen = collapse(view(state, size: state.size).text())
        #expect(!screen.contains("Awaiting approval"))
        #expect(!screen.contains("Pending approval"))
    }
}
