import Foundation
import MockStore
import TerminalUI

/// Draws the Transactions panel: a count line, the table (only the rows on screen are made
/// into text), the detail view and the choosers.
enum TransactionsPanelView {
    static func render(_ state: PaywallState, size: Size) -> Canvas {
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

    static func drawList(_ state: PaywallState, on canvas: inout Canvas) {
        let s = state.strings
        let panel = state.control.transactions
        let width = canvas.width, theme = state.theme
        canvas.paint(countLine(state), x: 0, y: 0, width: width, theme: theme)
        guard canvas.height > 1 else { return }
        guard panel.contents != nil else {
            canvas.paint(Lines.paragraph(s.txnLoading, .muted, width: width, indent: 1, maxLines: canvas.height - 1), x: 0, y: 1, width: width, theme: theme)
            return
        }
        if panel.table.rows.isEmpty || panel.visible.isEmpty {
            let text = panel.table.rows.isEmpty ? s.txnEmpty : s.txnNoMatch
            canvas.paint(Lines.paragraph(text, .muted, width: width, indent: 1, maxLines: canvas.height - 1), x: 0, y: 1, width: width, theme: theme)
            return
        }
        let columns = layout(state, width: width)
        canvas.paint(header(columns, s), x: 0, y: 1, width: width, theme: theme)
        let page = canvas.height - 2
        guard page > 0 else { return }
        // The stored scroll, corrected for this height so the cursor is always on screen.
        var scroll = max(0, min(panel.scroll, panel.visible.count - page))
        if panel.cursor < scroll { scroll = panel.cursor }
        if panel.cursor >= scroll + page { scroll = panel.cursor - page + 1 }
        let end = min(panel.visible.count, scroll + page)
        guard scroll < end else { return }
        for position in scroll..<end {
            let row = panel.table.rows[Int(panel.visible[position])]
            let y = 2 + position - scroll
            let selected = position == panel.cursor
            canvas.paint(line(state, row, columns: columns, selected: selected, width: width), x: 0, y: y, width: width, theme: theme)
            canvas.addRegion(Rect(x: 0, y: y, width: width, height: 1), id: "txn:row:\(row.id)")
        }
    }

    /// "12 of 240 transactions, filter: pro, state: active" and the cursor's position; while
    /// typing, the filter being typed.
    static func countLine(_ state: PaywallState) -> Line {
        let s = state.strings
        let panel = state.control.transactions
        let total = panel.table.rows.count
        var parts = [s.txnCount(shown: panel.visible.count, total: total)]
        let separator = state.language == .ja ? "、" : ", "
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

    enum Column: CaseIterable {
        case id, originalID, product, type, purchased, expires, state, device, finished
    }

    struct ColumnLayout {
        var columns: [(column: Column, width: Int)]
    }

    /// Which columns fit, and how wide each is. The id and product always show; then, while
    /// they fit: state and finished (shrinking the product name if need be), then purchase
    /// date, device, expiry, type and original id. Widths do not depend on the rows on screen,
    /// so columns stay put while scrolling.
    static func layout(_ state: PaywallState, width: Int) -> ColumnLayout {
        let s = state.strings
        let panel = state.control.transactions
        let available = width - 1  // the selection marker
        let idWidth = max(panel.table.idWidth, TextWidth.of(s.txnColumnID))
        let originalWidth = max(panel.table.idWidth, TextWidth.of(s.txnColumnOriginalID))
        let names = state.products.map { TextWidth.of(SafeText($0.displayName.isEmpty ? $0.id : $0.displayName)) }
        let productPreferred = max(8, min(30, names.max() ?? 16))
        let productMinimum = min(productPreferred, 8)
        let stateWidth = TransactionRowState.all.map { TextWidth.of(s.txnState($0)) }.max()!
        let devices = panel.contents?.devices ?? []
        let deviceWidth = min(12, max(TextWidth.of(s.txnColumnDevice), devices.map { TextWidth.of(SafeText($0)) }.max() ?? 0))
        let finishedWidth = max(TextWidth.of(s.txnFinishedYes), TextWidth.of(s.txnFinishedNo))
        let typeWidth = max(TextWidth.of(s.txnColumnType), ProductType.known.map { TextWidth.of(s.txnType($0)) }.max()!)
        let dateWidth = 16
        func widthOf(_ column: Column) -> Int {
            switch column {
            case .id: idWidth
            case .originalID: originalWidth
            case .product: productPreferred
            case .type: typeWidth
            case .purchased, .expires: dateWidth
            case .state: stateWidth
            case .device: deviceWidth
            case .finished: finishedWidth
            }
        }
        var chosen: Set<Column> = [.id]
        var used = idWidth  // without the product column and gaps
        func fits(_ column: Column, product: Int) -> Bool {
            used + widthOf(column) + product + chosen.count + 1 <= available
        }
        for column in [Column.state, .finished] where fits(column, product: productMinimum) {
            chosen.insert(column)
            used += widthOf(column)
        }
        for column in [Column.purchased, .device, .expires, .type, .originalID] where fits(column, product: productPreferred) {
            chosen.insert(column)
            used += widthOf(column)
        }
        let product = max(1, min(productPreferred, available - used - chosen.count))
        let ordered = Column.allCases.filter { $0 == .product || chosen.contains($0) }
        return ColumnLayout(columns: ordered.map { ($0, $0 == .product ? product : widthOf($0)) })
    }

    static func header(_ layout: ColumnLayout, _ s: Strings) -> Line {
        var text = " "
        for (index, (column, width)) in layout.columns.enumerated() {
            let title: String = switch column {
            case .id: s.txnColumnID
            case .originalID: s.txnColumnOriginalID
            case .product: s.txnColumnProduct
            case .type: s.txnColumnType
            case .purchased: s.txnColumnPurchased
            case .expires: s.txnColumnExpires
            case .state: s.txnColumnState
            case .device: s.txnColumnDevice
            case .finished: s.txnColumnFinished
            }
            if index > 0 { text += " " }
            text += cell(title, width: width, trailing: column == .id || column == .originalID).string
        }
        return Line([Span(text, .heading)])
    }

    /// One table row: ` 41 Premium Yearly  2026-01-05 14:03 ... active iPad   no`.
    static func line(_ state: PaywallState, _ row: TransactionRow, columns layout: ColumnLayout, selected: Bool, width: Int) -> Line {
        let s = state.strings
        let panel = state.control.transactions
        let tx = panel.transaction(row)
        let pending = panel.pending(row)
        let productID = tx?.productID ?? pending?.productID ?? ""
        var spans: [Span] = [Span(selected ? ">" : " ", selected ? .buttonFocused : .text)]
        var used = 1
        for (index, (column, columnWidth)) in layout.columns.enumerated() {
            if index > 0 { spans.append(Span(" ", selected ? .buttonFocused : .text)); used += 1 }
            var role: ThemeRole = .text
            let text: String
            switch column {
            case .id: text = String(row.id)
            case .originalID: text = tx.map { String($0.originalID) } ?? s.txnNone
            case .product: text = state.displayName(productID)
            case .type:
                let type = tx?.productType ?? state.product(id: productID)?.type
                text = type.map(s.txnType) ?? s.txnNone
                role = .muted
            case .purchased: text = shortDate(state, tx?.purchaseDate ?? pending?.requestedAt)
            case .expires:
                text = shortDate(state, tx?.expirationDate)
                role = .muted
            case .state:
                text = s.txnState(row.state)
                role = row.state.role
            case .device: text = (tx?.device ?? pending?.device) ?? s.txnNone
            case .finished:
                switch row.isFinished {
                case true?: text = s.txnFinishedYes; role = .muted
                case false?: text = s.txnFinishedNo; role = .warning
                case nil: text = s.txnNone; role = .muted
                }
            }
            spans.append(Span(cell(text, width: columnWidth, trailing: column == .id || column == .originalID), selected ? .buttonFocused : role))
            used += columnWidth
        }
        if selected, width > used { spans.append(Span(String(repeating: " ", count: width - used), .buttonFocused)) }
        return Line(spans)
    }

    /// Text cut and padded to exactly `width` cells.
    static func cell(_ text: String, width: Int, trailing: Bool = false) -> SafeText {
        TextWidth.pad(TextWidth.truncate(SafeText(text), toWidth: width), toWidth: width, alignment: trailing ? .trailing : .leading)
    }

    /// "2026-01-05 14:03" in the paywall's time zone, the same in both languages.
    static func shortDate(_ state: PaywallState, _ date: Date?) -> String {
        guard let date else { return state.strings.txnNone }
        return String(state.dates.clock(date).dropLast(3))
    }

    // MARK: Detail

    static func drawDetail(_ state: PaywallState, detail: TransactionDetail, on canvas: inout Canvas) {
        let s = state.strings
        let panel = state.control.transactions
        guard let row = panel.row(id: detail.id) else { return }
        let width = canvas.width, theme = state.theme
        let title = panel.pending(row) != nil ? s.txnPendingTitle(Int64(row.id)) : s.txnDetailTitle(row.id)
        let name = state.displayName(panel.productID(of: row))
        let mode = detail.showsJSON ? s.txnDetailJSON : s.txnDetailFields
        let lines = detailLines(state, detail: detail, width: width)
        let page = max(0, canvas.height - 1)
        let scroll = max(0, min(detail.scroll, lines.count - page))
        // "[fields] 1-20/28" when it doesn't all fit.
        let position = lines.count > page && page > 0 ? " \(scroll + 1)-\(min(lines.count, scroll + page))/\(lines.count)" : ""
        let right = Span("[\(mode)]\(position) ", .muted)
        let head = Span(" \(title)  ", .heading)
        let fitted = TextWidth.truncate(SafeText(name), toWidth: max(0, width - head.width - right.width - 1))
        canvas.paint(Line([head, Span(fitted, .planName)], right: [right]), x: 0, y: 0, width: width, theme: theme)
        guard canvas.height > 1 else { return }
        canvas.paint(Array(lines.dropFirst(scroll).prefix(page)), x: 0, y: 1, width: width, theme: theme)
    }

    /// The detail view's lines for `width` columns: label/value rows, or the JSON form.
    static func detailLines(_ state: PaywallState, detail: TransactionDetail, width: Int) -> [Line] {
        let panel = state.control.transactions
        guard let row = panel.row(id: detail.id) else { return [] }
        let inner = max(1, width - 2)
        if detail.showsJSON {
            return json(panel, row).split(separator: "\n", omittingEmptySubsequences: false).flatMap { line in
                hardWrap(SafeText(String(line)), width: inner).map { Line([Span($0, .text)], indent: 1) }
            }
        }
        let rows = fields(state, row)
        let column = (rows.map { TextWidth.of($0.0) }.max() ?? 0) + 2
        if inner - column >= 24 {
            return OverlayView.table(rows, width: inner).map { line in
                var line = line
                line.indent = 1
                return line
            }
        }
        // Narrow: each value under its label.
        return rows.flatMap { label, value in
            [Line([Span(label, .muted)], indent: 1)] + Lines.paragraph(value.text, value.role, width: width, indent: 3)
        }
    }

    /// Every field, named as in StoreKit, then Tollbooth's own bookkeeping.
    static func fields(_ state: PaywallState, _ row: TransactionRow) -> [(String, Span)] {
        let s = state.strings
        let panel = state.control.transactions
        func date(_ value: Date?) -> String { value.map { state.dates.clock($0) } ?? s.txnNone }
        func text(_ value: String?) -> String { value ?? s.txnNone }
        func yesNo(_ value: Bool) -> String { value ? s.txnYes : s.txnNo }
        var rows: [(String, Span)] = []
        func add(_ label: String, _ value: String, _ role: ThemeRole = .text) { rows.append((label, Span(value, role))) }
        if let purchase = panel.pending(row) {
            add("id", String(purchase.id))
            add("productID", "\(purchase.productID) (\(state.displayName(purchase.productID)))")
            add("kind", purchase.kind == .askToBuy ? s.txnPendingAskToBuy : s.txnPendingInterrupted, row.state.role)
            add("device", text(purchase.device))
            add("requestedAt", date(purchase.requestedAt))
            return rows
        }
        guard let tx = panel.transaction(row) else { return rows }
        add("state", s.txnState(row.state), row.state.role)
        add("id", String(tx.id))
        add("originalID", String(tx.originalID))
        add("webOrderLineItemID", text(tx.webOrderLineItemID))
        add("appBundleID", tx.appBundleID.isEmpty ? s.txnNone : tx.appBundleID)
        add("productID", "\(tx.productID) (\(state.displayName(tx.productID)))")
        add("productType", "\(tx.productType) (\(s.txnType(tx.productType)))")
        add("subscriptionGroupID", text(tx.subscriptionGroupID))
        add("purchaseDate", date(tx.purchaseDate))
        add("originalPurchaseDate", date(tx.originalPurchaseDate))
        add("expirationDate", date(tx.expirationDate))
        add("revocationDate", date(tx.revocationDate), tx.revocationDate == nil ? .text : .error)
        add("revocationReason", tx.revocationReason.map { "\($0) (\(s.refundReason($0)))" } ?? s.txnNone)
        add("isUpgraded", yesNo(tx.isUpgraded))
        add("ownershipType", tx.ownershipType.rawValue)
        add("offer", tx.offer.map { offer in
            [offer.id, offer.type.description, offer.paymentMode?.description].compactMap { $0 }.joined(separator: ", ")
        } ?? s.txnNone)
        add("reason", tx.reason.description)
        add("environment", tx.environment.rawValue)
        add("purchasedQuantity", String(tx.purchasedQuantity))
        add("price", tx.price.map { "\($0) \(tx.currencyCode ?? "")".trimmingCharacters(in: .whitespaces) } ?? s.txnNone)
        add("storefront", tx.storefrontCountryCode)
        add("appAccountToken", text(tx.appAccountToken?.uuidString))
        add("signedDate", date(tx.signedDate))
        add("verification", tx.verificationError.map { "unverified: \($0)" } ?? "verified", tx.verificationError == nil ? .text : .error)
        add("device", tx.device ?? s.txnOutside)
        add("isFinished", yesNo(tx.isFinished), tx.isFinished ? .text : .warning)
        if let renews = row.liveWillAutoRenew { add("willAutoRenew", yesNo(renews)) }
        return rows
    }

    /// The row as JSON: pretty-printed, sorted keys, ISO 8601 dates.
    static func json(_ panel: TransactionsPanelState, _ row: TransactionRow) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        let data: Data?
        if let tx = panel.transaction(row) {
            data = try? encoder.encode(tx)
        } else if let purchase = panel.pending(row) {
            data = try? encoder.encode(purchase)
        } else {
            data = nil
        }
        return data.flatMap { String(data: $0, encoding: .utf8) } ?? "{}"
    }

    /// Cuts a line into pieces of `width` cells, keeping its spaces (JSON indentation).
    static func hardWrap(_ text: SafeText, width: Int) -> [SafeText] {
        guard TextWidth.of(text) > width else { return [text] }
        var pieces: [SafeText] = []
        var rest = Substring(text.string)
        while !rest.isEmpty {
            let piece = TextWidth.prefix(SafeText(String(rest)), width: max(1, width))
            let count = max(1, piece.string.count)
            pieces.append(piece.isEmpty ? SafeText(String(rest.prefix(1))) : piece)
            rest = rest.dropFirst(count)
        }
        return pieces
    }

    // MARK: Chooser

    static func drawChooser(_ state: PaywallState, _ chooser: TransactionChooser, on canvas: inout Canvas) {
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
                canvas.addRegion(Rect(x: x, y: y, width: inner, height: 1), id: "txn:choose:\(index)")
                y += 1
            }
        }
        if chrome >= 6 {
            canvas.paint(Line([Span(s.txnChooserHint, .muted)]), x: x, y: y + 1, width: inner, theme: theme)
        }
    }
}

extension TransactionRowState {
    /// Every state, for column widths.
    static let all: [TransactionRowState] = [
        .active, .autoRenewOff, .gracePeriod, .billingRetry, .expired, .revoked(.developerIssue), .revoked(.other),
        .revoked(nil), .upgraded, .askToBuy, .interrupted, .unverified,
    ]
}
