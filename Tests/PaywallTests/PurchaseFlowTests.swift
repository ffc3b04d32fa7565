@testable import Chrome
@testable import ControlRoom
import Foundation
import MockStore
@testable import Paywall
import TerminalUI
import Testing
@testable import TollboothApp

/// Choosing a plan, the confirmation sheet, and every purchase result (docs/domain.md §1.4, §4).
@Suite struct PurchaseFlowTests {
    @Test func enterOnAPlanOpensTheConfirmationSheetAndBuysNothingYet() {
        var state = Fixture.state()
        #expect(state.focus == .plan(Fixture.yearly))
        let effects = send(&state, key(.enter))
        #expect(effects.isEmpty)
        #expect(state.overlay == .confirm(productID: Fixture.yearly, focus: .confirm))
        #expect(state.inFlight == nil)
    }

    @Test func confirmingTheSheetStartsThePurchase() {
        var state = Fixture.state()
        let effects = send(&state, key(.enter), key(.enter))
        #expect(effects == [.purchase(productID: Fixture.yearly)])
        #expect(state.overlay == nil)
        #expect(state.inFlight == .purchasing(productID: Fixture.yearly, change: nil))
        #expect(view(state, size: state.size).text().contains("Purchasing... Premium Yearly"))
    }

    @Test func cancellingTheSheetWithEscOrCancelSaysCancelledAndCallsNoStore() {
        var state = Fixture.state()
        #expect(send(&state, key(.enter), key(.escape)).isEmpty)
        #expect(state.overlay == nil)
        #expect(state.message == .cancelled)

        state = Fixture.state()
        #expect(send(&state, key(.enter), key(.tab), key(.enter)).isEmpty)
        #expect(state.message == .cancelled)
        #expect(state.inFlight == nil)
    }

    @Test(arguments: [true, false])
    func dialogsDisabledSkipsTheSheet(viaStoreSwitch: Bool) {
        var switches = StoreSwitches()
        switches.dialogsDisabled = viaStoreSwitch
        var state = Fixture.state(snapshot: Fixture.snapshot(switches: switches))
        state.dialogsDisabled = !viaStoreSwitch
        let effects = send(&state, key(.enter))
        #expect(effects == [.purchase(productID: Fixture.yearly)])
        #expect(state.overlay == nil)
    }

    @Test func verifiedSuccessFinishesAndShowsTheEntitlementFromTheNextSnapshot() {
        var state = Fixture.state()
        send(&state, key(.enter), key(.enter))
        let tx = Fixture.transaction(Fixture.yearly, id: 77)
        let effects = send(&state, .purchaseFinished(productID: Fixture.yearly, result: .success(tx)))
        #expect(effects == [.finish(transactionID: 77)])
        #expect(state.inFlight == nil)
        #expect(state.message == .purchased(productID: Fixture.yearly))
        #expect(state.overlay == nil)

        send(&state, .snapshotChanged(Fixture.subscribed(Fixture.yearly)))
        let screen = view(state, size: state.size).text()
        #expect(screen.contains("[ Subscribed ]"))
        #expect(screen.contains("Subscribed, renews on Jan 1, 2027 09:00"))
        #expect(screen.contains("Purchase complete: Premium Yearly is now active."))
    }

    @Test func successCarryingAnUnverifiedTransactionIsFlaggedAndNotFinished() {
        var state = Fixture.state()
        send(&state, key(.enter), key(.enter))
        let tx = Fixture.transaction(Fixture.yearly, verificationError: .invalidSignature)
        let effects = send(&state, .purchaseFinished(productID: Fixture.yearly, result: .success(tx)))
        #expect(!effects.contains(.finish(transactionID: tx.id)))
        #expect(state.message == .unverified(productID: Fixture.yearly, .invalidSignature))
        #expect(state.overlay == .alert(.unverified(productID: Fixture.yearly, .invalidSignature)))
    }

