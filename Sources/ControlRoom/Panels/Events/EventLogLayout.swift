import Chrome
import MockStore
import TerminalUI

/// How the log fits its panel: the rows given to warnings, the header and the log, and which
/// events are in view. `key` pages and scrolls with these; `view` draws with them.
extension EventsPanel {

    /// The log's parts for a panel of `size`: warning rows above, then the column header and rows.
    struct Layout {
        var warningRows: Int
        /// Warnings left out (the last warning row says how many).
        var hiddenWarnings: Int
        var showsColumnHeader: Bool
        var logRows: Int
    }

    static func layout(_ state: ControlRoomScope, warnings: Int, size: Size) -> Layout {
        let available = max(0, size.height - 1)  // the title row
        let cap = available >= 16 ? 4 : available >= 10 ? 2 : available >= 6 ? 1 : 0
        let rows = min(warnings, cap)
        // Too many: the last row says "+N more" instead of showing one.
        let hidden = warnings > cap && cap > 0 ? warnings - (cap - 1) : 0
        let header = available - rows >= 4
        return Layout(warningRows: rows, hiddenWarnings: hidden, showsColumnHeader: header,
                      logRows: max(0, available - rows - (header ? 1 : 0)))
    }

    static func logRows(_ state: ControlRoomScope) -> Int {
        let size = ControlRoomView.panelSize(state, panel: .events)
        return max(1, layout(state, warnings: warnings(state).count, size: size).logRows)
    }

    /// The first visible row's index and the cursor's index, in `list`.
    static func window(_ state: ControlRoomScope, list: [StoreEvent], rows: Int) -> (top: Int, cursor: Int) {
        let panel = state.control.events
        guard !list.isEmpty else { return (0, 0) }
        guard let cursorID = panel.cursor, let cursor = index(of: cursorID, in: list) else {
            return (max(0, list.count - rows), list.count - 1)
        }
        var top = panel.top.flatMap { index(of: $0, in: list) } ?? max(0, cursor - rows + 1)
        if cursor < top { top = cursor }
        if cursor >= top + rows { top = cursor - rows + 1 }
        top = max(0, min(top, list.count - rows))
        return (top, cursor)
    }
}
