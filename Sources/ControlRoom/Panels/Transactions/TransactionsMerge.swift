import Chrome
import Foundation
import MockStore

/// Takes what changed in the ledger (`LedgerChanges`) into the panel without building every
/// row again: the rows written since the last read, and the rows whose state a new snapshot or
/// a later store time changes, are worked out again; every other row keeps its row, its search
/// text and its place in `visible`. New records go to `LaterRecords`, so the full read's
/// records are never copied. The previous frame shares the table, so what a merge changes is
/// copied: only the chunks (`TableChunk`) holding a changed row are built again, with their
/// part of `visible`; the work grows with the changes and the number of chunks.
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
        let patched = patch(table, top: top, edits: edits)
        result.table = patched.table
        result.visible = VisibleRows(patched.table) { k, chunk in
            if let old = patched.kept[k] { return panel.visible.offsets[old] }
            return chunk.search.matches(query, among: nil) { filter.admits(chunk.rows[$0]) }
        }
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

    /// The old table with new rows on top and the edits made. Only the chunks that hold an
    /// edit, and the first one when there are new rows, are built again; the others are the old
    /// table's. `kept[k]`: the old chunk that chunk `k` is, nil if it was built again.
    private static func patch(_ table: TransactionTable, top: [Edit], edits: [Edit]) -> (table: TransactionTable, kept: [Int?]) {
        // Edits by chunk, at their offsets in it; the first edit of a row wins.
        var byChunk: [Int: [(offset: Int, edit: Edit)]] = [:]
        var last = -1
        for edit in edits where edit.index > last {
            last = edit.index
            let (chunk, offset) = TableChunk.locate(edit.index, in: table.ends)
            byChunk[chunk, default: []].append((offset, edit))
        }
        var result = table
        result.chunks = []
        result.chunks.reserveCapacity(table.chunks.count + 2)
        var kept: [Int?] = []
        kept.reserveCapacity(table.chunks.count + 2)
        // An empty table still has a first chunk to put new rows in.
        for (k, old) in (table.chunks.isEmpty ? [TableChunk()] : table.chunks).enumerated() {
            let mine = byChunk[k] ?? [], above = k == 0 ? top : []
            guard !mine.isEmpty || !above.isEmpty else {
                if !old.rows.isEmpty { result.chunks.append(old); kept.append(k) }
                continue
            }
            var chunk = TableChunk()
            chunk.rows.reserveCapacity(old.rows.count + above.count)
            chunk.search.starts.reserveCapacity(old.rows.count + above.count)
            chunk.search.bytes.reserveCapacity(old.search.bytes.count + above.count * 80)
            for edit in above { if let row = edit.row { chunk.append(row, text: edit.text) } }
            var next = 0
            for (offset, edit) in mine {
                chunk.append(old, next..<offset)
                if let row = edit.row { chunk.append(row, text: edit.text) }
                next = offset + 1
            }
            chunk.append(old, next..<old.rows.count)
            for piece in chunk.split() { result.chunks.append(piece); kept.append(nil) }
        }
        result.ends = TableChunk.ends(result.chunks.lazy.map(\.rows.count))
        return (result, kept)
    }

    /// The panel's records as one read: what `contents` held, with the later records in place
    /// of the versions they replace and without removed ones, oldest first.
    static func flattened(_ panel: TransactionsPanelState, _ changes: LedgerChanges) -> LedgerContents {
        var byID: [UInt64: Transaction] = [:], pendingByID: [UInt64: PendingPurchase] = [:]
        for chunk in panel.table.chunks {
            for row in chunk.rows {
                if let tx = panel.transaction(row) { byID[row.id] = tx } else if let p = panel.pending(row) { pendingByID[row.id] = p }
            }
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
