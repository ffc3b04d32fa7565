import Foundation
import MockStore
import TerminalUI
import Testing
@testable import ControlRoom
@testable import Paywall
@testable import TollboothApp

/// The control room through the real runtime: admin actions, ledger reads and relaunches run
/// against a store on an in-memory ledger, and the test reads the in-memory terminal's screen.
@Suite(.serialized) struct RuntimeControlRoomTests {
    static let lifetime = RunningApp.lifetime

    @Test func aPurchaseMadeFromThePanelOnAnotherDeviceUnlocksThisPaywall() async throws {
        let app = try RunningApp()
        await app.waitFor("Restore Purchases")
        app.runtime.perform(.controlRoom(.admin(.buyElsewhere(productID: Self.lifetime, device: "ipad"))))
        await app.waitFor("[ Owned ]")
        await app.waitForState("the action's result") { state in
            if case .adminDone(.buyElsewhere) = state.control.message { return true }
            if case .deliveredFromElsewhere = state.paywall.message { return true }
            return false
        }
        // Delivered through `updates` and finished by this app, as listenForTransactions() does.
        try await app.waitUntilEverythingIsFinished()
        await app.stop()
    }

    @Test func theTransactionsPanelReadsTheLedgerWhenOpened() async throws {
        let app = try RunningApp()
        await app.waitFor("Restore Purchases")
        app.runtime.perform(.controlRoom(.admin(.buyElsewhere(productID: Self.lifetime, device: "ipad"))))
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
        // Bought in this app, which then forgets `finish()` (S11): once the purchase's result
        // has been applied without asking for a finish, nothing will finish it.
        app.runtime.perform(.paywall(.purchase(productID: Self.lifetime)))
        func isResult(_ report: RuntimeProbe.Report) -> Bool {
            if case .paywall(.purchaseFinished(Self.lifetime, _))? = report.applied { true } else { false }
        }
        let result = await app.waitForReports("the purchase's result") { $0.contains(where: isResult) }.first(where: isResult)
        #expect(result?.effects.contains { if case .paywall(.finish) = $0 { true } else { false } } == false)
        #expect(try await app.unfinished().map(\.productID) == [Self.lifetime])
        await app.waitFor("[ Owned ]")

        app.runtime.perform(.relaunch(device: "iphone", reinstall: false))
        await app.waitForState("the replay") { $0.paywall.message == .redelivered(productID: Self.lifetime) }
        #expect(try await app.unfinished().count == 1, "still not finished: the app still forgets")

        app.runtime.perform(.relaunch(device: "iphone", reinstall: true))
        await app.waitForState("the reinstall and replay") { $0.paywall.app.finishesTransactions && $0.paywall.message == .redelivered(productID: Self.lifetime) }
        await app.waitFor("[ Owned ]")
        try await app.waitUntilEverythingIsFinished()
        await app.stop()
    }

    /// S3: renewals while the app is closed are recorded with nobody listening, and the
    /// relaunched app's listener gets them once at launch, then finishes them.
    @Test func renewalsWhileTheAppIsClosedArriveOnceAtLaunch() async throws {
        let monthly = "dev.tollbooth.example.premium.monthly"
        let app = try RunningApp()
        await app.waitFor("Restore Purchases")
        app.runtime.perform(.paywall(.purchase(productID: monthly)))
        await app.waitFor("Subscribed, renews on")
        app.runtime.perform(.relaunch(device: "iphone", reinstall: false, away: ClockAdvance("3M")))
        await app.waitForState("the renewals at launch") { $0.paywall.message == .renewed(productID: monthly) }
        try await app.waitUntilEverythingIsFinished()
        let all = try await app.runtime.store.all.map(\.unsafePayloadValue)
        #expect(all.filter { $0.reason == .renewal }.count == 3)
        await app.waitFor("Subscribed, renews on")
        await app.stop()
    }

