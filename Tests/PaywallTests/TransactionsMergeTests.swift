import Foundation
import MockStore
import TerminalUI
import TestSupport
import Testing
@testable import ControlRoom
@testable import Paywall
@testable import TollboothApp

/// A store change merged into the open Transactions panel (`.ledgerChanged`): the rows it
/// changed move or change, every other row stays, and the panel is what a full read of the
/// same ledger would have made.
extension TransactionsPanelState {
    /// `state` showing this panel.
    func shownIn(_ state: AppState) -> AppState {
        var state = state
        state.control.transactions = self
        return state
    }
}

@Suite struct TransactionsMergeTests {
    /// The fixture's account, read with a change cursor.
    static let contents: LedgerContents = {
        var contents = LedgerFixture.contents
        contents.changeCursor = 10
        return contents
    }()

    static func bought(_ id: UInt64, device: String = "mac") -> Transaction {
        Transaction(id: id, originalID: id, productID: Fixture.lifetime, productType: .nonConsumable,
                    purchaseDate: Fixture.t0, originalPurchaseDate: Fixture.t0, device: device)
    }

    /// The panel after a full read of `contents` from `state`'s panel as it was.
    static func reread(_ state: AppState, _ contents: LedgerContents) -> TransactionsPanelState {
        var full = state
        send(&full, .controlRoom(.ledgerLoaded(contents)))
        return full.txn
    }

