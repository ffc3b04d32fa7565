/// The control room's shared copy: tabs, footer, confirmation, results.
extension Strings {
    public var controlRoomTitle: String { pick("Control room", "コントロールルーム") }
    public func panelName(_ panel: Panel) -> String {
        switch panel {
        case .transactions: pick("Transactions", "取引")
        case .clock: pick("Clock", "時計")
        case .faults: pick("Faults", "障害")
        case .settings: pick("Settings", "設定")
        case .events: pick("Events", "イベント")
        }
    }
    // Shared keys at the end of every panel's footer.
    public var escPaywall: String { pick("Esc paywall", "Esc ペイウォール") }
    public var escBack: String { pick("Esc back", "Esc 戻る") }
    public var panelKey: String { pick("panel", "パネル") }
    public var helpKey: String { pick("help", "ヘルプ") }
    public var paywallTab: String { pick("Paywall", "ペイウォール") }
    public var working: String { pick("working...", "処理中...") }
    public var confirmActionTitle: String { pick("Are you sure?", "実行しますか？") }
    public var confirmActionNote: String {
        pick("Every running device hears of it, as it would from App Store Connect or Xcode.",
             "動作中の全ての端末に、Xcode や App Store からの変更と同じように届きます。")
    }
    public var yesButton: String { pick("Yes (y)", "はい (y)") }
    public var noButton: String { pick("No (n)", "いいえ (n)") }
    public func relaunched(_ device: String) -> String {
        pick("The app was quit and started again on \(device).", "アプリを終了し、\(device) で再起動しました。")
    }
    public func reinstalled(_ device: String) -> String {
        pick("The app was deleted and installed again on \(device); the account's purchases remain.",
             "\(device) でアプリを削除して再インストールしました。アカウントの購入履歴は残っています。")
    }
    public func themeChanged(_ name: String) -> String { pick("Theme: \(name)", "テーマ: \(name)") }
    public var relaunchFailedTitle: String { pick("App not relaunched", "アプリを再起動できません") }
    public var themeFailedTitle: String { pick("Theme not changed", "テーマを変更できません") }
    public var helpControlRoomRows: [(String, String)] {
        [
            ("t c f s e", pick("Open Transactions, Clock, Faults, Settings, Events", "取引・時計・障害・設定・イベントを開く")),
            ("Tab  1-5", pick("Next panel / jump to a panel", "次のパネル / パネルへ移動")),
            ("Esc", pick("Back to the paywall", "ペイウォールに戻る")),
        ]
    }
}
