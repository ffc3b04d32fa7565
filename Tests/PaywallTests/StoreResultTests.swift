import Foundation
import MockStore
import Testing
import TerminalUI
@testable import ControlRoom
@testable import Paywall
@testable import TollboothApp

/// Restore, plan changes inside a group, transaction updates, loading, and the clock.
@Suite struct StoreResultTests {
    // MARK: Restore

    @Test func restoreKeyAndButtonBothSync() {
        var state = Fixture.state()
        #expect(send(&state, char("r")) == [.restore])
        #expect(state.inFlight == .restoring)
        #expect(view(state, size: state.size).text().contains("Restoring purchases..."))
        // A second press while syncing doesn't sync twice.
        #expect(send(&state, char("r")).isEmpty)

        var byButton = Fixture.state()
        byButton.focus = .restore
        #expect(send(&byButton, key(.enter)) == [.restore])
    }

    @Test func restoreReportsHowManyPurchasesCameBack() {
        var state = Fixture.state()
        send(&state, char("r"))
        let effects = send(&state, .restoreFinished(.success([Fixture.transaction(Fixture.yearly), Fixture.transaction(Fixture.lifetime, id: 2)])))
        #expect(effects.isEmpty)  // the sync's store event brings the next snapshot
        #expect(state.inFlight == nil)
        #expect(state.message == .restored(count: 2, unverified: 0))
        #expect(view(state, size: state.size).flatText.contains("Restore Purchases: 2 purchases restored."))
    }

    @Test func restoreCountsUnverifiedSeparatelyAndIgnoresRevoked() {
        var state = Fixture.state(.ja)
        send(&state, char("r"), .restoreFinished(.success([
            Fixture.transaction(Fixture.yearly),
            Fixture.transaction(Fixture.lifetime, id: 2, verificationError: .invalidSignature),
            Fixture.transaction(Fixture.monthly, id: 3, revoked: Fixture.t0),
        ])))
        #expect(state.message == .restored(count: 1, unverified: 1))
        #expect(view(state, size: state.size).flatText.contains("1件の購入を復元しました。1件は未検証のため付与されていません。"))
    }

    @Test func restoreWithNothingSaysSo() {
        var state = Fixture.state()
        send(&state, char("r"), .restoreFinished(.success([])))
        #expect(state.message == .nothingToRestore)
        #expect(state.overlay == nil)
        #expect(view(state, size: state.size).flatText.contains("Nothing to restore"))
    }

    @Test func restoreErrorOpensAnAlertNamingTheError() {
        var state = Fixture.state(.ja)
        send(&state, char("r"), .restoreFinished(.failed(.storeKit(.networkError))))
        #expect(state.overlay == .alert(.failed(.storeKit(.networkError), during: .restore)))
        let sheet = view(state, size: state.size).sheetText ?? ""
        #expect(sheet.contains("復元に失敗しました"))
        #expect(sheet.contains("接続エラー: インターネット接続を確認してください。"))
        #expect(sheet.contains("(storeKit.networkError)"))
        #expect(RestoreOutcome(error: StoreKitError.userCancelled) == .failed(.storeKit(.userCancelled)))
    }

    // MARK: Upgrade, downgrade, crossgrade (B6)

    @Test func upgradeFromMonthlyToYearlyTakesEffectNow() {
        var state = Fixture.state(snapshot: Fixture.subscribed(Fixture.monthly))
        #expect(state.focus == .plan(Fixture.yearly))
        let card = view(state, size: state.size).text()
        #expect(card.contains("[ Upgrade ]"))
        send(&state, key(.enter))
        let sheet = view(state, size: state.size).sheetText ?? ""
        #expect(sheet.contains("Takes effect Upgrade from Premium Monthly, Now"))
        let effects = send(&state, key(.enter))
        #expect(effects == [.purchase(productID: Fixture.yearly)])
        send(&state, .purchaseFinished(productID: Fixture.yearly, result: .success(Fixture.transaction(Fixture.yearly, id: 9))))
        #expect(state.message == .upgraded(productID: Fixture.yearly))
        #expect(view(state, size: state.size).flatText.contains("Upgraded to Premium Yearly. It takes effect now."))
    }