    /// S14: the same account on a second device sees the purchase at launch.
    @Test func relaunchingAsAnotherDeviceKeepsTheAccount() async throws {
        let app = try RunningApp()
        await app.waitFor("Restore Purchases")
        app.runtime.perform(.controlRoom(.admin(.buyElsewhere(productID: Self.lifetime, device: "mac"))))
        await app.waitFor("[ Owned ]")
        app.runtime.perform(.relaunch(device: "ipad", reinstall: false))
        await app.waitFor("ipad") { $0.contains(" ipad ") && $0.contains("[ Owned ]") }
        #expect(app.runtime.store.device == "ipad")
        #expect(app.runtime.state.paywall.deviceName == "ipad")
        await app.stop()
    }

    /// Two locale switches in a row, the first meeting a slow store that then fails: the
    /// paywall ends with the products of the language chosen last, never with the slower
    /// first load's answer on top.
    @Test func localeSwitchesInARowEndInTheLastOneChosen() async throws {
        let app = try RunningApp()
        await app.waitFor("Premium Yearly")
        let ids = app.runtime.state.paywall.manifest.productIDs
        app.runtime.perform(.controlRoom(.admin(.setFault(FaultRule(api: .loadProducts, error: .storeKit(.networkError), mode: .times(remaining: 1),
                                                       latencyMilliseconds: 400)))))
        await app.waitForState("the fault") { $0.paywall.snapshot?.faults.count == 1 }
        let start = app.reports.all.count
        app.runtime.perform(.changeLocale("ja_JP", productIDs: ids))
        // The Japanese load has drawn the one-shot fault (spending it) and waits out its latency.
        await app.waitForState("the fault firing") { $0.control.events.events.contains { $0.kind == .faultFired } }
        app.runtime.perform(.changeLocale("en_US", productIDs: ids))
        let loads = await app.waitForReports("both loads' answers", since: start) { reports in
            reports.filter(\.isProductLoad).count == 2
        }.filter(\.isProductLoad)
        guard loads.count == 2 else { return }
        #expect(loads[0].applied == .paywall(.productsFailed(.networkError)), "the Japanese load answers first")
        #expect(loads[1].state?.paywall.productLoad == .loaded)
        #expect(loads[1].state?.paywall.products.first?.displayName == "Premium Yearly")
        // The runtime publishes its state after the frame that follows the report: wait for it.
        await app.waitForState("the English plans on screen") { $0.paywall.products.first?.displayName == "Premium Yearly" }
        await app.stop()
    }

    /// S12: a purchase still waiting when the app quits never returns to anyone; the store
    /// completes it, and the relaunched app is not told about the old call.
    @Test func aPurchaseInFlightWhenTheAppQuitsNeverReturns() async throws {
        let app = try RunningApp()
        await app.waitFor("Restore Purchases")
        app.runtime.perform(.controlRoom(.admin(.setFault(FaultRule(api: .purchase, error: .storeKit(.networkError), mode: .latencyOnly,
                                                       latencyMilliseconds: 1_000)))))
        await app.waitForState("the fault") { $0.paywall.snapshot?.faults.count == 1 }
        app.runtime.perform(.paywall(.purchase(productID: Self.lifetime)))
        // The store has recorded the purchase; the call waits out its latency before returning.
        await app.waitForState("the purchase in the ledger") { $0.control.events.events.contains { $0.kind == .purchase } }
        let start = app.reports.all.count
        app.runtime.perform(.relaunch(device: "iphone", reinstall: false))
        // The moment the old call returns, whether its answer was dropped or (wrongly) applied.
        let reports = await app.waitForReports("the old purchase() returning", since: start) { reports in
            reports.contains { report in [report.dropped, report.applied].contains { event in
                if case .paywall(.purchaseFinished(Self.lifetime, _))? = event { true } else { false }
            } }
        }
        #expect(reports.contains { $0.applied == .relaunched(device: "iphone", reinstalled: false) })
        let applied = reports.compactMap(\.applied)
        #expect(!applied.contains { if case .paywall(.purchaseFinished) = $0 { true } else { false } }, "the quit app's purchase() returned")
        #expect(app.runtime.state.paywall.inFlight == nil)
        await app.stop()
    }
}

extension RuntimeProbe.Report {
    /// An answer to a product load.
    var isProductLoad: Bool {
        switch applied {
        case .paywall(.productsLoaded)?, .paywall(.productsFailed)?: true
        default: false
        }
    }
}