    /// Merges `changes` and checks the panel against a full read of the same ledger.
    @discardableResult
    static func merge(_ state: inout AppState, _ changes: LedgerChanges, sourceLocation: SourceLocation = #_sourceLocation) -> [AppEffect] {
        let before = state
        let effects = send(&state, .controlRoom(.ledgerChanged(changes)))
        #expect(effects.isEmpty, sourceLocation: sourceLocation)
        let expected = reread(before, TransactionsMerge.flattened(before.txn, changes))
        #expect(Self.shown(state.txn) == Self.shown(expected), sourceLocation: sourceLocation)
        #expect(Self.texts(state.txn) == Self.texts(expected), sourceLocation: sourceLocation)
        #expect(state.txn.visible == expected.visible, sourceLocation: sourceLocation)
        #expect(state.txn.cursor == expected.cursor && state.txn.scroll == expected.scroll, sourceLocation: sourceLocation)
        #expect(state.txn.detail == expected.detail && state.txn.chooser == expected.chooser, sourceLocation: sourceLocation)
        #expect(state.txn.table.expiring == expected.table.expiring && state.txn.table.statusIDs == expected.table.statusIDs
                && state.txn.table.idWidth == expected.table.idWidth, sourceLocation: sourceLocation)
        #expect(view(state, size: state.size) == view(expected.shownIn(state), size: state.size), sourceLocation: sourceLocation)
        return effects
    }

    /// Each row's search text.
    static func texts(_ panel: TransactionsPanelState) -> [ArraySlice<UInt8>] {
        panel.table.rows.indices.map { panel.table.text(ofRow: $0) }
    }

    /// Each row as the panel shows it: its fields and what it lists, wherever that is kept.
    static func shown(_ panel: TransactionsPanelState) -> [String] {
        panel.table.rows.map { row in
            var bare = row
            bare.source = .transaction(0)
            return "\(bare) \(String(describing: panel.transaction(row))) \(String(describing: panel.pending(row)))"
        }
    }

    @Test func aNewPurchaseAppearsOnTopAndTheCursorStaysOnItsTransaction() {
        var state = LedgerFixture.state(contents: Self.contents)
        select(&state, id: 3)
        Self.merge(&state, LedgerChanges(since: 10, cursor: 11, transactions: [Self.bought(7)], devices: ["iPhone", "iPad", "mac"]))
        #expect(state.txn.table.rows.map(\.id) == [7, 6, 5, 4, 3, 2, 1])
        #expect(state.selectedID == 3 && state.txn.cursor == 4)
        #expect(state.txn.contents?.changeCursor == 11 && state.txn.contents?.devices.last == "mac")
        #expect(state.txn.contents?.transactions.count == 4, "the full read's records are kept, not copied")
    }

    @Test func aRefundChangesTheRowsStateInPlace() {
        var state = LedgerFixture.state(contents: Self.contents)
        select(&state, id: 4)
        var refunded = LedgerFixture.yearly
        refunded.revocationDate = Fixture.t0
        refunded.revocationReason = .other
        Self.merge(&state, LedgerChanges(since: 10, cursor: 12, transactions: [refunded], devices: ["iPhone", "iPad"]))
        #expect(state.txn.table.rows.map(\.id) == [6, 5, 4, 3, 2, 1])
        #expect(state.txn.selectedRow?.state == .revoked(.other) && state.selectedID == 4)
        // Its search text changed with it.
        send(&state, char("/"))
        for c in "refunded" { send(&state, char(c)) }
        #expect(state.txn.visible.map { state.txn.table.rows[Int($0)].id } == [4, 1])
    }

    @Test func aFilterStaysAppliedToNewAndChangedRows() {
        var state = LedgerFixture.state(contents: Self.contents)
        send(&state, char("/"))
        for c in "lifetime" { send(&state, char(c)) }
        send(&state, key(.enter))
        #expect(state.txn.visible.map { state.txn.table.rows[Int($0)].id } == [6, 5, 1])
        select(&state, id: 5)
        // A new lifetime purchase passes the filter; a new monthly one does not; the request
        // 6 is approved (it leaves the list).
        var monthly = Self.bought(8)
        monthly.productID = Fixture.monthly
        Self.merge(&state, LedgerChanges(since: 10, cursor: 13, transactions: [Self.bought(7), monthly], removed: [6],
                                         devices: ["iPhone", "iPad"]))
        #expect(state.txn.filterText == "lifetime")
        #expect(state.txn.visible.map { state.txn.table.rows[Int($0)].id } == [7, 5, 1])
        #expect(state.selectedID == 5)
        // The state filter too: only the refunded row is revoked.
        for _ in 0..<6 { send(&state, char("s")) }
        #expect(state.txn.stateFilter == .revoked)
        var refunded = Self.bought(7)
        refunded.revocationDate = Fixture.t0
        Self.merge(&state, LedgerChanges(since: 13, cursor: 14, transactions: [refunded], devices: ["iPhone", "iPad"]))
        #expect(state.txn.visible.map { state.txn.table.rows[Int($0)].id } == [7, 1])
    }

    @Test func aNewSnapshotAndALaterStoreTimeChangeTheRowsTheyDecide() {
        var state = LedgerFixture.state(contents: Self.contents)
        #expect(state.txn.row(id: 4)?.state == .active)
        // The subscription went into billing retry and a day passed: its row says so though
        // the ledger's rows did not change.
        send(&state, .paywall(.snapshotChanged(LedgerFixture.snapshot(.inBillingRetryPeriod))))
        state.paywall.storeTime = Fixture.t0.addingTimeInterval(86_400)
        Self.merge(&state, LedgerChanges(since: 10, cursor: 10, devices: ["iPhone", "iPad"]))
        #expect(state.txn.row(id: 4)?.state == .billingRetry)
    }

    @Test func changesWithNoReadToMergeIntoAskForAFullRead() {
        // A read from a ledger without a change log: the next read is a full one.
        var state = LedgerFixture.state()
        #expect(send(&state, .controlRoom(.ledgerChanged(LedgerChanges(since: 0, cursor: 1)))) == [.controlRoom(.loadLedger)])
        #expect(state.txn.table.rows.count == 6)
        // Changes counted from after the panel's read would skip some: read again.
        state = LedgerFixture.state(contents: Self.contents)
        #expect(send(&state, .controlRoom(.ledgerChanged(LedgerChanges(since: 11, cursor: 12, transactions: [Self.bought(7)])))) == [.controlRoom(.loadLedger)])
        #expect(state.txn.table.rows.count == 6)
    }

    @Test func aLanguageSwitchRebuildsTheSearchText() {
        var state = LedgerFixture.state(.en, contents: Self.contents)
        state.paywall.locale = "ja"
        Self.merge(&state, LedgerChanges(since: 10, cursor: 11, devices: ["iPhone", "iPad"]))
        send(&state, char("/"))
        for c in "期限切れ" { send(&state, char(c)) }
        #expect(state.txn.visible.map { state.txn.table.rows[Int($0)].id } == [2])
    }

    @Test func manyRowsMergeLikeAFullRead() {
        var contents = LedgerFixture.many(500)
        contents.changeCursor = 1
        var state = LedgerFixture.state(contents: contents)
        select(&state, id: 450)
        var refunded = contents.transactions[449]
        refunded.revocationDate = Fixture.t0
        var finished = contents.transactions[12]
        finished.isFinished = true
        Self.merge(&state, LedgerChanges(since: 1, cursor: 5, transactions: [finished, refunded, Self.bought(501), Self.bought(502)],
                                         removed: [300], devices: ["iPhone", "iPad", "mac"]))
        #expect(state.selectedID == 450 && state.txn.table.rows.count == 501)
    }
}
