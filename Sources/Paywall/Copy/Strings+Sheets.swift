/// The confirmation sheet, the link sheet, the help overlay and the footer.
extension Strings {
    public var confirmSubscriptionTitle: String { pick("Confirm Subscription", "サブスクリプションの確認") }
    public var confirmPurchaseTitle: String { pick("Confirm Purchase", "購入の確認") }
    public var productLabel: String { pick("Product", "商品") }
    public var priceLabel: String { pick("Price", "価格") }
    public var periodLabel: String { pick("Period", "期間") }
    public var offerLabel: String { pick("Offer", "オファー") }
    public var renewalLabel: String { pick("Renewal", "更新") }
    public var takesEffectLabel: String { pick("Takes effect", "開始") }
    public var accountLabel: String { pick("Account", "アカウント") }
    public var sandboxAccount: String { pick("Sandbox/Xcode account (no real charge)", "Sandbox/Xcode アカウント（実際の請求なし）") }
    public func renewsAt(_ pricePerPeriod: String) -> String {
        pick("Renews automatically at \(pricePerPeriod) until cancelled", "キャンセルしない限り \(pricePerPeriod) で自動更新")
    }
    public var oneTimeCharge: String { pick("One-time charge, no renewal", "1回のみの請求・自動更新なし") }
    public var effectNow: String { pick("Now", "今すぐ") }
    public func effectAtRenewal(_ date: String) -> String { pick("At next renewal, \(date)", "次回更新時（\(date)）") }
    public var effectAtRenewalNoDate: String { pick("At next renewal", "次回更新時") }
    /// Resubscribing before expiry (S6): no charge now, auto-renew back on.
    public func effectResume(_ date: String?) -> String {
        guard let date else { return pick("Auto-renew back on; no charge now", "自動更新を再開・今は請求なし") }
        return pick("Auto-renew back on; next charge \(date)", "自動更新を再開・次回請求 \(date)")
    }
    /// Keeping the current plan while a change to `name` is scheduled.
    public func effectKeep(cancelling name: String) -> String {
        pick("Keeps this plan; the change to \(name) is cancelled; no charge now", "このプランを継続・\(name)への変更を取り消し・今は請求なし")
    }
    public var changeUpgrade: String { pick("Upgrade", "アップグレード") }
    public var changeDowngrade: String { pick("Downgrade", "ダウングレード") }
    public var changeCrossgrade: String { pick("Plan change", "プラン変更") }
    public func changeFrom(_ name: String) -> String { pick("from \(name)", "\(name)から") }
    public var okButton: String { pick("OK", "OK") }
    public var confirmButton: String { pick("Confirm", "確認") }
    public var cancelButton: String { pick("Cancel", "キャンセル") }
    public var closeButton: String { pick("Close", "閉じる") }
    public var copyButton: String { pick("Copy URL", "URLをコピー") }
    public var linkSheetNote: String {
        pick("Tollbooth never opens a browser. Open this address yourself:", "Tollbooth はブラウザを開きません。次のアドレスを開いてください：")
    }
    public var copiedURL: String { pick("URL copied to the clipboard.", "URLをクリップボードにコピーしました。") }

    // MARK: Help

    public var helpTitle: String { pick("Keys", "キー操作") }
    /// More to see by scrolling: below, above (the footer and tall sheets).
    public var moreBelow: String { pick("more v", "続き v") }
    public var moreAbove: String { pick("more ^", "上へ ^") }
    /// Every key the paywall understands, as (keys, what it does) rows.
    public var helpRows: [(String, String)] {
        [
            ("Up/k  Down/j", pick("Move between plans, buttons and links", "プラン・ボタン・リンク間を移動")),
            ("Left/h  Right/l", pick("Previous / next item", "前 / 次の項目")),
            ("Tab  Shift-Tab", pick("Next / previous item", "次 / 前の項目")),
            ("Enter  Space", pick("Activate the focused item", "選択中の項目を実行")),
            ("r", pick("Restore Purchases", "購入を復元")),
            ("R", pick("Retry loading products", "商品の読み込みを再試行")),
            ("o", redeemHelp),
            ("p", promoHelp),
            ("PgUp  PgDn", pick("Scroll a page", "1ページスクロール")),
            ("Home  End", pick("First / last item", "最初 / 最後の項目")),
            ("c", pick("Copy the URL in a link sheet", "リンク画面でURLをコピー")),
            ("Esc", pick("Close a sheet or this help", "シートやヘルプを閉じる")),
            ("a", pick("Audit this screen (Up/Down pick a rule, a or Esc close)", "この画面を監査（Up/Down で選択、Esc で閉じる）")),
            ("?", pick("Show or hide this help", "このヘルプの表示 / 非表示")),
            ("q  Ctrl-C", pick("Quit", "終了")),
            (pick("Mouse", "マウス"), pick("Click a plan, button or link; wheel scrolls", "クリックで選択、ホイールでスクロール")),
        ]
    }

    // MARK: Footer

    public var footerKeys: String {
        pick("j/k move  Enter select  r restore  t c f s e panels  ? help  q quit",
             "j/k 移動  Enter 選択  r 復元  t c f s e 管理画面  ? ヘルプ  q 終了")
    }
    public var footerSheetKeys: String {
        pick("Enter confirm  Esc cancel", "Enter 確認  Esc キャンセル")
    }
    public var footerCloseKeys: String { pick("Esc close", "Esc 閉じる") }
}
