import Foundation
import MockStore
import TerminalUI
import Testing
@testable import Paywall

/// The control room through the real runtime: admin actions, ledger reads and relaunches run
/// against a store on an in-memory ledger, and the test reads the in-memory terminal's screen.
@Suite(.serialized) struct RuntimeControlRoomTests {
    static let lifetime = RunningApp.lifetime

    @Test func aPurchaseMadeFromThePanelOnAnotherDeviceUnlocksThisPaywall() async throws {
        let app = try RunningApp()
        await app.waitFor("Restore Purchases")
        app.runtime.perform(.admin(.buyElsewhere(productID: Self.lifetime, device: "ipad")))
        await app.waitFor("[ Owned ]")
        await app.waitForState("the action's result") { state in
            if case .adminDone(.buyElsewhere) = state.message { return true }
            if case .deliveredFromElsewhere = state.message { return true }
            return false
        }
        // Delivered through `updates` and finished by this app, as listenForTransactions() does.
        let deadline = ContinuousClock.now + .seconds(30)
        while try await !app.unfinished().isEmpty && ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(10)) }
        #expect(try await app.unfinished().isEmpty)
        await app.stop()
    }

    @Test func theTransactionsPanelReadsTheLedgerWhenOpened() async throws {
        let app = try RunningApp()
        await app.waitFor("Restore Purchases")
        app.runtime.perform(.admin(.buyElsewhere(productID: Self.lifetime, device: "ipad")))
        await app.waitFor("[ Owned ]")
        app.terminal.enqueue(.key(.character("t")))
        await app.waitForState("the ledger read") { state in
            state.control.panel == .transactions && state.control.transactions.contents?.transactions.count == 1
        }
        #expect(app.runtime.state.control.transactions.contents?.devices.contains("ipad") == true)
        await app.stop()
    }

    /// S11 then S13: an app that forgets `finish()` gets the transaction again at every launch;
    /// after a reinstall (finishing again) it is delivered once more and finished for good.
    @Test func aRelaunchReplaysUnfinishedTransactionsUntilTheAppFinishesThem() async throws {
        let app = try RunningApp(finishes: false)
        await app.waitFor("Restore Purchases")
        // Bought in this app, which then forgets `finish()` (S11).
        app.runtime.perform(.purchase(productID: Self.lifetime))
        await app.waitFor("[ Owned ]")
        try await Task.sleep(for: .milliseconds(100))
        #expect(try await app.unfinished().map(\.productID) == [Self.lifetime])

        app.runtime.perform(.relaunch(device: "iphone", reinstall: false))
        await app.waitForState("the replay") { $0.message == .redelivered(productID: Self.lifetime) }
        #expect(try await app.unfinished().count == 1, "still not finished: the app still forgets")

        app.runtime.perform(.relaunch(device: "iphone", reinstall: true))
        await app.waitForState("the reinstall and replay") { $0.app.finishesTransactions && $0.message == .redelivered(productID: Self.lifetime) }
        await app.waitFor("[ Owned ]")
        let deadline = ContinuousClock.now + .seconds(30)
        while try await !app.unfinished().isEmpty && ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(10)) }
        #expect(try await app.unfinished().isEmpty)
        await app.stop()
    }

    /// S3: renewals while the app is closed are recorded with nobody listening, and the
    /// relaunched app's listener gets them once at launch, then finishes them.
    @Test func renewalsWhileTheAppIsClosedArriveOnceAtLaunch() async throws {
        let monthly = "dev.tollbooth.example.premium.monthly"
        let app = try RunningApp()
        await app.waitFor("Restore Purchases")
        app.runtime.perform(.purchase(productID: monthly))
        await app.waitFor("Subscribed, renews on")
        app.runtime.perform(.relaunch(device: "iphone", reinstall: false, away: ClockAdvance("3M")))
        await app.waitForState("the renewals at launch") { $0.message == .renewed(productID: monthly) }
        let deadline = ContinuousClock.now + .seconds(30)
        while try await !app.unfinished().isEmpty && ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(10)) }
        #expect(try await app.unfinished().isEmpty)
        let all = try await app.runtime.store.all.map(\.unsafePayloadValue)
        #expect(all.filter { $0.reason == .renewal }.count == 3)
        await app.waitFor("Subscribed, renews on")
        await app.stop()
    }

    /// S14: the same account on a second device sees the purchase at launch.
    @Test func relaunchingAsAnotherDeviceKeepsTheAccount() async throws {
        let app = try RunningApp()
        await app.waitFor("Restore Purchases")
        app.runtime.perform(.admin(.buyElsewhere(productID: Self.lifetime, device: "mac")))
        await app.waitFor("[ Owned ]")
        app.runtime.perform(.relaunch(device: "ipad", reinstall: false))
        await app.waitFor("ipad") { $0.contains(" ipad ") && $0.contains("[ Owned ]") }
        #expect(app.runtime.store.device == "ipad")
        #expect(app.runtime.state.deviceName == "ipad")
        await app.stop()
    }

    /// S12: a purchase still waiting when the app quits never returns to anyone; the store
    /// completes it, and the relaunched app is not told about the old call.
    /// Two locale switches in a row, the first meeting a slow store: the paywall ends in the
    /// language chosen last, never with the slower first load's names.
    @Test func localeSwitchesInARowEndInTheLastOneChosen() async throws {
        let app = try RunningApp()
        await app.waitFor("Premium Yearly")
        let ids = app.runtime.state.manifest.productIDs
        app.runtime.perform(.admin(.setFault(FaultRule(api: .loadProducts, error: .storeKit(.networkError), mode: .probability(0, seed: 1),
                                                       latencyMilliseconds: 400))))
        await app.waitForState("the fault") { $0.snapshot?.faults.count == 1 }
        app.runtime.perform(.changeLocale("ja_JP", productIDs: ids))
        try await Task.sleep(for: .milliseconds(100))  // the Japanese load is waiting out its latency
        _ = try await app.runtime.store.admin { try $0.clearFaults() }
        app.runtime.perform(.changeLocale("en_US", productIDs: ids))
        await app.waitForState("English names") { $0.products.first?.displayName == "Premium Yearly" }
        try await Task.sleep(for: .milliseconds(700))  // past the slow Japanese load
        #expect(app.runtime.state.products.first?.displayName == "Premium Yearly")
        await app.stop()
    }

    @Test func aPurchaseInFlightWhenTheAppQuitsNeverReturns() async throws {
        let app = try RunningApp()
        await app.waitFor("Restore Purchases")
        app.runtime.perform(.admin(.setFault(FaultRule(api: .purchase, error: .storeKit(.networkError), mode: .probability(0, seed: 1),
                                                       latencyMilliseconds: 400))))
        await app.waitForState("the fault") { $0.snapshot?.faults.count == 1 }
        app.runtime.perform(.purchase(productID: Self.lifetime))
        try await Task.sleep(for: .milliseconds(50))
        app.runtime.perform(.relaunch(device: "iphone", reinstall: false))
        await app.waitForState("the relaunch") { $0.message == .relaunched(device: "iphone", reinstalled: false) || $0.message == .redelivered(productID: Self.lifetime) }
        try await Task.sleep(for: .milliseconds(700))
        let state = app.runtime.state
        #expect(state.inFlight == nil)
        if case .purchased = state.message { Issue.record("the quit app's purchase() returned: \(String(describing: state.message))") }
        await app.stop()
    }
}
