import Chrome
import Foundation
import MockStore

/// Takes what changed in the ledger (`LedgerChanges`) into the panel without building every
/// row again: the rows written since the last read, and the rows whose state a new snapshot or
/// a later store time changes, are worked out again; every other row keeps its row, its search
/// text and its place in `visible`. New records go to `LaterRecords`, so the full read's
/// records are never copied; the work grows with the changes, plus one copy of the rows, the
/// search text and `visible` (the previous frame shares them, so any change copies them).
enum TransactionsMerge {
    /// Past this many later records, a merge folds them into the contents and builds the table
    /// again, as a full read would (a few hundred milliseconds of changes at the fastest clock).
    static func foldLimit(_ contents: LedgerContents) -> Int { max(4096, (contents.transactions.count + contents.pending.count) / 2) }

    /// One row worked out again (`row` nil: removed), at its index in the old table.
    private struct Edit {
        var index: Int
        var row: TransactionRow?
        var text: [UInt8] = []
    }

    /// The panel with `changes` merged; nil when it must be built whole from `flattened`
    /// contents instead: built in another language or for other products, a new id below one
    /// listed (only a hand-edited ledger), or too many later records.
    static func merge(_ panel: TransactionsPanelState, _ changes: LedgerChanges, snapshot: StoreSnapshot?, now: Date,
                      products: [Product], language: Language) -> TransactionsPanelState? {
        guard var contents = panel.contents, panel.table.language == language, panel.table.products == products,
              panel.later.count + changes.transactions.count + changes.pending.count <= foldLimit(contents) else { return nil }
        let table = panel.table
        // Store time never goes back, but the app's estimate of it can run a few milliseconds
        // ahead of the next snapshot: rows stay as of the later of the two.
        let now = max(now, table.now)
        let statusByOriginal = TransactionTable.statusByOriginal(snapshot)
        var later = panel.later
        var maker = SearchIndex.Maker(products: products, strings: Strings(language))
        var edits: [Edit] = [], top: [Edit] = []
        /// Ids written or removed, with the expiry of what they are now.
        var written: [UInt64: Date?] = [:]
        let newest = table.rows.first?.id ?? 0

        func add(_ id: UInt64, _ row: TransactionRow, transaction: Transaction?, pending: PendingPurchase?) -> Bool {
            var edit = Edit(index: table.index(of: id) ?? -1, row: row)
            maker.append(row, transaction: transaction, pending: pending, to: &edit.text)
            if edit.index >= 0 { edits.append(edit); return true }
            guard id > newest else { return false }
            top.append(edit)
            return true
        }
        for tx in changes.transactions {
            let row = TransactionTable.row(tx, index: contents.transactions.count + later.transactions.count,
                                           statusByOriginal: statusByOriginal, now: now)
            later.transactions.append(tx)
            written[tx.id] = .some(tx.expirationDate)
            guard add(tx.id, row, transaction: tx, pending: nil) else { return nil }
        }
        for purchase in changes.pending {
            let id = UInt64(max(0, purchase.id))
            let row = TransactionTable.row(purchase, index: contents.pending.count + later.pending.count)
            later.pending.append(purchase)
            written[id] = .some(nil)
            guard add(id, row, transaction: nil, pending: purchase) else { return nil }
        }
        for id in changes.removed {
            guard let index = table.index(of: id) else { continue }
            edits.append(Edit(index: index, row: nil))
            written[id] = .some(nil)
        }
        // Rows a status names (before or now), and rows whose expiry store time has reached.
        let statusIDs = TransactionTable.statusIDs(snapshot)
        func transaction(at index: Int) -> Transaction? {
            guard case .transaction(let i) = table.rows[index].source else { return nil }
            return LaterRecords.record(i, contents.transactions, later.transactions)
        }
        var recompute = Set(table.statusIDs).union(statusIDs)
        for id in table.expiring where written[id] == nil {
            if let index = table.index(of: id), let expiry = transaction(at: index)?.expirationDate, expiry <= now { recompute.insert(id) }
        }
        for id in recompute where written[id] == nil {
            guard let index = table.index(of: id), let tx = transaction(at: index), case .transaction(let i) = table.rows[index].source else { continue }
            let row = TransactionTable.row(tx, index: i, statusByOriginal: statusByOriginal, now: now)
            guard row != table.rows[index] else { continue }
            var edit = Edit(index: index, row: row)
            maker.append(row, transaction: tx, to: &edit.text)
            edits.append(edit)
        }
        edits.sort { $0.index < $1.index }
        top.sort { $0.row!.id > $1.row!.id }

        var result = panel
        contents.changeCursor = changes.cursor
        contents.devices = changes.devices
        contents.appTransaction = changes.appTransaction
        result.contents = contents
        result.later = later
        let query = SearchIndex.folded(panel.filterText)
        let filter = panel.stateFilter
        let patched = patch(table, visible: panel.visible, top: top, edits: edits) { row, text in
            filter.admits(row) && SearchIndex.contains(query, in: text)
        }
        result.table = patched.table
        result.visible = patched.visible
        result.table.idWidth = max(2, String(result.table.rows.first?.id ?? 0).count)
        result.table.now = now
        result.table.statusIDs = statusIDs
        var expiring = Set(table.expiring.filter { written[$0] == nil })
        for case let (id, expiry?) in written where expiry > now { expiring.insert(id) }
        result.table.expiring = expiring.filter { id in
            written[id] != nil || (table.index(of: id).flatMap(transaction(at:))?.expirationDate ?? .distantPast) > now
        }.sorted()
        return result
    }

