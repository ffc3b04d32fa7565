@testable import Chrome
@testable import ControlRoom
import Foundation
import MockStore
@testable import Paywall
import TerminalUI
import TestSupport
import Testing
@testable import TollboothApp

/// Rendering goldens: text then a style map, reviewed by eye. `RECORD_GOLDENS=1` re-records.
@Suite struct GoldenTests {
    let directory = goldenDirectory()

    func golden(_ state: PaywallState, _ name: String, size: Size? = nil, sourceLocation: SourceLocation = #_sourceLocation) {
        assertGolden(view(state, size: size ?? state.size), named: name, in: directory, sourceLocation: sourceLocation)
    }

    static let sizes = [Size(width: 80, height: 24), Size(width: 100, height: 30), Size(width: 40, height: 20)]

    @Test(arguments: spelledOutLanguages)
    func newCustomerAtEverySize(language: Language) {
        for size in Self.sizes {
            golden(Fixture.state(language, size: size), "paywall-\(language)-\(size)")
        }
    }

    @Test(arguments: spelledOutLanguages)
    func fortyByTwentyScrolledToTheBottom(language: Language) {
        var state = Fixture.state(language, size: Size(width: 40, height: 20))
        send(&state, key(.end))
        golden(state, "paywall-\(language)-40x20-terms-focused")
    }

    /// Every badge, two or three per screen (one subscription group, plus the lifetime unlock).
    static let badgeScreens: [(String, StoreSnapshot)] = {
        var screens: [(String, StoreSnapshot)] = []
        var a = Fixture.subscribed(Fixture.yearly)
        a.entitlements.append(Fixture.transaction(Fixture.lifetime, id: 2))
        screens.append(("subscribed-owned", a))
        var b = Fixture.subscribed(Fixture.yearly, willAutoRenew: false)
        b.pendingPurchases = [PendingPurchase(id: 1, productID: Fixture.lifetime, device: "iPhone", requestedAt: Fixture.t0, kind: .askToBuy)]
        screens.append(("expiring-askToBuy", b))
        var c = Fixture.subscribed(Fixture.yearly, state: .inBillingRetryPeriod)
        c.pendingPurchases = [PendingPurchase(id: 1, productID: Fixture.lifetime, device: nil, requestedAt: Fixture.t0, kind: .interrupted)]
        screens.append(("billingRetry-interrupted", c))
        var d = Fixture.subscribed(Fixture.yearly, state: .inGracePeriod, grace: Fixture.t0.addingTimeInterval(16 * 86400))
        d.entitlements.append(Fixture.transaction(Fixture.lifetime, id: 2, verificationError: .invalidSignature))
        screens.append(("grace-unverified", d))
        var e = Fixture.subscribed(Fixture.yearly, state: .revoked)
        e.unfinished = [Fixture.transaction(Fixture.lifetime, id: 2, revoked: Fixture.t0)]
        screens.append(("revoked-refunded", e))
        screens.append(("downgrade-scheduled", Fixture.subscribed(Fixture.yearly, autoRenewPreference: Fixture.monthly)))
        screens.append(("subscription-unverified", Fixture.subscribed(Fixture.monthly, verificationError: .invalidSignature)))
        screens.append(("expired", Fixture.subscribed(Fixture.monthly, state: .expired, willAutoRenew: false)))
        var f = Fixture.subscribed(Fixture.monthly)
        f.statuses[0].renewalInfo.priceIncreaseStatus = .pending
        f.statuses[0].transaction.ownershipType = .familyShared
        screens.append(("priceIncrease-familyShared", f))
        return screens
    }()

    @Test(arguments: spelledOutLanguages)
    func everyBadge(language: Language) {
        for (name, snapshot) in Self.badgeScreens {
            golden(Fixture.state(language, size: Size(width: 100, height: 30), snapshot: snapshot), "badges-\(language)-\(name)")
        }
    }

    /// The plan states of issue 12 at the two sizes people use most: a free trial in progress,
    /// billing retry (what to do), a scheduled downgrade (keep this plan) and one waiting on a
    /// billing problem (no past date).
    static let planStateScreens: [(String, StoreSnapshot)] = {
        var trial = Fixture.subscribed(Fixture.yearly)
        let trialEnd = Fixture.t0.addingTimeInterval(3 * 86400)
        trial.statuses[0].transaction.offer = .init(id: nil, type: .introductory, paymentMode: .freeTrial)
        trial.statuses[0].transaction.expirationDate = trialEnd
        trial.statuses[0].renewalInfo.renewalDate = trialEnd
        trial.entitlements = [trial.statuses[0].transaction]
        let renewal = SubscriptionPeriod.yearly.advance(Fixture.t0)
        var graceDowngrade = Fixture.subscribed(Fixture.yearly, state: .inGracePeriod, autoRenewPreference: Fixture.monthly,
                                                grace: renewal.addingTimeInterval(16 * 86400))
        graceDowngrade.storeTime = renewal.addingTimeInterval(86400)
        return [
            ("trial", trial),
            ("billingRetry", Fixture.subscribed(Fixture.yearly, state: .inBillingRetryPeriod)),
            ("keepPlan", Fixture.subscribed(Fixture.yearly, autoRenewPreference: Fixture.monthly)),
            ("downgrade-in-grace", graceDowngrade),
        ]
    }()

