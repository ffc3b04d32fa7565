import Chrome
import Foundation
import MockStore
import TerminalUI

/// The detail view (Enter on a row): every field, or the row as JSON (v), scrolled.
extension TransactionsPanelView {
    static func drawDetail(_ state: ControlRoomScope, detail: TransactionDetail, on canvas: inout Canvas) {
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
    static func detailLines(_ state: ControlRoomScope, detail: TransactionDetail, width: Int) -> [Line] {
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
    static func fields(_ state: ControlRoomScope, _ row: TransactionRow) -> [(String, Span)] {
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
}
