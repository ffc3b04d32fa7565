@testable import Chrome
@testable import ControlRoom
import Foundation
import MockStore
@testable import Paywall
import TerminalUI
import TestSupport
import Testing
@testable import TollboothApp

/// The Transactions panel shows what became of a refund request (docs/domain.md §2.6): pending,
/// declined, reversed, and a prorated refund's share, in every language, in the state column's
/// width.
@Suite struct TransactionsPanelRefundTests {
    /// The fixture account with the lifetime unlock refunded 40% and the yearly plan's refund
    /// requested.
    static func contents(_ yearly: RefundState? = .requested) -> LedgerContents {
        var contents = LedgerFixture.contents
        contents.transactions[0].proratedRefundMillipercent = 40_000
        contents.transactions[3].refundState = yearly
        return contents
    }

    @Test func refundStatesShowInTheRowAndTheFilters() {
        var state = LedgerFixture.state(contents: Self.contents())
        #expect(state.txn.row(id: 1)?.state == .revokedProrated(40_000))
        #expect(state.txn.row(id: 4)?.state == .refundRequested)
        let text = view(state, size: state.size).flatText
        #expect(text.contains("prorated 40%") && text.contains("refund pending"), "\(text)")
        #expect(LedgerFixture.state(contents: Self.contents(.declined)).txn.row(id: 4)?.state == .refundDeclined)
        #expect(LedgerFixture.state(contents: Self.contents(.reversed)).txn.row(id: 4)?.state == .refundReversed)
        // An expired period shows as expired whatever its refund request came to.
        #expect(state.txn.row(id: 2)?.state == .expired)
        // The state filter: a pending request is still active; a prorated refund is revoked.
        while state.txn.stateFilter != .revoked { send(&state, char("s")) }
        #expect(state.txn.table.rows.filter { state.txn.stateFilter.admits($0) }.map(\.id) == [1])
    }

    @Test(arguments: spelledOutLanguages)
    func golden(language: Language) {
        var state = LedgerFixture.state(language, contents: Self.contents())
        select(&state, id: 4)
        assertGolden(view(state, size: state.size), named: "transactions-\(language)-80x24-refunds", in: goldenDirectory())
    }
}
