import MockStore
import TerminalUI

/// What the Transactions panel holds: the ledger as last read, and the cursor.
public struct TransactionsPanelState: Sendable, Hashable {
    /// The account's transactions and pending purchases; nil until the first read.
    public var contents: LedgerContents?
    public var selection: Int = 0

    public init() {}

    /// The product a transaction or pending purchase is for, if it is on the list.
    func productID(of id: UInt64) -> String? {
        guard let contents else { return nil }
        if let tx = contents.transactions.first(where: { $0.id == id }) { return tx.productID }
        return contents.pending.first { $0.id == Int64(id) }?.productID
    }
}

/// Xcode's Transaction Manager: every transaction on the account, with actions on each.
enum TransactionsPanel: ControlPanel {
    static func opened(_ state: inout PaywallState) -> [PaywallEffect] { [.loadLedger] }

    static func loaded(_ state: inout PaywallState, _ contents: LedgerContents) {
        state.control.transactions.contents = contents
    }

    static func key(_ state: inout PaywallState, _ key: Key) -> [PaywallEffect] { [] }

    static func render(_ state: PaywallState, size: Size) -> Canvas {
        var canvas = Canvas(size: size)
        let count = state.control.transactions.contents?.transactions.count ?? 0
        canvas.put(SafeText(" \(count) transactions"), x: 0, y: 0, style: state.theme[.text])
        return canvas
    }

    static func footerKeys(_ state: PaywallState) -> String { "" }
}
