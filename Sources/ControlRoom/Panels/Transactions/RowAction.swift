import Chrome
import MockStore

/// What can be done to one row; each goes through `ControlRoomFeature.request` (confirmed first).
enum RowAction: CaseIterable, Hashable {
    case refund, expire, renew, autoRenew, approve, decline, resolve, delete

    var key: Character {
        switch self {
        case .refund: "r"
        case .expire: "e"
        case .renew: "n"
        case .autoRenew: "a"
        case .approve: "p"
        case .decline: "d"
        case .resolve: "f"
        case .delete: "x"
        }
    }

    /// Whether the store would accept it for this row (the footer offers only these).
    func applies(to row: TransactionRow, in panel: TransactionsPanelState) -> Bool {
        switch self {
        case .refund:
            guard let tx = panel.transaction(row) else { return false }
            return tx.revocationDate == nil
        case .expire, .renew, .autoRenew: return row.liveWillAutoRenew != nil
        case .approve, .decline: return row.state == .askToBuy
        case .resolve: return row.state == .interrupted || row.hasBillingIssue
        case .delete: return panel.transaction(row) != nil
        }
    }

    func label(_ row: TransactionRow, _ s: Strings) -> String {
        switch self {
        case .refund: s.txnKeyRefund
        case .expire: s.txnKeyExpire
        case .renew: s.txnKeyRenew
        case .autoRenew: row.liveWillAutoRenew == false ? s.txnKeyAutoRenewOn : s.txnKeyAutoRenewOff
        case .approve: s.txnKeyApprove
        case .decline: s.txnKeyDecline
        case .resolve: s.txnKeyResolve
        case .delete: s.txnKeyDelete
        }
    }
}