    @Test func unverifiedOutcomeOpensAnAlertAndGrantsNothing() {
        var state = Fixture.state()
        send(&state, key(.enter), key(.enter))
        let tx = Fixture.transaction(Fixture.yearly, verificationError: .revokedCertificate)
        let effects = send(&state, .purchaseFinished(productID: Fixture.yearly, result: .unverified(tx, .revokedCertificate)))
        #expect(effects.isEmpty)
        let sheet = view(state, size: state.size).sheetText ?? ""
        #expect(sheet.contains("Purchase not verified"))
        #expect(sheet.contains("The signing certificate has been revoked. Access was not granted."))

        // The store's next snapshot says subscribed, but unverified: the card must not say so.
        send(&state, key(.escape), .snapshotChanged(Fixture.subscribed(Fixture.yearly, verificationError: .revokedCertificate)))
        let after = view(state, size: state.size).text()
        #expect(after.contains("Unverified: flagged, not granted"))
        #expect(!after.contains("[ Subscribed ]"))
    }

    @Test func userCancelledFromTheStoreSaysSoQuietly() {
        var state = Fixture.state()
        send(&state, key(.enter), key(.enter))
        let effects = send(&state, .purchaseFinished(productID: Fixture.yearly, result: .userCancelled))
        #expect(effects.isEmpty)
        #expect(state.message == .cancelled)
        #expect(state.overlay == nil)
        #expect(view(state, size: state.size).text().contains("Purchase cancelled: You weren't charged."))
    }

    @Test func pendingExplainsAskToBuyAndTheCardShowsAwaitingApproval() {
        var state = Fixture.state()
        send(&state, key(.enter), key(.enter))
        let effects = send(&state, .purchaseFinished(productID: Fixture.yearly, result: .pending))
        #expect(effects.isEmpty)
        #expect(state.overlay == .alert(.pending(productID: Fixture.yearly)))
        #expect(view(state, size: state.size).sheetText?.contains("Your purchase is pending and will be available once approved.") == true)

        var snapshot = Fixture.snapshot()
        snapshot.pendingPurchases = [PendingPurchase(id: 1, productID: Fixture.yearly, device: "iPhone", requestedAt: Fixture.t0, kind: .askToBuy)]
        send(&state, key(.enter), .snapshotChanged(snapshot))
        let screen = view(state, size: state.size).text()
        #expect(screen.contains("Pending approval (Ask to Buy)"))
        #expect(screen.contains("[ Awaiting approval ]"))
        // A second request while one is pending does not start a second purchase (B10).
        state.focus = .plan(Fixture.yearly)
        #expect(send(&state, key(.enter)).isEmpty)
        #expect(state.message == .unavailable(productID: Fixture.yearly, .awaitingApproval))
    }

    @Test(arguments: InjectedError.all)
    func everyErrorGetsALocalizedAlertWithItsCode(error: InjectedError) {
        for language in Language.allCases {
            var state = Fixture.state(language)
            send(&state, key(.enter), key(.enter))
            let effects = send(&state, .purchaseFinished(productID: Fixture.yearly, result: .failed(error)))
            #expect(effects.isEmpty)
            #expect(state.overlay == .alert(.failed(error, during: .purchase)))
            let strings = Strings(language)
            // Spaces aside: Korean keeps its spaces, except where the sheet wrapped a line.
            let sheet = (view(state, size: Size(width: 80, height: 24)).sheetText ?? "").filter { !$0.isWhitespace }
            #expect(sheet.contains(strings.errorTitle(error).filter { !$0.isWhitespace }))
            #expect(sheet.contains(strings.errorMessage(error).filter { !$0.isWhitespace }))
            #expect(sheet.contains("(\(error))"))
        }
    }

    @Test func escClosesTheErrorAlertAtOnceAndTheMessageStays() {
        var state = Fixture.state()
        send(&state, key(.enter), key(.enter), .purchaseFinished(productID: Fixture.yearly, result: .failed(.storeKit(.networkError))))
        send(&state, key(.escape))
        #expect(state.overlay == nil)
        #expect(view(state, size: state.size).flatText.contains("Connection error: Check your internet connection and try again."))
    }