    @Test func downgradeFromYearlyToMonthlyWaitsForTheNextRenewal() {
        var state = Fixture.state(.ja, snapshot: Fixture.subscribed(Fixture.yearly))
        state.focus = .plan(Fixture.monthly)
        #expect(view(state, size: state.size).text().contains("[ ダウングレード ]"))
        send(&state, key(.enter))
        let sheet = view(state, size: state.size).sheetText ?? ""
        #expect(sheet.contains(collapse("ダウングレード プレミアム（年額）から・次回更新時（2027年1月1日 9:00）")))
        send(&state, key(.enter))
        // The store answers a downgrade with the current transaction (B6).
        send(&state, .purchaseFinished(productID: Fixture.monthly, result: .success(Fixture.transaction(Fixture.yearly))))
        #expect(state.message == .changeScheduled(productID: Fixture.monthly, on: SubscriptionPeriod.yearly.advance(Fixture.t0)))
        #expect(view(state, size: state.size).flatText.contains("次回の更新日（2027年1月1日 9:00）にプレミアム（月額）へ変更されます。"))

        // Then the snapshot carries the new renewal preference.
        send(&state, .snapshotChanged(Fixture.subscribed(Fixture.yearly, autoRenewPreference: Fixture.monthly)))
        let screen = view(state, size: Size(width: 80, height: 40)).flatText
        #expect(screen.contains("2027年1月1日 9:00にプレミアム（月額）へ変更"))
        #expect(screen.contains("2027年1月1日 9:00から開始（次回更新時）"))
        #expect(screen.contains("[ 変更予約済み ]"))
    }

    @Test func crossgradeBetweenSameLevelPlansDependsOnThePeriod() {
        var products = Fixture.products()
        products[1].subscription!.groupLevel = 1  // monthly at the yearly's level
        let snapshot = Fixture.subscribed(Fixture.yearly)
        let change = PlanChange.buying(products[1], products: products, snapshot: snapshot)
        #expect(change?.kind == .crossgrade)
        #expect(change?.effective == .atRenewal(SubscriptionPeriod.yearly.advance(Fixture.t0)))

        var twin = products[0]
        twin.id = "twin.yearly"
        let same = PlanChange.buying(twin, products: products + [twin], snapshot: snapshot)
        #expect(same == PlanChange(kind: .crossgrade, fromProductID: Fixture.yearly, toProductID: "twin.yearly", effective: .now))
        #expect(StoreResults.successMessage("twin.yearly", same) == .switchedNow(productID: "twin.yearly"))
    }

    // MARK: Transaction updates

    @Test func updatesAreFinishedAndExplained() {
        var state = Fixture.state()
        var effects = send(&state, .transactionUpdate(Fixture.transaction(Fixture.yearly, id: 40, reason: .renewal)))
        #expect(effects == [.finish(transactionID: 40)])
        #expect(state.message == .renewed(productID: Fixture.yearly))

        effects = send(&state, .transactionUpdate(Fixture.transaction(Fixture.lifetime, id: 41, revoked: Fixture.t0)))
        #expect(effects == [.finish(transactionID: 41)])
        #expect(state.message == .refunded(productID: Fixture.lifetime))

        send(&state, .transactionUpdate(Fixture.transaction(Fixture.monthly, id: 42)))
        #expect(state.message == .deliveredFromElsewhere(productID: Fixture.monthly))
    }

    @Test func anApprovedAskToBuyArrivesAsAnUpdate() {
        var snapshot = Fixture.snapshot()
        snapshot.pendingPurchases = [PendingPurchase(id: 1, productID: Fixture.lifetime, device: nil, requestedAt: Fixture.t0, kind: .askToBuy)]
        var state = Fixture.state(snapshot: snapshot)
        send(&state, .transactionUpdate(Fixture.transaction(Fixture.lifetime, id: 50)))
        #expect(state.message == .approved(productID: Fixture.lifetime))
        #expect(view(state, size: state.size).flatText.contains("Lifetime Unlock was approved and is now active."))
    }

    @Test func anUnverifiedUpdateIsNotFinished() {
        var state = Fixture.state()
        let effects = send(&state, .transactionUpdate(Fixture.transaction(Fixture.yearly, id: 60, verificationError: .invalidSignature)))
        #expect(effects.isEmpty)
        #expect(state.message == .unverifiedUpdate(productID: Fixture.yearly))
    }

    // MARK: Loading

