import Chrome
import Foundation
import MockStore
import TerminalUI

/// The table's columns: which fit the width, the header, and one row's cells.
extension TransactionsPanelView {
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
    static func layout(_ state: ControlRoomScope, width: Int) -> ColumnLayout {
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
    static func line(_ state: ControlRoomScope, _ row: TransactionRow, columns layout: ColumnLayout, selected: Bool, width: Int) -> Line {
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
    static func shortDate(_ state: ControlRoomScope, _ date: Date?) -> String {
        guard let date else { return state.strings.txnNone }
        return String(state.dates.clock(date).dropLast(3))
    }
}

extension TransactionRowState {
    /// Every state, for column widths.
    static let all: [TransactionRowState] = [
        .active, .consumed, .autoRenewOff, .gracePeriod, .billingRetry, .expired, .revoked(.developerIssue), .revoked(.other),
        .revoked(nil), .upgraded, .askToBuy, .interrupted, .unverified,
        .revokedProrated(40_000), .refundRequested, .refundDeclined, .refundReversed,
    ]
}
