import MockStore

/// The Settings panel's copy: Xcode's configuration settings and the emulated app's life cycle.
extension Strings {
    public var settingsStoreSection: String { pick("Store (Xcode's configuration settings)", "ストア（Xcode の構成設定）") }
    public var settingsAppSection: String { pick("The emulated app", "エミュレートするアプリ") }

    func settingsLabel(_ row: SettingsRow) -> String {
        switch row {
        case .storefront: pick("Storefront", "ストアフロント")
        case .locale: pick("Locale", "ロケール")
        case .dialogs: pick("Purchase dialogs", "購入ダイアログ")
        case .theme: pick("Theme", "テーマ")
        case .finishTransactions: pick("Finish transactions", "取引を完了する")
        case .relaunch: pick("Quit and relaunch", "終了して再起動")
        case .relaunchLater: pick("Quit, wait, relaunch", "終了・時間経過・再起動")
        case .reinstall: pick("Delete and reinstall", "削除して再インストール")
        case .relaunchAs: pick("Relaunch as device", "別の端末で起動")
        }
    }

    /// One line under each row: what it does and which scenario it plays (docs/domain.md §4).
    func settingsExplanation(_ row: SettingsRow) -> String {
        switch row {
        case .storefront:
            pick("The App Store country. Same price numbers; only the currency changes.",
                 "App Store の国。価格の数値はそのままで、通貨だけが変わります。")
        case .locale:
            pick("Language of product names, prices and this screen.",
                 "商品名・価格・この画面の言語（ローカリゼーション）。")
        case .dialogs:
            pick("Off: purchases skip the confirmation sheet, as in Xcode.",
                 "オフ: 確認シートなしで購入します（Xcode と同じ）。")
        case .theme:
            pick("Colours of the paywall and the control room.",
                 "ペイウォールとコントロールルームの配色。")
        case .finishTransactions:
            pick("Off: the app never calls finish(); transactions linger (S11).",
                 "オフ: finish() を呼ばず、取引が未完了のまま残ります（S11）。")
        case .relaunch:
            pick("A purchase in flight never returns (S12); unfinished ones come at launch.",
                 "処理中の購入は戻りません（S12）。未完了の取引は起動時に届きます。")
        case .relaunchLater:
            pick("Time runs while the app is closed: renewals arrive once at launch (S3).",
                 "終了中に時間が進み、その間の更新は起動時に一度届きます（S3）。")
        case .reinstall:
            pick("App data is wiped; purchases stay with the account (S13).",
                 "アプリのデータは消え、購入はアカウントに残ります（S13）。")
        case .relaunchAs:
            pick("Another device on the same account (S14, S16).",
                 "同じアカウントの別の端末として起動します（S14, S16）。")
        }
    }

    public var onValue: String { pick("On", "オン") }
    public var offValue: String { pick("Off", "オフ") }
    public var relaunchButton: String { pick("Relaunch", "再起動") }
    public var reinstallButton: String { pick("Reinstall", "再インストール") }
    /// The button where the row is narrow (40 columns).
    public var reinstallButtonShort: String { pick("Reinstall", "実行") }
    public var chooseHint: String { pick("Enter: choose", "Enter: 選択") }
    public func relaunchAsHint(_ device: String) -> String { pick("Enter: start as \(device)", "Enter: \(device) で起動") }
    public var settingsKeys: String { pick("j/k row  Enter/Left/Right change", "j/k 行  Enter/左右 変更") }
    public var storefrontChooserKeys: String { pick("j/k move  Enter set  Esc back", "j/k 移動  Enter 決定  Esc 戻る") }
    public func storefrontChooserTitle(_ current: String) -> String {
        pick("Storefront, now \(current): same price numbers, in the chosen one's currency",
             "ストアフロント（現在 \(current)）: 数値はそのまま、通貨だけ変わります")
    }
    public var currentMark: String { pick("current", "現在") }

    // The "are you sure?" sheet before the app's life-cycle actions.
    public var appConfirmTitle: String { pick("Restart the app?", "アプリを再起動しますか？") }
    public func relaunchQuestion(_ device: String) -> String {
        pick("Quit the app and start it again on \(device). A purchase in flight never returns (S12); unfinished transactions arrive once on Transaction.updates at launch (B2).",
             "アプリを終了し、\(device) で再び起動します。処理中の購入の結果は返りません（S12）。未完了の取引は起動時に Transaction.updates へ一度だけ届きます（B2）。")
    }
    public func reinstallQuestion(_ device: String) -> String {
        pick("Delete the app from \(device) and install it again: the app's own data and settings are gone, the account's purchases stay; currentEntitlements and Restore find them (S13).",
             "\(device) からアプリを削除して再インストールします。アプリのデータと設定は消え、アカウントの購入は残ります。currentEntitlements と復元で見つかります（S13）。")
    }
    public var relaunchLaterHint: String { pick("Left/Right: how long; Enter: go", "左右: 期間  Enter: 実行") }
    /// "1 month" / 「1か月」 for a ClockAdvance of whole days, weeks, months or years.
    public func awayLength(_ advance: ClockAdvance) -> String {
        let n = advance.value
        switch advance.unit {
        case .day: return pick(n == 1 ? "1 day" : "\(n) days", "\(n)日")
        case .week: return pick(n == 1 ? "1 week" : "\(n) weeks", "\(n)週間")
        case .month: return pick(n == 1 ? "1 month" : "\(n) months", "\(n)か月")
        case .year: return pick(n == 1 ? "1 year" : "\(n) years", "\(n)年")
        default: return advance.description
        }
    }
    public func relaunchLaterQuestion(_ device: String, away: String) -> String {
        pick("Quit the app, let the store clock run \(away) with nobody listening, then start it again on \(device). Renewals of that time are recorded; the unfinished ones arrive once on Transaction.updates at launch (S3, B2).",
             "アプリを終了し、誰も受け取らないままストア時刻を\(away)進めてから、\(device) で再び起動します。その間の更新は記録され、未完了のものは起動時に Transaction.updates へ一度だけ届きます（S3, B2）。")
    }
    public func relaunchAsQuestion(_ device: String) -> String {
        pick("Quit the app and start it on \(device), another device signed into the same account (S14, S16). Purchases made on one reach the others through Transaction.updates.",
             "アプリを終了し、同じアカウントの別の端末 \(device) で起動します（S14, S16）。一方での購入は他方へ Transaction.updates で届きます。")
    }
}
