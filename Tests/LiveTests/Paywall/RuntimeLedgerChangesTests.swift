import Foundation
import MockStore
import Testing
@testable import ControlRoom
@testable import Paywall
@testable import TollboothApp

/// Through the real runtime: a purchase on another device after the panel's first read brings
/// only what changed, not the whole ledger again.
@Suite(.serialized) struct RuntimeLedgerChangesTests {
    @Test func aPurchaseElsewhereReachesTheOpenPanelAsAChange() async throws {
        let app = try RunningApp()
        await app.waitFor("Restore Purchases")
        app.runtime.perform(.controlRoom(.admin(.buyElsewhere(productID: RunningApp.lifetime, device: "ipad"))))
        await app.waitFor("[ Owned ]")
        app.terminal.enqueue(.key(.character("t")))
        await app.waitForState("the first read") { $0.control.transactions.contents?.transactions.count == 1 }
        let first = app.reports.all.count
        app.runtime.perform(.controlRoom(.admin(.buyElsewhere(productID: RunningApp.monthly, device: "mac"))))
        await app.waitForState("the purchase in the panel") { $0.control.transactions.table.rows.count == 2 }
        let events = app.reports.all.dropFirst(first).compactMap(\.applied)
        let reads = events.filter { if case .controlRoom(.ledgerLoaded) = $0 { true } else { false } }
        #expect(reads.isEmpty, "the whole ledger was read again: \(reads.count) times")
        let changed = events.compactMap { event -> [UInt64]? in
            if case .controlRoom(.ledgerChanged(let changes)) = event { return changes.transactions.map(\.id) }
            return nil
        }
        #expect(changed.contains { $0.count == 1 })
        #expect(app.runtime.state.control.transactions.table.rows.count == 2)
        await app.stop()
    }
}
