import Chrome
import Foundation
import MockStore
import TerminalUI

/// Xcode's Transaction Manager: every transaction on the account, with actions on each.
enum TransactionsPanel: ControlPanel {
    static func opened(_ state: inout ControlRoomScope) -> [ControlRoomEffect] { [.loadLedger] }

    /// A new read of the ledger: rebuild the rows, keep the cursor on the same row (or at the
    /// same place when that row is gone), keep the filters.
    static func loaded(_ state: inout ControlRoomScope, _ contents: LedgerContents) {
        var panel = state.control.transactions
        let selectedID = panel.selectedRow?.id
        panel.contents = contents
        panel.later = LaterRecords()
        panel.table = TransactionTable(contents: contents, snapshot: state.snapshot, now: state.currentStoreTime,
                                       products: state.products, language: state.language)
        refilter(&panel, narrowing: false, keeping: selectedID, fallback: panel.cursor)
        closeGone(&panel)
        reveal(&panel, page: pageSize(state))
        state.control.transactions = panel
    }

    /// The detail and the refund chooser of a row no longer listed close.
    static func closeGone(_ panel: inout TransactionsPanelState) {
        if let detail = panel.detail, panel.row(id: detail.id) == nil { panel.detail = nil }
        if case .refundReason(let id, _) = panel.chooser, panel.row(id: id) == nil { panel.chooser = nil }
    }

    // MARK: Filtering

    /// Recomputes `visible`. `narrowing`: the filter text only grew, so only rows that
    /// matched before can match now. The cursor stays on `id` if it is still listed, else
    /// moves to `fallback` (clamped).
    static func refilter(_ panel: inout TransactionsPanelState, narrowing: Bool, keeping id: UInt64?, fallback: Int) {
        let filter = panel.stateFilter
        let query = SearchIndex.folded(panel.filterText)
        let candidates = narrowing && panel.visible.offsets.count == panel.table.chunks.count ? panel.visible.offsets : nil
        panel.visible = VisibleRows(panel.table) { k, chunk in
            chunk.search.matches(query, among: candidates?[k]) { filter.admits(chunk.rows[$0]) }
        }
        if let id, let rowIndex = panel.table.index(of: id), let position = position(of: Int32(rowIndex), in: panel.visible) {
            panel.cursor = position
        } else {
            panel.cursor = max(0, min(fallback, panel.visible.count - 1))
        }
    }

    /// Where row `index` is in `visible` (ascending), by binary search.
    static func position(of index: Int32, in visible: VisibleRows) -> Int? {
        visible.position(ofRow: index)
    }

    // MARK: Keys

    static func key(_ state: inout ControlRoomScope, _ key: Key) -> [ControlRoomEffect] {
        if state.control.transactions.chooser != nil { return chooserKey(&state, key) }
        if state.control.transactions.isTypingFilter { return filterKey(&state, key) }
        if state.control.transactions.detail != nil { return detailKey(&state, key) }
        return listKey(&state, key)
    }

    static func listKey(_ state: inout ControlRoomScope, _ key: Key) -> [ControlRoomEffect] {
        let page = pageSize(state)
        switch key {
        case .up, .character("k"): moveCursor(&state, by: -1)
        case .down, .character("j"): moveCursor(&state, by: 1)
        case .pageUp: moveCursor(&state, by: -max(1, page - 1))
        case .pageDown: moveCursor(&state, by: max(1, page - 1))
        case .home, .character("g"): moveCursor(&state, to: 0)
        case .end, .character("G"): moveCursor(&state, to: .max)
        case .enter, .character(" "):
            if let row = state.control.transactions.selectedRow { state.control.transactions.detail = TransactionDetail(id: row.id) }
        case .character("/"):
            state.control.transactions.isTypingFilter = true
        case .character("s"), .character("S"):
            var panel = state.control.transactions
            panel.stateFilter = panel.stateFilter.moved(by: key == .character("s") ? 1 : -1)
            refilter(&panel, narrowing: false, keeping: panel.selectedRow?.id, fallback: 0)
            reveal(&panel, page: page)
            state.control.transactions = panel
        default:
            return actionKey(&state, key, row: state.control.transactions.selectedRow)
        }
        return []
    }