    @Test(arguments: spelledOutLanguages)
    func planStates(language: Language) {
        for (name, snapshot) in Self.planStateScreens {
            for size in [Size(width: 80, height: 24), Size(width: 40, height: 20)] {
                golden(Fixture.state(language, size: size, snapshot: snapshot), "plan-\(language)-\(name)-\(size)")
            }
        }
    }

    @Test(arguments: spelledOutLanguages)
    func everyErrorAlert(language: Language) {
        for error in InjectedError.all {
            var state = Fixture.state(language, size: Size(width: 80, height: 24))
            send(&state, key(.enter), key(.enter), .purchaseFinished(productID: Fixture.yearly, result: .failed(error)))
            golden(state, "error-\(language)-\(error)")
        }
    }

    @Test(arguments: spelledOutLanguages)
    func otherResults(language: Language) {
        func after(_ events: PaywallEvent...) -> PaywallState {
            var state = Fixture.state(language)
            for event in events { _ = update(&state, event) }
            return state
        }
        golden(after(key(.enter), key(.enter), .purchaseFinished(productID: Fixture.yearly, result: .pending)), "result-\(language)-pending")
        golden(after(key(.enter), key(.enter), .purchaseFinished(productID: Fixture.yearly, result: .unverified(Fixture.transaction(Fixture.yearly), .invalidSignature))), "result-\(language)-unverified")
        golden(after(char("r"), .restoreFinished(.success([Fixture.transaction(Fixture.lifetime)])), .snapshotChanged({ var s = Fixture.snapshot(); s.entitlements = [Fixture.transaction(Fixture.lifetime)]; return s }())), "result-\(language)-restored")
        golden(after(char("r"), .restoreFinished(.success([]))), "result-\(language)-nothing-to-restore")
        golden(after(key(.enter), key(.enter), .purchaseFinished(productID: Fixture.yearly, result: .success(Fixture.transaction(Fixture.yearly))), .snapshotChanged(Fixture.subscribed(Fixture.yearly))), "result-\(language)-purchased")
    }

    @Test(arguments: spelledOutLanguages)
    func sheets(language: Language) {
        var state = Fixture.state(language)
        send(&state, key(.enter))
        golden(state, "sheet-\(language)-confirm-trial")
        golden(state, "sheet-\(language)-confirm-trial-40x20", size: Size(width: 40, height: 20))

        state = Fixture.state(language, snapshot: Fixture.subscribed(Fixture.yearly))
        state.focus = .plan(Fixture.monthly)
        send(&state, key(.enter))
        golden(state, "sheet-\(language)-confirm-downgrade")

        state = Fixture.state(language)
        state.focus = .plan(Fixture.lifetime)
        send(&state, key(.enter))
        golden(state, "sheet-\(language)-confirm-lifetime")

        state = Fixture.state(language)
        state.focus = .termsOfUse
        send(&state, key(.enter))
        golden(state, "sheet-\(language)-terms-link")

        state = Fixture.state(language, size: Size(width: 100, height: 30))
        send(&state, char("?"))
        golden(state, "sheet-\(language)-help")
    }

    @Test(arguments: spelledOutLanguages)
    func loadingFailureAndStatus(language: Language) {
        var state = PaywallState(locale: language == .ja ? "ja" : language.defaultLocale, timeZone: Fixture.utc, theme: Fixture.theme(),
                                 manifest: Fixture.exampleManifest,
                                 policies: AppPolicies(policies: [PrivacyPolicy(locale: "en_US", url: "https://tollbooth.example/privacy")]))
        send(&state, .launched)
        golden(state, "loading-\(language)")
        send(&state, .productsFailed(.networkError), .snapshotChanged(Fixture.snapshot()))
        golden(state, "load-failed-\(language)")

        var switches = StoreSwitches()
        switches.paymentsDisabled = true
        switches.askToBuy = true
        let faults = [FaultRule(api: .purchase, error: .storeKit(.networkError), mode: .times(remaining: 1)),
                      FaultRule(api: .appStoreSync, error: .storeKit(.userCancelled), latencyMilliseconds: 500)]
        let event = StoreEvent(id: 7, kind: .faultChanged, storeTime: Fixture.t0, wallTime: Fixture.t0, detail: "purchase")
        golden(Fixture.state(language, snapshot: Fixture.snapshot(switches: switches, faults: faults, lastEvent: event)),
               "payments-disabled-faults-\(language)")
    }

    @Test func tooSmallWindows() {
        for size in [Size(width: 19, height: 8), Size(width: 40, height: 7), Size(width: 1, height: 1)] {
            golden(Fixture.state(size: size), "too-small-\(size)")
        }
        golden(Fixture.state(.ja, size: Size(width: 19, height: 7)), "too-small-ja-19x7")
    }

    @Test(arguments: ["light", "high-contrast", "mono"])
    func themes(name: String) {
        golden(Fixture.state(size: Size(width: 100, height: 30), theme: name), "theme-\(name)-100x30")
        golden(Fixture.state(theme: name), "theme-\(name)-80x24")
    }
}
