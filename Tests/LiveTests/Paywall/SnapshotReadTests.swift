import Foundation
import MockStore
import Testing
@testable import ControlRoom
@testable import Paywall
@testable import TollboothApp

/// The rule at `AppEffect.refreshSnapshot`: what a store call writes comes back as store
/// events, and the runtime reads the account once for all of them, never once per step.
///
/// The refresher is stepped by hand, so the count does not depend on where its 12 ms beat
/// happens to fall between the purchase and its finish.
@Suite(.serialized) struct SnapshotReadTests {
    @Test func aPurchaseAndItsFinishCostOneRead() async throws {
        let beat = ManualBeat()
        let app = try RunningApp(refreshBeat: { await beat.wait() })
        await app.waitForState("the launch") { $0.paywall.snapshot != nil && !$0.paywall.products.isEmpty }
        await beat.step()  // anything the launch left due is read now, before the count starts
        let before = app.runtime.snapshotReads.load(ordering: .relaxed)

        app.runtime.perform(.paywall(.purchase(productID: RunningApp.lifetime)))
        // The purchase's last write is the app's finish(): once its event has reached the app,
        // everything the purchase changed has been announced.
        await app.waitForState("the finish's event") { state in
            state.control.events.events.contains { $0.kind == .finish }
        }
        await beat.step()
        await app.waitFor("[ Owned ]")
        await beat.step()  // nothing is left to read

        let reads = app.runtime.snapshotReads.load(ordering: .relaxed) - before
        #expect(reads == 1, "a purchase, its result, its finish and their events read the account \(reads) times")
        #expect(try await app.unfinished().isEmpty)
        await app.stop()
    }
}