    static func detailKey(_ state: inout ControlRoomScope, _ key: Key) -> [ControlRoomEffect] {
        guard let detail = state.control.transactions.detail else { return [] }
        let row = state.control.transactions.row(id: detail.id)
        let page = max(1, pageSize(state) + 1)
        func scroll(to target: Int) {
            let lines = TransactionsPanelView.detailLines(state, detail: detail, width: state.size.width).count
            state.control.transactions.detail?.scroll = max(0, min(target, lines - page))
        }
        switch key {
        case .up, .character("k"): scroll(to: detail.scroll - 1)
        case .down, .character("j"): scroll(to: detail.scroll + 1)
        case .pageUp: scroll(to: detail.scroll - max(1, page - 1))
        case .pageDown: scroll(to: detail.scroll + max(1, page - 1))
        case .home, .character("g"): scroll(to: 0)
        case .end, .character("G"): scroll(to: .max / 2)
        case .character("v"):
            state.control.transactions.detail = TransactionDetail(id: detail.id, showsJSON: !detail.showsJSON)
        case .enter:
            state.control.transactions.detail = nil
        default:
            return actionKey(&state, key, row: row)
        }
        return []
    }

    /// Row actions (on the selected row, or the one in the detail view) and account actions.
    static func actionKey(_ state: inout ControlRoomScope, _ key: Key, row: TransactionRow?) -> [ControlRoomEffect] {
        let panel = state.control.transactions
        switch key {
        case .character("b"):
            guard !state.products.isEmpty else { return [] }
            state.control.transactions.chooser = .buyProduct(selection: 0)
            return []
        case .character("C"):
            return ControlRoomFeature.request(&state, .clearAll)
        case .delete:
            return actionKey(&state, .character("x"), row: row)
        case .character(let c):
            guard let row, let action = RowAction.allCases.first(where: { $0.key == c }), action.applies(to: row, in: panel) else { return [] }
            switch action {
            case .refund:
                state.control.transactions.chooser = .refundReason(id: row.id, selection: 0)
                return []
            case .expire: return ControlRoomFeature.request(&state, .expire(row.id))
            case .renew: return ControlRoomFeature.request(&state, .renew(row.id))
            case .autoRenew: return ControlRoomFeature.request(&state, .setAutoRenew(row.id, on: row.liveWillAutoRenew == false))
            case .approve: return ControlRoomFeature.request(&state, .approve(row.id))
            case .decline: return ControlRoomFeature.request(&state, .decline(row.id))
            case .resolve: return ControlRoomFeature.request(&state, .resolve(row.id))
            case .delete: return ControlRoomFeature.request(&state, .delete(row.id))
            }
        default:
            return []
        }
    }

    /// While typing after `/`: printable keys go into the filter; Enter keeps it, Esc clears it.
    static func filterKey(_ state: inout ControlRoomScope, _ key: Key) -> [ControlRoomEffect] {
        var panel = state.control.transactions
        let page = pageSize(state)
        switch key {
        case .character(let c):
            panel.filterText.append(c)
            refilter(&panel, narrowing: true, keeping: panel.selectedRow?.id, fallback: 0)
        case .backspace:
            guard !panel.filterText.isEmpty else { return [] }
            panel.filterText.removeLast()
            refilter(&panel, narrowing: false, keeping: panel.selectedRow?.id, fallback: 0)
        case .enter:
            panel.isTypingFilter = false
        case .escape:
            panel.isTypingFilter = false
            panel.filterText = ""
            refilter(&panel, narrowing: false, keeping: panel.selectedRow?.id, fallback: 0)
        case .up: panel.cursor = max(0, panel.cursor - 1)
        case .down: panel.cursor = max(0, min(panel.visible.count - 1, panel.cursor + 1))
        case .pageUp: panel.cursor = max(0, panel.cursor - max(1, page - 1))
        case .pageDown: panel.cursor = max(0, min(panel.visible.count - 1, panel.cursor + max(1, page - 1)))
        default:
            return []
        }
        reveal(&panel, page: page)
        state.control.transactions = panel
        return []
    }

    // MARK: Cursor

    static func moveCursor(_ state: inout ControlRoomScope, by step: Int) {
        let cursor = state.control.transactions.cursor
        moveCursor(&state, to: step < 0 ? max(0, cursor + step) : (cursor > Int.max - step ? .max : cursor + step))
    }

