import Foundation
import MockStore
import Paywall

/// The Transactions panel's rows and search text for one ledger read, built where the runtime
/// reads the ledger instead of on the event loop. At 100,000 transactions building them takes
/// some 85 ms; on the loop, every key pressed while another device kept buying waited behind it.
public struct PrebuiltTransactionTable: Sendable, Hashable {
    let table: TransactionTable
    /// What the table's words were made from. A table built for another language or other
    /// products (a locale switch racing a read) is not used: `update` builds its own.
    let language: Language
    let products: [Product]

    /// The table `update` would build for `contents` in `state` (the last frame's state: the
    /// account and clock it shows are at most one read old, and the read that follows each
    /// store change brings them up to date).
    public init(contents: LedgerContents, for state: SharedContext) {
        table = TransactionTable(contents: contents, snapshot: state.snapshot, now: state.currentStoreTime,
                                 products: state.products, strings: state.strings)
        language = state.language
        products = state.products
    }

    /// Whether this table can stand for one built now in `state`.
    func fits(_ state: SharedContext) -> Bool {
        language == state.language && products == state.products
    }
}
