import Foundation
import MockStore
import TestSupport
import Testing
@testable import ControlRoom
@testable import Paywall
@testable import TollboothApp

/// The Transactions panel keeps its rows, their search text and the visible rows in chunks
/// (`TableChunk`), so that a merge copies only the chunks it changes: the previous frame
/// shares the rest, and a purchase on another device does not copy 100,000 rows on the loop.
@Suite struct TableChunksTests {
    /// For each chunk of the panel's table: where its rows, its text, its text's row starts and
    /// its visible rows are kept.
    static func buffers(_ panel: TransactionsPanelState) -> [[UnsafeRawPointer?]] {
        func address<T>(_ array: [T]) -> UnsafeRawPointer? { array.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) } }
        return panel.table.chunks.indices.map { k in
            let chunk = panel.table.chunks[k]
            return [address(chunk.rows), address(chunk.search.bytes), address(chunk.search.starts), address(panel.visible.offsets[k])]
        }
    }

    /// The chunks whose buffers `after` does not share with `before`, chunk by chunk.
    static func copied(_ before: TransactionsPanelState, _ after: TransactionsPanelState) -> [Int] {
        let old = buffers(before), new = buffers(after)
        return new.indices.filter { k in
            k >= old.count || zip(old[k], new[k]).contains { $0 != $1 }
        }
    }

    static func ledger(_ count: Int) -> LedgerContents {
        var contents = LedgerFixture.many(count)
        contents.changeCursor = 1
        return contents
    }

    @Test func aPurchaseElsewhereCopiesOnlyTheFirstChunk() {
        var state = LedgerFixture.state(contents: Self.ledger(20_000))
        #expect(state.txn.table.chunks.count == 20)
        let before = state.txn
        TransactionsMergeTests.merge(&state, LedgerChanges(since: 1, cursor: 2, transactions: [TransactionsMergeTests.bought(20_001)],
                                                           devices: ["iPhone", "iPad", "mac"]))
        #expect(state.txn.table.rows.first?.id == 20_001 && state.txn.table.rows.count == 20_001)
        #expect(Self.copied(before, state.txn) == [0])
        // The row a purchase then changes (its finish) is in the first chunk too.
        let bought = state.txn
        var finished = TransactionsMergeTests.bought(20_001)
        finished.isFinished = true
        TransactionsMergeTests.merge(&state, LedgerChanges(since: 2, cursor: 3, transactions: [finished], devices: ["iPhone", "iPad", "mac"]))
        #expect(Self.copied(bought, state.txn) == [0])
    }

    @Test func aRefundOfAnOldRowCopiesOnlyItsChunk() {
        var state = LedgerFixture.state(contents: Self.ledger(20_000))
        let before = state.txn
        // Rows are newest first: id 5,000 is row 15,000, in chunk 14.
        var refunded = state.txn.contents!.transactions[4_999]
        refunded.revocationDate = Fixture.t0
        TransactionsMergeTests.merge(&state, LedgerChanges(since: 1, cursor: 2, transactions: [refunded], devices: ["iPhone", "iPad", "mac"]))
        #expect(state.txn.row(id: 5_000)?.state == .revoked(nil))
        #expect(Self.copied(before, state.txn) == [15_000 / TableChunk.size])
    }

    /// Edits in several chunks, a removal, and more new rows than a chunk holds (the first
    /// chunk splits), under a text filter: the same panel as a full read of the same ledger.
    @Test func changesAcrossChunksMergeLikeAFullRead() {
        var state = LedgerFixture.state(contents: Self.ledger(5_000))
        send(&state, char("/"))
        for c in "lifetime" { send(&state, char(c)) }
        send(&state, key(.enter))
        select(&state, id: 4_970)
        var refunded = state.txn.contents!.transactions[4_969]
        refunded.revocationDate = Fixture.t0
        var finished = state.txn.contents!.transactions[12]
        finished.isFinished = true
        let bought = (5_001...7_200).map { TransactionsMergeTests.bought(UInt64($0)) }
        TransactionsMergeTests.merge(&state, LedgerChanges(since: 1, cursor: 9, transactions: [finished, refunded] + bought,
                                                           removed: [3_000, 10], devices: ["iPhone", "iPad", "mac"]))
        #expect(state.txn.table.rows.count == 7_198 && state.selectedID == 4_970)
        #expect(state.txn.table.chunks.allSatisfy { $0.rows.count <= TableChunk.maxSize })
        // Merged again on top of the split chunks.
        TransactionsMergeTests.merge(&state, LedgerChanges(since: 9, cursor: 10, transactions: [TransactionsMergeTests.bought(7_201)],
                                                           removed: [7_000], devices: ["iPhone", "iPad", "mac"]))
        #expect(state.txn.table.rows.count == 7_198)
    }

    @Test func visibleRowsFindTheirPositionsAcrossChunks() {
        var state = LedgerFixture.state(contents: Self.ledger(5_000))
        send(&state, char("/"))
        for c in "lifetime" { send(&state, char(c)) }
        let visible = state.txn.visible
        #expect(visible.count == 500)
        for (position, row) in visible.enumerated() {
            #expect(TransactionsPanel.position(of: row, in: visible) == position)
        }
        #expect(TransactionsPanel.position(of: 1, in: visible) == nil)
        #expect(TransactionsPanel.position(of: 5_000, in: visible) == nil)
    }
}
