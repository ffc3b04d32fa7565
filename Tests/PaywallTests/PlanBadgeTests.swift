@testable import Chrome
@testable import ControlRoom
import Foundation
import MockStore
@testable import Paywall
import TerminalUI
import Testing
@testable import TollboothApp

/// What each plan says about the customer's standing, from the snapshot alone.
@Suite struct PlanBadgeTests {
    let renewal = SubscriptionPeriod.yearly.advance(Fixture.t0)

    func facts(_ productID: String, _ snapshot: StoreSnapshot) -> PlanFacts {
        let products = Fixture.products()
        return PlanFacts(product: products.first { $0.id == productID }!, products: products, snapshot: snapshot)
    }

    @Test func newCustomerSeesTheTrialOnlyWhenEligible() {
        #expect(facts(Fixture.yearly, Fixture.snapshot()).eligibleIntroOffer?.paymentMode == .freeTrial)
        #expect(facts(Fixture.yearly, Fixture.snapshot()).action == .purchase(.startFreeTrial))
        #expect(facts(Fixture.yearly, Fixture.snapshot(eligible: false)).eligibleIntroOffer == nil)
        #expect(facts(Fixture.yearly, Fixture.snapshot(eligible: false)).action == .purchase(.subscribe))
        #expect(facts(Fixture.lifetime, Fixture.snapshot()).action == .purchase(.buy))

        var state = Fixture.state(snapshot: Fixture.snapshot(eligible: false))
        let screen = view(state, size: state.size).text()
        #expect(!screen.contains("free"))
        #expect(!screen.contains("forfeited"))
        state = Fixture.state()
        #expect(view(state, size: state.size).text().contains("3 days free, then $39.99/year"))
    }

