import Chrome
import Foundation
import MockStore
import TerminalUI

/// Draws the Transactions panel: a count line, the table (only the rows on screen are made
/// into text), the detail view and the choosers.
enum TransactionsPanelView {
    static func render(_ state: ControlRoomScope, size: Size) -> Canvas {
        var canvas = Canvas(size: size)
        guard size.width > 0, size.height > 0 else { return canvas }
        let panel = state.control.transactions
        if let detail = panel.detail, panel.row(id: detail.id) != nil {
            drawDetail(state, detail: detail, on: &canvas)
        } else {
            drawList(state, on: &canvas)
        }
        if let chooser = panel.chooser { drawChooser(state, chooser, on: &canvas) }
        return canvas
    }

    // MARK: List

    static func drawList(_ state: ControlRoomScope, on canvas: inout Canvas) {
        let s = state.strings
        let panel = state.control.transactions
        let width = canvas.width, theme = state.theme
        canvas.paint(countLine(state), x: 0, y: 0, width: width, theme: theme)
        guard canvas.height > 1 else { return }
        guard panel.contents != nil else {
            canvas.paint(Lines.paragraph(s.txnLoading, .muted, width: width, indent: 1, maxLines: canvas.height - 1), x: 0, y: 1, width: width, theme: theme)
            return
        }
        let top = appLineRows(state, height: canvas.height)
        if top > 0, let app = panel.contents?.appTransaction {
            canvas.paint(appLine(app, state), x: 0, y: 1, width: width, theme: theme)
        }
        if panel.table.rows.isEmpty || panel.visible.isEmpty {
            let text = panel.table.rows.isEmpty ? s.txnEmpty : s.txnNoMatch
            canvas.paint(Lines.paragraph(text, .muted, width: width, indent: 1, maxLines: canvas.height - 1 - top), x: 0, y: 1 + top,
                         width: width, theme: theme)
            return
        }
        let columns = layout(state, width: width)
        canvas.paint(header(columns, s), x: 0, y: 1 + top, width: width, theme: theme)
        let page = canvas.height - 2 - top
        guard page > 0 else { return }
        // The stored scroll, corrected for this height so the cursor is always on screen.
        var scroll = max(0, min(panel.scroll, panel.visible.count - page))
        if panel.cursor < scroll { scroll = panel.cursor }
        if panel.cursor >= scroll + page { scroll = panel.cursor - page + 1 }
        let end = min(panel.visible.count, scroll + page)
        guard scroll < end else { return }
        for position in scroll..<end {
            let row = panel.table.rows[Int(panel.visible[position])]
            let y = 2 + top + position - scroll
            let selected = position == panel.cursor
            canvas.paint(line(state, row, columns: columns, selected: selected, width: width), x: 0, y: y, width: width, theme: theme)
            canvas.addRegion(Rect(x: 0, y: y, width: width, height: 1), .transactionRow(id: row.id))
        }
    }

    /// The app transaction's line above the table (`AppTransaction.shared`), when the account
    /// has one and the panel has room for it beside the table.
    static func appLineRows(_ state: ControlRoomScope, height: Int) -> Int {
        state.control.transactions.contents?.appTransaction != nil && height >= 8 ? 1 : 0
    }

    /// "App  dev.tollbooth.paywall 3  first 1 on Jan 1, 2026, Xcode".
    static func appLine(_ app: AppTransactionRecord, _ state: ControlRoomScope) -> Line {
        let s = state.strings
        return Line([Span(" " + s.txnAppLabel + "  ", .heading), Span("\(app.bundleID) \(app.appVersion)", .text),
                     Span("  " + s.txnAppOriginal(version: app.originalAppVersion, date: state.dates.date(app.originalPurchaseDate),
                                                  environment: app.environment), .muted)])
    }

    /// "12 of 240 transactions, filter: pro, state: active" and the cursor's position; while
    /// typing, the filter being typed.
    static func countLine(_ state: ControlRoomScope) -> Line {
        let s = state.strings
        let panel = state.control.transactions
        let total = panel.table.rows.count
        var parts = [s.txnCount(shown: panel.visible.count, total: total)]
        let separator = s.listSeparator
        if panel.isTypingFilter {
            var left = [Span(" " + s.txnFilterPrompt, .heading), Span(panel.filterText, .text), Span(" ", .buttonFocused)]
            if panel.stateFilter != .all { left.append(Span("  " + s.txnStateFilterText(s.txnFilter(panel.stateFilter)), .muted)) }
            return Line(left, right: [Span(parts[0] + " ", .muted)])
        }
        if !panel.filterText.isEmpty { parts.append(s.txnFilterText(panel.filterText)) }
        if panel.stateFilter != .all { parts.append(s.txnStateFilterText(s.txnFilter(panel.stateFilter))) }
        let right = panel.visible.isEmpty ? [] : [Span("\(panel.cursor + 1)/\(panel.visible.count) ", .muted)]
        return Line([Span(" " + parts.joined(separator: separator), .heading)], right: right)
    }

    // MARK: Chooser

    static func drawChooser(_ state: ControlRoomScope, _ chooser: TransactionChooser, on canvas: inout Canvas) {
        let s = state.strings
        let theme = state.theme
        let options = TransactionsPanel.chooserOptions(state, chooser)
        let title: String = switch chooser {
        case .refundReason(let id, _): s.txnRefundChooserTitle(id)
        case .buyProduct: s.txnBuyProductTitle
        case .buyDevice(let productID, _): s.txnBuyDeviceTitle(state.displayName(productID))
        }
        let labels = options.enumerated().map { " \($0.offset + 1)  \($0.element.label) " }
        let content = max(TextWidth.of(title), TextWidth.of(s.txnChooserHint), labels.map { TextWidth.of($0) }.max() ?? 0)
        let width = min(canvas.width, content + 4)
        // border, title, blank, options, blank, hint, border; the blanks and the hint go first
        // when the panel is short, then options around the selection.
        var chrome = 6
        if chrome + options.count > canvas.height { chrome = 4 }
        if chrome + options.count > canvas.height { chrome = 3 }
        let shown = max(0, min(options.count, canvas.height - chrome))
        let height = min(canvas.height, chrome + shown)
        let origin = Point(x: max(0, (canvas.width - width) / 2), y: max(0, (canvas.height - height) / 2))
        let rect = Rect(origin: origin, size: Size(width: width, height: height))
        canvas.fill(rect, style: theme[.sheet])
        canvas.box(rect, style: theme[.sheetBorder], border: theme.border)
        let inner = max(0, width - 4)
        let x = origin.x + 2
        var y = origin.y + (height >= 3 ? 1 : 0)
        canvas.paint(Line([Span(title, .sheetTitle)]), x: x, y: y, width: inner, theme: theme)
        y += chrome >= 6 ? 2 : 1
        let first = max(0, min(chooser.selection - shown + 1, options.count - shown))
        if shown > 0 {
            for index in first..<(first + shown) {
                let selected = index == chooser.selection
                let label = TextWidth.pad(TextWidth.truncate(SafeText(labels[index]), toWidth: inner), toWidth: inner)
                canvas.paint(Line([Span(label, selected ? .buttonFocused : .button)]), x: x, y: y, width: inner, theme: theme)
                canvas.addRegion(Rect(x: x, y: y, width: inner, height: 1), .chooserOption(index))
                y += 1
            }
        }
        if chrome >= 6 {
            canvas.paint(Line([Span(s.txnChooserHint, .muted)]), x: x, y: y + 1, width: inner, theme: theme)
        }
    }
}