    /// The old table with new rows on top and the edits made: unedited rows, their text and
    /// their place in `visible` are copied in runs.
    private static func patch(_ table: TransactionTable, visible: [Int32], top: [Edit], edits: [Edit],
                              passes: (TransactionRow, ArraySlice<UInt8>) -> Bool) -> (table: TransactionTable, visible: [Int32]) {
        var result = table
        result.rows = []
        result.search = SearchIndex()
        result.rows.reserveCapacity(top.count + table.rows.count)
        result.search.bytes.reserveCapacity(table.search.bytes.count + top.count * 80)
        result.search.starts.reserveCapacity(top.count + table.rows.count)
        var newVisible: [Int32] = []
        newVisible.reserveCapacity(visible.count + top.count)
        func append(_ edit: Edit) {
            guard let row = edit.row else { return }
            if passes(row, edit.text[...]) { newVisible.append(Int32(result.rows.count)) }
            result.search.starts.append(Int32(truncatingIfNeeded: result.search.bytes.count))
            result.search.bytes += edit.text
            result.rows.append(row)
        }
        top.forEach(append)
        let oldStarts = table.search.starts, oldBytes = table.search.bytes
        var v = 0
        /// Copies old rows `from..<to` unedited, with the visible ones among them.
        func copy(_ from: Int, _ to: Int) {
            guard from < to else { return }
            let shift = Int32(truncatingIfNeeded: result.search.bytes.count) &- oldStarts[from]
            let offset = Int32(result.rows.count - from)
            let end = to < oldStarts.count ? Int(oldStarts[to]) : oldBytes.count
            result.search.bytes += oldBytes[Int(oldStarts[from])..<end]
            result.search.starts += oldStarts[from..<to].lazy.map { $0 &+ shift }
            result.rows += table.rows[from..<to]
            while v < visible.count && Int(visible[v]) < to {
                if Int(visible[v]) >= from { newVisible.append(visible[v] + offset) }
                v += 1
            }
        }
        var next = 0
        for edit in edits where edit.index >= next {
            copy(next, edit.index)
            if v < visible.count && Int(visible[v]) == edit.index { v += 1 }
            append(edit)
            next = edit.index + 1
        }
        copy(next, table.rows.count)
        return (result, newVisible)
    }

    /// The panel's records as one read: what `contents` held, with the later records in place
    /// of the versions they replace and without removed ones, oldest first.
    static func flattened(_ panel: TransactionsPanelState, _ changes: LedgerChanges) -> LedgerContents {
        var byID: [UInt64: Transaction] = [:], pendingByID: [UInt64: PendingPurchase] = [:]
        for row in panel.table.rows {
            if let tx = panel.transaction(row) { byID[row.id] = tx } else if let p = panel.pending(row) { pendingByID[row.id] = p }
        }
        for id in changes.removed { byID[id] = nil; pendingByID[id] = nil }
        for tx in changes.transactions { byID[tx.id] = tx; pendingByID[tx.id] = nil }
        for p in changes.pending { pendingByID[UInt64(max(0, p.id))] = p; byID[UInt64(max(0, p.id))] = nil }
        return LedgerContents(transactions: byID.values.sorted { $0.id < $1.id }, pending: pendingByID.values.sorted { $0.id < $1.id },
                              devices: changes.devices, appTransaction: changes.appTransaction, changeCursor: changes.cursor)
    }
}

extension TransactionsPanel {
    /// What changed in the ledger since the panel's read: merge it, keep the cursor on the same
    /// row (or at the same place when that row is gone), keep the filters.
    static func changed(_ state: inout ControlRoomScope, _ changes: LedgerChanges) -> [ControlRoomEffect] {
        let panel = state.control.transactions
        guard let held = panel.contents?.changeCursor, changes.since <= held else {
            // Nothing read to merge into, or changes that start after what is held: read again.
            return state.control.panel == .transactions ? [.loadLedger] : []
        }
        guard changes.cursor >= held else { return [] }
        guard var merged = TransactionsMerge.merge(panel, changes, snapshot: state.snapshot, now: state.currentStoreTime ?? .distantPast,
                                                   products: state.products, language: state.language) else {
            loaded(&state, TransactionsMerge.flattened(panel, changes))
            return []
        }
        if let id = panel.selectedRow?.id, let rowIndex = merged.table.index(of: id),
           let position = position(of: Int32(rowIndex), in: merged.visible) {
            merged.cursor = position
        } else {
            merged.cursor = max(0, min(merged.cursor, merged.visible.count - 1))
        }
        closeGone(&merged)
        reveal(&merged, page: pageSize(state))
        state.control.transactions = merged
        return []
    }
}