    @Test func everySubscriptionStateHasItsBadge() {
        let grace = Fixture.t0.addingTimeInterval(16 * 86400)
        let cases: [(StoreSnapshot, [PlanBadge], PlanAction)] = [
            (Fixture.subscribed(Fixture.yearly), [.subscribed(renewsOn: renewal)], .unavailable(.subscribed)),
            (Fixture.subscribed(Fixture.yearly, willAutoRenew: false), [.willExpire(on: renewal)], .purchase(.resubscribe)),
            (Fixture.subscribed(Fixture.yearly, state: .inBillingRetryPeriod), [.inBillingRetry], .unavailable(.billingIssue)),
            (Fixture.subscribed(Fixture.yearly, state: .inGracePeriod, grace: grace), [.inGracePeriod(until: grace)], .unavailable(.billingIssue)),
            (Fixture.subscribed(Fixture.yearly, state: .revoked), [.revoked], .purchase(.subscribe)),
            (Fixture.subscribed(Fixture.yearly, state: .expired, willAutoRenew: false), [.expired(on: renewal)], .purchase(.subscribe)),
            (Fixture.subscribed(Fixture.yearly, autoRenewPreference: Fixture.monthly), [.changesAtRenewal(toProductID: Fixture.monthly, on: renewal)], .purchase(.keepPlan)),
            (Fixture.subscribed(Fixture.yearly, verificationError: .invalidSignature), [.unverified(.invalidSignature)], .purchase(.subscribe)),
        ]
        for (snapshot, badges, action) in cases {
            let f = facts(Fixture.yearly, snapshot)
            #expect(f.badges == badges)
            #expect(f.action == action, "\(badges)")
        }
        #expect(facts(Fixture.monthly, Fixture.subscribed(Fixture.yearly, autoRenewPreference: Fixture.monthly)).badges
                == [.startsAtRenewal(on: renewal)])
    }

    /// A monthly plan inside its 12-month commitment says which payment it is and when the next
    /// is due; once auto-renew is off, when the commitment ends instead (the payments go on).
    @Test func aCommitmentSaysWhichPaymentAndWhenItEnds() {
        let month = Fixture.t0.addingTimeInterval(31 * 86400), end = renewal
        var snapshot = Fixture.subscribed(Fixture.yearly)
        snapshot.statuses[0].transaction.commitmentInfo = .init(billingPeriodNumber: 3, totalBillingPeriods: 12,
                                                                price: 59.88, expirationDate: end)
        snapshot.statuses[0].transaction.expirationDate = month
        snapshot.statuses[0].renewalInfo.renewalDate = month
        #expect(facts(Fixture.yearly, snapshot).badges == [.inCommitment(payment: 3, of: 12, next: month, endsOn: nil)])
        #expect(facts(Fixture.yearly, snapshot).action == .unavailable(.subscribed))
        snapshot.statuses[0].renewalInfo.commitmentInfo = .init(renewalDate: end, renewalPrice: 59.88, willAutoRenew: false,
                                                                autoRenewPreference: Fixture.yearly, renewalBillingPlanType: .monthly)
        #expect(facts(Fixture.yearly, snapshot).badges == [.inCommitment(payment: 3, of: 12, next: month, endsOn: end)])

        for (language, words) in [(Language.en, "Payment 3 of 12; the commitment ends on"), (.ja, "12回中3回目の支払い")] {
            let state = Fixture.state(language, snapshot: snapshot)
            #expect(view(state, size: state.size).text().contains(words), "\(language)")
        }
    }

    @Test func nonConsumableOwnedRevokedUnverifiedAndPending() {
        var owned = Fixture.snapshot()
        owned.entitlements = [Fixture.transaction(Fixture.lifetime)]
        #expect(facts(Fixture.lifetime, owned).badges == [.owned])
        #expect(facts(Fixture.lifetime, owned).action == .unavailable(.owned))

        var refunded = Fixture.snapshot()
        refunded.unfinished = [Fixture.transaction(Fixture.lifetime, revoked: Fixture.t0)]
        #expect(facts(Fixture.lifetime, refunded).badges == [.revoked])
        #expect(facts(Fixture.lifetime, refunded).action == .purchase(.buy))

        var unverified = Fixture.snapshot()
        unverified.entitlements = [Fixture.transaction(Fixture.lifetime, verificationError: .invalidEncoding)]
        #expect(facts(Fixture.lifetime, unverified).badges == [.unverified(.invalidEncoding)])
        #expect(facts(Fixture.lifetime, unverified).isPurchasable)

        var interrupted = Fixture.snapshot()
        interrupted.pendingPurchases = [PendingPurchase(id: 3, productID: Fixture.lifetime, device: nil, requestedAt: Fixture.t0, kind: .interrupted)]
        #expect(facts(Fixture.lifetime, interrupted).badges == [.interrupted])
    }

    /// Each badge's words in both languages, as the paywall draws them.
    @Test func badgeWordsInBothLanguages() {
        let expectations: [(StoreSnapshot, String, String)] = [
            (Fixture.subscribed(Fixture.yearly), "Subscribed, renews on Jan 1, 2027 09:00", "登録中・2027年1月1日 9:00に自動更新"),
            (Fixture.subscribed(Fixture.yearly, willAutoRenew: false), "Auto-renew off, expires on Jan 1, 2027 09:00", "自動更新オフ・2027年1月1日 9:00に終了"),
            (Fixture.subscribed(Fixture.yearly, state: .inBillingRetryPeriod), "Billing problem: in billing retry, access paused", "請求の問題・再試行期間中（利用停止中）"),
            (Fixture.subscribed(Fixture.yearly, state: .inGracePeriod, grace: Fixture.t0.addingTimeInterval(86400)), "Billing problem: grace period until Jan 2, 2026 09:00", "請求の問題・猶予期間中（2026年1月2日 9:00まで）"),
            (Fixture.subscribed(Fixture.yearly, state: .revoked), "Refunded: access revoked", "払い戻し済み・利用できません"),
            (Fixture.subscribed(Fixture.yearly, verificationError: .invalidSignature), "Unverified: flagged, not granted", "未検証・特典は付与されていません"),
            (Fixture.subscribed(Fixture.yearly, state: .expired, willAutoRenew: false), "Expired on Jan 1, 2027 09:00", "2027年1月1日 9:00に期限切れ"),
        ]
        for (snapshot, english, japanese) in expectations {
            for (language, text) in [(Language.en, english), (.ja, japanese)] {
                let state = Fixture.state(language, size: Size(width: 80, height: 40), snapshot: snapshot)
                #expect(view(state, size: state.size).flatText.contains(collapse(text)), "\(language): \(text)")
            }
        }
    }
}
