import Foundation
import MockStore

/// An admin action worded for the current language: the question before it, the sentence after.
struct AdminActionText {
    /// "Refund transaction 12 (Premium Yearly), reason: developer issue"
    var what: String
    var done: String
    var failedTitle: String

    init(_ action: AdminAction, state: PaywallState) {
        let s = state.strings
        let ja = state.language == .ja
        func tx(_ id: UInt64) -> String {
            let product = state.control.transactions.productID(of: id).map { " (\(state.displayName($0)))" } ?? ""
            return ja ? "取引 \(id)\(product)" : "transaction \(id)\(product)"
        }
        switch action {
        case .refund(let id, let reason):
            what = ja ? "\(tx(id)) を払い戻す（理由: \(s.refundReason(reason))）" : "Refund \(tx(id)), reason: \(s.refundReason(reason))"
            done = ja ? "\(tx(id)) を払い戻しました。" : "Refunded \(tx(id))."
        case .expire(let id):
            what = ja ? "\(tx(id)) を今すぐ期限切れにする" : "Expire \(tx(id)) now"
            done = ja ? "\(tx(id)) を期限切れにしました。" : "Expired \(tx(id))."
        case .renew(let id):
            what = ja ? "\(tx(id)) を今すぐ更新する" : "Renew \(tx(id)) now"
            done = ja ? "\(tx(id)) を更新しました。" : "Renewed \(tx(id))."
        case .setAutoRenew(let id, let on):
            what = ja ? "\(tx(id)) の自動更新を\(on ? "オン" : "オフ")にする" : "Turn auto-renew \(on ? "on" : "off") for \(tx(id))"
            done = ja ? "\(tx(id)) の自動更新を\(on ? "オン" : "オフ")にしました。" : "Auto-renew is \(on ? "on" : "off") for \(tx(id))."
        case .approve(let id):
            what = ja ? "購入リクエスト \(id) を承認する" : "Approve purchase request \(id)"
            done = ja ? "購入リクエスト \(id) を承認しました。" : "Approved purchase request \(id)."
        case .decline(let id):
            what = ja ? "購入リクエスト \(id) を拒否する" : "Decline purchase request \(id)"
            done = ja ? "購入リクエスト \(id) を拒否しました。" : "Declined purchase request \(id)."
        case .resolve(let id):
            what = ja ? "\(id) の問題を解決済みにする" : "Resolve the issue on \(id)"
            done = ja ? "\(id) の問題を解決しました。" : "Resolved \(id)."
        case .delete(let id):
            what = ja ? "\(tx(id)) を削除する" : "Delete \(tx(id))"
            done = ja ? "\(tx(id)) を削除しました。" : "Deleted \(tx(id))."
        case .buyElsewhere(let productID, let device):
            what = ja ? "\(device) で \(state.displayName(productID)) を購入する" : "Buy \(state.displayName(productID)) on \(device)"
            done = ja ? "\(device) で \(state.displayName(productID)) を購入しました。" : "Bought \(state.displayName(productID)) on \(device)."
        case .clearAll:
            what = ja ? "アカウントの全ての取引を削除する" : "Delete every transaction on the account"
            done = ja ? "全ての取引を削除しました。" : "Deleted every transaction."
        case .advance(let by):
            what = ja ? "ストア時刻を \(by) 進める" : "Advance the store clock \(by)"
            done = ja ? "ストア時刻を \(by) 進めました。" : "Store clock advanced \(by)."
        case .advanceToNextRenewal:
            what = ja ? "次の更新・期限まで時刻を進める" : "Advance to the next renewal or expiry"
            done = ja ? "次の更新・期限まで進めました。" : "Advanced to the next renewal or expiry."
        case .setRate(let rate):
            what = ja ? "時間の速さを \(rate.name) にする" : "Set the time rate to \(rate.name)"
            done = ja ? "時間の速さ: \(rate.name)" : "Time rate: \(rate.name)."
        case .setPaused(let paused):
            what = paused ? (ja ? "時計を止める" : "Pause the clock") : (ja ? "時計を動かす" : "Resume the clock")
            done = paused ? (ja ? "時計を止めました。" : "Clock paused.") : (ja ? "時計を再開しました。" : "Clock running.")
        case .setFault(let rule):
            what = ja ? "障害を設定: \(StatusBar.faultSummary(rule))" : "Inject \(StatusBar.faultSummary(rule))"
            done = ja ? "障害を設定しました: \(StatusBar.faultSummary(rule))" : "Fault on: \(StatusBar.faultSummary(rule))."
        case .clearFaults(let api):
            what = api.map { ja ? "\($0) の障害を解除" : "Clear the fault on \($0)" } ?? (ja ? "全ての障害を解除" : "Clear every fault")
            done = api.map { ja ? "\($0) の障害を解除しました。" : "Fault cleared on \($0)." } ?? (ja ? "全ての障害を解除しました。" : "Every fault cleared.")
        case .setSwitch(let name, let on):
            what = "\(name.rawValue) \(on ? "on" : "off")"
            done = ja ? "\(name.rawValue): \(on ? "オン" : "オフ")" : "\(name.rawValue) is \(on ? "on" : "off")."
        case .setStorefront(let code):
            what = ja ? "ストアフロントを \(code) にする" : "Set the storefront to \(code)"
            done = ja ? "ストアフロント: \(code)（価格を再読み込みしました）" : "Storefront: \(code) (prices reloaded)."
        }
        failedTitle = ja ? "実行できませんでした" : "Not done"
    }
}

extension Strings {
    /// `Transaction.RevocationReason` in words.
    public func refundReason(_ reason: RevocationReason) -> String {
        switch reason {
        case .developerIssue: pick("developer issue", "開発者の問題")
        default: pick("other", "その他")
        }
    }
}