    @Test func thrownErrorsMapToTheirFamilies() {
        #expect(PurchaseOutcome(error: StoreKitError.networkError) == .failed(.storeKit(.networkError)))
        #expect(PurchaseOutcome(error: PurchaseError.purchaseNotAllowed) == .failed(.purchase(.purchaseNotAllowed)))
        #expect(PurchaseOutcome(error: VerificationError.invalidEncoding) == .failed(.verification(.invalidEncoding)))
        #expect(PurchaseOutcome(error: CocoaError(.fileNoSuchFile)) == .failed(.storeKit(.unknown)))
        let tx = Fixture.transaction(Fixture.lifetime)
        #expect(PurchaseOutcome(.success(.verified(tx))) == .success(tx))
        #expect(PurchaseOutcome(.success(.unverified(tx, .invalidSignature))) == .unverified(tx, .invalidSignature))
        #expect(PurchaseOutcome(.pending) == .pending)
        #expect(PurchaseOutcome(.userCancelled) == .userCancelled)
    }

    @Test func ownedAndSubscribedProductsCannotBeBoughtTwice() {
        var snapshot = Fixture.subscribed(Fixture.yearly)
        snapshot.entitlements.append(Fixture.transaction(Fixture.lifetime, id: 5))
        var state = Fixture.state(snapshot: snapshot)
        let screen = view(state, size: state.size).text()
        #expect(screen.contains("[ Subscribed ]"))
        #expect(screen.contains("[ Owned ]"))

        state.focus = .plan(Fixture.lifetime)
        #expect(send(&state, key(.enter)).isEmpty)
        #expect(state.overlay == nil)
        #expect(state.message == .unavailable(productID: Fixture.lifetime, .owned))

        state.focus = .plan(Fixture.yearly)
        #expect(send(&state, key(.enter)).isEmpty)
        #expect(state.message == .unavailable(productID: Fixture.yearly, .subscribed))
    }

    @Test func paymentsDisabledShowsAReasonInsteadOfADeadButton() {
        var switches = StoreSwitches()
        switches.paymentsDisabled = true
        var state = Fixture.state(snapshot: Fixture.snapshot(switches: switches))
        let screen = view(state, size: Size(width: 100, height: 40)).flatText
        #expect(screen.contains("[ Purchases disabled ]"))
        #expect(screen.contains("Payments are disabled on this device (Screen Time or a device policy)."))
        #expect(!screen.contains("[ Start free trial ]"))
        #expect(send(&state, key(.enter)).isEmpty)
        #expect(state.message == .unavailable(productID: Fixture.yearly, .paymentsDisabled))
        // And the status line says the switch is on.
        #expect(screen.contains("switches: paymentsDisabled"))
    }

    @Test func theSheetRechecksTheStoreBeforeBuying() {
        var state = Fixture.state()
        send(&state, key(.enter))  // sheet open for yearly
        send(&state, .snapshotChanged(Fixture.subscribed(Fixture.yearly)))  // bought on another device meanwhile
        #expect(send(&state, key(.enter)).isEmpty)
        #expect(state.message == .unavailable(productID: Fixture.yearly, .subscribed))
    }

    @Test func aSecondPurchaseWaitsForTheFirst() {
        var state = Fixture.state(snapshot: { var s = Fixture.snapshot(); s.switches.dialogsDisabled = true; return s }())
        #expect(send(&state, key(.enter)) == [.purchase(productID: Fixture.yearly)])
        state.focus = .plan(Fixture.lifetime)
        #expect(send(&state, key(.enter)).isEmpty)
        #expect(state.message == .unavailable(productID: Fixture.lifetime, .busy))
        #expect(send(&state, char("r")).isEmpty)
    }
}
