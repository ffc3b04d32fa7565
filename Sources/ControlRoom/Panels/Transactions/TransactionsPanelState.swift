import Chrome
import Foundation
import MockStore

/// What the Transactions panel holds: the ledger as last read, the rows built from it, the
/// filters and the rows they let through, the cursor, and the open sub-view.
///
/// Built for 100,000 rows: the arrays change only when the ledger is read again or a filter
/// changes, so moving the cursor leaves them alone (the runtime compares states every frame,
/// and equal buffers compare at once); `view` draws only the rows on screen.
public struct TransactionsPanelState: Sendable, Hashable {
    /// The account's transactions and pending purchases; nil until the first read.
    public var contents: LedgerContents?
    /// What merges of changes read since: a row's index past the end of a list in `contents`
    /// points here.
    var later = LaterRecords()
    /// Rows newest first, made from `contents` and the snapshot when the ledger was read.
    var table = TransactionTable()
    /// Indices into `table.rows` that pass both filters, ascending (newest first), kept in
    /// the table's chunks.
    var visible = VisibleRows()
    /// The position of the selected row in `visible`.
    public var cursor: Int = 0
    /// The first row of `visible` on screen.
    public var scroll: Int = 0
    /// Text typed after `/`: rows whose id, original id, product, device, type or state contain it.
    public var filterText: String = ""
    /// `/` was pressed and Enter or Esc not yet: printable keys go into the filter.
    public var isTypingFilter = false
    public var stateFilter: TransactionStateFilter = .all
    /// Enter on a row: every field of it.
    public var detail: TransactionDetail?
    /// A small list over the panel: the refund reason, or the product then the device of a
    /// purchase on another device.
    public var chooser: TransactionChooser?

    public init() {}

    /// The product a transaction or pending purchase is for, if it is on the list.
    func productID(of id: UInt64) -> String? {
        row(id: id).map(productID(of:))
    }

    /// The row under the cursor.
    var selectedRow: TransactionRow? {
        guard visible.indices.contains(cursor) else { return nil }
        return table.rows[Int(visible[cursor])]
    }

    func row(id: UInt64) -> TransactionRow? { table.index(of: id).map { table.rows[$0] } }

    func transaction(_ row: TransactionRow) -> Transaction? {
        guard case .transaction(let i) = row.source, let contents else { return nil }
        return LaterRecords.record(i, contents.transactions, later.transactions)
    }

    func pending(_ row: TransactionRow) -> PendingPurchase? {
        guard case .pending(let i) = row.source, let contents else { return nil }
        return LaterRecords.record(i, contents.pending, later.pending)
    }

    func productID(of row: TransactionRow) -> String {
        transaction(row)?.productID ?? pending(row)?.productID ?? ""
    }
}

/// Transactions and pending purchases read after the panel's full read: new ones, and new
/// versions of listed ones (which leave the old version unused). Kept apart so that a merge
/// appends a few records instead of copying the 100,000 of the full read, which the previous
/// frame shares.
struct LaterRecords: Sendable, Hashable {
    var transactions: [Transaction] = []
    var pending: [PendingPurchase] = []

    var count: Int { transactions.count + pending.count }

    /// Record `i` of `first` followed by `then`.
    static func record<Record>(_ i: Int, _ first: [Record], _ then: [Record]) -> Record? {
        if first.indices.contains(i) { return first[i] }
        return then.indices.contains(i - first.count) ? then[i - first.count] : nil
    }
}

/// The detail view of one row.
public struct TransactionDetail: Sendable, Hashable {
    public var id: UInt64
    /// Pretty-printed JSON (sorted keys, ISO 8601 dates) instead of the field list.
    public var showsJSON = false
    public var scroll = 0

    public init(id: UInt64, showsJSON: Bool = false, scroll: Int = 0) {
        self.id = id
        self.showsJSON = showsJSON
        self.scroll = scroll
    }
}
