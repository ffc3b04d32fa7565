import Foundation
import MockStore
import Testing
@testable import ControlRoom
@testable import Paywall
@testable import TollboothApp

/// The rule at `AppEffect.refreshSnapshot`, in `update` alone: a store call's result asks for no
/// read of the account of its own, since what the call wrote comes back as store events (the
/// runtime's one read for all of them is in Tests/LiveTests/Paywall/SnapshotReadTests.swift).
@Suite struct SnapshotReadRuleTests {
    @Test func noStoreResultAsksForAReadOfItsOwn() {
        var state = Fixture.app()
        let tx = Fixture.transaction(Fixture.yearly, id: 77)
        let results: [AppEvent] = [
            .paywall(.purchaseFinished(productID: Fixture.yearly, result: .success(tx))),
            .paywall(.purchaseFinished(productID: Fixture.yearly, result: .pending)),
            .paywall(.purchaseFinished(productID: Fixture.yearly, result: .failed(.storeKit(.networkError)))),
            .paywall(.purchaseFinished(productID: Fixture.yearly, result: .unverified(tx, .invalidSignature))),
            .paywall(.restoreFinished(.success([tx]))),
            .paywall(.transactionUpdate(Fixture.transaction(Fixture.monthly, id: 78, reason: .renewal))),
            .controlRoom(.adminFinished(.advance(ClockAdvance(value: 1, unit: .hour)), .done("ok"))),
        ]
        for event in results {
            #expect(!update(&state, event).contains(.paywall(.refreshSnapshot)), "\(event)")
        }
    }
}