    @Test func launchAsksForTheManifestsProductsAndTheAccount() {
        var state = PaywallState(manifest: Fixture.exampleManifest)
        #expect(send(&state, .launched) == [.loadProducts([Fixture.yearly, Fixture.monthly, Fixture.lifetime]), .refreshSnapshot])
        #expect(view(state, size: state.size).text().contains("Loading products..."))
    }

    @Test func productsFollowTheManifestOrderAndUnknownIDsAreSkipped() {
        var state = PaywallState(manifest: PaywallManifest(productIDs: [Fixture.lifetime, "gone", Fixture.monthly]))
        let effects = send(&state, .productsLoaded(Fixture.products()))
        #expect(state.products.map(\.id) == [Fixture.lifetime, Fixture.monthly])
        #expect(effects.isEmpty)  // the launch already asked for the account
        #expect(state.focus == .plan(Fixture.lifetime))
    }

    @Test func loadFailureShowsTheErrorAndRetriesOnR() {
        var state = PaywallState(manifest: Fixture.exampleManifest)
        send(&state, .launched, .productsFailed(.networkError))
        #expect(state.productLoad == .failed(.networkError))
        #expect(state.focus == .retry)
        let screen = view(state, size: state.size).text()
        #expect(screen.contains("Couldn't load products"))
        #expect(screen.contains("Check your internet connection and try again."))
        #expect(screen.contains("Press R to retry."))
        #expect(screen.contains("[ Retry ]"))

        for retryKey in [char("R"), char("r"), key(.enter)] {
            var copy = state
            #expect(send(&copy, retryKey) == [.loadProducts(Fixture.exampleManifest.productIDs)])
            #expect(copy.productLoad == .loading)
        }
        send(&state, char("R"), .productsLoaded(Fixture.products()))
        #expect(state.productLoad == .loaded)
        #expect(state.focus == .plan(Fixture.yearly))
    }

    @Test func noProductsIsAnEmptyStateNotACrash() {
        var state = PaywallState()
        send(&state, .productsLoaded([]), .snapshotChanged(Fixture.snapshot()))
        #expect(view(state, size: state.size).text().contains("No products to show."))
        #expect(state.focus == .restore)
    }

    // MARK: Clock

    @Test func passingAnExpiryRereadsTheAccount() {
        let expiry = SubscriptionPeriod.yearly.advance(Fixture.t0)
        var state = Fixture.state(snapshot: Fixture.subscribed(Fixture.yearly, willAutoRenew: false))
        #expect(send(&state, .tick(expiry.addingTimeInterval(-1))).isEmpty)
        #expect(state.storeTime == expiry.addingTimeInterval(-1))
        #expect(send(&state, .tick(expiry.addingTimeInterval(1))) == [.refreshSnapshot])
        #expect(send(&state, .tick(expiry.addingTimeInterval(2))).isEmpty)
        #expect(view(state, size: state.size).text().contains("Store 2027-01-01 09:00:02"))
    }
}

@Suite struct StateSetupTests {
    @Test func aCatalogGivesLinksLocaleAndDialogs() {
        var catalog = Catalog()
        catalog.settings = CatalogSettings(locale: "ja", dialogsDisabled: true)
        catalog.policies = AppPolicies(policies: [PrivacyPolicy(locale: "ja_JP", url: "https://e.example/ja")])
        let state = PaywallState(catalog: catalog, theme: .fallback, size: Size(width: 80, height: 24))
        #expect(state.language == .ja)
        #expect(state.skipsConfirmation)
        #expect(state.links.privacyPolicyURL == "https://e.example/ja")
        #expect(state.links.termsURL == AppPolicies.standardEULAURL)
        #expect(PaywallState(catalog: catalog, locale: "en_US", theme: .fallback, size: Size(width: 80, height: 24)).language == .en)
    }

    @Test func aResultMessageNeverCoversTheFocusedPlan() {
        var state = Fixture.state(size: Size(width: 40, height: 20))
        send(&state, key(.down), key(.down))  // the lifetime plan, scrolled to the bottom row
        #expect(state.focus == .plan(Fixture.lifetime))
        send(&state, .restoreFinished(.failed(.storeKit(.networkError))), key(.escape))
        let screen = view(state, size: state.size)
        #expect(screen.regionRect(.buy(productID: Fixture.lifetime)) != nil)
        #expect(screen.text().contains("Every feature, forever. Pay once."))  // its last row too
    }
}
