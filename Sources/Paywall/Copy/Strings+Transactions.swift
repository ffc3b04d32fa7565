import MockStore

/// The Transactions panel (Xcode's Transaction Manager): columns, row states, filters, the
/// detail view, the choosers and the keys. Table cells are short: they share one row.
extension Strings {
    // MARK: Columns

    public var txnColumnID: String { pick("ID", "ID") }
    public var txnColumnOriginalID: String { pick("Orig", "元ID") }
    public var txnColumnProduct: String { pick("Product", "商品") }
    public var txnColumnType: String { pick("Type", "種類") }
    public var txnColumnPurchased: String { pick("Purchased", "購入日時") }
    public var txnColumnExpires: String { pick("Expires", "有効期限") }
    public var txnColumnState: String { pick("State", "状態") }
    public var txnColumnDevice: String { pick("Device", "端末") }
    public var txnColumnFinished: String { pick("Fin", "完了") }
    public var txnFinishedYes: String { pick("yes", "済") }
    public var txnFinishedNo: String { pick("no", "未") }
    /// An empty cell: no expiry, no device (bought outside the app or renewed by the store).
    public var txnNone: String { "-" }

    public func txnType(_ type: ProductType) -> String {
        switch type {
        case .autoRenewable: pick("auto-renew", "自動更新")
        case .nonConsumable: pick("non-cons.", "非消耗型")
        case .consumable: pick("consumable", "消耗型")
        case .nonRenewable: pick("non-renew", "非更新")
        default: type.rawValue
        }
    }

    // MARK: Row states

    public func txnState(_ state: TransactionRowState) -> String {
        switch state {
        case .active: pick("active", "有効")
        case .consumed: pick("consumed", "消費済み")
        case .autoRenewOff: pick("renew off", "自動更新オフ")
        case .gracePeriod: pick("grace period", "猶予期間")
        case .billingRetry: pick("billing retry", "再試行期間")
        case .expired: pick("expired", "期限切れ")
        case .revoked(let reason):
            reason == .developerIssue ? pick("revoked (dev)", "取消（開発者）")
                : reason == nil ? pick("revoked", "取消") : pick("revoked (other)", "取消（その他）")
        case .upgraded: pick("upgraded", "アップグレード")
        case .askToBuy: pick("Ask to Buy", "承認待ち")
        case .interrupted: pick("interrupted", "中断")
        case .unverified: pick("unverified", "未検証")
        }
    }

    public func txnFilter(_ filter: TransactionStateFilter) -> String {
        switch filter {
        case .all: pick("all", "全て")
        case .active: pick("active", "有効")
        case .pending: pick("pending", "保留中")
        case .unfinished: pick("unfinished", "未完了")
        case .billing: pick("billing issue", "請求の問題")
        case .expired: pick("expired", "期限切れ")
        case .revoked: pick("revoked", "取消")
        case .upgraded: pick("upgraded", "アップグレード")
        case .unverified: pick("unverified", "未検証")
        }
    }

    // MARK: The line above the table

    /// "12 of 240 transactions" / "240 transactions".
    public func txnCount(shown: Int, total: Int) -> String {
        shown == total ? pick("\(total) transactions", "取引 \(total)件")
            : pick("\(shown) of \(total) transactions", "全\(total)件中 \(shown)件")
    }
    /// The app transaction's line (`AppTransaction.shared`): "App", then "first 1 on Jan 1, 2026, Xcode".
    public var txnAppLabel: String { pick("App", "アプリ") }
    public func txnAppOriginal(version: String, date: String, environment: String) -> String {
        pick("first \(version) on \(date), \(environment)", "初回 \(version)（\(date)）・\(environment)")
    }
    public func txnFilterText(_ text: String) -> String { pick("filter: \(text)", "絞り込み: \(text)") }
    public func txnStateFilterText(_ state: String) -> String { pick("state: \(state)", "状態: \(state)") }
    public var txnFilterPrompt: String { pick("Filter: ", "絞り込み: ") }
    public var txnLoading: String { pick("Reading the ledger...", "取引を読み込んでいます...") }
    public var txnEmpty: String {
        pick("No transactions on this account yet. Buy on the paywall, or press b to buy on another device.",
             "このアカウントにはまだ取引がありません。ペイウォールで購入するか、b で別の端末から購入してください。")
    }
    public var txnNoMatch: String {
        pick("No transaction matches the filter. Esc clears it.", "条件に合う取引はありません。Esc で絞り込みを解除します。")
    }

    // MARK: Detail

    public func txnDetailTitle(_ id: UInt64) -> String { pick("Transaction \(id)", "取引 \(id)") }
    public func txnPendingTitle(_ id: Int64) -> String { pick("Pending purchase \(id)", "保留中の購入 \(id)") }
    public var txnDetailFields: String { pick("fields", "項目") }
    public var txnDetailJSON: String { "JSON" }
    public var txnYes: String { pick("yes", "はい") }
    public var txnNo: String { pick("no", "いいえ") }
    public var txnOutside: String { pick("- (outside the app)", "-（アプリ外）") }
    public var txnPendingAskToBuy: String { pick("Ask to Buy: waits for a parent", "承認待ち（保護者の承認が必要）") }
    public var txnPendingInterrupted: String { pick("interrupted: waits to be resolved", "中断（解決待ち）") }

    // MARK: Choosers

    public func txnRefundChooserTitle(_ id: UInt64) -> String { pick("Refund transaction \(id): reason", "取引 \(id) の払い戻し理由") }
    public var txnBuyProductTitle: String { pick("Buy on another device: product", "別の端末で購入: 商品") }
    public func txnBuyDeviceTitle(_ product: String) -> String { pick("Buy \(product) on which device?", "\(product) を購入する端末") }
    public var txnChooserHint: String { pick("Enter choose  Esc cancel", "Enter 選択  Esc キャンセル") }

    // MARK: Keys

    public var txnKeyScroll: String { pick("j/k scroll", "j/k スクロール") }
    public var txnKeyDetail: String { pick("Enter details", "Enter 詳細") }
    public var txnKeyBack: String { pick("Esc back", "Esc 戻る") }
    public var txnKeyFilter: String { pick("/ filter", "/ 絞り込み") }
    public var txnKeyStateFilter: String { pick("s state", "s 状態") }
    public var txnKeyJSON: String { pick("v JSON", "v JSON") }
    public var txnKeyFields: String { pick("v fields", "v 項目") }
    public var txnKeyRefund: String { pick("r refund", "r 払い戻し") }
    public var txnKeyExpire: String { pick("e expire", "e 期限切れに") }
    public var txnKeyRenew: String { pick("n renew", "n 今すぐ更新") }
    public var txnKeyAutoRenewOff: String { pick("a auto-renew off", "a 自動更新オフ") }
    public var txnKeyAutoRenewOn: String { pick("a auto-renew on", "a 自動更新オン") }
    public var txnKeyApprove: String { pick("p approve", "p 承認") }
    public var txnKeyDecline: String { pick("d decline", "d 却下") }
    public var txnKeyResolve: String { pick("f resolve", "f 解決") }
    public var txnKeyDelete: String { pick("x delete", "x 削除") }
    public var txnKeyBuyElsewhere: String { pick("b buy elsewhere", "b 別端末で購入") }
    public var txnKeyClearAll: String { pick("C clear all", "C 全て削除") }
    public var txnKeyTyping: String { pick("type to filter  Enter keep  Esc clear", "入力で絞り込み  Enter 確定  Esc 解除") }
    public var txnKeyChooser: String { pick("j/k move  Enter choose  Esc cancel", "j/k 移動  Enter 選択  Esc キャンセル") }
}
