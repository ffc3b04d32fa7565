/// The audit overlay (`a`): the rules' verdicts beside the paywall, and its status row.
extension Strings {
    public var auditTitle: String { pick("Audit", "監査") }
    public var auditKeys: String { pick("Up/Down rule  a close", "Up/Down ルール  a 閉じる") }
    public var auditRunning: String { pick("Audit: checking the screen...", "監査: 画面を確認中...") }
    /// "Audit: D5 fails — the Privacy Policy link shows …", naming the first failing rule.
    public func auditFails(_ rule: String, _ message: String, more: Int) -> String {
        let others = more > 0 ? pick(" (+\(more) more)", "（他\(more)件）") : ""
        return pick("Audit: \(rule) fails\(others) — \(message)", "監査: \(rule) 不合格\(others) — \(message)")
    }
    /// "Audit: no rule fails", with what warns and what a person still has to look at.
    public func auditPasses(_ passed: Int, warnings: Int, human: Int) -> String {
        var text = warnings > 0 ? pick("Audit: no rule fails", "監査: 不合格なし") : pick("Audit: all \(passed) rules pass", "監査: 全\(passed)項目に合格")
        if warnings > 0 { text += pick(warnings == 1 ? "; 1 warning" : "; \(warnings) warnings", "・警告\(warnings)件") }
        if human > 0 { text += pick("; \(human) need a person", "・\(human)項目は人の確認が必要") }
        return text
    }

    /// A rule of docs/domain.md §3 in a few words, for the audit's list; nil for a rule this
    /// version does not know (the list then shows the finding itself).
    public func auditRuleTitle(_ rule: String) -> String? {
        let titles: [String: (String, String)] = [
            "D1": ("Plan titles", "プラン名"), "D2": ("Periods", "期間"), "D3": ("Prices", "価格"),
            "D4": ("Billed price stands out", "請求額が最も目立つ"), "D5": ("Privacy Policy link", "プライバシーポリシーのリンク"),
            "D6": ("Terms of Use link", "利用規約のリンク"), "D7": ("All in the purchase flow", "購入画面にすべて表示"),
            "D8": ("Renews automatically", "自動更新"), "D9": ("Renewal charge", "更新時の請求"),
            "D10": ("Charged at confirmation", "購入確定時の請求"), "D11": ("Managed in settings", "設定で管理"),
            "D12": ("Free trial terms", "無料トライアルの条件"), "D13": ("What the customer gets", "提供内容"),
            "D14": ("Restore Purchases", "購入の復元"), "D15": ("Offers as configured", "設定どおりのオファー"),
            "D16": ("Periods of a week or more", "1週間以上の期間"), "D17": ("No extra task", "追加の作業なし"),
            "D18": ("Trial of a one-time unlock", "買い切りのトライアル"), "D19": ("Privacy URL in the catalog", "カタログのプライバシーURL"),
            "D20": ("EULA in the metadata", "メタデータのEULA"), "D21": ("Purchases submitted", "審査への提出"),
        ]
        return titles[rule].map { pick($0.0, $0.1) }
    }
}
