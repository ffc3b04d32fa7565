/// The `?` help inside the control room: every key of the open panel, then the keys every
/// panel shares. The footer names only the keys that apply to the selected row; this lists
/// them all, so a key is never a secret.
extension Strings {
    public func panelHelpRows(_ panel: Panel) -> [(String, String)] {
        panelOwnRows(panel) + [
            ("Tab  1-5", pick("Next panel / jump to a panel", "次のパネル / パネルへ移動")),
            ("Esc", pick("Close a view, then back to the paywall", "表示を閉じる / ペイウォールに戻る")),
            ("?", pick("Show or hide this help", "このヘルプの表示 / 非表示")),
            ("q  Ctrl-C", pick("Quit", "終了")),
        ]
    }

    func panelHelpTitle(_ panel: Panel) -> String { pick("Keys: \(panelName(panel))", "キー操作: \(panelName(panel))") }

    private func panelOwnRows(_ panel: Panel) -> [(String, String)] {
        let move = ("j/k  g/G", pick("Move; first / last", "移動、最初 / 最後"))
        switch panel {
        case .transactions:
            return [
                move,
                ("PgUp  PgDn", pick("Scroll a page", "1ページスクロール")),
                ("Enter", pick("Every field of the row; v for the JSON form", "行の全項目。v で JSON 表示")),
                ("/", pick("Filter by id, product, device or state", "ID・商品・デバイス・状態で絞り込み")),
                ("s", pick("Cycle the state filter", "状態の絞り込みを切り替え")),
                ("r", pick("Refund (choose the reason)", "返金（理由を選択）")),
                ("e  n", pick("Expire now / renew now", "今すぐ期限切れ / 今すぐ更新")),
                ("a", pick("Turn auto-renew off / on", "自動更新をオフ / オン")),
                ("p  d", pick("Approve / decline Ask to Buy", "承認と購入リクエストを承認 / 拒否")),
                ("f", pick("Resolve a billing issue or interrupted purchase", "請求の問題・中断された購入を解決")),
                ("x", pick("Delete the transaction", "取引を削除")),
                ("b", pick("Buy on another device", "別のデバイスで購入")),
                ("C", pick("Clear every transaction", "全ての取引を消去")),
            ]
        case .clock:
            return [
                ("p", pick("Pause / resume store time", "ストア時刻を停止 / 再開")),
                ("h  d", pick("Advance 1 hour / 1 day", "1時間 / 1日進める")),
                ("b", pick("Advance one subscription period", "サブスクリプション1期間進める")),
                ("n", pick("Jump to the next renewal or expiry", "次の更新・期限切れまで進める")),
                ("r", pick("Choose a time rate (Enter sets it)", "時間の速さを選ぶ（Enter で設定）")),
                move,
            ]
        case .faults:
            return [
                move,
                ("Enter  e", pick("Edit the API's fault, or toggle a switch", "API の障害を編集 / スイッチを切替")),
                ("h/l", pick("In the editor: change the value", "編集中: 値を変更")),
                ("a", pick("In the editor: apply", "編集中: 適用")),
                ("x", pick("Clear the selected fault", "選択した障害を解除")),
                ("X", pick("Clear every fault", "全ての障害を解除")),
            ]
        case .settings:
            return [
                move,
                ("Enter", pick("Change the row (a chooser, a switch or an action)", "行を変更（選択・切替・実行）")),
                ("h/l", pick("Previous / next value", "前 / 次の値")),
            ]
        case .events:
            return [
                move,
                ("Enter", pick("Details of the event", "イベントの詳細")),
                ("f", pick("Cycle the filter", "絞り込みを切り替え")),
                ("End  G", pick("Follow new events", "新しいイベントを追う")),
                ("w", pick("Every warning: where a real app would go wrong", "全ての警告: 実際のアプリで問題になる点")),
            ]
        }
    }
}