    static func moveCursor(_ state: inout ControlRoomScope, to target: Int) {
        let count = state.control.transactions.visible.count
        let page = pageSize(state)
        state.control.transactions.cursor = max(0, min(target, count - 1))
        reveal(&state.control.transactions, page: page)
    }

    /// Scrolls so the cursor's row is on screen.
    static func reveal(_ panel: inout TransactionsPanelState, page: Int) {
        let page = max(1, page)
        let maxScroll = max(0, panel.visible.count - page)
        var scroll = min(panel.scroll, maxScroll)
        if panel.cursor < scroll { scroll = panel.cursor }
        if panel.cursor >= scroll + page { scroll = panel.cursor - page + 1 }
        panel.scroll = max(0, scroll)
    }

    /// Table rows on screen: the panel's height as `ControlRoomView` lays it out, less the
    /// count line and the header.
    static func pageSize(_ state: ControlRoomScope) -> Int {
        let height = panelHeight(state)
        return max(1, height - 2 - TransactionsPanelView.appLineRows(state, height: height))
    }

    static func panelHeight(_ state: ControlRoomScope) -> Int {
        ControlRoomView.panelSize(state, panel: .transactions).height
    }

    // MARK: Mouse

    static func click(_ state: inout ControlRoomScope, _ target: ControlRoomTarget) -> [ControlRoomEffect] {
        switch target {
        case .chooserOption(let index):
            return choose(&state, index)
        case .transactionRow(let id):
            var panel = state.control.transactions
            guard panel.chooser == nil, let index = panel.table.index(of: id),
                  let position = position(of: Int32(index), in: panel.visible) else { return [] }
            panel.cursor = position
            reveal(&panel, page: pageSize(state))
            state.control.transactions = panel
        default:
            break
        }
        return []
    }

    // MARK: Protocol

    static func render(_ state: ControlRoomScope, size: Size) -> Canvas {
        TransactionsPanelView.render(state, size: size)
    }

    static func capturesText(_ state: ControlRoomScope) -> Bool {
        state.control.transactions.isTypingFilter || state.control.transactions.chooser != nil
    }

    /// Esc closes the chooser, then the detail view, then clears the filters; only then
    /// does it go back to the paywall.
    static func escapeGoesBack(_ state: ControlRoomScope) -> Bool {
        let panel = state.control.transactions
        return panel.chooser != nil || panel.detail != nil || !panel.filterText.isEmpty || panel.stateFilter != .all
    }

    static func escape(_ state: inout ControlRoomScope) -> Bool {
        var panel = state.control.transactions
        if panel.chooser != nil {
            panel.chooser = nil
        } else if panel.detail != nil {
            panel.detail = nil
        } else if !panel.filterText.isEmpty || panel.stateFilter != .all {
            panel.filterText = ""
            panel.stateFilter = .all
            refilter(&panel, narrowing: false, keeping: panel.selectedRow?.id, fallback: 0)
            reveal(&panel, page: pageSize(state))
        } else {
            return false
        }
        state.control.transactions = panel
        return true
    }

    static func footerKeys(_ state: ControlRoomScope) -> String {
        let s = state.strings
        let panel = state.control.transactions
        if panel.chooser != nil { return s.txnKeyChooser }
        if panel.isTypingFilter { return s.txnKeyTyping }
        var keys: [String] = []
        if let detail = panel.detail {
            let row = panel.row(id: detail.id)
            keys.append(detail.showsJSON ? s.txnKeyFields : s.txnKeyJSON)
            if let row { keys += RowAction.allCases.filter { $0.applies(to: row, in: panel) }.map { $0.label(row, s) } }
            keys += [s.txnKeyScroll, s.txnKeyBack]
            return keys.joined(separator: "  ")
        }
        if let row = panel.selectedRow {
            keys += RowAction.allCases.filter { $0.applies(to: row, in: panel) }.map { $0.label(row, s) }
            keys.append(s.txnKeyDetail)
        }
        keys += [s.txnKeyFilter, s.txnKeyStateFilter]
        if !state.products.isEmpty { keys.append(s.txnKeyBuyElsewhere) }
        keys.append(s.txnKeyClearAll)
        return keys.joined(separator: "  ")
    }
}
